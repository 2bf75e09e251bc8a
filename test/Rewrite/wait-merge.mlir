// Wait merges in the trace rewrite (--snr-hoist-dma; lib/Rewrite/
// TraceWaits.cpp): a wait on a sync object is dropped when a later wait on
// the same object follows and nothing in between needs the copies it
// covers; that wait then covers them. Machine: test-machine (issue width 1,
// latencies 1, DMA base latency Tb = 100, every link 64 B/cycle: a 640-byte
// DMA transfers in 10 cycles). Every rewrite is proved by replay (same final
// state, not slower); the outcome remark gives the cycles.
// RUN: snr-opt %s --split-input-file --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json rounds=1' | FileCheck %s
// RUN: snr-opt %s --split-input-file --snr-hoist-dma='machine=%S/../Sim/Inputs/test-machine.json rounds=1' --remarks-filter=snr.dma -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Two DMAs, each waited for in turn; nothing reads what the first brings
// before the second wait. Before: A issues at 0 (base latency to 100,
// transfer 100-110), its wait stalls to 110 (109); B issues at 111
// (211-221), its wait stalls to 221 (109); the vlds issue at 222 and 223:
// 224 cycles, 218 of stall. After: the first wait merges into the second.
// A at 0 (100-110), B at 1 (base latency to 101, the link is busy until
// 110: 110-120); the wait, ready at 2, stalls to 120 (118: 99 of base
// latency, 101 - 2, and 19 of transfer, charged to B which completes last);
// the vlds issue at 121 and 122: 123 cycles.
// CHECK-LABEL: snr.trace @merge at 0 attributes {reordered
// CHECK-NEXT:  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
// CHECK-NEXT:  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 2 : i64}
// CHECK-NEXT:  snr.dma.wait f0 {pc = 3 : i64}
// CHECK-NEXT:  snr.vld v0, vmem[0] {pc = 4 : i64}
// CHECK-NEXT:  snr.vld v1, vmem[4096] {pc = 5 : i64}
// CHECK-NEXT:  }
// The parallel group (A, B) has nothing left to move: B already follows A.
// REMARK: wait-merge.mlir:[[#@LINE+6]]:3: remark: [Failure] dma-hoist | Category:snr.dma | Reason="it already follows the group's DMA before it", Remark="issue with its parallel group", instructions_earlier=0
// REMARK: wait-merge.mlir:[[#@LINE+4]]:3: remark: [Passed] wait-merge | Category:snr.dma | Change="merged into the dma.wait at pc 3 (wait-merge.mlir:[[#@LINE+6]]), 1 instruction later, which now also waits for the 1 copy it waited for", Remark="merge into the next wait on its flag", copies=1, instructions_later=1
// REMARK: remark: [Analysis] dma-rewrite | Category:snr.dma | Remark="0 DMAs moved, 1 waits merged: 224 -> 123 cycles, same final state", cycles_after=123, cycles_before=224, dma_wait_stall_after=118, dma_wait_stall_before=218
snr.trace @merge at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.vld v0, vmem[0] {pc = 4 : i64}
  snr.vld v1, vmem[4096] {pc = 5 : i64}
}

// -----

// A group before one wait: three DMAs issued and waited in turn become a
// group issued together, waited once. The waits merge in order, each with
// the copies of the one merged into it. Before: 110 cycles per DMA and its
// wait, plus one to issue the next: the third wait issues at 332, the vlds
// at 333-335: 336 cycles, 327 of stall. After: A, B, C issue at 0, 1, 2,
// the link moves them 100-110, 110-120, 120-130; the wait, ready at 3,
// stalls to 130 (127); the vlds issue at 131-133: 134 cycles.
// CHECK-LABEL: snr.trace @group at 0 attributes {reordered
// CHECK-NEXT:  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
// CHECK-NEXT:  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 2 : i64}
// CHECK-NEXT:  snr.dma.issue hbm[8192] -> vmem[8192], 640, f0 {pc = 4 : i64}
// CHECK-NEXT:  snr.dma.wait f0 {pc = 5 : i64}
// REMARK: remark: [Passed] wait-merge | Category:snr.dma | Change="merged into the dma.wait at pc 3 {{.*}}, which now also waits for the 1 copy it waited for"
// REMARK: remark: [Passed] wait-merge | Category:snr.dma | Change="merged into the dma.wait at pc 5 {{.*}}, which now also waits for the 2 copies it waited for", Remark="merge into the next wait on its flag", copies=2, instructions_later=1
// REMARK: remark: [Analysis] dma-rewrite | Category:snr.dma | Remark="0 DMAs moved, 2 waits merged: 336 -> 134 cycles, same final state", cycles_after=134, cycles_before=336, dma_wait_stall_after=127, dma_wait_stall_before=327
snr.trace @group at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.dma.issue hbm[8192] -> vmem[8192], 640, f0 {pc = 4 : i64}
  snr.dma.wait f0 {pc = 5 : i64}
  snr.vld v0, vmem[0] {pc = 6 : i64}
  snr.vld v1, vmem[4096] {pc = 7 : i64}
  snr.vld v2, vmem[8192] {pc = 8 : i64}
}

