// The worked DMA example of DESIGN.md, on test-machine.json (issue width 1,
// Tb = 100, every link 64 B/cycle): A (4096 B, pc 10) issued at cycle 10, B
// (8192 B, pc 12) at 12 on the same link. A's base latency ends at 110, it
// moves 110-174; B's ends at 112, it queues until 174 and moves 174-302. A's
// wait (pc 50) is reached at 50: 124 = 60 base + 64 transfer; B's (pc 76) at
// 200: 102, all transfer. Then C (pc 91, hbm->smem, 640 B), whose address is
// loaded from smem 13 instructions after the st that wrote it, waited right
// away: 109 cycles. 428 cycles in all.
// Algorithm 2 suggests moving B in front of everything (hoist-partly, 12
// cycles) and C up to the st. B above A takes the link first: A's wait then
// lasts until 302 and the replay is 16 cycles slower (as 320 vs 304 without
// C); moving C saves 12.
snr.trace @worked_example at 0 {
  snr.snapshot {
    snr.init_reg s7 = 4096
  }
  snr.addi s1, s1, 1 {pc = 0 : i64}
  snr.addi s1, s1, 1 {pc = 1 : i64}
  snr.addi s1, s1, 1 {pc = 2 : i64}
  snr.addi s1, s1, 1 {pc = 3 : i64}
  snr.addi s1, s1, 1 {pc = 4 : i64}
  snr.addi s1, s1, 1 {pc = 5 : i64}
  snr.addi s1, s1, 1 {pc = 6 : i64}
  snr.addi s1, s1, 1 {pc = 7 : i64}
  snr.addi s1, s1, 1 {pc = 8 : i64}
  snr.addi s1, s1, 1 {pc = 9 : i64}
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 10 : i64}
  snr.addi s1, s1, 1 {pc = 11 : i64}
  snr.dma.issue hbm[8192] -> vmem[8192], 8192, f1 {pc = 12 : i64}
  snr.addi s1, s1, 1 {pc = 13 : i64}
  snr.addi s1, s1, 1 {pc = 14 : i64}
  snr.addi s1, s1, 1 {pc = 15 : i64}
  snr.addi s1, s1, 1 {pc = 16 : i64}
  snr.addi s1, s1, 1 {pc = 17 : i64}
  snr.addi s1, s1, 1 {pc = 18 : i64}
  snr.addi s1, s1, 1 {pc = 19 : i64}
  snr.addi s1, s1, 1 {pc = 20 : i64}
  snr.addi s1, s1, 1 {pc = 21 : i64}
  snr.addi s1, s1, 1 {pc = 22 : i64}
  snr.addi s1, s1, 1 {pc = 23 : i64}
  snr.addi s1, s1, 1 {pc = 24 : i64}
  snr.addi s1, s1, 1 {pc = 25 : i64}
  snr.addi s1, s1, 1 {pc = 26 : i64}
  snr.addi s1, s1, 1 {pc = 27 : i64}
  snr.addi s1, s1, 1 {pc = 28 : i64}
  snr.addi s1, s1, 1 {pc = 29 : i64}
  snr.addi s1, s1, 1 {pc = 30 : i64}
  snr.addi s1, s1, 1 {pc = 31 : i64}
  snr.addi s1, s1, 1 {pc = 32 : i64}
  snr.addi s1, s1, 1 {pc = 33 : i64}
  snr.addi s1, s1, 1 {pc = 34 : i64}
  snr.addi s1, s1, 1 {pc = 35 : i64}
  snr.addi s1, s1, 1 {pc = 36 : i64}
  snr.addi s1, s1, 1 {pc = 37 : i64}
  snr.addi s1, s1, 1 {pc = 38 : i64}
  snr.addi s1, s1, 1 {pc = 39 : i64}
  snr.addi s1, s1, 1 {pc = 40 : i64}
  snr.addi s1, s1, 1 {pc = 41 : i64}
  snr.addi s1, s1, 1 {pc = 42 : i64}
  snr.addi s1, s1, 1 {pc = 43 : i64}
  snr.addi s1, s1, 1 {pc = 44 : i64}
  snr.addi s1, s1, 1 {pc = 45 : i64}
  snr.addi s1, s1, 1 {pc = 46 : i64}
  snr.addi s1, s1, 1 {pc = 47 : i64}
  snr.addi s1, s1, 1 {pc = 48 : i64}
  snr.addi s1, s1, 1 {pc = 49 : i64}
  snr.dma.wait f0 {pc = 50 : i64}
  snr.addi s1, s1, 1 {pc = 51 : i64}
  snr.addi s1, s1, 1 {pc = 52 : i64}
  snr.addi s1, s1, 1 {pc = 53 : i64}
  snr.addi s1, s1, 1 {pc = 54 : i64}
  snr.addi s1, s1, 1 {pc = 55 : i64}
  snr.addi s1, s1, 1 {pc = 56 : i64}
  snr.addi s1, s1, 1 {pc = 57 : i64}
  snr.addi s1, s1, 1 {pc = 58 : i64}
  snr.addi s1, s1, 1 {pc = 59 : i64}
  snr.addi s1, s1, 1 {pc = 60 : i64}
  snr.addi s1, s1, 1 {pc = 61 : i64}
  snr.addi s1, s1, 1 {pc = 62 : i64}
  snr.addi s1, s1, 1 {pc = 63 : i64}
  snr.addi s1, s1, 1 {pc = 64 : i64}
  snr.addi s1, s1, 1 {pc = 65 : i64}
  snr.addi s1, s1, 1 {pc = 66 : i64}
  snr.addi s1, s1, 1 {pc = 67 : i64}
  snr.addi s1, s1, 1 {pc = 68 : i64}
  snr.addi s1, s1, 1 {pc = 69 : i64}
  snr.addi s1, s1, 1 {pc = 70 : i64}
  snr.addi s1, s1, 1 {pc = 71 : i64}
  snr.addi s1, s1, 1 {pc = 72 : i64}
  snr.addi s1, s1, 1 {pc = 73 : i64}
  snr.addi s1, s1, 1 {pc = 74 : i64}
  snr.addi s1, s1, 1 {pc = 75 : i64}
  snr.dma.wait f1 {pc = 76 : i64}
  snr.st s7, smem[64] {pc = 77 : i64}
  snr.addi s2, s2, 1 {pc = 78 : i64}
  snr.addi s2, s2, 1 {pc = 79 : i64}
  snr.addi s2, s2, 1 {pc = 80 : i64}
  snr.addi s2, s2, 1 {pc = 81 : i64}
  snr.addi s2, s2, 1 {pc = 82 : i64}
  snr.addi s2, s2, 1 {pc = 83 : i64}
  snr.addi s2, s2, 1 {pc = 84 : i64}
  snr.addi s2, s2, 1 {pc = 85 : i64}
  snr.addi s2, s2, 1 {pc = 86 : i64}
  snr.addi s2, s2, 1 {pc = 87 : i64}
  snr.addi s2, s2, 1 {pc = 88 : i64}
  snr.addi s2, s2, 1 {pc = 89 : i64}
  snr.ld s5, smem[64] {pc = 90 : i64}
  snr.dma.issue hbm[s5] -> smem[128], 640, f2 {pc = 91 : i64}
  snr.dma.wait f2 {pc = 92 : i64}
}
