/*===- softmax.c - fp32 softmax with a polynomial exp, for RVV ------------===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * y = exp(x - max x) / sum exp(x - max x) over rows of N floats, exp being
 * 2^(x log2 e) split into 2^n (built in the exponent bits) times a degree-5
 * polynomial for 2^f, f in [-0.5, 0.5]: no libm. The max and the sum are
 * vector reductions (vfredmax.vs, vfredusum.vs: reassociation is allowed
 * inside the kernel), exp is vfmacc/vfmadd, vfcvt and integer shifts. The
 * result depends on the order of the additions, so on VLEN: the check
 * compares with the scalar reference to a relative 1e-5. Break at
 * `softmax_f32`.
 *
 *===----------------------------------------------------------------------===*/

#include "kernel_support.h"

#ifndef ROWS
#define ROWS 4
#endif
#ifndef N
#define N 64
#endif

/* 2^t for t in about [-126, 0]. */
static inline float exp2_poly(float t) {
  float n = __builtin_floorf(t + 0.5f);
  float f = t - n; /* [-0.5, 0.5] */
  float p = 1.3333558e-3f;
  p = p * f + 9.6181291e-3f;
  p = p * f + 5.5504109e-2f;
  p = p * f + 2.4022651e-1f;
  p = p * f + 6.9314718e-1f;
  p = p * f + 1.0f;
  union {
    uint32_t bits;
    float value;
  } scale;
  scale.bits = (uint32_t)((int32_t)n + 127) << 23;
  return p * scale.value;
}

__attribute__((noinline)) void softmax_f32(size_t rows, size_t n,
                                           const float *restrict x,
                                           float *restrict y) {
#pragma clang fp reassociate(on)
  for (size_t r = 0; r < rows; ++r) {
    const float *xr = x + r * n;
    float *yr = y + r * n;
    float max = xr[0];
    for (size_t i = 0; i < n; ++i)
      max = __builtin_fmaxf(max, xr[i]);
    float sum = 0.0f;
    for (size_t i = 0; i < n; ++i) {
      float e = exp2_poly((xr[i] - max) * 1.44269504f);
      yr[i] = e;
      sum += e;
    }
    float inverse = 1.0f / sum;
    for (size_t i = 0; i < n; ++i)
      yr[i] *= inverse;
  }
}

static void softmax_reference(size_t rows, size_t n, const float *x,
                              float *y) {
  for (size_t r = 0; r < rows; ++r) {
    const float *xr = x + r * n;
    float *yr = y + r * n;
    float max = xr[0];
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < n; ++i)
      max = xr[i] > max ? xr[i] : max;
    float sum = 0.0f;
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < n; ++i) {
      yr[i] = exp2_poly((xr[i] - max) * 1.44269504f);
      sum += yr[i];
    }
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < n; ++i)
      yr[i] /= sum;
  }
}

static float x[ROWS * N], y[ROWS * N], expected[ROWS * N];

int main(void) {
  for (size_t i = 0; i < ROWS * N; ++i)
    x[i] = (float)lcg_range(-4000, 4000) / 1000.0f;
  softmax_f32(ROWS, N, x, y);
  softmax_reference(ROWS, N, x, expected);
  int ok = 1;
  for (size_t i = 0; i < ROWS * N; ++i) {
    float diff = y[i] - expected[i];
    if (diff < 0)
      diff = -diff;
    ok &= diff <= 1e-5f * expected[i];
  }
  /* The checksum of the result rounded to 1e-4: the same at any VLEN. */
  int32_t rounded[ROWS * N];
  for (size_t i = 0; i < ROWS * N; ++i)
    rounded[i] = (int32_t)(y[i] * 10000.0f + 0.5f);
  return report("softmax_f32", checksum_bytes(rounded, sizeof(rounded)), ok);
}
