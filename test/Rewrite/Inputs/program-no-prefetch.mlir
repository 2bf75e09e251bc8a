// Two HLOs: "a" loads its block (f1) and sums it in a loop of four
// iterations; "b" issues its own block's DMA at its start and waits at once
// (as snr-gen --no-prefetch lays it out). b's buffer, vmem[16384], is not
// a's: the DMA may be issued during a.
snr.program @noprefetch attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<5> : tensor<2048xi8>
    snr.init_mem hbm[8192] = dense<7> : tensor<2048xi8>
  }
  snr.movi s3, 4 {hlo = "a", pc = 0 : i64}
  snr.dma.issue hbm[0] -> vmem[0], 2048, f1 {hlo = "a", pc = 1 : i64}
  snr.dma.wait f1 {hlo = "a", pc = 2 : i64}
  snr.vld v0, vmem[0] {hlo = "a", pc = 3 : i64}
  snr.vadd v2, v2, v0 {hlo = "a", pc = 4 : i64}
  snr.vld v0, vmem[64] {hlo = "a", pc = 5 : i64}
  snr.vadd v2, v2, v0 {hlo = "a", pc = 6 : i64}
  snr.addi s3, s3, -1 {hlo = "a", pc = 7 : i64}
  snr.cmpi gt p7, s3, 0 {hlo = "a", pc = 8 : i64}
  snr.br 3 if p7 {hlo = "a", pc = 9 : i64}
  snr.dma.issue hbm[8192] -> vmem[16384], 2048, f2 {hlo = "b", pc = 10 : i64}
  snr.dma.wait f2 {hlo = "b", pc = 11 : i64}
  snr.vld v1, vmem[16384] {hlo = "b", pc = 12 : i64}
  snr.vadd v2, v2, v1 {hlo = "b", pc = 13 : i64}
  snr.vst v2, vmem[32768] {hlo = "b", pc = 14 : i64}
  snr.halt {hlo = "b", pc = 15 : i64}
}
