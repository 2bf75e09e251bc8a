// RUN: snr-opt %s | snr-opt | FileCheck %s
// CHECK: snr.program @count
snr.program @count attributes {entry = 0 : i64} {
  snr.movi s1, 3 {pc = 0 : i64}
  snr.addi s1, s1, -1 {pc = 1 : i64}
  snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  snr.br 1 if p1 {pc = 3 : i64}
  snr.dma.issue hbm[s1 + 4096] -> vmem[s2], 8192, f3 {pc = 4}
  snr.dma.issue vmem[0] -> rhbm<2>[s6 - 64], 1024, f1 {pc = 5}
  snr.vld v1, vmem[s5 + 128] if not p2 {pc = 6, hlo = "fusion.1"}
  snr.vsplat v0, 1.5 {pc = 7}
  snr.mxu.push v4, row 0 {pc = 8}
  snr.halt {pc = 9 : i64}
}
snr.trace @t at 1 attributes {machine = "snr-ref"} {
  snr.snapshot {
    snr.init_reg s1 = 2
    snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
    snr.init_vreg v0 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]
  }
  snr.addi s1, s1, -1 {pc = 1 : i64}
  snr.cmpi gt p1, s1, 0 {pc = 2 : i64}
  snr.br 1 if p1 {executed = true, pc = 3 : i64}
  snr.addi s1, s1, -1 {pc = 1 : i64}
}
