// What --snr-hoist-dma says: a remark per move ([Passed] applied, with what
// changed; [Failure] given up, with why), the before/after comparison, and
// (hoist-dma-rejected.mlir: the error when the replay does not prove it).
// RUN: snr-opt %s --split-input-file --snr-hoist-dma=machine=%S/../Sim/Inputs/test-machine.json --remarks-filter=snr.dma --verify-diagnostics -o /dev/null

// Before: the wait issues at 232 (stall 109), 234 cycles. After: the DMA is
// issued at 1 and complete at 111, long before its wait: 125 cycles.
// expected-remark @+1 {{[Analysis] dma-rewrite | Category:snr.dma | Remark="1 DMAs moved: 234 -> 125 cycles, same final state", cycles_after=125, cycles_before=234, dma_wait_stall_after=0, dma_wait_stall_before=109}}
snr.trace @independent at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
    snr.init_mem hbm[4096] = dense<7> : tensor<640xi8>
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 1 {pc = 1 : i64}
  snr.addi s5, s1, 4096 {pc = 2 : i64}
  // expected-remark @+1 {{[Passed] dma-hoist | Category:snr.dma | Change="moved 3 instructions earlier, in front of the mul at pc 0 (hoist-dma-remarks.mlir:14) with 1 of its address arithmetic", Remark=hoist, instructions_earlier=3}}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}

// -----

// A move stopped short by a dependency says what stopped it.
// expected-remark @+1 {{[Analysis] dma-rewrite}}
snr.trace @war_destination at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f1 {pc = 0 : i64}
  snr.dma.wait f1 {pc = 1 : i64}
  snr.vld v1, vmem[0] {pc = 2 : i64}
  snr.mul s2, s3, s3 {pc = 3 : i64}
  snr.addi s4, s2, 1 {pc = 4 : i64}
  // expected-remark @+1 {{[Passed] dma-hoist | Category:snr.dma | Change="moved 2 instructions earlier, in front of the mul at pc 3 (hoist-dma-remarks.mlir:31); it stops short of where Algorithm 2 wanted it: the vld at pc 2 (hoist-dma-remarks.mlir:30) reads vmem[0, 64), which the dma.issue at pc 5 (hoist-dma-remarks.mlir:34) overwrites (WAR on memory)"}}
  snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 5 : i64}
  snr.dma.wait f0 {pc = 6 : i64}
  snr.vld v2, vmem[0] {pc = 7 : i64}
}

// -----

// Register pressure with nothing else to cross: given up.
snr.trace @given_up at 0 {
  snr.snapshot {
    snr.init_reg s1 = 4096
  }
  snr.mxu.matmul q0, v1 {pc = 0 : i64}
  snr.mxu.pop v2, q0 {pc = 1 : i64}
  snr.st s5, smem[0] {pc = 2 : i64}
  snr.addi s5, s1, 0 {pc = 3 : i64}
  // expected-remark @+1 {{[Failure] dma-hoist | Category:snr.dma | Reason="cannot move: no scalar register is free to rename s5, which the addi at pc 3 (hoist-dma-remarks.mlir:49) writes, past the st at pc 2 (hoist-dma-remarks.mlir:48), which reads it (register pressure)", Remark=hoist, instructions_earlier=0}}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 4 : i64}
  snr.dma.wait f0 {pc = 5 : i64}
}

// -----

// A predicated DMA whose guard comes from a cmpi in its own slice moves past
// an earlier write of that predicate: it reads p1 from its own cmpi, which
// moves with it (copied into p2, free: written at pc 7 before any read), not
// from the cmpi at pc 1. (It used to stop there: "writes a register it
// reads (RAW)".)
// expected-remark @+1 {{[Analysis] dma-rewrite}}
snr.trace @guard_in_slice at 0 {
  snr.snapshot {
    snr.init_reg s1 = 4096
    snr.init_reg s2 = 5
  }
  snr.mul s4, s2, s2 {pc = 0 : i64}
  snr.cmpi gt p1, s2, 1 {pc = 1 : i64}
  snr.add s3, s4, s2 if p1 {executed = true, pc = 2 : i64}
  snr.cmpi gt p1, s2, 0 {pc = 3 : i64}
  // expected-remark @+1 {{[Passed] dma-hoist | Category:snr.dma | Change="moved 4 instructions earlier, in front of the mul at pc 0 (hoist-dma-remarks.mlir:68) with 1 of its address arithmetic; p1 renamed p2", Remark=hoist, instructions_earlier=4}}
  snr.dma.issue hbm[s1] -> vmem[0], 640, f0 if p1 {executed = true, pc = 4 : i64}
  snr.dma.wait f0 {pc = 5 : i64}
  snr.vld v1, vmem[0] {pc = 6 : i64}
  snr.cmpi gt p2, s2, 1 {pc = 7 : i64}
}

