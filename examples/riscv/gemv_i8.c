/*===- gemv_i8.c - int8 matrix-vector product with int32 sums, for RVV ----===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * y = W * x for a ROWS x COLS row-major int8 matrix and an int8 vector, with
 * int32 sums: clang multiplies with widening (vwmul.vv, int8 x int8 to
 * int16) and accumulates with widening (vwadd.wv, int16 into int32), then
 * reduces (vredsum.vs). Break at `gemv_i8`.
 *
 *===----------------------------------------------------------------------===*/

#include "kernel_support.h"

#ifndef ROWS
#define ROWS 16
#endif
#ifndef COLS
#define COLS 64
#endif

__attribute__((noinline)) void gemv_i8(size_t rows, size_t cols,
                                       const int8_t *restrict w,
                                       const int8_t *restrict x,
                                       int32_t *restrict y) {
  for (size_t i = 0; i < rows; ++i) {
    int32_t sum = 0;
    for (size_t j = 0; j < cols; ++j)
      sum += (int16_t)w[i * cols + j] * (int16_t)x[j];
    y[i] = sum;
  }
}

static void gemv_reference(size_t rows, size_t cols, const int8_t *w,
                           const int8_t *x, int32_t *y) {
  for (size_t i = 0; i < rows; ++i) {
    int32_t sum = 0;
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t j = 0; j < cols; ++j)
      sum += w[i * cols + j] * x[j];
    y[i] = sum;
  }
}

static int8_t w[ROWS * COLS], x[COLS];
static int32_t y[ROWS], expected[ROWS];

int main(void) {
  for (size_t i = 0; i < ROWS * COLS; ++i)
    w[i] = (int8_t)lcg_range(-128, 127);
  for (size_t i = 0; i < COLS; ++i)
    x[i] = (int8_t)lcg_range(-128, 127);
  gemv_i8(ROWS, COLS, w, x, y);
  gemv_reference(ROWS, COLS, w, x, expected);
  int ok = 1;
  for (size_t i = 0; i < ROWS; ++i)
    ok &= y[i] == expected[i];
  return report("gemv_i8", checksum_bytes(y, sizeof(y)), ok);
}
