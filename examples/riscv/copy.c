/*===- copy.c - A memory copy, vectorised by clang for RVV ----------------===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * dst[i] = src[i] byte by byte; -fno-builtin keeps clang from calling
 * memcpy, so the loop vectorises to vle8.v/vse8.v. Break at `copy_bytes`.
 *
 *===----------------------------------------------------------------------===*/

#include "kernel_support.h"

#ifndef BYTES
#define BYTES 1000
#endif

__attribute__((noinline)) void copy_bytes(size_t n, const uint8_t *restrict src,
                                          uint8_t *restrict dst) {
  for (size_t i = 0; i < n; ++i)
    dst[i] = src[i];
}

static uint8_t src[BYTES], dst[BYTES];

int main(void) {
  for (size_t i = 0; i < BYTES; ++i)
    src[i] = (uint8_t)lcg_next();
  copy_bytes(BYTES, src, dst);
  int ok = 1;
  for (size_t i = 0; i < BYTES; ++i)
    ok &= dst[i] == src[i];
  return report("copy_bytes", checksum_bytes(dst, sizeof(dst)), ok);
}
