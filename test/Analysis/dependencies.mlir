// The dynamic dependency graph (trace indices of the instructions each one
// depends on, by kind) and the two backtails of each DMA issue.
// RUN: snr-opt %s --snr-test-dependencies | FileCheck %s

// CHECK-LABEL: snr.trace @deps
snr.trace @deps at 0 {
  // CHECK: snr.movi s1, 4096 {{.*}}snr.test.raw = array<i64>, snr.test.war = array<i64>, snr.test.waw = array<i64>
  snr.movi s1, 4096 {pc = 0 : i64}
  // CHECK: snr.addi s2, s1, 64 {{.*}}snr.test.raw = array<i64: 0>
  snr.addi s2, s1, 64 {pc = 1 : i64}
  // Memory RAW through SMEM: the ld reads what the st wrote.
  // CHECK: snr.st {{.*}}snr.test.raw = array<i64: 1>
  snr.st s2, smem[0] {pc = 2 : i64}
  // CHECK: snr.ld {{.*}}snr.test.raw = array<i64: 2>
  snr.ld s3, smem[0] {pc = 3 : i64}
  // Conservative: it needs s3 from the ld right before it (0 instructions).
  // Relaxed: the ld is address arithmetic and moves along; it stops at the
  // st that wrote what the ld reads (1 instruction, the ld in its slice).
  // CHECK: snr.dma.issue hbm[s3] -> vmem[0], 640, f0 {pc = 4 : i64, snr.test.backtail = {conservative = 0 : i64, relaxed = 1 : i64, relaxed_cycles = {{[0-9]+}} : i64, slice = array<i64: 3>}, snr.test.raw = array<i64: 3>, snr.test.war = array<i64>, snr.test.waw = array<i64>}
  snr.dma.issue hbm[s3] -> vmem[0], 640, f0 {pc = 4 : i64}
  // The wait reads and writes the flag the issue wrote (and read).
  // CHECK: snr.dma.wait f0 {{.*}}snr.test.raw = array<i64: 4>, snr.test.war = array<i64: 4>, snr.test.waw = array<i64: 4>
  snr.dma.wait f0 {pc = 5 : i64}
  // Bytes a DMA wrote are available after its wait: the RAW edge is on #5.
  // CHECK: snr.vld v1, vmem[0] {{.*}}snr.test.raw = array<i64: 5>
  snr.vld v1, vmem[0] {pc = 6 : i64}
  // The vst overwrites bytes the DMA wrote: WAW on the DMA's issue.
  // CHECK: snr.vst v1, vmem[64] {{.*}}snr.test.raw = array<i64: 6>, snr.test.war = array<i64>, snr.test.waw = array<i64: 4>
  snr.vst v1, vmem[64] {pc = 7 : i64}
  // A write-back of what the vst wrote cannot move, in either model.
  // CHECK: snr.dma.issue vmem[64] -> hbm[8192], 64, f1 {pc = 8 : i64, snr.test.backtail = {conservative = 0 : i64, relaxed = 0 : i64, relaxed_cycles = 0 : i64, slice = array<i64>}, snr.test.raw = array<i64: 7>
  snr.dma.issue vmem[64] -> hbm[8192], 64, f1 {pc = 8 : i64}
  // Register WAR and WAW: the addi overwrites s1, which #1 read and #0
  // wrote.
  // CHECK: snr.addi s1, s1, 64 {{.*}}snr.test.raw = array<i64: 0>, snr.test.war = array<i64: 1>, snr.test.waw = array<i64: 0>
  snr.addi s1, s1, 64 {pc = 9 : i64}
  // Relaxed, its address arithmetic (#9 and the movi #0 it reads) moves
  // with it, back to the start of the trace: 10 instructions.
  // CHECK: snr.dma.issue hbm[s1] -> vmem[1024], 64, f2 {pc = 10 : i64, snr.test.backtail = {conservative = 0 : i64, relaxed = 10 : i64, relaxed_cycles = {{[0-9]+}} : i64, slice = array<i64: 0, 9>}, snr.test.raw = array<i64: 9>
  snr.dma.issue hbm[s1] -> vmem[1024], 64, f2 {pc = 10 : i64}
}
