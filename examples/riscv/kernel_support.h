/*===- kernel_support.h - What the bundled RVV kernels share --------------===*
 *
 * Part of the SnR project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Deterministic inputs (a linear congruential generator), a checksum, and a
 * report: one line written with write(2) -- no printf, so the program's
 * last system calls are write and exit_group -- and an exit status of 0 when
 * the kernel's result equals the scalar reference's, 1 otherwise.
 *
 *===----------------------------------------------------------------------===*/

#ifndef SNR_EXAMPLES_RISCV_KERNEL_SUPPORT_H
#define SNR_EXAMPLES_RISCV_KERNEL_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

static uint32_t lcg_state = 12345u;

/* The next pseudo-random value in [0, 2^16). */
static inline uint32_t lcg_next(void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return (lcg_state >> 8) & 0xffffu;
}

/* An integer in [lo, hi]. */
static inline int32_t lcg_range(int32_t lo, int32_t hi) {
  return lo + (int32_t)(lcg_next() % (uint32_t)(hi - lo + 1));
}

/* FNV-1a over bytes. */
static inline uint32_t checksum_bytes(const void *data, size_t bytes) {
  const uint8_t *p = (const uint8_t *)data;
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < bytes; ++i)
    hash = (hash ^ p[i]) * 16777619u;
  return hash;
}

/* Writes "<name> checksum 0x<8 hex digits> ok|MISMATCH\n" and returns the
   exit status. */
static inline int report(const char *name, uint32_t checksum, int ok) {
  char line[96];
  size_t n = 0;
  for (const char *s = name; *s && n < 48; ++s)
    line[n++] = *s;
  for (const char *s = " checksum 0x"; *s; ++s)
    line[n++] = *s;
  for (int shift = 28; shift >= 0; shift -= 4)
    line[n++] = "0123456789abcdef"[(checksum >> shift) & 0xf];
  for (const char *s = ok ? " ok\n" : " MISMATCH\n"; *s; ++s)
    line[n++] = *s;
  if (write(1, line, n) != (ssize_t)n)
    return 2;
  return ok ? 0 : 1;
}

#endif /* SNR_EXAMPLES_RISCV_KERNEL_SUPPORT_H */
