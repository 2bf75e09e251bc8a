//===- ISA.h - The SnR instruction set, MLIR-free ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The architectural definition of the SnR reference accelerator: register
// files, memory spaces, opcodes and their operand layouts, and what each
// instruction reads and writes. This header knows nothing of MLIR so that the
// functional core, the timing model and the recorder can use it on a flat
// instruction table. The dialect's InstructionOpInterface is its MLIR face.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ARCH_ISA_H
#define SNR_ARCH_ISA_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace snr::arch {

//===----------------------------------------------------------------------===//
// Architectural constants
//===----------------------------------------------------------------------===//

/// Scalar registers hold 32-bit two's-complement integers.
inline constexpr unsigned kScalarBytes = 4;
/// A vector register holds this many f32 lanes.
inline constexpr unsigned kVectorLanes = 16;
inline constexpr unsigned kVectorBytes = kVectorLanes * 4;
/// The matrix unit holds a kVectorLanes x kVectorLanes weight matrix.
inline constexpr unsigned kMxuRows = kVectorLanes;
/// Result slots of the matrix unit (q0..q15).
inline constexpr unsigned kMxuResultSlots = 16;
/// DMA sizes are whole multiples of this many bytes.
inline constexpr unsigned kDmaGranule = 32;
/// Largest single DMA, in bytes.
inline constexpr int64_t kMaxDmaBytes = int64_t(1) << 26;
/// Chips reachable over the interconnect (remote HBM).
inline constexpr unsigned kMaxChips = 64;

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

enum class Opcode : uint8_t {
#define SNR_OPCODE(Enum, Mnemonic, Format, Unit, Latency, Weight) Enum,
#include "SnR/Arch/Opcodes.def"
};
inline constexpr unsigned kNumOpcodes = 0
#define SNR_OPCODE(Enum, Mnemonic, Format, Unit, Latency, Weight) +1
#include "SnR/Arch/Opcodes.def"
    ;

/// Operand layout of an instruction; decides its register and memory accesses.
enum class Format : uint8_t {
  SImm,      ///< rd:s <- imm
  SS,        ///< rd:s <- rs1:s
  SSS,       ///< rd:s <- rs1:s op rs2:s
  SSImm,     ///< rd:s <- rs1:s op imm
  PSS,       ///< rd:p <- rs1:s cmp rs2:s
  PSImm,     ///< rd:p <- rs1:s cmp imm
  SLoad,     ///< rd:s <- smem[addr]
  SStore,    ///< smem[addr] <- rs1:s
  VLoad,     ///< rd:v <- vmem[addr]
  VStore,    ///< vmem[addr] <- rs1:v
  VVV,       ///< rd:v <- rs1:v op rs2:v
  VV,        ///< rd:v <- op rs1:v
  VFImm,     ///< rd:v <- splat(f32 value)
  VS,        ///< rd:v <- splat(float(rs1:s))
  MxuPush,   ///< w[row] <- rs1:v
  MxuMatmul, ///< rd:q <- rs1:v x W
  MxuPop,    ///< rd:v <- rs1:q
  DmaIssue,  ///< dst[..size] <- src[..size] asynchronously, on flag
  DmaWait,   ///< block until every DMA on flag completed
  Branch,    ///< pc <- target
  None,      ///< no operands
};

/// The functional unit an instruction issues to.
enum class Unit : uint8_t { Scalar, LoadStore, Vector, Matrix, Dma, Control };
inline constexpr unsigned kNumUnits = 6;

/// Timing class; the machine description gives each a latency and throughput.
enum class LatencyClass : uint8_t {
  ScalarAlu,
  ScalarMul,
  ScalarMem,
  VectorMem,
  VectorAlu,
  VectorTranscendental,
  VectorReduce,
  MatrixPush,
  MatrixMatmul,
  MatrixPop,
  DmaIssue,
  DmaWait,
  Branch,
  Fence,
  Nop,
  Halt,
};
inline constexpr unsigned kNumLatencyClasses = 16;

