# A program that never ends (test/Remote/qemu-session.test: a continue that
# must be interrupted).
    .globl _start
    .text
_start:
    j    _start
