# The effects of scalar RV64GC instructions, assembled by llvm-mc (which
# compresses what it can), with a0 = 0x1000, a1 = 0x2000, a2 = 5, sp =
# 0x8000, a7 = 64 (write); every other register is 0.

# RUN: llvm-mc -triple=riscv64 -mattr=+m,+a,+f,+d,+c,+v -filetype=obj %s -o %t.o
# RUN: snr-describe-riscv %t.o --reg a0=0x1000 --reg a1=0x2000 --reg a2=5 \
# RUN:   --reg sp=0x8000 --reg a7=64 | FileCheck %s

  .attribute arch, "rv64gcv"

# CHECK: 0x0: add a3, a0, a1
# CHECK-NEXT: reads: a0 a1
# CHECK-NEXT: writes: a3
  add a3, a0, a1

# x0 is neither read nor written.
# CHECK: 0x4: mv a3, a1
# CHECK-NEXT: reads: a1
# CHECK-NEXT: writes: a3
  c.mv a3, a1

# CHECK: lw a3, 0x4(a1)
# CHECK-NEXT: reads: a1
# CHECK-NEXT: writes: a3
# CHECK-NEXT: loads: [0x2004, 0x2008)
  lw a3, 4(a1)

# A compressed load from the stack.
# CHECK: ld ra, 0x18(sp)
# CHECK-NEXT: reads: sp
# CHECK-NEXT: writes: ra
# CHECK-NEXT: loads: [0x8018, 0x8020)
  ld ra, 24(sp)

# CHECK: sb a2, -0x1(a0)
# CHECK-NEXT: reads: a0 a2
# CHECK-NEXT: stores: [0xfff, 0x1000)
  sb a2, -1(a0)

# A single loaded into an f register writes all of it (NaN-boxed).
# CHECK: flw fa5, 0x8(a0)
# CHECK-NEXT: reads: a0
# CHECK-NEXT: writes: fa5
# CHECK-NEXT: loads: [0x1008, 0x100c)
  flw fa5, 8(a0)

# CHECK: amoswap.d.aqrl a3, a2, (a0)
# CHECK-NEXT: reads: a0 a2
# CHECK-NEXT: writes: a3
# CHECK-NEXT: loads: [0x1000, 0x1008)
# CHECK-NEXT: stores: [0x1000, 0x1008)
  amoswap.d.aqrl a3, a2, (a0)

# CHECK: sc.w a3, a2, (a1)
# CHECK-NEXT: reads: a1 a2
# CHECK-NEXT: writes: a3
# CHECK-NEXT: loads: [0x2000, 0x2004)
# CHECK-NEXT: stores: [0x2000, 0x2004)
# CHECK-NEXT: record after: a3
  sc.w a3, a2, (a1)

# Dynamic rounding reads frm; FP exceptions accrue into fflags.
# CHECK: fmadd.s fa0, fa1, fa2, fa3
# CHECK-NEXT: reads: fa1 fa2 fa3 fflags frm
# CHECK-NEXT: writes: fa0 fflags
  fmadd.s fa0, fa1, fa2, fa3
# CHECK: fmul.d fa0, fa1, fa2, rtz
# CHECK-NEXT: reads: fa1 fa2 fflags
# CHECK-NEXT: writes: fa0 fflags
  fmul.d fa0, fa1, fa2, rtz
# CHECK: fmv.w.x fa0, a0
# CHECK-NEXT: reads: a0
# CHECK-NEXT: writes: fa0
  fmv.w.x fa0, a0

# fsrmi is csrrwi rd, frm, imm.
# CHECK: fsrmi a4, 0x2
# CHECK-NEXT: reads: frm
# CHECK-NEXT: writes: a4 frm
  fsrmi a4, 2
# CHECK: csrr a4, vlenb
# CHECK-NEXT: reads: vlenb
# CHECK-NEXT: writes: a4
  csrr a4, vlenb

# CHECK: beq a0, a1, 0x
# CHECK-NEXT: reads: a0 a1
# CHECK-NEXT: control: branch
  beq a0, a1, .+16
# CHECK: ret
# CHECK-NEXT: reads: ra
# CHECK-NEXT: control: branch
  ret

# write(a0, a1, a2): the bytes [a1, a1 + a2); a0 comes back.
# CHECK: ecall
# CHECK-NEXT: reads: a0 a1 a2 a7
# CHECK-NEXT: writes: a0
# CHECK-NEXT: loads: [0x2000, 0x2005)
# CHECK-NEXT: control: system call
# CHECK-NEXT: record after: a0
  ecall

# CHECK: fence rw, rw
# CHECK-NOT: reads
# CHECK: fence.i
  fence rw, rw
  fence.i
