//===- ISA.cpp - The SnR instruction set, MLIR-free -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Arch/ISA.h"
#include "SnR/Arch/Values.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace snr::arch;

namespace {
struct OpcodeInfo {
  const char *mnemonic;
  Format format;
  Unit unit;
  LatencyClass latency;
  bool lightweight;
};

constexpr bool kLight = true, kHeavy = false;
constexpr OpcodeInfo kOpcodeInfo[] = {
#define SNR_OPCODE(Enum, Mnemonic, Fmt, U, Lat, Weight)                       \
  {Mnemonic, Format::Fmt, Unit::U, LatencyClass::Lat, k##Weight},
#include "SnR/Arch/Opcodes.def"
};
static_assert(sizeof(kOpcodeInfo) / sizeof(kOpcodeInfo[0]) == kNumOpcodes);

const OpcodeInfo &info(Opcode op) { return kOpcodeInfo[unsigned(op)]; }
} // namespace

llvm::StringRef snr::arch::getMnemonic(Opcode op) { return info(op).mnemonic; }
Format snr::arch::getFormat(Opcode op) { return info(op).format; }
Unit snr::arch::getUnit(Opcode op) { return info(op).unit; }
LatencyClass snr::arch::getLatencyClass(Opcode op) { return info(op).latency; }
bool snr::arch::isLightweight(Opcode op) { return info(op).lightweight; }

uint64_t snr::arch::getNextPc(const Instruction &inst, bool executed) {
  if (executed && isBranch(inst.opcode))
    return uint64_t(inst.imm);
  if (executed && inst.opcode == Opcode::Halt)
    return inst.pc;
  return inst.pc + 1;
}

bool snr::arch::fallsOffTheEnd(const Instruction &inst, bool executed) {
  bool stays = executed && (isBranch(inst.opcode) || inst.opcode == Opcode::Halt);
  return !stays && inst.pc == UINT64_MAX;
}

std::optional<Opcode> snr::arch::lookupOpcode(llvm::StringRef mnemonic) {
  for (unsigned i = 0; i < kNumOpcodes; ++i)
    if (mnemonic == kOpcodeInfo[i].mnemonic)
      return Opcode(i);
  return std::nullopt;
}

llvm::ArrayRef<OperandSlot> snr::arch::getOperandSlots(Format format) {
  using Kind = OperandSlot::Kind;
  constexpr unsigned kNumFormats = unsigned(Format::None) + 1;
  static const auto kSlots = [] {
    std::array<llvm::SmallVector<OperandSlot, 6>, kNumFormats> table;
    for (unsigned f = 0; f < kNumFormats; ++f) {
      const OperandLayout &layout = getLayout(Format(f));
      auto &slots = table[f];
      auto reg = [&](const char *name, RegClass cls,
                     uint8_t Instruction::*field) {
        slots.push_back({Kind::Reg, name, cls, field, nullptr});
      };
      auto mem = [&](const char *name, MemOperand Instruction::*field) {
        slots.push_back({Kind::Mem, name, RegClass::Scalar, nullptr, field});
      };
      if (layout.hasCmp)
        slots.push_back({Kind::Cmp, "predicate"});
      if (layout.rd)
        reg("rd", *layout.rd, &Instruction::rd);
      if (layout.rs1)
        reg("rs1", *layout.rs1, &Instruction::rs1);
      if (layout.rs2)
        reg("rs2", *layout.rs2, &Instruction::rs2);
      switch (layout.mem) {
      case MemRole::None:
        break;
      case MemRole::Load:
        mem("addr", &Instruction::src);
        break;
      case MemRole::Store:
        mem("addr", &Instruction::dst);
        break;
      case MemRole::Dma:
        mem("src", &Instruction::src);
        mem("dst", &Instruction::dst);
        break;
      }
      if (layout.immName)
        slots.push_back({Kind::Imm, layout.immName});
      if (layout.hasFImm)
        slots.push_back({Kind::FImm, "value"});
      if (layout.hasFlag)
        reg("flag", RegClass::Flag, &Instruction::flag);
    }
    return table;
  }();
  return kSlots[unsigned(format)];
}

const OperandLayout &snr::arch::getLayout(Format format) {
  constexpr auto S = RegClass::Scalar, P = RegClass::Pred,
                 V = RegClass::Vector;
  static const OperandLayout kSImm{S, {}, {}, "imm"};
  static const OperandLayout kSS{S, S, {}};
  static const OperandLayout kSSS{S, S, S};
  static const OperandLayout kSSImm{S, S, {}, "imm"};
  static const OperandLayout kPSS{P, S, S, nullptr, false, /*hasCmp=*/true};
  static const OperandLayout kPSImm{P, S, {}, "imm", false, /*hasCmp=*/true};
  static const OperandLayout kSLoad{S,     {},    {},    nullptr,
                                    false, false, false, MemRole::Load,
                                    kScalarBytes};
  static const OperandLayout kSStore{{},    S,     {},    nullptr,
                                     false, false, false, MemRole::Store,
                                     kScalarBytes};
  static const OperandLayout kVLoad{V,     {},    {},    nullptr,
                                    false, false, false, MemRole::Load,
                                    kVectorBytes};
  static const OperandLayout kVStore{{},    V,     {},    nullptr,
                                     false, false, false, MemRole::Store,
                                     kVectorBytes};
  static const OperandLayout kVVV{V, V, V};
  static const OperandLayout kVV{V, V, {}};
  static const OperandLayout kVFImm{V, {}, {}, nullptr, /*hasFImm=*/true};
  static const OperandLayout kVS{V, S, {}};
  static const OperandLayout kMxuPush{{}, V, {}, "row"};
  static const OperandLayout kMxuMatmul{RegClass::MxuResult, V, {}};
  static const OperandLayout kMxuPop{V, RegClass::MxuResult, {}};
  static const OperandLayout kDmaIssue{{},    {},   {},          "size",
                                       false, false, /*hasFlag=*/true,
                                       MemRole::Dma};
  static const OperandLayout kDmaWait{{},    {},    {},
                                      nullptr, false, false,
                                      /*hasFlag=*/true};
  static const OperandLayout kBranch{{}, {}, {}, "target"};
  static const OperandLayout kNone{};
  switch (format) {
  case Format::SImm: return kSImm;
  case Format::SS: return kSS;
  case Format::SSS: return kSSS;
  case Format::SSImm: return kSSImm;
  case Format::PSS: return kPSS;
  case Format::PSImm: return kPSImm;
  case Format::SLoad: return kSLoad;
  case Format::SStore: return kSStore;
  case Format::VLoad: return kVLoad;
  case Format::VStore: return kVStore;
  case Format::VVV: return kVVV;
  case Format::VV: return kVV;
  case Format::VFImm: return kVFImm;
  case Format::VS: return kVS;
  case Format::MxuPush: return kMxuPush;
  case Format::MxuMatmul: return kMxuMatmul;
  case Format::MxuPop: return kMxuPop;
  case Format::DmaIssue: return kDmaIssue;
  case Format::DmaWait: return kDmaWait;
  case Format::Branch: return kBranch;
  case Format::None: return kNone;
  }
  return kNone;
}

void snr::arch::getRegisterReads(const Instruction &inst,
                                llvm::SmallVectorImpl<Reg> &out) {
  forEachRegisterAccess(
      inst, /*executed=*/true, [&](Reg reg) { out.push_back(reg); },
      [](Reg) {});
}

void snr::arch::getRegisterWrites(const Instruction &inst,
                                 llvm::SmallVectorImpl<Reg> &out) {
  forEachRegisterAccess(
      inst, /*executed=*/true, [](Reg) {},
      [&](Reg reg) { out.push_back(reg); });
}

void snr::arch::getRegisterAccesses(const Instruction &inst, bool executed,
                                   llvm::SmallVectorImpl<Reg> &reads,
                                   llvm::SmallVectorImpl<Reg> &writes) {
  forEachRegisterAccess(
      inst, executed, [&](Reg reg) { reads.push_back(reg); },
      [&](Reg reg) { writes.push_back(reg); });
}

void snr::arch::getMemoryAccesses(const Instruction &inst,
                                 llvm::SmallVectorImpl<MemAccess> &out) {
  const OperandLayout &layout = getLayout(inst.opcode);
  switch (layout.mem) {
  case MemRole::None:
    return;
  case MemRole::Load:
    out.push_back({&inst.src, layout.memBytes, /*isWrite=*/false});
    return;
  case MemRole::Store:
    out.push_back({&inst.dst, layout.memBytes, /*isWrite=*/true});
    return;
  case MemRole::Dma:
    out.push_back({&inst.src, uint64_t(inst.imm), /*isWrite=*/false});
    out.push_back({&inst.dst, uint64_t(inst.imm), /*isWrite=*/true});
    return;
  }
}

unsigned snr::arch::getAddressAlignment(Opcode op) {
  const OperandLayout &layout = getLayout(op);
  switch (layout.mem) {
  case MemRole::None:
    return 1;
  case MemRole::Load:
  case MemRole::Store:
    return layout.memBytes;
  case MemRole::Dma:
    return kDmaGranule;
  }
  return 1;
}

bool snr::arch::isBranch(Opcode op) { return op == Opcode::Br; }

bool snr::arch::isOrderingBarrier(Opcode op) {
  return op == Opcode::Br || op == Opcode::Fence || op == Opcode::Halt;
}

unsigned snr::arch::getNumRegs(RegClass cls) {
  switch (cls) {
  case RegClass::Scalar: return 32;
  case RegClass::Pred: return 8;
  case RegClass::Vector: return 32;
  case RegClass::Flag: return 16;
  case RegClass::MxuWeight: return kMxuRows;
  case RegClass::MxuResult: return kMxuResultSlots;
  }
  return 0;
}

char snr::arch::getRegPrefix(RegClass cls) {
  static constexpr char kPrefix[] = {'s', 'p', 'v', 'f', 'w', 'q'};
  return kPrefix[unsigned(cls)];
}

llvm::StringRef snr::arch::getRegClassName(RegClass cls) {
  static constexpr const char *kNames[] = {
      "scalar", "predicate", "vector", "flag", "weight row", "result slot"};
  return kNames[unsigned(cls)];
}

std::optional<RegClass> snr::arch::lookupRegPrefix(char prefix) {
  for (unsigned i = 0; i < kNumRegClasses; ++i)
    if (getRegPrefix(RegClass(i)) == prefix)
      return RegClass(i);
  return std::nullopt;
}

std::optional<Reg> snr::arch::parseReg(llvm::StringRef text) {
  if (text.size() < 2)
    return std::nullopt;
  std::optional<RegClass> cls = lookupRegPrefix(text.front());
  unsigned index;
  // Reject "s03" and "s+3": one spelling per register.
  llvm::StringRef digits = text.drop_front();
  if (!cls || (digits.size() > 1 && digits.front() == '0') ||
      !llvm::all_of(digits, [](char c) { return c >= '0' && c <= '9'; }) ||
      digits.getAsInteger(10, index) || index >= getNumRegs(*cls))
    return std::nullopt;
  return Reg{*cls, uint8_t(index)};
}

std::string snr::arch::formatReg(Reg reg) {
  return getRegPrefix(reg.cls) + std::to_string(reg.index);
}

llvm::StringRef snr::arch::getMemSpaceName(MemSpace space) {
  static constexpr const char *kNames[] = {"smem", "vmem", "hbm", "rhbm"};
  return kNames[unsigned(space)];
}

std::optional<MemSpace> snr::arch::lookupMemSpace(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<MemSpace>>(name)
      .Case("smem", MemSpace::SMem)
      .Case("vmem", MemSpace::VMem)
      .Case("hbm", MemSpace::Hbm)
      .Case("rhbm", MemSpace::RemoteHbm)
      .Default(std::nullopt);
}

llvm::StringRef snr::arch::getCmpPredicateName(CmpPredicate pred) {
  static constexpr const char *kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return kNames[unsigned(pred)];
}

std::optional<CmpPredicate> snr::arch::lookupCmpPredicate(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<CmpPredicate>>(name)
      .Case("eq", CmpPredicate::Eq)
      .Case("ne", CmpPredicate::Ne)
      .Case("lt", CmpPredicate::Lt)
      .Case("le", CmpPredicate::Le)
      .Case("gt", CmpPredicate::Gt)
      .Case("ge", CmpPredicate::Ge)
      .Default(std::nullopt);
}

llvm::StringRef snr::arch::getUnitName(Unit unit) {
  static constexpr const char *kNames[] = {"scalar", "loadstore", "vector",
                                           "matrix", "dma",       "control"};
  return kNames[unsigned(unit)];
}

llvm::StringRef snr::arch::getLatencyClassName(LatencyClass cls) {
  static constexpr const char *kNames[] = {
      "scalar_alu",   "scalar_mul",    "scalar_mem", "vector_mem",
      "vector_alu",   "vector_transcendental",       "vector_reduce",
      "matrix_push",  "matrix_matmul", "matrix_pop", "dma_issue",
      "dma_wait",     "branch",        "fence",      "nop",
      "halt"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == kNumLatencyClasses);
  return kNames[unsigned(cls)];
}

uint64_t MemorySizes::size(MemSpace space) const {
  switch (space) {
  case MemSpace::SMem:
    return smem;
  case MemSpace::VMem:
    return vmem;
  case MemSpace::Hbm:
    return hbm;
  case MemSpace::RemoteHbm:
    return remoteHbm;
  }
  return 0;
}
