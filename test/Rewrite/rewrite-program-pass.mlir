// --snr-rewrite-program: the program rewrite as a pass, from a trace of the
// program's whole run. The program is Inputs/program-late-dma.mlir's (see
// program-late-dma.test for how each figure comes about): the DMA issued at
// the bottom of each iteration moves to its top with its slice copied, and
// the program is laid out anew, the loop's branch target remapped.
// RUN: snr-record %s --count 1000 -o %t.jsonl
// RUN: snr-opt %s --snr-rewrite-program=trace=%t.jsonl --remarks-filter=snr.dma --verify-diagnostics | FileCheck %s

// expected-remark @+1 {{[Analysis] program-rewrite | Category:snr.dma | Remark="2233 -> 2173 cycles, same final state", cycles_after=2173, cycles_before=2233}}
snr.program @late attributes {entry = 0 : i64} {
  snr.snapshot {
    snr.init_mem hbm[0] = dense<3> : tensor<8192xi8>
  }
  snr.movi s1, 0 {hlo = "setup", pc = 0 : i64}
  snr.movi s0, 2048 {hlo = "setup", pc = 1 : i64}
  snr.movi s3, 4 {hlo = "setup", pc = 2 : i64}
  // expected-remark @+1 {{[Failure] program-rewrite | Category:snr.dma | Reason="stays: it would cross only scalar arithmetic"}}
  snr.dma.issue hbm[0] -> vmem[0], 2048, f1 {hlo = "setup", pc = 3 : i64}
  // Each stalled wait has a remark too: this one stays in its loop, each
  // iteration reads what it waits for.
  // expected-remark @+1 {{[Failure] program-rewrite | Category:snr.dma | Reason="stays: the vld at pc 7 reads vmem[0, 64), which the dma.issue at pc 3 writes and is still in flight (RAW on memory); trace instruction 7"}}
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
  // expected-remark @+1 {{[Passed] program-rewrite | Category:snr.dma | Change="moved 13 instructions earlier, in front of pc 5, with 3 of its slice", stall_after=1515, stall_before=1587}}
  snr.dma.issue hbm[s0] -> vmem[s1], 2048, f1 if p6 {hlo = "loop", pc = 18 : i64}
  snr.addi s0, s0, 2048 {hlo = "loop", pc = 19 : i64}
  snr.br 4 if p6 {hlo = "loop", pc = 20 : i64}
  snr.vst v2, vmem[8192] {hlo = "out", pc = 21 : i64}
  snr.halt {hlo = "out", pc = 22 : i64}
}

// CHECK-LABEL: snr.program @late
// CHECK:       snr.dma.wait f1 {hlo = "loop", pc = 4 : i64}
// CHECK-NEXT:  snr.xori s6, s1, 2048 {hlo = "loop", pc = 5 : i64}
// CHECK-NEXT:  snr.addi s7, s3, -1 {hlo = "loop", pc = 6 : i64}
// CHECK-NEXT:  snr.cmpi gt p6, s7, 0 {hlo = "loop", pc = 7 : i64}
// CHECK-NEXT:  snr.dma.issue hbm[s0] -> vmem[s6], 2048, f1 if p6 {hlo = "loop", pc = 8 : i64}
// CHECK-NEXT:  snr.mov s6, s1 {hlo = "loop", pc = 9 : i64}
// CHECK:       snr.br 4 if p6 {hlo = "loop", pc = 23 : i64}
// CHECK-NEXT:  snr.vst v2, vmem[8192] {hlo = "out", pc = 24 : i64}
// CHECK-NEXT:  snr.halt {hlo = "out", pc = 25 : i64}
