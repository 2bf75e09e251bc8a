// --snr-hoist-dma on small traces: the exact rewritten IR. Machine:
// test-machine (issue width 1, latencies 1 but mul 120 and matmul 10, DMA
// base latency 100, 64 B/cycle). Every rewrite is proved by replay (same
// final state, fewer cycles); hoist-dma-remarks.mlir checks what it says.
// One round: each case pins the planner's decisions on one replay.
// RUN: snr-opt %s --split-input-file --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json rounds=1' | FileCheck %s
// RUN: snr-opt %s --split-input-file --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json model=conservative rounds=1' | FileCheck %s --check-prefix=CONS

// Hoist past independent work, with the address arithmetic (the slice):
// the DMA (issued at 122, its wait stalling 109 cycles) and the addi that
// computes its address move in front of the mul; the trace is reordered.
// CHECK-LABEL: snr.trace @independent at 0 attributes {reordered
// CHECK:      snr.addi s5, s1, 4096 {pc = 2 : i64}
// CHECK-NEXT: snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
// CHECK-NEXT: snr.mul s2, s3, s3 {pc = 0 : i64}
// CHECK-NEXT: snr.addi s4, s2, 1 {pc = 1 : i64}
// CHECK-NEXT: snr.dma.wait f0 {pc = 4 : i64}
// CHECK-NEXT: snr.vld v1, vmem[0] {pc = 5 : i64}
// Conservatively the DMA cannot move without its address arithmetic.
// CONS-LABEL: snr.trace @independent at 0
// CONS-NEXT:  snr.snapshot
// CONS:       snr.mul s2, s3, s3 {pc = 0 : i64}
snr.trace @independent at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 1 {pc = 1 : i64}
  snr.addi s5, s1, 4096 {pc = 2 : i64}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}

// -----

// Blocked by RAW: the write-back reads what the vst wrote, so it moves up
// to right after the vst and no further (Algorithm 2 wanted it there too:
// hoist-partly).
// CHECK-LABEL: snr.trace @raw at 0 attributes {reordered
// CHECK:      snr.vst v1, vmem[0] {pc = 0 : i64}
// CHECK-NEXT: snr.dma.issue vmem[0] -> hbm[0], 6400, f0 {pc = 3 : i64}
// CHECK-NEXT: snr.mul s1, s0, s0 {pc = 1 : i64}
// CONS-LABEL: snr.trace @raw at 0 attributes {reordered
// CONS:       snr.vst v1, vmem[0] {pc = 0 : i64}
// CONS-NEXT:  snr.dma.issue
snr.trace @raw at 0 {
  snr.vst v1, vmem[0] {pc = 0 : i64}
  snr.mul s1, s0, s0 {pc = 1 : i64}
  snr.addi s2, s1, 0 {pc = 2 : i64}
  snr.dma.issue vmem[0] -> hbm[0], 6400, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
}

// -----

// Blocked by WAR on the destination pages: the DMA refills vmem[0..640),
// which the vld at pc 2 still reads. Algorithm 2 (which only asks for free
// VMEM somewhere) wanted it in front of that vld; the rewrite keeps the
// addresses, so it stops right after it.
// CHECK-LABEL: snr.trace @war_destination at 0 attributes {reordered
// CHECK:      snr.vld v1, vmem[0] {pc = 2 : i64}
// CHECK-NEXT: snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 5 : i64}
// CHECK-NEXT: snr.mul s2, s3, s3 {pc = 3 : i64}
snr.trace @war_destination at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f1 {pc = 0 : i64}
  snr.dma.wait f1 {pc = 1 : i64}
  snr.vld v1, vmem[0] {pc = 2 : i64}
  snr.mul s2, s3, s3 {pc = 3 : i64}
  snr.addi s4, s2, 1 {pc = 4 : i64}
  snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 5 : i64}
  snr.dma.wait f0 {pc = 6 : i64}
  snr.vld v2, vmem[0] {pc = 7 : i64}
}

// -----

// Blocked by register pressure: the addi that computes the address writes
// s5, which the st at pc 1 still reads (WAR). Renaming needs a scalar
// register dead where the block would land, and there is none (no register
// is written later before being read), so the block stops after the st.
// CHECK-LABEL: snr.trace @pressure at 0 attributes {reordered
// CHECK:      snr.st s5, smem[0] {pc = 1 : i64}
// CHECK-NEXT: snr.addi s5, s1, 0 {pc = 5 : i64}
// CHECK-NEXT: snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 6 : i64}
// CHECK-NEXT: snr.mxu.pop v2, q0 {pc = 2 : i64}
snr.trace @pressure at 0 {
  snr.snapshot {
    snr.init_reg s1 = 4096
  }
  snr.mxu.matmul q0, v1 {pc = 0 : i64}
  snr.st s5, smem[0] {pc = 1 : i64}
  snr.mxu.pop v2, q0 {pc = 2 : i64}
  snr.mxu.matmul q1, v2 {pc = 3 : i64}
  snr.mxu.pop v3, q1 {pc = 4 : i64}
  snr.addi s5, s1, 0 {pc = 5 : i64}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 6 : i64}
  snr.dma.wait f0 {pc = 7 : i64}
}

// -----

