//===- FloatOps.h - IEEE arithmetic as RISC-V rounds and flags --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The floating-point operations the F, D and V semantics share, on the
// host's float and double (IEEE binary32 and binary64):
//
// - Arithmetic (+, -, *, /, sqrt, fused multiply-add) runs on the host in a
//   HostEnvironment that sets the host's rounding mode to the instruction's
//   (RNE, RTZ, RDN, RUP; RMM has no host mode and is refused) and collects
//   the exception flags the host raises, as RISC-V's fflags bits. IEEE 754
//   fixes both the result and the flags of these operations given the
//   rounding mode (the one choice it leaves, NV for infinity times zero
//   plus a quiet NaN in a fused multiply-add, is made here as RISC-V makes
//   it); the host and RISC-V both detect tininess after rounding. Every NaN
//   result becomes RISC-V's canonical NaN.
// - Everything else is computed here, bit for bit, without the host's
//   arithmetic: min/max (IEEE 754-2019 minimumNumber/maximumNumber, -0 <
//   +0), comparisons (feq quiet, flt/fle signalling), fclass, and the
//   conversions between integers and floating point in every rounding mode,
//   RMM included, with their saturation and flags.
//
// The files that use these are compiled with -frounding-math; `opaque`
// keeps each value's computation between the environment's changes.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_FLOATOPS_H
#define SNR_LIB_TARGET_RISCV_FLOATOPS_H

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace snr::target::riscv::fp {

/// fflags bits.
enum Flag : unsigned { NX = 1, UF = 2, OF = 4, DZ = 8, NV = 16 };
/// Rounding modes, as rm and frm encode them.
enum Rounding : unsigned { RNE = 0, RTZ = 1, RDN = 2, RUP = 3, RMM = 4 };

template <typename T> struct Traits;
template <> struct Traits<float> {
  using Bits = uint32_t;
  static constexpr unsigned kPrecision = 24; ///< significand bits
  static constexpr int kBias = 127;
  static constexpr unsigned kExponentBits = 8;
  static constexpr Bits kCanonicalNaN = 0x7fc00000;
};
template <> struct Traits<double> {
  using Bits = uint64_t;
  static constexpr unsigned kPrecision = 53;
  static constexpr int kBias = 1023;
  static constexpr unsigned kExponentBits = 11;
  static constexpr Bits kCanonicalNaN = 0x7ff8000000000000;
};

template <typename T> typename Traits<T>::Bits toBits(T value) {
  typename Traits<T>::Bits bits;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}
template <typename T> T fromBits(typename Traits<T>::Bits bits) {
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}

template <typename T> constexpr typename Traits<T>::Bits signBit() {
  return typename Traits<T>::Bits(1) << (sizeof(T) * 8 - 1);
}
template <typename T> constexpr typename Traits<T>::Bits exponentMask() {
  return ((typename Traits<T>::Bits(1) << Traits<T>::kExponentBits) - 1)
         << (Traits<T>::kPrecision - 1);
}
template <typename T> constexpr typename Traits<T>::Bits quietBit() {
  return typename Traits<T>::Bits(1) << (Traits<T>::kPrecision - 2);
}

/// Classification from the bits: no host comparison, so no flags.
template <typename T> bool isNaN(T value) {
  return (toBits(value) & ~signBit<T>()) > exponentMask<T>();
}
template <typename T> bool isSignalingNaN(T value) {
  return isNaN(value) && !(toBits(value) & quietBit<T>());
}
template <typename T> T canonicalNaN() {
  return fromBits<T>(Traits<T>::kCanonicalNaN);
}
template <typename T> T canonicalize(T value) {
  return isNaN(value) ? canonicalNaN<T>() : value;
}

/// A single in an f register: its low half when the upper half is all
/// ones (NaN-boxed), the canonical NaN otherwise.
inline uint32_t unbox(uint64_t reg) {
  return (reg >> 32) == 0xffffffffu ? uint32_t(reg)
                                    : Traits<float>::kCanonicalNaN;
}
inline uint64_t box(uint32_t bits) { return 0xffffffff00000000ull | bits; }

/// A value the compiler must materialise here: it cannot fold it or move
/// its computation across the environment's calls (which clobber memory).
template <typename T> inline T opaque(T value) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("" : "+x"(value) : : "memory");
#elif defined(__aarch64__)
  asm volatile("" : "+w"(value) : : "memory");
#else
  volatile T copy = value;
  value = copy;
#endif
  return value;
}