/// Register files. The last two are matrix-unit state: weight rows are
/// written by mxu.push, result slots by mxu.matmul and read by mxu.pop.
enum class RegClass : uint8_t {
  Scalar,    ///< s0..s31, 32-bit integers
  Pred,      ///< p0..p7, one bit
  Vector,    ///< v0..v31, kVectorLanes x f32
  Flag,      ///< f0..f15, DMA sync flags (count of outstanding DMAs)
  MxuWeight, ///< w0..w15, rows of the matrix unit's weight matrix
  MxuResult, ///< q0..q15, result slots of the matrix unit
};
inline constexpr unsigned kNumRegClasses = 6;

enum class MemSpace : uint8_t {
  SMem,      ///< small scalar memory
  VMem,      ///< the data-cache scratchpad, in pages
  Hbm,       ///< this chip's HBM
  RemoteHbm, ///< another chip's HBM, over the interconnect
};
inline constexpr unsigned kNumMemSpaces = 4;

enum class CmpPredicate : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

//===----------------------------------------------------------------------===//
// Operands and instructions
//===----------------------------------------------------------------------===//

struct Reg {
  RegClass cls = RegClass::Scalar;
  uint8_t index = 0;
  friend bool operator==(Reg a, Reg b) {
    return a.cls == b.cls && a.index == b.index;
  }
  friend bool operator!=(Reg a, Reg b) { return !(a == b); }
  friend bool operator<(Reg a, Reg b) {
    return a.cls != b.cls ? a.cls < b.cls : a.index < b.index;
  }
};

/// A memory operand: space[base + offset], or space[offset] without a base.
struct MemOperand {
  MemSpace space = MemSpace::Hbm;
  uint8_t chip = 0; ///< only for RemoteHbm
  bool hasBase = false;
  uint8_t base = 0; ///< scalar register index
  int64_t offset = 0;
  friend bool operator==(const MemOperand &a, const MemOperand &b) {
    return a.space == b.space && a.chip == b.chip && a.hasBase == b.hasBase &&
           a.base == b.base && a.offset == b.offset;
  }
};

/// Predication: the instruction takes effect only if p[reg] (or its negation)
/// is true.
struct Guard {
  bool present = false;
  bool negated = false;
  uint8_t reg = 0;
  friend bool operator==(const Guard &a, const Guard &b) {
    return a.present == b.present && a.negated == b.negated && a.reg == b.reg;
  }
};

/// One decoded instruction. Which fields mean something is given by the
/// opcode's Format; the others stay zero.
struct Instruction {
  Opcode opcode = Opcode::Nop;
  uint8_t rd = 0, rs1 = 0, rs2 = 0;
  CmpPredicate cmp = CmpPredicate::Eq;
  /// Integer immediate; also the MXU row, the branch target, the DMA size.
  int64_t imm = 0;
  float fimm = 0.0f;
  MemOperand src; ///< loads and DMA
  MemOperand dst; ///< stores and DMA
  uint8_t flag = 0;
  Guard guard;
  uint64_t pc = 0;

  /// Every field equal (unused fields are zero by construction).
  friend bool operator==(const Instruction &a, const Instruction &b) {
    return a.opcode == b.opcode && a.rd == b.rd && a.rs1 == b.rs1 &&
           a.rs2 == b.rs2 && a.cmp == b.cmp && a.imm == b.imm &&
           std::memcmp(&a.fimm, &b.fimm, sizeof(float)) == 0 &&
           a.src == b.src && a.dst == b.dst && a.flag == b.flag &&
           a.guard == b.guard && a.pc == b.pc;
  }
  friend bool operator!=(const Instruction &a, const Instruction &b) {
    return !(a == b);
  }
};

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

llvm::StringRef getMnemonic(Opcode op);
Format getFormat(Opcode op);
Unit getUnit(Opcode op);
LatencyClass getLatencyClass(Opcode op);
std::optional<Opcode> lookupOpcode(llvm::StringRef mnemonic);

/// Which memory operands a format has.
enum class MemRole : uint8_t { None, Load, Store, Dma };

/// The operand layout of a format: register classes of rd/rs1/rs2, which
/// immediates exist, and the names the dialect gives them.
struct OperandLayout {
  std::optional<RegClass> rd, rs1, rs2;
  /// Name of the integer immediate ("imm", "row", "target", "size"), or null.
  const char *immName = nullptr;
  bool hasFImm = false;
  bool hasCmp = false;
  bool hasFlag = false;
  MemRole mem = MemRole::None;
  /// Bytes a load or store moves (DMA sizes come from the immediate).
  unsigned memBytes = 0;
};
const OperandLayout &getLayout(Format format);
inline const OperandLayout &getLayout(Opcode op) {
  return getLayout(getFormat(op));
}

