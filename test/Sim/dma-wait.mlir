// The DMA model of DESIGN.md on replayed traces, every cycle worked out by
// hand. Machine: test-machine.json (issue width 1, unit latencies 1, a
// 120-cycle scalar_mul used as a timer, DMA base latency Tb = 100, every link
// 64 B/cycle, no shared bandwidth).
// RUN: snr-opt %s --split-input-file --snr-simulate=machine=%S/Inputs/test-machine.json | FileCheck %s

// Case 1, the wait comes before the base latency ends (tw < ti + Tb).
// DMA at ti = 0: base ends 100; 4096 / 64 = 64 cycles -> tc = 164.
// The wait is ready at tw = 1: stall 164 - 1 = 163 = 99 base (100 - 1) + 64
// transfer (164 - 100).
// CHECK-LABEL: snr.trace @wait_before_base_end
// CHECK: snr.dma.issue {{.*}}dma = "hbm->vmem" base_end 100 start 100 complete 164>
// CHECK: snr.dma.wait {{.*}}replay<issue = 164, ready = 165, stall = 163 dma_wait, wait base 99 transfer 64 slack 0 dmas 1>
snr.trace @wait_before_base_end at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
}

// -----

// Case 2, the wait comes during the transfer (ti + Tb <= tw < tc).
// DMA at 0 completes at 164 (as above). mul at 1 is ready at 121; the addi
// that reads it has its in-order slot at 2 and issues at 121 (stall 119);
// the wait is ready at tw = 122 >= 100: stall 164 - 122 = 42, all transfer.
// CHECK-LABEL: snr.trace @wait_during_transfer
// CHECK: snr.addi {{.*}}replay<issue = 121, ready = 122, stall = 119 scoreboard>
// CHECK: snr.dma.wait {{.*}}replay<issue = 164, ready = 165, stall = 42 dma_wait, wait base 0 transfer 42 slack 0 dmas 1>
snr.trace @wait_during_transfer at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.mul s1, s0, s0 {pc = 1 : i64}
  snr.addi s2, s1, 0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
}

// -----

// Case 3, the wait comes after completion (tw >= tc): no stall, slack.
// 640 B take 10 cycles: tc = 110. The wait is ready at 122 (as above):
// slack 122 - 110 = 12, and it issues at 122.
// CHECK-LABEL: snr.trace @wait_with_slack
// CHECK: snr.dma.issue {{.*}}complete 110>
// CHECK: snr.dma.wait {{.*}}replay<issue = 122, ready = 123, wait base 0 transfer 0 slack 12 dmas 1>
snr.trace @wait_with_slack at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.mul s1, s0, s0 {pc = 1 : i64}
  snr.addi s2, s1, 0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
}

// -----

// Two DMAs issued back to back on one link: base latencies overlap (end at
// 100 and 101), transfers serialize. A (4096 B) moves 100-164; B (8192 B)
// waits for the link until 164 and moves 128 cycles: 164-292. One wait
// covers both and is charged to B, which finishes last: ready at 2, stall
// 290 = 99 base (101 - 2) + 191 transfer (292 - 101; B's queueing counts as
// transfer latency).
// CHECK-LABEL: snr.trace @same_link
// CHECK: snr.dma.issue {{.*}}replay<issue = 0, {{.*}}dma = "hbm->vmem" base_end 100 start 100 complete 164>
// CHECK: snr.dma.issue {{.*}}replay<issue = 1, {{.*}}dma = "hbm->vmem" base_end 101 start 164 complete 292>
// CHECK: snr.dma.wait {{.*}}replay<issue = 292, ready = 293, stall = 290 dma_wait, wait base 99 transfer 191 slack 0 dmas 2>
snr.trace @same_link at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.dma.issue hbm[4096] -> vmem[4096], 8192, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
}

// -----

// The same two DMAs on two links move in parallel: B (hbm->hbm) starts at
// its base end 101 and completes at 101 + 128 = 229. The wait is charged to
// B: 99 base + 128 transfer = 227.
// CHECK-LABEL: snr.trace @two_links
// CHECK: snr.dma.issue {{.*}}complete 164>
// CHECK: snr.dma.issue {{.*}}replay<issue = 1, {{.*}}dma = "hbm->hbm" base_end 101 start 101 complete 229>
// CHECK: snr.dma.wait {{.*}}replay<issue = 229, ready = 230, stall = 227 dma_wait, wait base 99 transfer 128 slack 0 dmas 2>
snr.trace @two_links at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.dma.issue hbm[4096] -> hbm[1048576], 8192, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
}

// -----

// A wait covering several DMAs is charged to the one finishing last, even if
// it was issued first: A (8192 B, issued 0) moves 100-228; B (640 B on
// another link, issued 1) moves 101-111. The wait, ready at 2, stalls 226:
// A's base 98 (100 - 2) + transfer 128.
// CHECK-LABEL: snr.trace @charged_to_last
// CHECK: snr.dma.wait {{.*}}replay<issue = 228, ready = 229, stall = 226 dma_wait, wait base 98 transfer 128 slack 0 dmas 2>
snr.trace @charged_to_last at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 8192, f0 {pc = 0 : i64}
  snr.dma.issue hbm[8192] -> hbm[1048576], 640, f0 {pc = 1 : i64}
  snr.dma.wait f0 {pc = 2 : i64}
}

// -----

// Waits are per flag: the wait on f1 covers only B. A (f0, 4096 B) moves
// 100-164 on hbm->vmem, B (f1, 640 B) 101-111 on hbm->hbm. Wait f1 ready at
// 2: stall 109 = 99 base + 10 transfer. Wait f0 ready at 112: stall 52, all
// transfer. A wait on a flag with nothing outstanding does not stall.
// CHECK-LABEL: snr.trace @per_flag
// CHECK: snr.dma.wait f1 {{.*}}replay<issue = 111, ready = 112, stall = 109 dma_wait, wait base 99 transfer 10 slack 0 dmas 1>
// CHECK: snr.dma.wait f0 {{.*}}replay<issue = 164, ready = 165, stall = 52 dma_wait, wait base 0 transfer 52 slack 0 dmas 1>
// CHECK: snr.dma.wait f2 {{.*}}replay<issue = 165, ready = 166, wait base 0 transfer 0 slack 0 dmas 0>
snr.trace @per_flag at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.dma.issue hbm[8192] -> hbm[1048576], 640, f1 {pc = 1 : i64}
  snr.dma.wait f1 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
  snr.dma.wait f2 {pc = 4 : i64}
}

// -----

// Serial setup DMAs (issue, wait, issue, wait) pay the base latency every
// time: 640 B each. A: 0, base 100, complete 110; wait ready at 1 stalls
// 109 (99 + 10) and issues at 110. B is issued at 111, completes 221; its
// wait, ready at 112, stalls 109 again (99 + 10).
// CHECK-LABEL: snr.trace @serial_setup
// CHECK: snr.dma.wait {{.*}}wait base 99 transfer 10 slack 0 dmas 1>
// CHECK: snr.dma.issue {{.*}}replay<issue = 111, {{.*}}dma = "hbm->smem" base_end 211 start 211 complete 221>
// CHECK: snr.dma.wait {{.*}}replay<issue = 221, ready = 222, stall = 109 dma_wait, wait base 99 transfer 10 slack 0 dmas 1>
snr.trace @serial_setup at 0 {
  snr.dma.issue hbm[0] -> smem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
  snr.dma.issue hbm[640] -> smem[640], 640, f0 {pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
}

