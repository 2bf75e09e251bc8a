// The suggestion remarks (remarks.mlir) through MLIR's YAML remark output:
// with --remarks-filter-missed only the [Missed] ones, one per static PC,
// located at their lines, with Function = the HLO, the arguments reading as
// a sentence (text pieces under "String"), and the hotness as the last
// argument "Hotness" (MLIR's remark API has no hotness field; snr-replay's
// remarks.opt.yaml carries the field). Without a filter no remark is emitted.
// RUN: snr-opt %s --snr-suggest=machine=%S/../Sim/Inputs/test-machine.json --remarks-filter-missed=snr.dma --remark-format=yaml --remarks-output-file=%t.yaml -o /dev/null
// RUN: FileCheck %s < %t.yaml
// RUN: snr-opt %s --snr-suggest=machine=%S/../Sim/Inputs/test-machine.json -o /dev/null 2>&1 | count 0

// CHECK:      --- !Missed
// CHECK-NEXT: Pass:            snr.dma
// CHECK-NEXT: Name:            dma-hoist
// CHECK-NEXT: DebugLoc:        { File: '{{.*}}remarks-yaml.mlir',
// CHECK-NEXT:                    Line: {{[0-9]+}}, Column: 3 }
// CHECK-NEXT: Function:        setup
// CHECK-NEXT: Args:
// CHECK-NEXT:   - String:          'dma.issue at pc 2: the waits of its '
// CHECK-NEXT:   - instances:       '1'
// CHECK-NEXT:   - String:          ' instance stalled '
// CHECK-NEXT:   - stall_cycles:    '100'
// CHECK:        - Verdict:         hoist 1
// CHECK:        - Suggestion:      issue it in front of the dma.issue at pc 0, 2 instructions earlier
// CHECK:        - expected_saving_cycles: '100'
// CHECK-NEXT:   - String:          ' cycles.'
// CHECK-NEXT:   - Hotness:         '100'
// CHECK-NEXT: ...
// CHECK:      --- !Missed
// CHECK:      Name:            dma-hoist
// CHECK:        - String:          'dma.issue at pc 4: the waits of its '
// CHECK:      --- !Missed
// CHECK:      Name:            dma-parallelize
// CHECK:      Function:        setup
// CHECK:        - pcs:             0, 2, 4
// CHECK:        - expected_saving_cycles: '198'
// CHECK:        - Hotness:         '198'
// CHECK-NOT:  !Analysis

snr.trace @serial at 0 {
  snr.dma.issue hbm[0] -> smem[0], 32, f0 {hlo = "setup", pc = 0 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 1 : i64}
  snr.dma.issue hbm[32] -> smem[32], 32, f0 {hlo = "setup", pc = 2 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 3 : i64}
  snr.dma.issue hbm[64] -> smem[64], 32, f0 {hlo = "setup", pc = 4 : i64}
  snr.dma.wait f0 {hlo = "setup", pc = 5 : i64}
}
