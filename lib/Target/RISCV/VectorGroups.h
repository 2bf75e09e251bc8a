//===- VectorGroups.h - Vector register groups and elements -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The RVV layer's vocabulary: the vector state an instruction runs with
// (vtype, vl, vstart), which of its elements are active (v0's bits), and
// which registers of a register group hold the elements it reads or writes.
//
// A destination register is listed as read as well as written whenever some
// of its bytes keep their old value: elements before vstart, past vl (the
// tail), masked off, or past VLMAX in a fractional-LMUL register. RVV lets
// a machine fill agnostic (ta/ma) elements with ones instead, but QEMU 7.2
// leaves them undisturbed, and a replay must reproduce QEMU's registers
// exactly; so SnR ignores ta/ma. A register of a group holding no element
// the instruction touches is neither read nor written.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_VECTORGROUPS_H
#define SNR_LIB_TARGET_RISCV_VECTORGROUPS_H

#include "EffectsContext.h"
#include "SnR/Target/RISCV/VectorType.h"

namespace snr::target::riscv {

struct VectorState {
  VectorType type;
  uint64_t vl = 0;
  uint64_t vstart = 0;
  uint64_t vlmax = 0;
};

/// Reads vstart, listed as read (every vector instruction starts at it);
/// listed as written when not 0 (every one leaves it 0).
llvm::Expected<uint64_t> readVstart(EffectsContext &cx);
/// vtype and vl as the instruction runs (listed by LLVM's implicit uses);
/// an illegal vtype (vill) is an error.
llvm::Expected<VectorState> readVectorState(EffectsContext &cx);

/// The bits of a mask register: v0 for a masked instruction, vs1 for
/// vcompress.vm.
class MaskBits {
public:
  /// Reads the register `vreg` and lists it as read.
  static llvm::Expected<MaskBits> read(EffectsContext &cx, unsigned vreg);
  bool test(uint64_t i) const {
    return i / 8 < bytes.size() && (bytes[i / 8] >> (i % 8)) & 1;
  }
  uint64_t count(uint64_t begin, uint64_t end) const;

private:
  llvm::SmallVector<uint8_t, 64> bytes;
};

/// Which elements of an operand are active: element i is when the mask's
/// bit i + shift is set (a slide reads source element i for destination
/// element i + offset), or always without a mask.
struct Active {
  const MaskBits *mask = nullptr;
  int64_t shift = 0;
  bool operator()(uint64_t i) const {
    return !mask || mask->test(uint64_t(int64_t(i) + shift));
  }
};

/// A register group: `regs` registers from v`first` (1 when EMUL < 1),
/// holding elements of `eewBytes` bytes.
struct Group {
  unsigned first = 0;
  unsigned regs = 1;
  unsigned eewBytes = 1;
};

/// The group of an operand with EEW 2^eewLog2 bytes and EMUL 2^emulLog2,
/// and `fields` groups after it for a segment access; an EMUL, an element
/// width or a register number RVV reserves is an error.
llvm::Expected<Group> makeGroup(EffectsContext &cx, unsigned first,
                                int emulLog2, int eewLog2, unsigned fields = 1);

/// Lists as read the registers of `group` that hold an active element of
/// [begin, end).
void readElements(EffectsContext &cx, const Group &group, uint64_t begin,
                  uint64_t end, Active active = {});
/// Lists as written the registers of `group` that hold an active element
/// of [begin, end), and as read those of them that keep some old bytes.
void writeElements(EffectsContext &cx, const Group &group, uint64_t begin,
                   uint64_t end, Active active = {});
/// A mask destination (one register, one bit per element): bits [begin,
/// end) for which `active` holds are written.
void writeMaskBits(EffectsContext &cx, unsigned vreg, uint64_t begin,
                   uint64_t end, Active active = {});

/// The operands of a vector instruction, by role.
struct VectorOperands {
  /// The destination (a v, x or f register), or -1.
  int dest = -1;
  /// The destination is also a source (vmacc's vd, tied in LLVM).
  bool destIsSource = false;
  /// v register sources in operand order (a store's data first), without
  /// the tied destination, the mask or v0 as carry.
  llvm::SmallVector<unsigned, 3> vectorSources;
  /// x and f register sources, without the address base.
  llvm::SmallVector<unsigned, 2> scalarSources;
  int immediate = -1;
  int base = -1;
  bool masked = false;
  bool readsV0 = false;

  /// vs2: the first vector source, or the last after a tied destination
  /// (vmacc.vv vd, vs1, vs2).
  int vs2() const {
    if (vectorSources.empty())
      return -1;
    return int(destIsSource ? vectorSources.back() : vectorSources.front());
  }
};
VectorOperands classifyOperands(EffectsContext &cx);

/// Reads the scalar sources (and x0 nothing).
llvm::Error readScalarSources(EffectsContext &cx, const VectorOperands &ops);

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_VECTORGROUPS_H
