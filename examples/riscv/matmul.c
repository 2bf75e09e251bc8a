/*===- matmul.c - fp32 matrix multiply, vectorised by clang for RVV --------===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * C = A * B for M x K and K x N row-major fp32 matrices. The inner loop runs
 * along a row of B and C: vle32.v, vfmacc.vf, vse32.v. The inputs are
 * multiples of 1/4 in [-2, 2], so every sum is exact and the result does not
 * depend on VLEN or on the order of the additions. Break at `matmul_f32`.
 *
 *===----------------------------------------------------------------------===*/

#include "kernel_support.h"

#ifndef M
#define M 16
#endif
#ifndef N
#define N 16
#endif
#ifndef K
#define K 16
#endif

__attribute__((noinline)) void matmul_f32(size_t m, size_t n, size_t k,
                                          const float *restrict a,
                                          const float *restrict b,
                                          float *restrict c) {
  for (size_t i = 0; i < m; ++i) {
    for (size_t j = 0; j < n; ++j)
      c[i * n + j] = 0.0f;
    for (size_t p = 0; p < k; ++p) {
      float aip = a[i * k + p];
      for (size_t j = 0; j < n; ++j)
        c[i * n + j] += aip * b[p * n + j];
    }
  }
}

static void matmul_reference(size_t m, size_t n, size_t k, const float *a,
                             const float *b, float *c) {
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float sum = 0.0f;
#pragma clang loop vectorize(disable) interleave(disable)
      for (size_t p = 0; p < k; ++p)
        sum += a[i * k + p] * b[p * n + j];
      c[i * n + j] = sum;
    }
}

static float a[M * K], b[K * N], c[M * N], expected[M * N];

int main(void) {
  for (size_t i = 0; i < M * K; ++i)
    a[i] = (float)lcg_range(-8, 8) / 4.0f;
  for (size_t i = 0; i < K * N; ++i)
    b[i] = (float)lcg_range(-8, 8) / 4.0f;
  matmul_f32(M, N, K, a, b, c);
  matmul_reference(M, N, K, a, b, expected);
  int ok = 1;
  for (size_t i = 0; i < M * N; ++i)
    ok &= c[i] == expected[i];
  return report("matmul_f32", checksum_bytes(c, sizeof(c)), ok);
}
