// RUN: snr-opt %s --snr-simulate | FileCheck %s

// A wait that could share the previous instruction's cycle: the split covers
// only its idle issue cycles, as its stall does. The default machine (issue
// width 4, Tb = 500, hbm->vmem 64 B/cycle): the DMA and the cmpi issue at 0;
// the br reads p1 and issues at 1; the wait's in-order slot is 1 (same
// bundle) but nothing issues in 2..563. DMA: base ends 500, 4096 / 64 = 64
// cycles -> tc = 564. Stall 564 - 2 = 562 = 498 base (500 - 2) + 64
// transfer; the split is not measured from the slot (that gave 499 + 64).
// CHECK-LABEL: snr.trace @wait_in_a_bundle
// CHECK: snr.br {{.*}}replay<issue = 1, ready = 2>
// CHECK: snr.dma.wait {{.*}}replay<issue = 564, ready = 565, stall = 562 dma_wait, wait base 498 transfer 64 slack 0 dmas 1>
snr.trace @wait_in_a_bundle at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 4096, f0 {pc = 0 : i64}
  snr.cmpi gt p1, s2, 0 {pc = 1 : i64}
  snr.br 16 if p1 {executed = false, pc = 2 : i64}
  snr.dma.wait f0 {pc = 3 : i64}
}