/// The host's rounding mode set to a RISC-V one (RNE, RTZ, RDN or RUP) and
/// its exception flags cleared, for one instruction; the destructor puts
/// the host's environment back. On x86-64 all of SnR's arithmetic is SSE,
/// so the environment is MXCSR alone (a few cycles; <cfenv> also saves and
/// restores the x87 unit's, ten times slower); elsewhere it is <cfenv>.
class HostEnvironment {
public:
  explicit HostEnvironment(unsigned rm) {
#if defined(__x86_64__)
    // MXCSR's rounding control: 00 nearest, 01 down, 10 up, 11 to zero.
    static const unsigned control[] = {0, 3, 1, 2};
    saved = getCsr();
    setCsr((saved & ~(0x6000u | 0x3fu)) | control[rm] << 13);
#else
    static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
                                FE_UPWARD};
    std::fegetenv(&saved);
    std::fesetround(modes[rm]);
    std::feclearexcept(FE_ALL_EXCEPT);
#endif
  }
  ~HostEnvironment() {
#if defined(__x86_64__)
    setCsr(saved);
#else
    std::fesetenv(&saved);
#endif
  }
  HostEnvironment(const HostEnvironment &) = delete;
  HostEnvironment &operator=(const HostEnvironment &) = delete;

  /// The flags the host raised since, as fflags bits.
  unsigned flags() const {
    unsigned flags = 0;
#if defined(__x86_64__)
    // MXCSR: IE 0, DE 1 (no IEEE flag), ZE 2, OE 3, UE 4, PE 5.
    unsigned raised = getCsr();
    if (raised & 0x20)
      flags |= NX;
    if (raised & 0x10)
      flags |= UF;
    if (raised & 0x08)
      flags |= OF;
    if (raised & 0x04)
      flags |= DZ;
    if (raised & 0x01)
      flags |= NV;
#else
    int raised = std::fetestexcept(FE_ALL_EXCEPT);
    if (raised & FE_INEXACT)
      flags |= NX;
    if (raised & FE_UNDERFLOW)
      flags |= UF;
    if (raised & FE_OVERFLOW)
      flags |= OF;
    if (raised & FE_DIVBYZERO)
      flags |= DZ;
    if (raised & FE_INVALID)
      flags |= NV;
#endif
    return flags;
  }

private:
#if defined(__x86_64__)
  // As volatile asm that clobbers memory: never moved across the opaque()
  // values computed between them.
  static unsigned getCsr() {
    unsigned csr;
    asm volatile("stmxcsr %0" : "=m"(csr) : : "memory");
    return csr;
  }
  static void setCsr(unsigned csr) {
    asm volatile("ldmxcsr %0" : : "m"(csr) : "memory");
  }
  unsigned saved;
#else
  std::fenv_t saved;
#endif
};

// Host arithmetic, in the current environment; NaN results canonical.
template <typename T> T add(T a, T b) {
  return canonicalize(opaque(opaque(a) + opaque(b)));
}
template <typename T> T sub(T a, T b) {
  return canonicalize(opaque(opaque(a) - opaque(b)));
}
template <typename T> T mul(T a, T b) {
  return canonicalize(opaque(opaque(a) * opaque(b)));
}
template <typename T> T div(T a, T b) {
  return canonicalize(opaque(opaque(a) / opaque(b)));
}
template <typename T> T sqrt(T a) {
  return canonicalize(opaque(std::sqrt(opaque(a))));
}
template <typename T> bool isInfinity(T value) {
  return (toBits(value) & ~signBit<T>()) == exponentMask<T>();
}
template <typename T> bool isZero(T value) {
  return (toBits(value) & ~signBit<T>()) == 0;
}

