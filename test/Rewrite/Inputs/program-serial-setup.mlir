// Three independent setup DMAs (2,048 B each, HBM -> VMEM), each issued and
// waited in turn on f0, as snr-gen --serial-setup lays them out.
snr.program @serial attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<1> : tensor<2048xi8>
    snr.init_mem hbm[4096] = dense<2> : tensor<2048xi8>
    snr.init_mem hbm[8192] = dense<3> : tensor<2048xi8>
  }
  snr.dma.issue hbm[0] -> vmem[0], 2048, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue hbm[4096] -> vmem[2048], 2048, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.issue hbm[8192] -> vmem[4096], 2048, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
  snr.vld v0, vmem[0] {hlo = "sum", pc = 6 : i64}
  snr.vld v1, vmem[2048] {hlo = "sum", pc = 7 : i64}
  snr.vld v2, vmem[4096] {hlo = "sum", pc = 8 : i64}
  snr.vadd v3, v0, v1 {hlo = "sum", pc = 9 : i64}
  snr.vadd v3, v3, v2 {hlo = "sum", pc = 10 : i64}
  snr.vst v3, vmem[8192] {hlo = "sum", pc = 11 : i64}
  snr.halt {hlo = "sum", pc = 12 : i64}
}
