// The proof step of --snr-hoist-dma: a rewrite whose replay does not give
// the same final state is rejected with an error at the trace (a note at
// each moved DMA) and the IR is left as it was. A correct plan never does
// that, so the test-only option test-ignore-dependencies makes a wrong one:
// moved without its address arithmetic, the DMA reads hbm[0] (zeros)
// instead of hbm[4096] (sevens), and v1 differs.
// RUN: snr-opt %s --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json test-ignore-dependencies=true' --verify-diagnostics -o /dev/null
// RUN: not snr-opt %s --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json test-ignore-dependencies=true' -o %t.mlir 2>/dev/null
// RUN: not test -e %t.mlir

// expected-error @+1 {{the DMA rewrite is rejected: the rewritten trace computes a different result (v1 lane 0: 1.01583e-34 (0x07070707) vs 0 (0x00000000), before vs after); the trace is left unchanged}}
snr.trace @independent at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
    snr.init_mem hbm[4096] = dense<7> : tensor<640xi8>
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 1 {pc = 1 : i64}
  snr.addi s5, s1, 4096 {pc = 2 : i64}
  // expected-note @+1 {{this DMA was moved 3 instructions earlier without checking dependencies (test only)}}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}
