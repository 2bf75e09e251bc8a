// A loop that sends each of four 640-byte chunks to two peers and waits for
// both before the next (snr-gen's --late-dma send loop, small):
// program-wait-sink.test.
snr.program @sink attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<7> : tensor<2560xi8>
  }
  snr.movi s1, 0 {hlo = "send", pc = 0 : i64}
  snr.movi s2, 4 {hlo = "send", pc = 1 : i64}
  snr.dma.issue hbm[s1] -> rhbm<1>[s1], 640, f0 {hlo = "send", pc = 2 : i64}
  snr.dma.issue hbm[s1] -> rhbm<2>[s1], 640, f0 {hlo = "send", pc = 3 : i64}
  snr.dma.wait f0 {hlo = "send", pc = 4 : i64}
  snr.addi s1, s1, 640 {hlo = "send", pc = 5 : i64}
  snr.addi s2, s2, -1 {hlo = "send", pc = 6 : i64}
  snr.cmpi gt p1, s2, 0 {hlo = "send", pc = 7 : i64}
  snr.br 2 if p1 {hlo = "send", pc = 8 : i64}
  snr.halt {hlo = "done", pc = 9 : i64}
}
