//===- OpcodeTable.h - What SnR adds to each RISC-V opcode ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The hand-written part of the RISC-V description, one entry per LLVM opcode,
// built once from the opcodes' names (LLVM's RISCVGenInstrInfo.inc is not
// installed, and its enum numbers change between releases): which opcodes
// LLVM's MCInstrDesc describes completely, the width of each scalar memory
// access, which opcodes are CSR accesses, system calls or fences, the RVV
// shape of each vector opcode, and the opcodes SnR cannot describe.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_OPCODETABLE_H
#define SNR_LIB_TARGET_RISCV_OPCODETABLE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace llvm {
class MCInstrInfo;
class MCRegisterInfo;
} // namespace llvm

namespace snr::target::riscv {

enum class OpcodeKind : uint8_t {
  /// The MCInstrDesc says everything: register operands, implicit uses and
  /// defs (integer and FP arithmetic, branches, jumps).
  Plain,
  /// A scalar load, store, LR, SC or AMO: the MCInstrDesc, plus the width
  /// of its access.
  ScalarMemory,
  /// csrrw, csrrs, csrrc and their immediate forms.
  CSRAccess,
  /// ecall.
  SystemCall,
  /// fence, fence.i: they order memory and change no state SnR replays.
  Fence,
  /// A vector instruction: the RVV layer (VectorEffects.cpp).
  Vector,
  /// SnR cannot describe it exactly; `why` says why.
  Unsupported,
};

enum class ScalarAccess : uint8_t {
  LoadOrStore,
  LoadReserved,
  StoreConditional,
  Atomic
};

/// The shape of a vector opcode, as the RVV layer needs it.
enum class VectorKind : uint8_t {
  Config,           ///< vsetvli, vsetivli, vsetvl
  Elementwise,      ///< element i of vd from element i of each source
  Reduction,        ///< vd[0] = vs1[0] op vs2[*]
  MaskCompare,      ///< one mask register from element-wise sources
  MaskLogical,      ///< vmand.mm ...: mask registers to a mask register
  MaskScan,         ///< vmsbf.m, vmsif.m, vmsof.m
  MaskCount,        ///< vcpop.m, vfirst.m: a mask register to x[rd]
  Iota,             ///< viota.m
  ScalarFromVector, ///< vmv.x.s, vfmv.f.s
  ScalarToVector,   ///< vmv.s.x, vfmv.s.f
  SlideUp,          ///< vslideup.vx/vi
  SlideDown,        ///< vslidedown.vx/vi
  Slide1Up,         ///< vslide1up.vx, vfslide1up.vf
  Slide1Down,       ///< vslide1down.vx, vfslide1down.vf
  Gather,           ///< vrgather.vv/vx/vi, vrgatherei16.vv
  Compress,         ///< vcompress.vm
  WholeMove,        ///< vmv<n>r.v
  UnitStride,       ///< vle/vse<eew>, vlseg/vsseg<nf>e<eew>, ff loads
  Strided,          ///< vlse/vsse<eew>, vlsseg/vssseg
  Indexed,          ///< vl/vs[ou]xei<eew>, vl/vs[ou]xseg<nf>ei<eew>
  WholeRegister,    ///< vl<n>re<eew>.v, vs<n>r.v
  MaskMemory,       ///< vlm.v, vsm.v
};

struct VectorOpcode {
  VectorKind kind = VectorKind::Elementwise;
  /// log2(EEW / SEW) of the destination (1 widening) and of vs2 (1 for the
  /// wide source of .w forms and narrowing ops, -1..-3 for vzext/vsext).
  int8_t destLog2 = 0;
  int8_t vs2Log2 = 0;
  /// Fixed-point rounding: reads vxrm. Saturating: sets vxsat (sticky).
  bool readsVxrm = false;
  bool accruesVxsat = false;
  bool isStore = false;
  bool faultOnlyFirst = false;
  /// vrgather.vx/vi: one index from x[rs1] or an immediate.
  bool scalarIndex = false;
  /// Memory: the element width in bytes (of the data; of the index for an
  /// indexed access, whose data is SEW wide). vrgatherei16: 2, the index's.
  uint8_t eewBytes = 0;
  /// Segment fields (nf), or the registers of a whole-register access/move.
  uint8_t fields = 1;
};

struct OpcodeInfo {
  OpcodeKind kind = OpcodeKind::Plain;
  ScalarAccess access = ScalarAccess::LoadOrStore;
  /// Bytes a scalar memory access reads or writes.
  uint8_t accessBytes = 0;
  VectorOpcode vector;
  const char *why = nullptr;
};

struct OpcodeTable {
  std::vector<OpcodeInfo> byOpcode;
  /// The MCOperandInfo::OperandType LLVM gives a rounding-mode immediate and
  /// a vector mask operand (vm), learnt from FADD_S and VADD_VV; the register
  /// class of v0 as a carry or merge selector (VMERGE_VVM's last operand).
  int frmOperandType = -1;
  int maskOperandType = -1;
  int v0RegClass = -1;

  const OpcodeInfo &operator[](unsigned opcode) const {
    return byOpcode[opcode];
  }

  static OpcodeTable build(const llvm::MCInstrInfo &instrInfo,
                           const llvm::MCRegisterInfo &registerInfo);
};

/// The shape of the vector opcode named `name` (LLVM's name: "VLE32_V",
/// "VWMACC_VV"), or false when it is not an RVV 1.0 instruction the layer
/// describes.
bool classifyVectorOpcode(llvm::StringRef name, VectorOpcode &op);

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_OPCODETABLE_H
