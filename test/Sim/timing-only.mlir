// Timing-only replay (functional=false) executes no values: it trusts the
// outcomes the trace recorded, so it replays even a trace whose snapshot
// would contradict them (divergence.mlir), and reports no memory accesses.
// RUN: snr-opt %s --snr-simulate='machine=%S/Inputs/test-machine.json functional=false' | FileCheck %s
// RUN: snr-opt %s --snr-test-print-sim-events='machine=%S/Inputs/test-machine.json functional=false' -o /dev/null | FileCheck %s --check-prefix=EVENTS

// The recorded outcome (taken) stands: the target issues after the refill.
// CHECK: snr.br 3 if p1 {{.*}}replay<issue = 1, ready = 2>
// CHECK: snr.nop {{.*}}replay<issue = 4, ready = 5, stall = 2 branch>
// CHECK: snr.dma.issue {{.*}}replay<issue = 5, {{.*}}dma = "hbm->vmem" base_end 105 start 105 complete 115>

// EVENTS: run test-machine instructions 4 timing-only
// EVENTS-NOT: {{^}}read
// EVENTS-NOT: {{^}}write
// EVENTS: end instructions 4 cycles 6 last-dma 115
snr.trace @guard at 0 {
  snr.snapshot {
    snr.init_reg p1 = 0
  }
  snr.nop {pc = 0 : i64}
  snr.br 3 if p1 {executed = true, pc = 1 : i64}
  snr.nop {pc = 3 : i64}
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 4 : i64}
}
