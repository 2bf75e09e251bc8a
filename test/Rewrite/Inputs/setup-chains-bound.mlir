// The dependency bound of setup-chains.mlir, written by hand: the three
// descriptor DMAs issued together, their waits, the six loads, the six
// dependent DMAs issued together (every DMA on a flag of its own), then
// their waits. Every DMA as early as its dependencies allow.
snr.trace @setup_chains at 0 attributes {reordered} {
  snr.snapshot {
    snr.init_mem hbm[4096] = dense<[0, 0, 16, 0, 0, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
    snr.init_mem hbm[4128] = dense<[0, 32, 16, 0, 0, 48, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
    snr.init_mem hbm[4160] = dense<[0, 64, 16, 0, 0, 80, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
  }
  snr.dma.issue hbm[4096] -> smem[0], 32, f0 {pc = 0 : i64}
  snr.dma.issue hbm[4128] -> smem[32], 32, f1 {pc = 8 : i64}
  snr.dma.issue hbm[4160] -> smem[64], 32, f2 {pc = 16 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.wait f1 {pc = 9 : i64}
  snr.dma.wait f2 {pc = 17 : i64}
  snr.ld s10, smem[0] {pc = 2 : i64}
  snr.ld s20, smem[4] {pc = 3 : i64}
  snr.ld s11, smem[32] {pc = 10 : i64}
  snr.ld s21, smem[36] {pc = 11 : i64}
  snr.ld s12, smem[64] {pc = 18 : i64}
  snr.ld s22, smem[68] {pc = 19 : i64}
  snr.dma.issue hbm[s10] -> vmem[0], 128, f3 {pc = 4 : i64}
  snr.dma.issue hbm[s20] -> vmem[4096], 128, f4 {pc = 6 : i64}
  snr.dma.issue hbm[s11] -> vmem[8192], 128, f5 {pc = 12 : i64}
  snr.dma.issue hbm[s21] -> vmem[12288], 128, f6 {pc = 14 : i64}
  snr.dma.issue hbm[s12] -> vmem[16384], 128, f7 {pc = 20 : i64}
  snr.dma.issue hbm[s22] -> vmem[20480], 128, f0 {pc = 22 : i64}
  snr.dma.wait f3 {pc = 5 : i64}
  snr.dma.wait f4 {pc = 7 : i64}
  snr.dma.wait f5 {pc = 13 : i64}
  snr.dma.wait f6 {pc = 15 : i64}
  snr.dma.wait f7 {pc = 21 : i64}
  snr.dma.wait f0 {pc = 23 : i64}
  snr.vld v1, vmem[0] {pc = 24 : i64}
  snr.vld v2, vmem[20480] {pc = 25 : i64}
}
