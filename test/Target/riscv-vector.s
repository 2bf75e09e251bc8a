# The RVV layer at e32, m2 (vtype 0xd1: ta, ma), vl 5 of VLMAX 8 at VLEN
# 128: an m2 group's first register holds elements 0-3 (wholly written), the
# second element 4 (its tail kept, so read too). a0 = 0x1000, a1 = 16,
# v0 = 0b10101 (elements 0, 2 and 4 active).

# RUN: llvm-mc -triple=riscv64 -mattr=+v,+f,+d -filetype=obj %s -o %t.o
# RUN: snr-describe-riscv %t.o --vlenb 16 --reg vtype=0xd1 --reg vl=5 \
# RUN:   --reg a0=0x1000 --reg a1=16 --reg v0=0x15 | FileCheck %s
# At VLEN 512 (sifive-x280), vl 20 of VLMAX 32: the first register holds 16.
# RUN: snr-describe-riscv %t.o --vlenb 64 --reg vtype=0xd1 --reg vl=20 \
# RUN:   --reg a0=0x1000 --reg a1=16 | FileCheck %s --check-prefix=V512

# CHECK: vle32.v v8, (a0)
# CHECK-NEXT: reads: a0 v9 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1014)
# V512: vle32.v v8, (a0)
# V512-NEXT: reads: a0 v9 vstart vl vtype
# V512-NEXT: writes: v8 v9
# V512-NEXT: loads: [0x1000, 0x1050)
  vle32.v v8, (a0)

# Masked: only active elements are loaded; v8 keeps elements 1 and 3.
# CHECK: vle32.v v8, (a0), v0.t
# CHECK-NEXT: reads: a0 v0 v8 v9 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1004) [0x1008, 0x100c) [0x1010, 0x1014)
  vle32.v v8, (a0), v0.t

# CHECK: vlse32.v v8, (a0), a1
# CHECK-NEXT: reads: a0 a1 v9 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1004) [0x1010, 0x1014) [0x1020, 0x1024) [0x1030, 0x1034) [0x1040, 0x1044)
  vlse32.v v8, (a0), a1

# CHECK: vse32.v v8, (a0)
# CHECK-NEXT: reads: a0 v8 v9 vstart vl vtype
# CHECK-NEXT: stores: [0x1000, 0x1014)
  vse32.v v8, (a0)

# CHECK: vfmacc.vf v8, fa0, v16
# CHECK-NEXT: reads: fa0 fflags frm v8 v9 v16 v17 vstart vl vtype
# CHECK-NEXT: writes: fflags v8 v9
  vfmacc.vf v8, fa0, v16

# Widening: an e64 m4 destination, its third register partly written.
# CHECK: vwmacc.vv v8, v16, v20
# CHECK-NEXT: reads: v8 v9 v10 v16 v17 v20 v21 vstart vl vtype
# CHECK-NEXT: writes: v8 v9 v10
  vwmacc.vv v8, v16, v20

# CHECK: vsext.vf2 v8, v16
# CHECK-NEXT: reads: v9 v16 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
  vsext.vf2 v8, v16

# CHECK: vredsum.vs v8, v16, v24
# CHECK-NEXT: reads: v8 v16 v17 v24 vstart vl vtype
# CHECK-NEXT: writes: v8
  vredsum.vs v8, v16, v24

# CHECK: vmslt.vx v0, v16, a0
# CHECK-NEXT: reads: a0 v0 v16 v17 vstart vl vtype
# CHECK-NEXT: writes: v0
  vmslt.vx v0, v16, a0

# CHECK: vl2re32.v v8, (a0)
# CHECK-NEXT: reads: a0 vstart
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1020)
  vl2re32.v v8, (a0)

# CHECK: vle32ff.v v8, (a0)
# CHECK-NEXT: reads: a0 v8 v9 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1014)
# CHECK-NEXT: loads may stop at a fault
# CHECK-NEXT: record after: vl
  vle32ff.v v8, (a0)

# CHECK: vmv.x.s a1, v16
# CHECK-NEXT: reads: v16 vstart vl vtype
# CHECK-NEXT: writes: a1
  vmv.x.s a1, v16

# CHECK: vslidedown.vi v8, v16, 0x3
# CHECK-NEXT: reads: v9 v16 v17 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
  vslidedown.vi v8, v16, 3

# Every 16-bit index is 0.
# CHECK: vluxei16.v v8, (a0), v4
# CHECK-NEXT: reads: a0 v4 v9 vstart vl vtype
# CHECK-NEXT: writes: v8 v9
# CHECK-NEXT: loads: [0x1000, 0x1004)
  vluxei16.v v8, (a0), v4

# CHECK: vlseg2e32.v v8, (a0)
# CHECK-NEXT: reads: a0 v9 v11 vstart vl vtype
# CHECK-NEXT: writes: v8 v9 v10 v11
# CHECK-NEXT: loads: [0x1000, 0x1028)
  vlseg2e32.v v8, (a0)
