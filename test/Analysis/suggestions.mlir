// Algorithm 2's verdicts, worked out by hand. Machine: test-machine (issue
// width 1, latencies 1 but a 120-cycle mul, Tb = 100, 64 B/cycle, 16 MiB
// VMEM); the first case also on small-vmem (8 pages of 4 KiB).
// RUN: snr-opt %s --split-input-file --snr-test-print-analyses='machine=%S/../Sim/Inputs/test-machine.json cache-windows=1000' -o /dev/null | FileCheck %s
// RUN: snr-opt %s --split-input-file --snr-test-print-analyses='machine=%S/Inputs/small-vmem.json cache-windows=1000' -o /dev/null | FileCheck %s --check-prefix=SMALL

// D (12288 B into vmem[0]) is issued late. Cycles: X, Y, Z (4 KiB each, one
// link) complete at 164, 228, 292; the wait issues at 292; mul 293 (ready
// 413); the vlds of X, Y, Z at 413, 414, 415; D at 416: base 516, 192
// cycles of transfer -> 708; its wait, ready at 417, stalls 291 (99 base,
// 192 transfer). D reads only HBM no one wrote: its relaxed backtail
// reaches the start (push limit 416 > 291). The latest point at least 291
// cycles before 416 is Z's issue (#2, cycle 2): hoist 6 instructions, 414
// cycles. D needs 12288 / 512 = 24 pages of the 16 MiB VMEM. Over [2, 416]
// only the first page of X, Y and Z (512-byte pages 8, 32 and 48, read by
// the vlds) is live; their other pages are never read. The largest free
// run is pages 49-32767: 32719 pages, room enough.
// Z itself (charged with the first wait's 289 cycles) cannot move: it is
// issued at 2 and nothing comes before it but X and Y.
// CHECK-LABEL: run cycles 710
// CHECK: suggest dma 2 blocked-by-dependency stall 289 push-limit 2 (2 instructions)
// CHECK: suggest dma 3 hoist stall 291 push-limit 416 (8 instructions) target #2 hoist 6 / 414 pages 24 free 32719 saving 291
// On small-vmem D needs 3 pages, but over [2, 416] pages 1 (X), 4 (Y) and
// 6 (Z) are live: the largest free run is 2 pages (2-3).
// SMALL-LABEL: run cycles 710
// SMALL: suggest dma 2 blocked-by-dependency
// SMALL-NEXT: suggest dma 3 no-room stall 291 push-limit 416 (8 instructions) target #2 hoist 6 / 414 pages 3 free 2 saving 0: its wait stalled 291 cycles (99 on base latency, 192 on transfer); its dependencies let it start 414 cycles earlier, but over that window the largest contiguous free VMEM region is 2 pages and it needs 3
snr.trace @room at 0 {
  snr.dma.issue hbm[0] -> vmem[4096], 4096, f0 {pc = 0 : i64}
  snr.dma.issue hbm[8192] -> vmem[16384], 4096, f0 {pc = 1 : i64}
  snr.dma.issue hbm[16384] -> vmem[24576], 4096, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.mul s1, s0, s0 {pc = 4 : i64}
  snr.vld v1, vmem[s1 + 4096] {pc = 5 : i64}
  snr.vld v2, vmem[s1 + 16384] {pc = 6 : i64}
  snr.vld v3, vmem[s1 + 24576] {pc = 7 : i64}
  snr.dma.issue hbm[32768] -> vmem[0], 12288, f1 {pc = 8 : i64}
  snr.dma.wait f1 {pc = 9 : i64}
  snr.vld v4, vmem[0] {pc = 10 : i64}
}

// -----

// A write-back of data computed just before it cannot move: the DMA reads
// what the vst at #0 wrote, so its earliest place is where it is. vst @0,
// dma @1 (base 101, 10 cycles -> 111), wait ready 2 -> stall 109.
// CHECK-LABEL: run cycles 112
// CHECK: suggest dma 0 blocked-by-dependency stall 109 push-limit 0 (0 instructions) target #1 hoist 0 / 0 pages 0 free 0 saving 0: its wait stalled 109 cycles, but it can start at most 0 cycles earlier: it needs the vst at pc 0 (suggestions.mlir:{{[0-9]+}}), which writes the data it reads in vmem
snr.trace @blocked at 0 {
  snr.vst v1, vmem[0] {pc = 0 : i64}
  snr.dma.issue vmem[0] -> hbm[0], 640, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
}

// -----

// The same write-back, 121 cycles of other work later: vst @0, mul @1
// (ready 121), addi @121, dma @122 (6400 B: base 222, 100 cycles -> 322),
// wait ready 123 -> stall 199 (99 base, 100 transfer), ready 323. It can
// move back to just after the vst (the mul at cycle 1): push limit 121 <=
// 199, so only 121 cycles of the stall can go.
// CHECK-LABEL: run cycles 323
// CHECK: suggest dma 0 hoist-partly stall 199 push-limit 121 (2 instructions) target #1 hoist 2 / 121 pages 0 free 0 saving 121: its wait stalled 199 cycles (99 on base latency, 100 on transfer); it can start only 121 cycles earlier: it needs the vst at pc 0 (suggestions.mlir:{{[0-9]+}}), which writes the data it reads in vmem
snr.trace @partly at 0 {
  snr.vst v1, vmem[0] {pc = 0 : i64}
  snr.mul s1, s0, s0 {pc = 1 : i64}
  snr.addi s2, s1, 0 {pc = 2 : i64}
  snr.dma.issue vmem[0] -> hbm[0], 6400, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
}

// -----

// Setup DMAs issued and waited one at a time, though independent: each pays
// the base latency (32 B: base 99 + 1 transfer = 100 of stall each).
// A: issue 0 -> 101, wait 101; B: issue 102 -> 203, wait 203; C: 204 -> 305.
// B and C could start at the beginning (push limits 102 and 204 > 100): both
// hoists, aimed 100 + 100/8 = 112 cycles back (the last point at least that
// far back: B's is A's issue at 0, C's too, 204 cycles back); A cannot move. Together they form a group; issuing them together
// saves the base latency of B and C: 99 + 99 = 198.
// CHECK-LABEL: run cycles 306
// CHECK: suggest dma 0 blocked-by-dependency stall 100 push-limit 0
// CHECK: suggest dma 1 hoist stall 100 push-limit 102 (2 instructions) target #0 hoist 2 / 102 pages 0 free 0 saving 100
// CHECK: suggest dma 2 hoist stall 100 push-limit 204 (4 instructions) target #0 hoist 4 / 204 pages 0 free 0 saving 100
// CHECK: parallel-group dmas 0 1 2 saving 198 hlo setup
snr.trace @serial at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}

// -----

// A DMA that needs the data of the one before it (B copies what A brought
// into SMEM) is not in a parallel group: its backtail stops at A's wait.
// CHECK-LABEL: run cycles 204
// CHECK-NOT: parallel-group
snr.trace @dependent at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue smem[0] -> hbm[4096], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
}
