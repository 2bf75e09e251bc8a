//===- VectorType.h - RVV's vtype: SEW, LMUL, VLMAX -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The fields of the vtype CSR (RVV 1.0, section 3.4) and what follows from
// them with a machine's VLEN: the element width, the register group size and
// the largest vl. The effects of vector instructions depend on them, and so
// will the replay's semantics and its timing.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_VECTORTYPE_H
#define SNR_TARGET_RISCV_VECTORTYPE_H

#include <cstdint>
#include <optional>

namespace snr::target::riscv {

struct VectorType {
  /// log2 of SEW in bytes: 0 (e8) to 3 (e64).
  unsigned sewLog2 = 0;
  /// log2 of LMUL: -3 (mf8) to 3 (m8).
  int lmulLog2 = 0;
  /// Tail and mask agnostic. QEMU 7.2 leaves agnostic elements undisturbed,
  /// so SnR never relies on them (docs/targets.md).
  bool tailAgnostic = false;
  bool maskAgnostic = false;

  unsigned sewBytes() const { return 1u << sewLog2; }
  /// Elements in a register group: LMUL * VLEN / SEW.
  uint64_t vlmax(unsigned vlenb) const {
    int log2 = lmulLog2 + int(__builtin_ctz(vlenb)) - int(sewLog2);
    return log2 < 0 ? 0 : uint64_t(1) << log2;
  }

  /// Decodes a vtype value; nothing when vill is set or a field is reserved
  /// (vsew > e64, vlmul = 4, or LMUL < SEW/ELEN with ELEN 64).
  static std::optional<VectorType> decode(uint64_t vtype);
  /// The value vsetvli's immediate or vsetvl's register would give.
  uint64_t encode() const;
};

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_VECTORTYPE_H
