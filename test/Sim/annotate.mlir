// Re-running the simulation replaces its annotations (the output is a fixed
// point), annotations survive a print/parse round trip, and the IR is
// otherwise untouched.
// RUN: snr-opt %s --snr-simulate=machine=%S/Inputs/test-machine.json > %t.1.mlir
// RUN: snr-opt %t.1.mlir --snr-simulate=machine=%S/Inputs/test-machine.json > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: snr-opt %t.1.mlir --mlir-print-op-generic | snr-opt | diff %t.1.mlir -
// A different machine replaces every annotation: the default snr-ref has a
// 500-cycle DMA base latency.
// RUN: snr-opt %t.1.mlir --snr-simulate=machine=default | FileCheck %s --check-prefix=REF
// Stale DMA annotations on an op that no longer executes go away.
// RUN: sed 's/snr.dma.issue hbm\[0\] -> vmem\[0\], 640, f0 {/snr.dma.issue hbm[0] -> vmem[0], 640, f0 if p1 {executed = false, /' %t.1.mlir | snr-opt --snr-simulate=machine=%S/Inputs/test-machine.json | FileCheck %s --check-prefix=OFF

// REF: snr.dma.issue {{.*}}base_end 500 start 500 complete 510
// OFF: snr.dma.issue hbm[0] -> vmem[0], 640, f0 if p1 {executed = false, pc = 0 : i64} replay<issue = 0, ready = 1>
// OFF-NEXT: snr.dma.wait f0 {pc = 1 : i64} replay<issue = 1, ready = 2, wait base 0 transfer 0 slack 0 dmas 0>
snr.trace @t at 0 {
  snr.dma.issue hbm[0] -> vmem[0], 640, f0 {pc = 0 : i64}
  snr.dma.wait f0 {pc = 1 : i64}
}
