// --snr-simulate on a riscv.trace: the functional replay from the snapshot,
// then LLVM 22's sifive-x280 scheduling model (the default mcpu), each
// riscv.inst annotated with its issue and ready cycles, its stall and the
// trace index of the instruction that caused it. The kernel is
// test/Replay/riscv-run-directory.test's hand-timed one (its derivation from
// the model's numbers, and test/Target/riscv-timing-x280.test's):
//
//   #0 vsetvli t0, a0, e32, m2  issue 0, ready 3
//   #1 vfmacc.vv v8 (M2)        reads the vl/vtype #0 writes at 3: issue 3,
//                               stall 3 - (0 + 1) = 2 register, cause #0;
//                               ready 3 + 8 = 11
//   #2 vfmacc.vv v8             accumulates into #1's v8 (ready 11): issue
//                               11, stall 11 - 4 = 7 register, cause #1;
//                               ready 19
//   #3 vfmacc.vv v8             the same on #2: issue 19, stall 7, ready 27
//   #4 add a1, a2, a3           ready at 0 but its write-back may not
//                               precede #3's (27): issue 24 (ready 27),
//                               stall 24 - 20 = 4 write_order, cause #3
//   #5 ld a4, 0(a5)             dual-issues with #4 at 24, ready 27
//   #6 mul a6, a4, a4           waits for the loaded a4: issue 27, stall
//                               27 - 25 = 2 register, cause #5; ready 30
//
// The same figures as snr-replay's and snr-time-riscv's (`--schedule`) on
// the trace file (test/Replay/riscv-run-directory.test's k.jsonl).

// RUN: snr-opt %s --split-input-file --snr-simulate > %t.1.mlir
// RUN: FileCheck %s < %t.1.mlir

// Re-running replaces the annotations (the output is a fixed point); the
// annotated IR verifies and round-trips through text, the generic form and
// bytecode.
// RUN: snr-opt %t.1.mlir --split-input-file --snr-simulate | diff %t.1.mlir -
// RUN: snr-opt %t.1.mlir --split-input-file | diff %t.1.mlir -
// RUN: snr-opt %t.1.mlir --split-input-file --mlir-print-op-generic | snr-opt --split-input-file | diff %t.1.mlir -
// RUN: snr-opt %s --snr-simulate --emit-bytecode | snr-opt | FileCheck %s --check-prefix=BYTECODE

// Without annotation the IR is unchanged but for the `replay` properties.
// RUN: snr-opt %s --split-input-file > %t.0.mlir
// RUN: sed 's/ replay<.*>$//' %t.1.mlir | diff %t.0.mlir -

// like-mca: SnR's effects off. In @jump the add dual-issues with the jump
// at 0 (llvm-mca knows no taken-branch penalty).
// RUN: snr-opt %t.1.mlir --split-input-file --snr-simulate=like-mca | FileCheck %s --check-prefix=MCA

// functional=false: the timing alone, the same figures.
// RUN: snr-opt %s --split-input-file --snr-simulate=functional=false | diff %t.1.mlir -

// The pass also runs nested on the trace op itself, with the same result.
// RUN: snr-opt %s --split-input-file --pass-pipeline='builtin.module(riscv.trace(snr-simulate))' | diff %t.1.mlir -

// Another processor replaces every annotation: sifive-p670 is out of order,
// 4 wide, VLEN 128 (a warning says so). Its figures are
// snr-time-riscv --mcpu=sifive-p670's: the vsetvli is ready at 1, each
// vfmacc.vv takes 6 cycles; the add and the load issue at 1, out of order.
// RUN: snr-opt %t.1.mlir --split-input-file --snr-simulate=mcpu=sifive-p670 2>%t.err | FileCheck %s --check-prefix=P670
// RUN: FileCheck %s --check-prefix=P670-WARN < %t.err

// CHECK-LABEL: riscv.trace @k at 0x1000
// CHECK:      riscv.inst 0x1000 "vsetvli t0, a0, e32, m2, ta, ma" enc 0x0d1572d7 after {vl = 32 : i64, vtype = 209 : i64} in "kernel" replay<issue = 0, ready = 3>{{$}}
// CHECK-NEXT: riscv.inst 0x1004 "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel" replay<issue = 3, ready = 11, stall = 2 register, cause = 0>{{$}}
// CHECK-NEXT: riscv.inst 0x1008 "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel" replay<issue = 11, ready = 19, stall = 7 register, cause = 1>{{$}}
// CHECK-NEXT: riscv.inst 0x100c "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel" replay<issue = 19, ready = 27, stall = 7 register, cause = 2>{{$}}
// CHECK-NEXT: riscv.inst 0x1010 "add a1, a2, a3" enc 0x00d605b3 in "kernel" replay<issue = 24, ready = 27, stall = 4 write_order, cause = 3>{{$}}
// CHECK-NEXT: riscv.inst 0x1014 "ld a4, 0x0(a5)" enc 0x0007b703 in "kernel" replay<issue = 24, ready = 27>{{$}}
// CHECK-NEXT: riscv.inst 0x1018 "mul a6, a4, a4" enc 0x02e70833 in "kernel" replay<issue = 27, ready = 30, stall = 2 register, cause = 5>{{$}}

