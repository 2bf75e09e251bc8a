// A DMA whose destination an earlier load still reads: it may move above
// the mul (120 cycles on test-machine.json) but not above the vld of
// vmem[0] (WAR on memory). With unlimited VMEM (the dependency bound) its
// buffer would be elsewhere and it would move to the top.
snr.trace @war_destination at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f1 {pc = 0 : i64}
  snr.dma.wait f1 {pc = 1 : i64}
  snr.vld v1, vmem[0] {pc = 2 : i64}
  snr.mul s2, s3, s3 {pc = 3 : i64}
  snr.addi s4, s2, 1 {pc = 4 : i64}
  snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 5 : i64}
  snr.dma.wait f0 {pc = 6 : i64}
  snr.vld v2, vmem[0] {pc = 7 : i64}
}
