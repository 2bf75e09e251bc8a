# What SnR cannot describe is an error naming the PC and the mnemonic; what
# LLVM cannot decode names the PC and the bytes.

# RUN: llvm-mc -triple=riscv64 -mattr=+v -filetype=obj %s -o %t.o
# RUN: snr-describe-riscv %t.o --reg a7=222 --reg vtype=0x8000000000000000 \
# RUN:   | FileCheck %s

# CHECK: 0x0: ecall
# CHECK-NEXT: error: pc 0x0: SnR cannot describe 'ecall' (system call 222: only exit (93), exit_group (94) and write (64) are described)
  ecall

# CHECK: 0x4: rdcycle a0
# CHECK-NEXT: error: pc 0x4: SnR cannot describe 'rdcycle' (it accesses CSR 0xc00, which SnR does not track)
  rdcycle a0

# CHECK: 0x8: ebreak
# CHECK-NEXT: error: pc 0x8: SnR cannot describe 'ebreak' (a breakpoint trap, which a debugger handles)
  ebreak

# CHECK: 0xc: wfi
# CHECK-NEXT: error: pc 0xc: SnR cannot describe 'wfi' (it has effects LLVM does not model (a privileged or environment instruction))
  wfi

# CHECK: 0x10: vadd.vv v8, v16, v24
# CHECK-NEXT: error: pc 0x10: SnR cannot describe 'vadd.vv' (vtype 0x8000000000000000 is illegal (vill): the instruction traps)
  vadd.vv v8, v16, v24

# custom-0, no RV64GCV instruction.
# CHECK: 0x14: <unknown>
# CHECK-NEXT: error: pc 0x14: cannot decode the bytes 0b 00 00 00 as an instruction of rv64i2p1
  .word 0x0000000b
