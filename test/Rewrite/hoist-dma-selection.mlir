// A selection of DMAs the trace does not have is an error at the trace, not
// a rewrite that silently moves nothing.
// RUN: snr-opt %s --snr-hoist-dma='hlo=nosuch' --verify-diagnostics
// RUN: not snr-opt %s --snr-hoist-dma='pcs=0,7' 2>&1 | FileCheck %s
// CHECK: hoist-dma-selection.mlir:[[@LINE+3]]:1: error: no dma.issue at pc 7 in the trace

// expected-error @+1 {{no HLO named 'nosuch' in the trace; it has: fusion.0}}
snr.trace @t at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {hlo = "fusion.0", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "fusion.0", pc = 1 : i64}
}
