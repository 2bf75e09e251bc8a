//===- ExecVector.h - What the RVV semantics share --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The vector state an instruction runs with (vtype decoded, vl checked
// against VLMAX), register groups (checked for alignment and for running
// past v31, as the hardware traps), element access (the register file is
// contiguous, so element i of a group starting at v[n] is at byte i * EEW
// of v[n]), the mask, and the loop over the active elements of [vstart,
// vl). Inactive (masked-off) and tail elements are never written: QEMU 7.2
// leaves them undisturbed whatever vta/vma say (docs/targets.md).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_EXECVECTOR_H
#define SNR_LIB_TARGET_RISCV_EXECVECTOR_H

#include "Exec.h"
#include "SnR/Target/RISCV/VectorType.h"

#include "llvm/Support/FormatVariadic.h"

namespace snr::target::riscv {

struct VectorContext {
  ExecContext &cx;
  RISCVState &s;
  const ExecInst &in;
  VectorType type;
  uint64_t vl = 0, vstart = 0, vlmax = 0;
  unsigned sewLog2 = 0; ///< log2 of SEW in bytes
  int lmulLog2 = 0;

  /// The state of cx's instruction; an illegal vtype or a vl past VLMAX is
  /// an error (the instruction traps, or no machine reaches that state).
  static llvm::Expected<VectorContext> begin(ExecContext &cx);

  unsigned sewBytes() const { return 1u << sewLog2; }
  unsigned sewBits() const { return 8u << sewLog2; }
  /// No element to update (vl 0, or vstart >= vl).
  bool empty() const { return vstart >= vl; }
  bool active(uint64_t i) const { return !in.masked || s.maskBit(0, i); }

  template <typename T> T get(unsigned reg, uint64_t i) const {
    T value;
    std::memcpy(&value, s.v(reg) + i * sizeof(T), sizeof(T));
    return value;
  }
  template <typename T> void set(unsigned reg, uint64_t i, T value) {
    std::memcpy(s.v(reg) + i * sizeof(T), &value, sizeof(T));
  }

  /// Checks the register group of `fields` groups from v`reg` holding
  /// elements of 2^eewLog2 bytes (EMUL = EEW / SEW * LMUL): EMUL and EEW
  /// legal, the group aligned and within v0-v31.
  llvm::Error checkGroup(unsigned reg, int eewLog2, unsigned fields = 1) const;
  /// Registers a group of EEW 2^eewLog2 bytes spans (1 when fractional).
  unsigned groupRegs(int eewLog2) const {
    int emul = lmulLog2 + eewLog2 - int(sewLog2);
    return emul > 0 ? 1u << emul : 1u;
  }

  /// Calls fn(i) for each active element of [vstart, vl).
  template <typename Fn> void forEachActive(Fn fn) const {
    for (uint64_t i = vstart; i < vl; ++i)
      if (active(i))
        fn(i);
  }

  /// Ends the instruction: vstart is 0 after every vector instruction.
  llvm::Error done() {
    s.vstart = 0;
    return llvm::Error::success();
  }
};

/// Calls fn with a value of the unsigned integer type of 2^sewLog2 bytes.
template <typename Fn> auto withSew(unsigned sewLog2, Fn fn) {
  switch (sewLog2) {
  case 0:
    return fn(uint8_t());
  case 1:
    return fn(uint16_t());
  case 2:
    return fn(uint32_t());
  default:
    return fn(uint64_t());
  }
}

/// The unsigned type twice as wide (uint64_t stays: callers refuse SEW 64
/// for widening first).
template <typename T> struct Wider;
template <> struct Wider<uint8_t> { using type = uint16_t; };
template <> struct Wider<uint16_t> { using type = uint32_t; };
template <> struct Wider<uint32_t> { using type = uint64_t; };
template <> struct Wider<uint64_t> { using type = uint64_t; };

/// Sign-extends the low `bits` of `value`.
inline int64_t signExtend(uint64_t value, unsigned bits) {
  return bits >= 64 ? int64_t(value)
                    : int64_t(value << (64 - bits)) >> (64 - bits);
}

/// The operand forms of a vector arithmetic opcode (its name's suffix).
enum VectorForm : uint16_t { VV, VX, VI, VF, WV, WX, WI, WF, VM };

void addVectorMemoryHandlers(HandlerTable &table);
void addVectorIntegerHandlers(HandlerTable &table);
void addVectorFloatHandlers(HandlerTable &table);
void addVectorPermuteHandlers(HandlerTable &table);
void addVectorMaskHandlers(HandlerTable &table);

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_EXECVECTOR_H
