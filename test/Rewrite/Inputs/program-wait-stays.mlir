// Waits the program rewrite must leave in place (program-wait-sink.test):
// the loop reads what each iteration's DMA brings right after its wait, and
// the last wait comes before the halt with no wait after it.
snr.program @stays attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<7> : tensor<2560xi8>
  }
  snr.movi s1, 0 {hlo = "read", pc = 0 : i64}
  snr.movi s2, 4 {hlo = "read", pc = 1 : i64}
  snr.dma.issue hbm[s1] -> vmem[0], 640, f0 {hlo = "read", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "read", pc = 3 : i64}
  snr.vld v0, vmem[0] {hlo = "read", pc = 4 : i64}
  snr.addi s1, s1, 640 {hlo = "read", pc = 5 : i64}
  snr.addi s2, s2, -1 {hlo = "read", pc = 6 : i64}
  snr.cmpi gt p1, s2, 0 {hlo = "read", pc = 7 : i64}
  snr.br 2 if p1 {hlo = "read", pc = 8 : i64}
  snr.dma.issue hbm[0] -> vmem[4096], 640, f1 {hlo = "done", pc = 9 : i64}
  snr.dma.wait f1 {hlo = "done", pc = 10 : i64}
  snr.halt {hlo = "done", pc = 11 : i64}
}
