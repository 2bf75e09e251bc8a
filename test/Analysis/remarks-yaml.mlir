// The suggestion remarks (remarks.mlir) through MLIR's YAML remark output:
// with --remarks-filter-missed only the [Missed] ones, located at their
// lines. Without a filter no remark is emitted.
// RUN: snr-opt %s --snr-suggest=machine=%S/../Sim/Inputs/test-machine.json --remarks-filter-missed=snr.dma --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: FileCheck %s < %t.yaml
// RUN: snr-opt %s --snr-suggest=machine=%S/../Sim/Inputs/test-machine.json -o /dev/null 2>&1 | count 0

// CHECK:      --- !Missed
// CHECK-NEXT: Pass:            snr.dma
// CHECK-NEXT: Name:            dma-hoist
// CHECK-NEXT: DebugLoc:        { File: '{{.*}}remarks-yaml.mlir',
// CHECK-NEXT:                    Line: {{[0-9]+}}, Column: 3 }
// CHECK:        - Suggestion:      'issue it in front of the dma.issue at pc 0 (line {{[0-9]+}}): 2 instructions, 102 cycles earlier'
// CHECK:      --- !Missed
// CHECK:      Name:            dma-hoist
// CHECK:      --- !Missed
// CHECK:      Name:            dma-parallelize
// CHECK:        - expected_saving_cycles: '198'
// CHECK-NOT:  !Analysis

snr.trace @serial at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}
