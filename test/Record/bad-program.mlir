// A program whose loaded image does not fit the memories, or that faults
// while being recorded, is an error located at the op; no trace is written.
// RUN: rm -rf %t && split-file %s %t
// RUN: not snr-record %t/image.mlir --count 4 -o %t/image.jsonl 2>&1 | FileCheck %s --check-prefix=IMAGE
// RUN: not test -e %t/image.jsonl
// RUN: not snr-record %t/fault.mlir --count 4 -o %t/fault.jsonl 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: not test -e %t/fault.jsonl
// RUN: not snr-record %t/flag.mlir --count 4 -o %t/flag.jsonl 2>&1 | FileCheck %s --check-prefix=FLAG

// IMAGE: image.mlir:3:5: error: 'snr.init_mem' op initializes smem[16380, 16388), outside the memory (16384 bytes)
// FAULT: error: {{.*}}fault.mlir:3:3: pc 1: the device faulted: source smem[16384, 16388) is outside smem (16384 bytes)
// FLAG: error: {{.*}}flag.mlir:5:3: pc 0: the device faulted: flag f2 already counts 2147483647 outstanding DMAs, the most it can hold

//--- image.mlir
snr.program @p {
  snr.snapshot {
    snr.init_mem smem[16380] = dense<1> : tensor<8xi8>
  }
  snr.halt {pc = 0 : i64}
}
//--- fault.mlir
snr.program @p {
  snr.movi s1, 16380 {pc = 0 : i64}
  snr.ld s2, smem[s1 + 4] {pc = 1 : i64}
  snr.halt {pc = 2 : i64}
}
//--- flag.mlir
snr.program @p {
  snr.snapshot {
    snr.init_reg f2 = 2147483647
  }
  snr.dma.issue hbm[0] -> vmem[0], 32, f2 {pc = 0 : i64}
  snr.halt {pc = 1 : i64}
}
