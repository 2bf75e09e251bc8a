// Algorithm 1 saves a register or memory byte only when the trace reads it
// before anything in the trace wrote it.
// RUN: snr-record %s --break-at 0 --count 100 --verify -o - | FileCheck %s

snr.program @minimal {
  snr.snapshot {
    snr.init_reg s3 = 7
    snr.init_reg s9 = 100
    snr.init_mem smem[32] = dense<[1, 0, 0, 0, 2, 0, 0, 0]> : tensor<8xi8>
    snr.init_mem hbm[64] = dense<5> : tensor<64xi8>
  }
  // s1 is written before it is read: not saved. s3 is read first: saved.
  snr.movi s1, 5 {pc = 0 : i64}
  snr.add s2, s1, s3 {pc = 1 : i64}
  // smem[16] is stored before it is loaded: not saved. smem[32] is loaded
  // first: saved, 4 bytes only (not the 8 the program holds there).
  snr.st s2, smem[16] {pc = 2 : i64}
  snr.ld s4, smem[16] {pc = 3 : i64}
  snr.ld s5, smem[32] {pc = 4 : i64}
  // A DMA reads its source range: saved; s9 is never read: not saved.
  snr.dma.issue hbm[64] -> vmem[0], 64, f1 {pc = 5 : i64}
  snr.dma.wait f1 {pc = 6 : i64}
  // A false guard reads only the guard: p2 is saved, s6/s7 are not.
  snr.add s8, s6, s7 if p2 {pc = 7 : i64}
  snr.halt {pc = 8 : i64}
}

// CHECK: {"format":"snr-trace","version":1,"machine":"snr-ref","program":"minimal","start_pc":0,"instructions":9,"hlo_map":[],"line_table":{"file":"{{.*}}minimality.mlir","entries":{{\[\[0,13,3\],\[1,14,3\],\[2,17,3\],\[3,18,3\],\[4,19,3\],\[5,21,3\],\[6,22,3\],\[7,24,3\],\[8,25,3\]\]}}}}
// CHECK-NEXT: {"reg":"s3","value":7}
// CHECK-NEXT: {"reg":"p2","value":0}
// CHECK-NEXT: {"reg":"f1","value":0}
// CHECK-NEXT: {"mem":"smem","addr":32,"bytes":"01000000"}
// CHECK-NEXT: {"mem":"hbm","addr":64,"bytes":"05050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505050505"}
// CHECK-NEXT: {"pc":0,"op":"movi","rd":"s1","imm":5}
// CHECK: {"pc":7,"op":"add","rd":"s8","rs1":"s6","rs2":"s7","guard":{"reg":"p2","negated":false},"executed":false}
// CHECK-NEXT: {"pc":8,"op":"halt"}
