// Three DMAs, each issued and waited for in turn, their data read only after
// the last wait (wait-merge.mlir's @group): apply-wait-merge.test.
snr.trace @group at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.dma.issue hbm[8192] -> vmem[8192], 640, f0 {pc = 4 : i64}
  snr.dma.wait f0 {pc = 5 : i64}
  snr.vld v0, vmem[0] {pc = 6 : i64}
  snr.vld v1, vmem[4096] {pc = 7 : i64}
  snr.vld v2, vmem[8192] {pc = 8 : i64}
}
