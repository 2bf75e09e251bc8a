// A RISC-V trace in the riscv dialect prints as its assembly and reads back
// to the same IR; each op's text is what LLVM's RISC-V decoder makes of its
// encoding (the copy kernel's loop, recorded from QEMU at VLEN 128).
// RUN: snr-opt %s | FileCheck %s
// RUN: snr-opt %s | snr-opt | FileCheck %s
// RUN: snr-opt %s --emit-bytecode | snr-opt | FileCheck %s

// CHECK-LABEL: riscv.trace @copy at 0x10646 isa "rv64gcv" vlenb 16 attributes {machine = "riscv:rv64"} {
// CHECK-NEXT:    riscv.snapshot {
// CHECK-NEXT:      riscv.init_reg "a0" = "e803000000000000"
// CHECK-NEXT:      riscv.init_mem "ram"[488448] = "16271c96"
// CHECK-NEXT:    }
// CHECK-NEXT:    riscv.inst 0x10646 "beqz a0, 0x10664" enc 0xcd19 in "copy_bytes"
// CHECK-NEXT:    riscv.inst 0x10648 "li a3, 0x0" enc 0x4681
// CHECK-NEXT:    riscv.inst 0x1064a "vsetvli a4, a0, e8, m2, ta, ma" enc 0x0c157757 after {vl = 32 : i64, vtype = 193 : i64}
// CHECK-NEXT:    riscv.inst 0x1064e "add a5, a1, a3" enc 0x00d587b3
// CHECK-NEXT:    riscv.inst 0x10652 "vle8.v v8, (a5)" enc 0x02078407
// CHECK-NEXT:    riscv.inst 0x10656 "add a5, a2, a3" enc 0x00d607b3
// CHECK-NEXT:    riscv.inst 0x1065a "sub a0, a0, a4" enc 0x8d19
// CHECK-NEXT:    riscv.inst 0x1065c "vse8.v v8, (a5)" enc 0x02078427
// CHECK-NEXT:    riscv.inst 0x10660 "add a3, a3, a4" enc 0x96ba
// CHECK-NEXT:    riscv.inst 0x10662 "bnez a0, 0x1064a" enc 0xf565 next 0x1064a
// CHECK-NEXT:    riscv.inst 0x1064a "vsetvli a4, a0, e8, m2, ta, ma" enc 0x0c157757
// CHECK-NEXT:  }
riscv.trace @copy at 0x10646 isa "rv64gcv" vlenb 16 attributes {machine = "riscv:rv64"} {
  riscv.snapshot {
    riscv.init_reg "a0" = "e803000000000000"
    riscv.init_mem "ram"[488448] = "16271c96"
  }
  riscv.inst 0x10646 "beqz a0, 0x10664" enc 0xcd19 in "copy_bytes"
  riscv.inst 0x10648 "li a3, 0x0" enc 0x4681
  riscv.inst 0x1064a "vsetvli a4, a0, e8, m2, ta, ma" enc 0x0c157757 after {vl = 32 : i64, vtype = 193 : i64}
  riscv.inst 0x1064e "add a5, a1, a3" enc 0x00d587b3
  riscv.inst 0x10652 "vle8.v v8, (a5)" enc 0x02078407
  riscv.inst 0x10656 "add a5, a2, a3" enc 0x00d607b3
  riscv.inst 0x1065a "sub a0, a0, a4" enc 0x8d19
  riscv.inst 0x1065c "vse8.v v8, (a5)" enc 0x02078427
  riscv.inst 0x10660 "add a3, a3, a4" enc 0x96ba
  riscv.inst 0x10662 "bnez a0, 0x1064a" enc 0xf565 next 0x1064a
  riscv.inst 0x1064a "vsetvli a4, a0, e8, m2, ta, ma" enc 0x0c157757
}