/// One operand of an instruction: the walk every reader, writer and
/// converter of instructions does (the trace reader and writer, the
/// dialect's builder and decoder) instead of each going through the layout
/// by hand. The guard is not an operand: every instruction may have one.
struct OperandSlot {
  enum class Kind : uint8_t { Reg, Imm, FImm, Cmp, Mem };
  Kind kind;
  /// Its name, the same in the dialect and in the trace format: "rd",
  /// "rs1", "rs2", "flag", "imm"/"row"/"target"/"size", "value",
  /// "predicate", "addr", "src", "dst".
  const char *name;
  /// Reg: its register file, and the field that holds its index.
  RegClass regClass = RegClass::Scalar;
  uint8_t Instruction::*reg = nullptr;
  /// Mem: the field that holds it.
  MemOperand Instruction::*mem = nullptr;
};
/// The operands of a format, in the order the trace format writes them:
/// predicate, rd, rs1, rs2, memory operands, immediate, value, flag.
llvm::ArrayRef<OperandSlot> getOperandSlots(Format format);
inline llvm::ArrayRef<OperandSlot> getOperandSlots(Opcode op) {
  return getOperandSlots(getFormat(op));
}

//===----------------------------------------------------------------------===//
// What an instruction touches
//===----------------------------------------------------------------------===//

/// Registers read, including the predicate guard and the base registers of
/// memory operands. Flags are read and written by DMA issue and wait.
void getRegisterReads(const Instruction &inst, llvm::SmallVectorImpl<Reg> &out);
void getRegisterWrites(const Instruction &inst,
                       llvm::SmallVectorImpl<Reg> &out);
/// Both, for an instruction whose guard held (`executed`) or not: a
/// predicated-off instruction reads only its guard and writes nothing.
void getRegisterAccesses(const Instruction &inst, bool executed,
                         llvm::SmallVectorImpl<Reg> &reads,
                         llvm::SmallVectorImpl<Reg> &writes);

/// The same, one register at a time: `read(reg)` and `write(reg)` in the
/// order getRegisterAccesses lists them, for a caller that keeps registers
/// in its own form (the snr model's InstructionTable, per instruction of a
/// replay). The one definition of what an instruction reads and writes.
template <typename ReadFn, typename WriteFn>
void forEachRegisterAccess(const Instruction &inst, bool executed, ReadFn read,
                           WriteFn write) {
  if (!executed) {
    if (inst.guard.present)
      read(Reg{RegClass::Pred, inst.guard.reg});
    return;
  }
  const OperandLayout &layout = getLayout(inst.opcode);
  if (inst.guard.present)
    read(Reg{RegClass::Pred, inst.guard.reg});
  if (layout.rs1)
    read(Reg{*layout.rs1, inst.rs1});
  if (layout.rs2)
    read(Reg{*layout.rs2, inst.rs2});
  if ((layout.mem == MemRole::Load || layout.mem == MemRole::Dma) &&
      inst.src.hasBase)
    read(Reg{RegClass::Scalar, inst.src.base});
  if ((layout.mem == MemRole::Store || layout.mem == MemRole::Dma) &&
      inst.dst.hasBase)
    read(Reg{RegClass::Scalar, inst.dst.base});
  if (layout.hasFlag)
    read(Reg{RegClass::Flag, inst.flag});
  if (inst.opcode == Opcode::MxuMatmul)
    for (unsigned row = 0; row < kMxuRows; ++row)
      read(Reg{RegClass::MxuWeight, uint8_t(row)});

  if (layout.rd)
    write(Reg{*layout.rd, inst.rd});
  if (layout.hasFlag)
    write(Reg{RegClass::Flag, inst.flag});
  if (inst.opcode == Opcode::MxuPush)
    write(Reg{RegClass::MxuWeight, uint8_t(inst.imm)});
}

/// A memory access whose address is (base register value + offset), known
/// only once the base register's value is.
struct MemAccess {
  const MemOperand *operand;
  uint64_t bytes;
  bool isWrite;
};
void getMemoryAccesses(const Instruction &inst,
                       llvm::SmallVectorImpl<MemAccess> &out);

