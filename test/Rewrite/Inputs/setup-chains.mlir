// An All-Gather-like setup phase: three independent chains, each a
// descriptor DMA (32 B) into SMEM, then two DMAs (128 B each) whose source
// addresses are loaded from it; all nine issued and waited one at a time.
// On the default machine (Tb = 500) each wait stalls about 500 cycles:
// 4,548 cycles, 4,515 of DMA-wait stall.
// The dependency bound (setup-chains-bound.mlir): the three descriptor DMAs
// issued together, their loads, then the six dependent DMAs issued
// together: the base latency paid twice, 1,036 cycles, 1,008 of DMA-wait
// stall.
snr.trace @setup_chains at 0 {
  snr.snapshot {
    snr.init_mem hbm[4096] = dense<[0, 0, 16, 0, 0, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
    snr.init_mem hbm[4128] = dense<[0, 32, 16, 0, 0, 48, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
    snr.init_mem hbm[4160] = dense<[0, 64, 16, 0, 0, 80, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
  }
  snr.dma.issue hbm[4096] -> smem[0], 32, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.ld s10, smem[0] {pc = 2 : i64}
  snr.ld s20, smem[4] {pc = 3 : i64}
  snr.dma.issue hbm[s10] -> vmem[0], 128, f0 {pc = 4 : i64}
  snr.dma.wait f0 {pc = 5 : i64}
  snr.dma.issue hbm[s20] -> vmem[4096], 128, f0 {pc = 6 : i64}
  snr.dma.wait f0 {pc = 7 : i64}
  snr.dma.issue hbm[4128] -> smem[32], 32, f0 {pc = 8 : i64}
  snr.dma.wait f0 {pc = 9 : i64}
  snr.ld s11, smem[32] {pc = 10 : i64}
  snr.ld s21, smem[36] {pc = 11 : i64}
  snr.dma.issue hbm[s11] -> vmem[8192], 128, f0 {pc = 12 : i64}
  snr.dma.wait f0 {pc = 13 : i64}
  snr.dma.issue hbm[s21] -> vmem[12288], 128, f0 {pc = 14 : i64}
  snr.dma.wait f0 {pc = 15 : i64}
  snr.dma.issue hbm[4160] -> smem[64], 32, f0 {pc = 16 : i64}
  snr.dma.wait f0 {pc = 17 : i64}
  snr.ld s12, smem[64] {pc = 18 : i64}
  snr.ld s22, smem[68] {pc = 19 : i64}
  snr.dma.issue hbm[s12] -> vmem[16384], 128, f0 {pc = 20 : i64}
  snr.dma.wait f0 {pc = 21 : i64}
  snr.dma.issue hbm[s22] -> vmem[20480], 128, f0 {pc = 22 : i64}
  snr.dma.wait f0 {pc = 23 : i64}
  snr.vld v1, vmem[0] {pc = 24 : i64}
  snr.vld v2, vmem[20480] {pc = 25 : i64}
}
