// The passes share one replay: the machine is recorded on the trace by the
// first pass that names it, and the analyses are kept until a pass changes
// the trace. --snr-debug-replays prints a line per replay for analyses (the
// rewrite's proof replays the original and the rewritten trace besides,
// through the replay API, and is not counted here).
// RUN: snr-opt %s --snr-simulate=machine=%S/../Sim/Inputs/test-machine.json --snr-suggest --snr-test-print-analyses --snr-debug-replays -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: snr-opt %s --snr-simulate=machine=%S/../Sim/Inputs/test-machine.json --snr-suggest --snr-hoist-dma --snr-simulate --snr-debug-replays 2>&1 | FileCheck %s --check-prefix=REWRITE
// A pass that asks for other options, or another machine, replays again.
// RUN: snr-opt %s --snr-simulate --snr-suggest=max-slice=2 --snr-simulate=machine=%S/../Sim/Inputs/test-machine.json --snr-debug-replays -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER

// ONCE: snr-debug-replays: replaying @t for its analyses
// ONCE-NOT: snr-debug-replays

// Once before the rewrite, once after it (the trace changed).
// REWRITE: snr-debug-replays: replaying @t for its analyses
// REWRITE-NEXT: snr-debug-replays: replaying @t for its analyses
// REWRITE-NOT: snr-debug-replays
// REWRITE: snr.trace @t at 0 attributes {reordered, snr.machine_file = "{{.*}}test-machine.json"}
// REWRITE: snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64} replay<issue = 1,

// OTHER-COUNT-3: snr-debug-replays: replaying @t for its analyses
// OTHER-NOT: snr-debug-replays
snr.trace @t at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 1 {pc = 1 : i64}
  snr.addi s5, s1, 4096 {pc = 2 : i64}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}
