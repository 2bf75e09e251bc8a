# vsetvli, vsetivli and vsetvl: the AVL register and x0 rules; vl and vtype
# are recorded after each.

# RUN: llvm-mc -triple=riscv64 -mattr=+v -filetype=obj %s -o %t.o
# RUN: snr-describe-riscv %t.o | FileCheck %s
# A non-zero vstart is cleared.
# RUN: snr-describe-riscv %t.o --reg vstart=2 | FileCheck %s --check-prefix=VSTART

# CHECK: vsetvli a0, a1, e32, m4, ta, ma
# CHECK-NEXT: reads: a1
# CHECK-NEXT: writes: a0 vl vtype
# CHECK-NEXT: record after: vl vtype
# VSTART: vsetvli a0, a1, e32, m4, ta, ma
# VSTART-NEXT: reads: a1
# VSTART-NEXT: writes: a0 vstart vl vtype
  vsetvli a0, a1, e32, m4, ta, ma

# rs1 = x0, rd not x0: AVL = VLMAX.
# CHECK: vsetvli a0, zero, e8, m8, ta, ma
# CHECK-NEXT: writes: a0 vl vtype
# CHECK-NEXT: record after: vl vtype
  vsetvli a0, zero, e8, m8, ta, ma

# Both x0: vl is kept.
# CHECK: vsetvli zero, zero, e16, mf2, tu, mu
# CHECK-NEXT: reads: vl
# CHECK-NEXT: writes: vl vtype
  vsetvli zero, zero, e16, mf2, tu, mu

# CHECK: vsetivli zero, 0x10, e64, m1, ta, ma
# CHECK-NEXT: writes: vl vtype
# CHECK-NEXT: record after: vl vtype
  vsetivli zero, 16, e64, m1, ta, ma

# CHECK: vsetvl t0, a1, a2
# CHECK-NEXT: reads: a1 a2
# CHECK-NEXT: writes: t0 vl vtype
  vsetvl t0, a1, a2