// -----

// Not merged: the vld reads what A brings (RAW). The parallel group moves B
// instead, to a flag of its own (the wait on f0 must not wait for it).
// CHECK-LABEL: snr.trace @read_between at 0 attributes {reordered
// CHECK-NEXT:  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
// CHECK-NEXT:  snr.dma.issue hbm[4096] -> vmem[4096], 640, f1 {pc = 3 : i64}
// CHECK-NEXT:  snr.dma.wait f0 {pc = 1 : i64}
// CHECK-NEXT:  snr.vld v0, vmem[0] {pc = 2 : i64}
// CHECK-NEXT:  snr.dma.wait f1 {pc = 4 : i64}
// REMARK: wait-merge.mlir:[[#@LINE+3]]:3: remark: [Failure] wait-merge | Category:snr.dma | Reason="stays: the vld at pc 2 (wait-merge.mlir:[[#@LINE+4]]) reads vmem[0, 64), which the dma.issue at pc 0 (wait-merge.mlir:[[#@LINE+2]]) writes and is still in flight (RAW on memory)", Remark="merge into the next wait on its flag", copies=1, instructions_later=0
snr.trace @read_between at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.vld v0, vmem[0] {pc = 2 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
}

// -----

// Not merged: the buffer is reused. B fills the buffer A fills; in flight
// together, either could land last (WAW). Nothing moves.
// CHECK-LABEL: snr.trace @reuse at 0 attributes {snr.machine_file
// CHECK-NEXT:  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
// CHECK-NEXT:  snr.dma.wait f0 {pc = 1 : i64}
// REMARK: wait-merge.mlir:[[#@LINE+3]]:3: remark: [Failure] wait-merge | Category:snr.dma | Reason="stays: the dma.issue at pc 2 (wait-merge.mlir:[[#@LINE+4]]) writes vmem[0, 640), which the dma.issue at pc 0 (wait-merge.mlir:[[#@LINE+2]]) also writes and is still in flight (WAW on memory)"
snr.trace @reuse at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.issue hbm[4096] -> vmem[0], 640, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.vld v0, vmem[0] {pc = 4 : i64}
}

// -----

// Not merged: the vst overwrites what A (a write-back) still reads (WAR).
// CHECK-LABEL: snr.trace @overwrite_source at 0 attributes {reordered
// CHECK:       snr.dma.wait f0 {pc = 1 : i64}
// CHECK-NEXT:  snr.vst v1, vmem[0] {pc = 2 : i64}
// REMARK: wait-merge.mlir:[[#@LINE+3]]:3: remark: [Failure] wait-merge | Category:snr.dma | Reason="stays: the vst at pc 2 (wait-merge.mlir:[[#@LINE+4]]) overwrites vmem[0, 64), which the dma.issue at pc 0 (wait-merge.mlir:[[#@LINE+2]]) reads and is still in flight (WAR on memory)"
snr.trace @overwrite_source at 0 {
  snr.dma.issue vmem[0] -> hbm[8192], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.vst v1, vmem[0] {pc = 2 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
}

// -----

// Not merged: a fence orders everything around it (InstructionDesc::
// orderingBarrier); no wait moves past it.
// CHECK-LABEL: snr.trace @fence at 0
// REMARK: wait-merge.mlir:[[#@LINE+3]]:3: remark: [Failure] wait-merge | Category:snr.dma | Reason="stays: the fence at pc 2 (wait-merge.mlir:[[#@LINE+4]]) orders everything around it"
snr.trace @fence at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.fence {pc = 2 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
}
