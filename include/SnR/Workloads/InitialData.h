//===- InitialData.h - Small, checkable initial memory contents -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Generators fill HBM with data that is nonzero (so a replay that loses a
// byte shows it) yet prints in a line: a region is one repeated byte, whose
// four copies make every f32 of the region the same value. A seeded PRNG
// (SplitMix64, so the sequence is ours and never changes with the standard
// library) picks signs and magnitudes.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_INITIALDATA_H
#define SNR_WORKLOADS_INITIALDATA_H

#include "SnR/Workloads/GeneratedProgram.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace snr::workloads {

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose output is
/// fixed by its seed on every platform.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, bound).
  uint64_t below(uint64_t bound) { return next() % bound; }
  bool coin() { return next() & 1; }

private:
  uint64_t state;
};

/// The f32 whose four bytes all equal `byte`.
float splatByteValue(uint8_t byte);

/// A byte whose splat value v has k * |v| <= 1.5, as large as possible, with
/// the given sign: weights of a k-deep dot product that keep activations
/// from growing layer after layer. (Positive and negative values of one k
/// differ in magnitude: the sign bit is also an exponent bit of the splat.)
uint8_t weightByte(unsigned k, bool negative);

/// Appends a region of `size` copies of `byte`.
void addSplat(GeneratedProgram &program, arch::MemSpace space, unsigned chip,
              uint64_t addr, uint64_t size, uint8_t byte);
/// Appends a region holding exactly `bytes`.
void addBytes(GeneratedProgram &program, arch::MemSpace space, unsigned chip,
              uint64_t addr, std::vector<uint8_t> bytes);
/// Appends a table of 32-bit little-endian words, zero-padded to `size`.
void addWords(GeneratedProgram &program, arch::MemSpace space, uint64_t addr,
              llvm::ArrayRef<uint32_t> words, uint64_t size);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_INITIALDATA_H