/// The byte address of a memory operand, given the value of its base
/// register (ignored without one). A base register holds an unsigned 32-bit
/// address, so a base reaches the first 4 GiB; the signed offset is added in
/// 64 bits. A negative result is a fault.
inline int64_t effectiveAddress(const MemOperand &operand, int32_t baseValue) {
  return (operand.hasBase ? int64_t(uint32_t(baseValue)) : 0) + operand.offset;
}

/// The alignment, in bytes, that an instruction's memory addresses need (its
/// access size for loads and stores, the DMA granule for DMAs); 1 otherwise.
unsigned getAddressAlignment(Opcode op);

bool isBranch(Opcode op);
/// A cheap scalar producer of a DMA's descriptor (address arithmetic, a
/// scalar load): the Weight column of the table.
bool isLightweight(Opcode op);

/// The PC after `inst` ran, `executed` telling whether its guard held: a
/// taken branch's target, an executed halt's own PC (the machine stops
/// there), otherwise the next PC. The functional core, the trace reader and
/// the trace verifier all follow this one rule.
uint64_t getNextPc(const Instruction &inst, bool executed);

/// Whether `inst` falls through past the last address (its PC is 2^64 - 1
/// and it neither branches nor halts): there is no next PC, pc 0 is not
/// one.
bool fallsOffTheEnd(const Instruction &inst, bool executed);

/// Every register of every file numbered densely: class * 32 + index
/// (no file has more than 32 registers). For tables indexed by register.
inline constexpr unsigned kNumRegSlots = kNumRegClasses * 32;
inline unsigned getRegSlot(Reg reg) {
  return unsigned(reg.cls) * 32 + reg.index;
}
/// True for instructions that may legally be moved by a scheduler only with
/// great care: control flow, fences and halts.
bool isOrderingBarrier(Opcode op);

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

/// Checks every static invariant of a decoded instruction that its register
/// indices cannot express: immediates in range, memory spaces legal for the
/// opcode, offsets aligned, DMA sizes and links. Returns an empty string when
/// valid, otherwise one sentence naming the operand. The dialect's verifier
/// and the trace reader both use it.
std::string validateInstruction(const Instruction &inst);

/// Checks the value of a scalar-like register (scalar, predicate or flag) in
/// a snapshot; returns an empty string when valid.
std::string validateRegisterValue(Reg reg, int64_t value);

/// A region of memory in a snapshot; `id` is the caller's.
struct MemRegion {
  MemSpace space;
  unsigned chip;
  uint64_t begin, end;
  size_t id;
};
/// Sorts `regions` and returns the first pair (earlier, later) that overlaps.
std::optional<std::pair<MemRegion, MemRegion>>
findOverlap(llvm::SmallVectorImpl<MemRegion> &regions);

/// True if a DMA may copy from `src` to `dst` (a link exists).
bool isDmaLink(MemSpace src, MemSpace dst);

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

unsigned getNumRegs(RegClass cls);
/// True for the register files that hold 16 f32 lanes (vector registers,
/// weight rows, result slots); the others hold one integer.
inline bool holdsLanes(RegClass cls) {
  return cls == RegClass::Vector || cls == RegClass::MxuWeight ||
         cls == RegClass::MxuResult;
}
char getRegPrefix(RegClass cls);
llvm::StringRef getRegClassName(RegClass cls);
std::optional<RegClass> lookupRegPrefix(char prefix);
/// Parses "s3", "v12", "p0", "f2", "w5", "q0"; the index must be in range.
std::optional<Reg> parseReg(llvm::StringRef text);
std::string formatReg(Reg reg);

llvm::StringRef getMemSpaceName(MemSpace space);
std::optional<MemSpace> lookupMemSpace(llvm::StringRef name);

llvm::StringRef getCmpPredicateName(CmpPredicate pred);
std::optional<CmpPredicate> lookupCmpPredicate(llvm::StringRef name);

llvm::StringRef getUnitName(Unit unit);
llvm::StringRef getLatencyClassName(LatencyClass cls);

} // namespace snr::arch

#endif // SNR_ARCH_ISA_H
