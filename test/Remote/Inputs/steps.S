# A tiny static RISC-V program for test/Remote: a short loop with a branch
# taken and not taken, a vector instruction, then exit(7). Built with
# -nostdlib: nothing runs before _start.
    .globl _start
    .text
_start:
    li   t0, 3              # the loop runs three times
    li   a0, 0
loop:
    add  a0, a0, t0
    addi t0, t0, -1
    bnez t0, loop
after_loop:
    vsetivli t1, 4, e32, m1, ta, ma
    vmv.v.i  v1, 5
    li   a7, 93             # exit
    li   a0, 7
    ecall
