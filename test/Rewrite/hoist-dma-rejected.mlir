// The proof step of --snr-hoist-dma is per move: a move whose replay does
// not give the same final state is dropped, with a [Failure] remark saying
// what the replay measured, and a warning at the trace; with nothing left,
// the IR is left as it was (the pass succeeds). A correct plan never does
// that, so the test-only option test-ignore-dependencies makes a wrong one:
// moved without its address arithmetic, the DMA reads hbm[0] (zeros)
// instead of hbm[4096] (sevens), and v1 differs.
// RUN: snr-opt %s --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json test-ignore-dependencies=true' --remarks-filter=snr.dma --verify-diagnostics | FileCheck %s

// CHECK-LABEL: snr.trace @independent at 0
// CHECK:      snr.mul s2, s3, s3 {pc = 0 : i64}
// CHECK-NEXT: snr.addi s4, s2, 1 {pc = 1 : i64}
// CHECK-NEXT: snr.addi s5, s1, 4096 {pc = 2 : i64}
// CHECK-NEXT: snr.dma.issue
// expected-warning @+1 {{the DMA rewrite dropped 1 move(s) the replay did not prove; nothing is kept}}
snr.trace @independent at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
    snr.init_mem hbm[4096] = dense<7> : tensor<640xi8>
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 1 {pc = 1 : i64}
  snr.addi s5, s1, 4096 {pc = 2 : i64}
  // expected-remark @+1 {{[Failure] dma-hoist | Category:snr.dma | Reason="dropped by the proof: with it the rewritten trace computes a different result (v1 lane 0: 1.01583e-34 (0x07070707) vs 0 (0x00000000), before vs after)", Remark=hoist, instructions_earlier=0}}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}