// Renaming unblocks it: the same, but s9 is written at the end before
// anything reads it, so it is dead in between. The address arithmetic is
// copied into s9 at the front, the DMA reads s9, and the original addi
// stays for whoever reads s5 later.
// CHECK-LABEL: snr.trace @renaming at 0 attributes {reordered
// CHECK:      snr.addi s9, s1, 0 {pc = 5 : i64}
// CHECK-NEXT: snr.dma.issue hbm[s9] -> vmem[0], 640, f0 {pc = 6 : i64}
// CHECK-NEXT: snr.mxu.matmul q0, v1 {pc = 0 : i64}
// CHECK-NEXT: snr.st s5, smem[0] {pc = 1 : i64}
// CHECK:      snr.mxu.pop v3, q1 {pc = 4 : i64}
// CHECK-NEXT: snr.addi s5, s1, 0 {pc = 5 : i64}
// CHECK-NEXT: snr.dma.wait f0 {pc = 7 : i64}
// CHECK-NEXT: snr.movi s9, 7 {pc = 8 : i64}
snr.trace @renaming at 0 {
  snr.snapshot {
    snr.init_reg s1 = 4096
  }
  snr.mxu.matmul q0, v1 {pc = 0 : i64}
  snr.st s5, smem[0] {pc = 1 : i64}
  snr.mxu.pop v2, q0 {pc = 2 : i64}
  snr.mxu.matmul q1, v2 {pc = 3 : i64}
  snr.mxu.pop v3, q1 {pc = 4 : i64}
  snr.addi s5, s1, 0 {pc = 5 : i64}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 6 : i64}
  snr.dma.wait f0 {pc = 7 : i64}
  snr.movi s9, 7 {pc = 8 : i64}
}

// -----

// A wait on the DMA's own flag in the way: the DMA moves to f1, which the
// trace never uses, and its wait (covering only it) waits on f1 too. (The
// first wait cannot merge into the second: the ld reads what the first DMA
// brings.)
// CHECK-LABEL: snr.trace @flag at 0 attributes {reordered
// CHECK-NEXT: snr.dma.issue hbm[0] -> smem[0], 32, f0 {pc = 0 : i64}
// CHECK-NEXT: snr.dma.issue hbm[4096] -> vmem[0], 640, f1 {pc = 6 : i64}
// CHECK-NEXT: snr.mul s2, s3, s3 {pc = 1 : i64}
// CHECK-NEXT: snr.addi s4, s2, 1 {pc = 2 : i64}
// CHECK-NEXT: snr.dma.wait f0 {pc = 3 : i64}
// CHECK-NEXT: snr.ld s5, smem[0] {pc = 4 : i64}
// CHECK-NEXT: snr.addi s6, s5, 1 {pc = 5 : i64}
// CHECK-NEXT: snr.dma.wait f1 {pc = 7 : i64}
snr.trace @flag at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {pc = 0 : i64}
  snr.mul s2, s3, s3 {pc = 1 : i64}
  snr.addi s4, s2, 1 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.ld s5, smem[0] {pc = 4 : i64}
  snr.addi s6, s5, 1 {pc = 5 : i64}
  snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 6 : i64}
  snr.dma.wait f0 {pc = 7 : i64}
}

// -----

// Serial setup DMAs issued together: nothing reads what they bring before
// the last wait, so the first two waits merge into it (a wait merge, planned
// first) and the three are issued before one wait. The parallel group has
// nothing left to move.
// CHECK-LABEL: snr.trace @serial at 0 attributes {reordered
// CHECK-NEXT: snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
// CHECK-NEXT: snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
// CHECK-NEXT: snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
// CHECK-NEXT: snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
// CHECK-NEXT: }
snr.trace @serial at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}

// -----

// The same, but each DMA's data is read right after its wait, so no wait
// may merge: every DMA of the group moves right after the first (in issue
// order), each to a flag of its own, so the first one's wait does not also
// wait for the others (their base latencies overlap; each wait still waits
// only for its own DMA). A flag given to a moved DMA is reused by another
// whose span (landing point to wait) is disjoint; here the spans overlap.
// CHECK-LABEL: snr.trace @serial_read at 0 attributes {reordered
// CHECK-NEXT: snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
// CHECK-NEXT: snr.dma.issue hbm[32] -> smem[32], 32, f1 {hlo = "setup", pc = 3 : i64}
// CHECK-NEXT: snr.dma.issue hbm[64] -> smem[64], 32, f2 {hlo = "setup", pc = 6 : i64}
// CHECK-NEXT: snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
// CHECK-NEXT: snr.ld s1, smem[0] {hlo = "setup", pc = 2 : i64}
// CHECK-NEXT: snr.dma.wait f1 {hlo = "setup", pc = 4 : i64}
// CHECK-NEXT: snr.ld s2, smem[32] {hlo = "setup", pc = 5 : i64}
// CHECK-NEXT: snr.dma.wait f2 {hlo = "setup", pc = 7 : i64}
snr.trace @serial_read at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.ld s1, smem[0] {hlo = "setup", pc = 2 : i64}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 4 : i64}
  snr.ld s2, smem[32] {hlo = "setup", pc = 5 : i64}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 6 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 7 : i64}
  snr.ld s3, smem[64] {hlo = "setup", pc = 8 : i64}
}
