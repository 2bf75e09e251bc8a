// Page liveness of the data cache, worked out by hand. Machine: small VMEM
// (8 pages of 4 KiB in 4 blocks of 2), issue width 1, latencies 1, DMA base
// latency 100, 64 B/cycle. --cache-windows=4 cuts the run into 4 windows.
// RUN: snr-opt %s --split-input-file --snr-test-print-analyses='machine=%S/Inputs/small-vmem.json cache-windows=4' -o /dev/null | FileCheck %s

// X (pages 0-1, issued at 0) completes at 100 + 128 = 228; W (page 5, at 1)
// queues behind it: 228 + 64 = 292. The wait issues at 292. vld page 0 at
// 293, vld page 1 at 294, vst page 7 at 295 (never read: wasted), vld page 0
// again at 296, ready at 297: the run is 297 cycles. Windows of
// ceil(297 / 4) = 75 cycles: [0,75) [75,150) [150,225) [225,300).
// Page 0 is live [0, 296], page 1 [0, 294]: both in every window, the other
// 6 pages free, largest free run pages 2-7 = 6. Nothing was overwritten
// unread, but when the trace ends X has 8192 - 192 = 8000 bytes unread (the
// vlds read 3 x 64), W all its 4096 and the vst its 64.
// CHECK-LABEL: run cycles 297 last-dma 292
// CHECK: cache pages 8 page-bytes 4096 window 75 windows 4 used 4 peak 2 median-free 6.0 median-largest-free 6.0
// CHECK-NEXT: cache occupied 2 2 2 2
// CHECK-NEXT: cache largest-free 6 6 6 6
// CHECK-NEXT: cache heat 0 b0:2
// CHECK-NEXT: cache heat 1 b0:2
// CHECK-NEXT: cache heat 2 b0:2
// CHECK-NEXT: cache heat 3 b0:2
// CHECK-NEXT: cache wasted-bytes 0
// CHECK-NEXT: cache unread-at-end #0 bytes 8000 first-page 0 dma
// CHECK-NEXT: cache unread-at-end #1 bytes 4096 first-page 5 dma
// CHECK-NEXT: cache unread-at-end #5 bytes 64 first-page 7
// CHECK-NEXT: cache unread-at-end-bytes 12160
snr.trace @liveness at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 8192, f0 {pc = 0 : i64}
  snr.dma.issue hbm[8192] -> vmem[20480], 4096, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
  snr.vld v1, vmem[0] {pc = 3 : i64}
  snr.vld v2, vmem[4096] {pc = 4 : i64}
  snr.vst v1, vmem[28672] {pc = 5 : i64}
  snr.vld v3, vmem[64] {pc = 6 : i64}
}

// -----

// Fragmentation: pages 1, 4 and 6 stay live while the run's second half
// reads them; the free space (5 pages) is split into runs of 1, 2, 1, 1.
// Page p is written by a vst at cycle p' and read at the end:
//   vst page 1 @0, vst page 4 @1, vst page 6 @2, mul @3 (ready 123),
//   vld page 1 @123 (waits for s1), vld page 4 @124, vld page 6 @125,
//   ready 126. Windows of ceil(126 / 4) = 32 cycles.
// Window 0 [0,32): the three pages are live (written, read later) -> 3
// occupied, largest free run 2 (pages 2-3); every window the same, as each
// page stays live until its read in window 3.
// CHECK-LABEL: run cycles 126 last-dma 0
// CHECK: cache pages 8 page-bytes 4096 window 32 windows 4 used 3 peak 3 median-free 5.0 median-largest-free 2.0
// CHECK-NEXT: cache occupied 3 3 3 3
// CHECK-NEXT: cache largest-free 2 2 2 2
// CHECK-NEXT: cache heat 0 b0:1 b2:1 b3:1
// CHECK: cache wasted-bytes 0
// CHECK-NEXT: cache unread-at-end-bytes 0
snr.trace @fragmented at 0 {
  snr.vst v1, vmem[4096] {pc = 0 : i64}
  snr.vst v1, vmem[16384] {pc = 1 : i64}
  snr.vst v1, vmem[24576] {pc = 2 : i64}
  snr.mul s1, s0, s0 {pc = 3 : i64}
  snr.vld v2, vmem[s1 + 4096] {pc = 4 : i64}
  snr.vld v3, vmem[s1 + 16384] {pc = 5 : i64}
  snr.vld v4, vmem[s1 + 24576] {pc = 6 : i64}
}

// -----

// Stores that fill a page piece by piece are one generation, and none of
// them is wasted; a store over bytes nobody read is. vst [0,64) @0, vst
// [64,128) @1, vst [0,64) again @2 (the first store's 64 bytes were never
// read: wasted), vld [0,64) @3, vld [64,128) @4, ready 5. Windows of
// ceil(5 / 4) = 2 cycles; the one page is live [0, 4], in all three.
// CHECK-LABEL: run cycles 5 last-dma 0
// CHECK: cache pages 8 page-bytes 4096 window 2 windows 3 used 1 peak 1
// CHECK: cache occupied 1 1 1
// CHECK: cache wasted #0 bytes 64 first-page 0
// CHECK-NEXT: cache wasted-bytes 64
// CHECK-NEXT: cache unread-at-end-bytes 0
snr.trace @piecewise at 0 {
  snr.vst v1, vmem[0] {pc = 0 : i64}
  snr.vst v2, vmem[64] {pc = 1 : i64}
  snr.vst v3, vmem[0] {pc = 2 : i64}
  snr.vld v4, vmem[0] {pc = 3 : i64}
  snr.vld v5, vmem[64] {pc = 4 : i64}
}