// BYTECODE: riscv.inst 0x1004 "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel" replay<issue = 3, ready = 11, stall = 2 register, cause = 0>
// BYTECODE: riscv.inst 0x1018 "mul a6, a4, a4" enc 0x02e70833 in "kernel" replay<issue = 27, ready = 30, stall = 2 register, cause = 5>

// MCA-LABEL: riscv.trace @k
// MCA: "mul a6, a4, a4" {{.*}} replay<issue = 27, ready = 30, stall = 2 register, cause = 5>{{$}}
// MCA-LABEL: riscv.trace @jump
// MCA-NEXT: "j 0x1008" {{.*}} replay<issue = 0, ready = 3>{{$}}
// MCA-NEXT: "add a1, a2, a3" {{.*}} replay<issue = 0, ready = 3>{{$}}

// P670-LABEL: riscv.trace @k
// P670-NEXT: riscv.snapshot
// P670:      "vsetvli t0, a0, e32, m2, ta, ma" {{.*}} replay<issue = 0, ready = 1>{{$}}
// P670-NEXT: "vfmacc.vv v8, v16, v24" {{.*}} replay<issue = 1, ready = 7, stall = 1 register, cause = 0>{{$}}
// P670-NEXT: "vfmacc.vv v8, v16, v24" {{.*}} replay<issue = 7, ready = 13, stall = 7 register, cause = 1>{{$}}
// P670-NEXT: "vfmacc.vv v8, v16, v24" {{.*}} replay<issue = 13, ready = 19, stall = 13 register, cause = 2>{{$}}
// P670-NEXT: "add a1, a2, a3" {{.*}} replay<issue = 1, ready = 2>{{$}}
// P670-NEXT: "ld a4, 0x0(a5)" {{.*}} replay<issue = 1, ready = 5>{{$}}
// P670-NEXT: "mul a6, a4, a4" {{.*}} replay<issue = 5, ready = 7, stall = 4 register, cause = 5>{{$}}
// P670-WARN: warning: the trace's VLEN is 512 bits but sifive-p670 has VLEN 128

riscv.trace @k at 0x1000 isa "rv64gcv" vlenb 64 {
  riscv.snapshot {
    riscv.init_reg "a0" = "2000000000000000"
    riscv.init_reg "a5" = "0020000000000000"
    riscv.init_mem "ram"[8192] = "0500000000000000"
  }
  riscv.inst 0x1000 "vsetvli t0, a0, e32, m2, ta, ma" enc 0x0d1572d7 after {vl = 32 : i64, vtype = 209 : i64} in "kernel"
  riscv.inst 0x1004 "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel"
  riscv.inst 0x1008 "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel"
  riscv.inst 0x100c "vfmacc.vv v8, v16, v24" enc 0xb3881457 in "kernel"
  riscv.inst 0x1010 "add a1, a2, a3" enc 0x00d605b3 in "kernel"
  riscv.inst 0x1014 "ld a4, 0x0(a5)" enc 0x0007b703 in "kernel"
  riscv.inst 0x1018 "mul a6, a4, a4" enc 0x02e70833 in "kernel"
}

// -----

// A taken jump: fetch restarts after it, one cycle of penalty (the x280
// model's; SnR's effect), so the add that could dual-issue at 0 issues at
// 2: stall 2 - (0 + 1) = 1 taken_branch, cause #0.

// CHECK-LABEL: riscv.trace @jump at 0x1000
// CHECK-NEXT: riscv.inst 0x1000 "j 0x1008" enc 0x0080006f next 0x1008 replay<issue = 0, ready = 3>{{$}}
// CHECK-NEXT: riscv.inst 0x1008 "add a1, a2, a3" enc 0x00d605b3 replay<issue = 2, ready = 5, stall = 1 taken_branch, cause = 0>{{$}}
riscv.trace @jump at 0x1000 isa "rv64gcv" vlenb 64 {
  riscv.inst 0x1000 "j 0x1008" enc 0x0080006f next 0x1008
  riscv.inst 0x1008 "add a1, a2, a3" enc 0x00d605b3
}
