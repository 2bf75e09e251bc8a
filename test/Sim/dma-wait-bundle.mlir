// RUN: snr-opt %s --snr-simulate | FileCheck %s
// RUN: snr-opt %s --snr-test-print-sim-events | FileCheck %s --check-prefix=EVENTS
// RUN: snr-translate --export-snr-trace %s -o %t.jsonl
// RUN: rm -rf %t && snr-replay %t.jsonl -o %t --quiet
// RUN: %python %S/check-wait-split.py %t/metrics.json | FileCheck %s --check-prefix=SPLIT
// RUN: FileCheck %s --check-prefix=METRICS < %t/metrics.json

// A wait that could share the previous instruction's cycle: it is reached
// where its idle cycles start, and its split is measured from there, so
// metrics.json's fields agree with each other at every issue width. The
// default machine (issue width 4, Tb = 500, hbm->vmem 64 B/cycle): the DMA
// and the cmpi issue at 0; the br reads p1 and issues at 1; the wait's
// in-order slot is 1 (same bundle) but nothing issues in 2..563, so it is
// reached at 2. DMA: base ends 500, 4096 / 64 = 64 cycles -> tc = 564.
// Stall 564 - 2 = 562 = 498 base (500 - 2) + 64 transfer. (It used to be
// reported reached at its slot, 1, with the same 498 base: 500 - 1 != 498.)
// CHECK-LABEL: snr.trace @wait_in_a_bundle
// CHECK: snr.br {{.*}}replay<issue = 1, ready = 2>
// CHECK: snr.dma.wait {{.*}}replay<issue = 564, ready = 565, stall = 562 dma_wait, wait base 498 transfer 64 slack 0 dmas 1>
// EVENTS: dma 0 issue #0 @0 hbm->vmem 4096 B flag f0 base-end 500
// EVENTS: wait #3 f0 ready @2 issue @564 dmas [0] charged 0 base 498 transfer 64 slack 0
// SPLIT: 1 waited DMAs checked, 0 inconsistent
// METRICS: "base_end_cycle": 500,
// METRICS: "base_stall": 498,
// METRICS: "wait_ready_cycle": 2{{$}}
snr.trace @wait_in_a_bundle at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.cmpi gt p1, s2, 0 {pc = 1 : i64}
  snr.br 16 if p1 {executed = false, pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
}
