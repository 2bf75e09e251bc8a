// DMA stall records and totals, and unit utilization, worked out by hand.
// Machine: test-machine (issue width 1, latencies 1 except vexp 8 with
// interval 4 and matmul 10; Tb = 100; 64 B/cycle). Windows of 40 cycles.
// RUN: snr-opt %s --snr-test-print-analyses='machine=%S/../Sim/Inputs/test-machine.json window=40' -o /dev/null | FileCheck %s
//
// Cycles:
//   #0 a dma.issue f0 (640 B)   @0    base 100, moves 100-110
//   #1 a dma.issue f1 (640 B)   @1    base 101, link busy: moves 110-120
//   #2 a vexp v1               @2    vector unit busy [2, 6), ready 10
//   #3 a mxu.matmul q0, v1     @10   waits for v1, ready 20
//   #4 b dma.wait f0           ready 11, issues 110: base 89, transfer 10
//   #5 b mxu.matmul q1, v2     @111  ready 121
//   #6 b dma.wait f1           ready 112, issues 120: transfer 8 (base over)
//   #7 b mxu.pop v3, q1        @121  ready 122 -> the run is 122 cycles.
// Both DMAs are issued in HLO a and waited in b: cross-HLO.
// CHECK: run cycles 122 last-dma 120
// CHECK-NEXT: dma 0 issue #0 link hbm->vmem bytes 640 cycles 0 100 100 110 wait #4 ready 11 issue 110 base 89 transfer 10 slack 0 charged hlo a -> b cross
// CHECK-NEXT: dma 1 issue #1 link hbm->vmem bytes 640 cycles 1 101 110 120 wait #6 ready 112 issue 120 base 0 transfer 8 slack 0 charged hlo a -> b cross
// CHECK-NEXT: dma-total dmas 2 bytes 1280 stalled 2 base 89 transfer 18 slack 0
// CHECK-NEXT: dma-link hbm->vmem dmas 2 bytes 1280 stalled 2 base 89 transfer 18 slack 0
// CHECK-NEXT: dma-hlo b dmas 2 bytes 1280 stalled 2 base 89 transfer 18 slack 0
//
// Windows [0,40) [40,80) [80,120) [120,160). Vector: [2,6) = 4/40 in window
// 0, 4/122 overall. Matrix: one cycle per matmul and pop: windows 0, 2, 3;
// 3/122 overall. The link moves [100,120): 20/40 in window 2, 20/122.
// CHECK-NEXT: util window 40 total 122
// CHECK-NEXT: util scalar overall 0.000 windows 0.000 0.000 0.000 0.000
// CHECK-NEXT: util loadstore overall 0.000 windows 0.000 0.000 0.000 0.000
// CHECK-NEXT: util vector overall 0.033 windows 0.100 0.000 0.000 0.000
// CHECK-NEXT: util matrix overall 0.025 windows 0.025 0.000 0.025 0.025
// CHECK-NEXT: util hbm->vmem overall 0.164 windows 0.000 0.000 0.500 0.000
//
// Per HLO: a spans [0, 20): vector 4/20, matrix 1/20; b spans [110, 122):
// matrix 2/12.
// CHECK: util-hlo a span 0-20 scalar 0.000 loadstore 0.000 vector 0.200 matrix 0.050
// CHECK-NEXT: util-hlo b span 110-122 scalar 0.000 loadstore 0.000 vector 0.000 matrix 0.167
//
// The matrix unit has work in flight [10, 20) and [111, 122). The wait #4
// stalls [11, 110): the matrix unit idles [20, 110) on DMA 0. The wait #6
// stalls [112, 120) while a matmul is in flight: not idle.
// CHECK-NEXT: matrix-idle-on-dma [20, 110) wait #4 dma 0
// CHECK-NEXT: matrix-idle-on-dma-cycles 90
snr.trace @t at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {hlo = "a", pc = 0 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 640, f1 {hlo = "a", pc = 1 : i64}
  snr.vexp v1, v0 {hlo = "a", pc = 2 : i64}
  snr.mxu.matmul q0, v1 {hlo = "a", pc = 3 : i64}
  snr.dma.wait f0 {hlo = "b", pc = 4 : i64}
  snr.mxu.matmul q1, v2 {hlo = "b", pc = 5 : i64}
  snr.dma.wait f1 {hlo = "b", pc = 6 : i64}
  snr.mxu.pop v3, q1 {hlo = "b", pc = 7 : i64}
}
