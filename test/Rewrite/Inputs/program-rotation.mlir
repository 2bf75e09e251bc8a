// A loop that brings each of four 640-byte chunks into one of two VMEM
// buffers and waits for it at once, then works on it (a 120-cycle mul and
// what depends on it): the DMA is at the top of the loop body, so no move
// within the iteration hides its latency (program-rotation.test).
snr.program @rotation attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<5> : tensor<2560xi8>
    snr.init_reg s4 = 3
  }
  snr.movi s1, 0 {hlo = "pull", pc = 0 : i64}
  snr.movi s2, 0 {hlo = "pull", pc = 1 : i64}
  snr.movi s3, 4 {hlo = "pull", pc = 2 : i64}
  snr.dma.issue hbm[s1] -> vmem[s2], 640, f0 {hlo = "pull", pc = 3 : i64}
  snr.dma.wait f0 {hlo = "pull", pc = 4 : i64}
  snr.vld v0, vmem[s2] {hlo = "pull", pc = 5 : i64}
  snr.mul s5, s4, s4 {hlo = "pull", pc = 6 : i64}
  snr.addi s6, s5, 1 {hlo = "pull", pc = 7 : i64}
  snr.movi s7, 1 {hlo = "pull", pc = 8 : i64}
  snr.addi s1, s1, 640 {hlo = "pull", pc = 9 : i64}
  snr.xori s2, s2, 4096 {hlo = "pull", pc = 10 : i64}
  snr.addi s3, s3, -1 {hlo = "pull", pc = 11 : i64}
  snr.cmpi gt p1, s3, 0 {hlo = "pull", pc = 12 : i64}
  snr.br 3 if p1 {hlo = "pull", pc = 13 : i64}
  snr.halt {hlo = "done", pc = 14 : i64}
}
