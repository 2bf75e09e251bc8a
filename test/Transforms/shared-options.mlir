// The options the passes share with snr-replay are declared once
// (SnR/Pipeline/Options.def): every pass that replays with the analyses
// takes all of them, checked as snr-replay checks them, and names them as
// a pass option in its errors (snr-replay says --cache-windows, --hoist-model:
// test/Replay/bad-options.test).
// RUN: not snr-opt %s --snr-suggest=cache-windows=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=WINDOWS
// RUN: not snr-opt %s --snr-hoist-dma=cache-windows=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=WINDOWS
// WINDOWS: error: cache-windows=0 is outside the budget: expected 1 to
// RUN: not snr-opt %s --snr-hoist-dma=model=foo -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: error: model 'foo' is not 'relaxed' or 'conservative'

// max-slice limits the slice a relaxed backtail carries along, in the pass
// as in snr-replay. The DMA at pc 3 reads s5, computed by the chain
// mul (pc 0) -> addi (pc 1) -> addi (pc 2), all lightweight: with
// max-slice=1 it carries only the addi at pc 2 and can move 1 instruction
// up, 1 cycle (to after the addi at pc 1, which writes s4); with the default 8
// it carries all three and moves to the start of the trace, 3 instructions
// and 5 cycles up (it issues at cycle 5, the mul at 0).
// RUN: snr-opt %s --snr-test-print-analyses=max-slice=1 | FileCheck %s --check-prefix=SLICE1
// RUN: snr-opt %s --snr-test-print-analyses | FileCheck %s --check-prefix=SLICE8
// SLICE1: suggest dma 0 blocked-by-dependency stall 509 push-limit 1 (1 instructions)
// SLICE1-SAME: it needs the addi at pc 1
// SLICE8: suggest dma 0 blocked-by-dependency stall 509 push-limit 5 (3 instructions)
// SLICE8-SAME: it needs the start of the trace
snr.trace @t at 0 {
  snr.snapshot {
    snr.init_reg s1 = 0
  }
  snr.mul s2, s3, s3 {pc = 0 : i64}
  snr.addi s4, s2, 32 {pc = 1 : i64}
  snr.addi s5, s4, 4096 {pc = 2 : i64}
  snr.dma.issue hbm[s5] -> vmem[0], 640, f0 {pc = 3 : i64}
  snr.dma.wait f0 {pc = 4 : i64}
  snr.vld v1, vmem[0] {pc = 5 : i64}
}
