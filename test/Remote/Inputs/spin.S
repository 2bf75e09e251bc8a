# A long loop for measuring steps per second (test/Remote/qemu-speed.test):
# three instructions per iteration, a million iterations, then exit(0).
    .globl _start
    .text
_start:
    li   t0, 1000000
    li   a0, 0
loop:
    addi a0, a0, 1
    addi t0, t0, -1
    bnez t0, loop
    li   a7, 93
    li   a0, 0
    ecall
