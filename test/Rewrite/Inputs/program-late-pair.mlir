// program-late-dma.mlir with each block fetched by two DMAs of 1,024 bytes
// (as the K and V halves of a decode step's KV cache): the wait on f1 waits
// for both, and its stall is charged to the one that completes last.
snr.program @late attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<3> : tensor<8192xi8>
  }
  snr.movi s1, 0 {hlo = "setup", pc = 0 : i64}
  snr.movi s0, 2048 {hlo = "setup", pc = 1 : i64}
  snr.movi s3, 4 {hlo = "setup", pc = 2 : i64}
  snr.dma.issue hbm[0] -> vmem[0], 2048, f1 {hlo = "setup", pc = 3 : i64}
  snr.dma.wait f1 {hlo = "loop", pc = 4 : i64}
  snr.mov s6, s1 {hlo = "loop", pc = 5 : i64}
  snr.movi s7, 64 {hlo = "loop", pc = 6 : i64}
  snr.vld v0, vmem[s6] {hlo = "loop", pc = 7 : i64}
  snr.vadd v2, v2, v0 {hlo = "loop", pc = 8 : i64}
  snr.add s6, s6, s7 {hlo = "loop", pc = 9 : i64}
  snr.vld v0, vmem[s6] {hlo = "loop", pc = 10 : i64}
  snr.vadd v2, v2, v0 {hlo = "loop", pc = 11 : i64}
  snr.add s6, s6, s7 {hlo = "loop", pc = 12 : i64}
  snr.vld v0, vmem[s6] {hlo = "loop", pc = 13 : i64}
  snr.vadd v2, v2, v0 {hlo = "loop", pc = 14 : i64}
  snr.xori s1, s1, 2048 {hlo = "loop", pc = 15 : i64}
  snr.addi s3, s3, -1 {hlo = "loop", pc = 16 : i64}
  snr.cmpi gt p6, s3, 0 {hlo = "loop", pc = 17 : i64}
  snr.dma.issue hbm[s0] -> vmem[s1], 1024, f1 if p6 {hlo = "loop", pc = 18 : i64}
  snr.dma.issue hbm[s0 + 1024] -> vmem[s1 + 1024], 1024, f1 if p6 {hlo = "loop", pc = 19 : i64}
  snr.addi s0, s0, 2048 {hlo = "loop", pc = 20 : i64}
  snr.br 4 if p6 {hlo = "loop", pc = 21 : i64}
  snr.vst v2, vmem[8192] {hlo = "out", pc = 22 : i64}
  snr.halt {hlo = "out", pc = 23 : i64}
}