/// a * b + c, rounded once. RISC-V raises NV for infinity times zero even
/// when c is a quiet NaN (as QEMU does); IEEE leaves that to the
/// implementation, and x86's FMA does not: it is added here.
template <typename T> T fma(T a, T b, T c, unsigned &flags) {
  if ((isInfinity(a) && isZero(b)) || (isZero(a) && isInfinity(b)))
    flags |= NV;
  return canonicalize(opaque(std::fma(opaque(a), opaque(b), opaque(c))));
}
template <typename T> T negate(T a) {
  return fromBits<T>(toBits(a) ^ signBit<T>());
}

/// minimumNumber / maximumNumber (RISC-V's fmin/fmax since F 2.2): a NaN
/// operand yields the other, two NaNs the canonical NaN, a signalling NaN
/// raises NV, and -0 is less than +0.
template <typename T> T minMax(T a, T b, bool max, unsigned &flags) {
  if (isSignalingNaN(a) || isSignalingNaN(b))
    flags |= NV;
  bool nanA = isNaN(a), nanB = isNaN(b);
  if (nanA && nanB)
    return canonicalNaN<T>();
  if (nanA)
    return b;
  if (nanB)
    return a;
  if (a == b) {
    // Equal: ±0 are told apart by their sign.
    bool negA = toBits(a) & signBit<T>();
    return (negA != max) ? a : b;
  }
  return (a < b) != max ? a : b;
}

/// feq (quiet: NV only for a signalling NaN), flt and fle (signalling: NV
/// for any NaN).
template <typename T> bool equal(T a, T b, unsigned &flags) {
  if (isNaN(a) || isNaN(b)) {
    if (isSignalingNaN(a) || isSignalingNaN(b))
      flags |= NV;
    return false;
  }
  return a == b;
}
template <typename T> bool less(T a, T b, bool orEqual, unsigned &flags) {
  if (isNaN(a) || isNaN(b)) {
    flags |= NV;
    return false;
  }
  return orEqual ? a <= b : a < b;
}

/// fclass's one-hot result.
template <typename T> unsigned classify(T value) {
  using Bits = typename Traits<T>::Bits;
  Bits bits = toBits(value);
  bool negative = bits & signBit<T>();
  Bits magnitude = bits & ~signBit<T>();
  if (magnitude > exponentMask<T>())
    return isSignalingNaN(value) ? 1u << 8 : 1u << 9;
  if (magnitude == exponentMask<T>())
    return negative ? 1u << 0 : 1u << 7;
  if (magnitude == 0)
    return negative ? 1u << 3 : 1u << 4;
  if (magnitude < (Bits(1) << (Traits<T>::kPrecision - 1)))
    return negative ? 1u << 2 : 1u << 5;
  return negative ? 1u << 1 : 1u << 6;
}

/// Whether a magnitude `quotient` with the bits shifted out `rest` (of
/// `restBits` bits) rounds away from zero in mode `rm`.
inline bool roundsUp(uint64_t quotient, uint64_t rest, unsigned restBits,
                     bool negative, unsigned rm) {
  if (rest == 0)
    return false;
  uint64_t half = restBits ? uint64_t(1) << (restBits - 1) : 0;
  switch (rm) {
  case RNE:
    return rest > half || (rest == half && (quotient & 1));
  case RTZ:
    return false;
  case RDN:
    return negative;
  case RUP:
    return !negative;
  case RMM:
    return rest >= half;
  }
  return false;
}

