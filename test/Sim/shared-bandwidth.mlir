// Links that share a memory's bandwidth split it while both move data.
// Machine: test-machine-shared.json (as test-machine.json, but hbm->vmem and
// hbm->hbm share 64 B/cycle of HBM bandwidth).
// RUN: snr-opt %s --snr-simulate=machine=%S/Inputs/test-machine-shared.json | FileCheck %s
// Without the group the same DMAs do not slow each other down.
// RUN: snr-opt %s --snr-simulate=machine=%S/Inputs/test-machine.json | FileCheck %s --check-prefix=ALONE

// A (4096 B, hbm->vmem) issued at 0, B (4096 B, hbm->hbm) at 1. A moves alone
// from 100 to 101 at 64 B/cycle: 4032 B left. From 101 both move at 32:
// A needs 4032 / 32 = 126 cycles -> completes 227; B has then moved
// 126 x 32 = 4032, 64 B left, alone at 64 B/cycle: 1 cycle -> 228.
// The wait (ready at 2) is charged to B: 99 base (101 - 2) + 127 transfer.
// CHECK: snr.dma.issue {{.*}}replay<issue = 0, {{.*}}dma = "hbm->vmem" base_end 100 start 100 complete 227>
// CHECK: snr.dma.issue {{.*}}replay<issue = 1, {{.*}}dma = "hbm->hbm" base_end 101 start 101 complete 228>
// CHECK: snr.dma.wait {{.*}}replay<issue = 228, ready = 229, stall = 226 dma_wait, wait base 99 transfer 127 slack 0 dmas 2>

// Alone: A 100-164, B 101-165.
// ALONE: complete 164>
// ALONE: complete 165>
// ALONE: snr.dma.wait {{.*}}wait base 99 transfer 64 slack 0 dmas 2>
snr.trace @shared at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.dma.issue hbm[4096] -> hbm[1048576], 4096, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
}
