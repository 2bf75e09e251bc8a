# The inner loop of a single-precision matrix multiply as compilers and BLAS
# kernels emit it for AVX2 + FMA: a 4 x 16 tile of C in eight registers,
# per step four broadcasts of A, two loads of B and eight FMAs, then the
# pointer and counter updates. bench/run.py repeats it with -iterations so
# llvm-mca simulates about as many instructions as SnR's headline trace.
.Lloop:
  vbroadcastss (%rsi), %ymm8
  vbroadcastss 4(%rsi), %ymm9
  vbroadcastss 8(%rsi), %ymm10
  vbroadcastss 12(%rsi), %ymm11
  vmovups (%rdx), %ymm12
  vmovups 32(%rdx), %ymm13
  vfmadd231ps %ymm12, %ymm8, %ymm0
  vfmadd231ps %ymm13, %ymm8, %ymm1
  vfmadd231ps %ymm12, %ymm9, %ymm2
  vfmadd231ps %ymm13, %ymm9, %ymm3
  vfmadd231ps %ymm12, %ymm10, %ymm4
  vfmadd231ps %ymm13, %ymm10, %ymm5
  vfmadd231ps %ymm12, %ymm11, %ymm6
  vfmadd231ps %ymm13, %ymm11, %ymm7
  addq $16, %rsi
  addq %r8, %rdx
  decq %rcx
  jne .Lloop