/// The integer of `bits` bits (8 to 64), signed or not, that `value`
/// rounds to in mode `rm`; out of range (NaN included) it saturates and
/// raises NV, as RISC-V's fcvt does (NaN to the largest value); otherwise
/// NX when inexact. Signed results are sign-extended to 64 bits, unsigned
/// ones zero-extended.
template <typename T>
uint64_t toInteger(T value, bool isSigned, unsigned bits, unsigned rm,
                   unsigned &flags) {
  using Bits = typename Traits<T>::Bits;
  constexpr unsigned P = Traits<T>::kPrecision;
  uint64_t maxPositive = isSigned     ? (uint64_t(1) << (bits - 1)) - 1
                         : bits == 64 ? ~uint64_t(0)
                                      : (uint64_t(1) << bits) - 1;
  uint64_t minNegativeMagnitude = isSigned ? uint64_t(1) << (bits - 1) : 0;
  auto saturate = [&](bool negative) -> uint64_t {
    flags |= NV;
    if (!negative)
      return maxPositive;
    return isSigned ? uint64_t(-int64_t(minNegativeMagnitude - 1) - 1) : 0;
  };
  Bits raw = toBits(value);
  bool negative = raw & signBit<T>();
  if (isNaN(value))
    return saturate(false);
  int exponent = int((raw & exponentMask<T>()) >> (P - 1));
  uint64_t significand = uint64_t(raw & ((Bits(1) << (P - 1)) - 1));
  if (exponent == int((exponentMask<T>() >> (P - 1))))
    return saturate(negative); // infinity
  if (exponent != 0)
    significand |= uint64_t(1) << (P - 1);
  else
    exponent = 1; // subnormal
  // value = significand * 2^shift
  int shift = exponent - Traits<T>::kBias - int(P - 1);
  uint64_t magnitude;
  bool inexact = false;
  if (shift >= 0) {
    if (shift > 0 && significand != 0 &&
        (shift >= 64 || (significand >> (64 - shift)) != 0))
      return saturate(negative);
    magnitude = significand << shift;
  } else if (-shift >= 64) {
    magnitude = 0;
    inexact = significand != 0;
    // The value is below 2^-10: it rounds to 1 only away from zero.
    if (inexact && (rm == (negative ? RDN : RUP)))
      magnitude = 1;
  } else {
    unsigned restBits = unsigned(-shift);
    magnitude = significand >> restBits;
    uint64_t rest = significand & ((uint64_t(1) << restBits) - 1);
    inexact = rest != 0;
    if (roundsUp(magnitude, rest, restBits, negative, rm))
      ++magnitude;
  }
  if (negative) {
    if (magnitude > minNegativeMagnitude)
      return saturate(true);
    if (!isSigned && magnitude != 0)
      return saturate(true);
  } else if (magnitude > maxPositive) {
    return saturate(false);
  }
  if (inexact)
    flags |= NX;
  uint64_t result = negative ? uint64_t(0) - magnitude : magnitude;
  if (!isSigned || bits == 64)
    return result;
  return uint64_t(int64_t(result << (64 - bits)) >> (64 - bits));
}

/// The value of (negative ? -magnitude : magnitude) rounded to T in mode
/// `rm`, NX when inexact.
template <typename T>
T fromInteger(uint64_t magnitude, bool negative, unsigned rm, unsigned &flags) {
  constexpr unsigned P = Traits<T>::kPrecision;
  T result;
  if (magnitude == 0) {
    result = T(0);
  } else {
    unsigned msb = 63 - unsigned(__builtin_clzll(magnitude));
    if (msb < P) {
      result = T(magnitude); // exact
    } else {
      unsigned restBits = msb - (P - 1);
      uint64_t kept = magnitude >> restBits;
      uint64_t rest = magnitude & ((uint64_t(1) << restBits) - 1);
      if (rest)
        flags |= NX;
      if (roundsUp(kept, rest, restBits, negative, rm))
        ++kept; // may become 2^P: still exact
      // kept * 2^restBits, exact: a power of two times a P+1-bit integer.
      result = T(kept) * std::ldexp(T(1), int(restBits));
    }
  }
  return negative ? negate(result) : result;
}

/// A double rounded to a float in the current environment (NaN canonical,
/// NV for a signalling NaN).
inline float narrow(double value) {
  return canonicalize(opaque(float(opaque(value))));
}
/// A float widened to a double: exact (NaN canonical, NV for a signalling
/// NaN).
inline double widen(float value) {
  return canonicalize(opaque(double(opaque(value))));
}

} // namespace snr::target::riscv::fp

#endif // SNR_LIB_TARGET_RISCV_FLOATOPS_H
