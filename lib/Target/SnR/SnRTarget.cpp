//===- SnRTarget.cpp - The snr reference ISA as a target ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::target;

namespace {
/// The first RegId of each register file, in RegClass order.
struct RegFileBases {
  std::array<RegId, arch::kNumRegClasses + 1> base{};
  RegFileBases() {
    RegId next = 0;
    for (unsigned c = 0; c < arch::kNumRegClasses; ++c) {
      base[c] = next;
      next += arch::getNumRegs(arch::RegClass(c));
    }
    base[arch::kNumRegClasses] = next;
  }
};
const RegFileBases &bases() {
  static const RegFileBases kBases;
  return kBases;
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}
} // namespace

SnRInstruction::SnRInstruction(const arch::Instruction &inst) : inst(inst) {
  pc = inst.pc;
  size = 1;
}

std::string SnRInstruction::getMnemonic() const {
  return arch::getMnemonic(inst.opcode).str();
}

void SnRInstruction::print(llvm::raw_ostream &os) const {
  os << arch::getMnemonic(inst.opcode);
  llvm::ListSeparator comma(", ");
  auto mem = [](const arch::MemOperand &operand) {
    std::string text = arch::getMemSpaceName(operand.space).str();
    if (operand.space == arch::MemSpace::RemoteHbm)
      text += "<" + std::to_string(operand.chip) + ">";
    text += "[";
    if (operand.hasBase)
      text += arch::formatReg({arch::RegClass::Scalar, operand.base}) +
              (operand.offset ? " + " + std::to_string(operand.offset) : "");
    else
      text += std::to_string(operand.offset);
    return text + "]";
  };
  for (const arch::OperandSlot &slot : arch::getOperandSlots(inst.opcode)) {
    switch (slot.kind) {
    case arch::OperandSlot::Kind::Reg:
      os << comma << " " << arch::formatReg({slot.regClass, inst.*slot.reg});
      break;
    case arch::OperandSlot::Kind::Mem:
      os << comma << " " << mem(inst.*slot.mem);
      break;
    case arch::OperandSlot::Kind::Imm:
      os << comma << " " << inst.imm;
      break;
    case arch::OperandSlot::Kind::FImm:
      os << comma << " " << inst.fimm;
      break;
    case arch::OperandSlot::Kind::Cmp: // "cmpi gt p1, s4, 0"
      os << " " << arch::getCmpPredicateName(inst.cmp);
      break;
    }
  }
  if (inst.guard.present)
    os << " if " << (inst.guard.negated ? "not " : "")
       << arch::formatReg({arch::RegClass::Pred, inst.guard.reg});
}

SnRTarget::SnRTarget(llvm::ArrayRef<arch::Instruction> program)
    : program(program) {
  for (size_t i = 0; i < program.size(); ++i)
    indexOfPc[program[i].pc] = i;
}

/// Identifiers for the register files (a target description's feature
/// names are made of them).
static const char *getRegisterFileName(arch::RegClass cls) {
  static constexpr const char *kNames[] = {
      "scalar", "predicate", "vector", "flag", "mxu_weight", "mxu_result"};
  return kNames[unsigned(cls)];
}

const RegisterMap &SnRTarget::getRegisters() const {
  static const RegisterMap kMap = [] {
    RegisterMap map;
    for (unsigned c = 0; c < arch::kNumRegClasses; ++c) {
      arch::RegClass cls = arch::RegClass(c);
      for (unsigned i = 0; i < arch::getNumRegs(cls); ++i)
        map.add({arch::formatReg({cls, uint8_t(i)}), getRegisterBytes(cls),
                 getRegisterFileName(cls)});
    }
    return map;
  }();
  return kMap;
}

unsigned SnRTarget::getRegisterBytes(arch::RegClass cls) {
  switch (cls) {
  case arch::RegClass::Scalar:
  case arch::RegClass::Flag:
    return arch::kScalarBytes;
  case arch::RegClass::Pred:
    return 1;
  case arch::RegClass::Vector:
  case arch::RegClass::MxuWeight:
  case arch::RegClass::MxuResult:
    return arch::kVectorBytes;
  }
  return 0;
}

RegId SnRTarget::getRegId(arch::Reg reg) {
  return bases().base[unsigned(reg.cls)] + reg.index;
}

arch::Reg SnRTarget::getReg(RegId id) {
  const auto &base = bases().base;
  unsigned cls = 0;
  while (cls + 1 < arch::kNumRegClasses && id >= base[cls + 1])
    ++cls;
  return {arch::RegClass(cls), uint8_t(id - base[cls])};
}

unsigned SnRTarget::getNumSpaces() const {
  return unsigned(arch::MemSpace::RemoteHbm) + arch::kMaxChips;
}

std::pair<arch::MemSpace, unsigned> SnRTarget::getSpace(SpaceId id) {
  if (id < SpaceId(arch::MemSpace::RemoteHbm))
    return {arch::MemSpace(id), 0};
  return {arch::MemSpace::RemoteHbm, id - SpaceId(arch::MemSpace::RemoteHbm)};
}

std::string SnRTarget::getSpaceName(SpaceId id) const {
  auto [space, chip] = getSpace(id);
  std::string name = arch::getMemSpaceName(space).str();
  if (space == arch::MemSpace::RemoteHbm)
    name += "<" + std::to_string(chip) + ">";
  return name;
}

SpaceInfo SnRTarget::getSpaceInfo(SpaceId id) const {
  auto [space, chip] = getSpace(id);
  SpaceInfo info{arch::getMemSpaceName(space).str(), 0, SpaceKind::OnChip};
  if (space == arch::MemSpace::Hbm)
    info.kind = SpaceKind::Main;
  if (space == arch::MemSpace::RemoteHbm) {
    info.kind = SpaceKind::Remote;
    info.device = chip;
  }
  return info;
}

std::optional<uint64_t> SnRTarget::getDebuggerAddress(SpaceId space,
                                                      uint64_t addr) const {
  if (space >= getNumSpaces() || addr >> kSpaceWindowBits)
    return std::nullopt;
  return uint64_t(space) << kSpaceWindowBits | addr;
}

std::optional<std::pair<SpaceId, uint64_t>>
SnRTarget::fromDebuggerAddress(uint64_t flat) {
  uint64_t space = flat >> kSpaceWindowBits;
  if (space >= SpaceId(arch::MemSpace::RemoteHbm) + arch::kMaxChips)
    return std::nullopt;
  return std::make_pair(SpaceId(space),
                        flat & ((uint64_t(1) << kSpaceWindowBits) - 1));
}

llvm::Expected<std::unique_ptr<DecodedInstruction>>
SnRTarget::decode(uint64_t pc, CodeReader &) const {
  auto it = indexOfPc.find(pc);
  if (it == indexOfPc.end())
    return makeError(
        llvm::formatv("pc {0} holds no instruction of the program", pc));
  return std::make_unique<SnRInstruction>(program[it->second]);
}

llvm::Error SnRTarget::getEffects(const DecodedInstruction &inst,
                                  RegisterValues &values,
                                  InstructionEffects &effects) const {
  return getEffects(static_cast<const SnRInstruction &>(inst).inst, values,
                    effects);
}

llvm::Error SnRTarget::getEffects(const arch::Instruction &inst,
                                  RegisterValues &values,
                                  InstructionEffects &effects) {
  effects.clear();
  // The guard is read first; a false guard reads nothing else.
  if (inst.guard.present) {
    llvm::Expected<uint64_t> guard =
        values.readInteger(getRegId({arch::RegClass::Pred, inst.guard.reg}));
    if (!guard)
      return guard.takeError();
    effects.executed = (*guard != 0) != inst.guard.negated;
  }
  llvm::SmallVector<arch::Reg, 8> reads, writes;
  arch::getRegisterAccesses(inst, effects.executed, reads, writes);
  for (arch::Reg reg : reads)
    effects.regReads.push_back(getRegId(reg));
  for (arch::Reg reg : writes)
    effects.regWrites.push_back(getRegId(reg));
  if (arch::isBranch(inst.opcode))
    effects.control = ControlKind::Branch;
  else if (inst.opcode == arch::Opcode::Halt)
    effects.control = ControlKind::Halt;
  if (!effects.executed)
    return llvm::Error::success();

  if (inst.opcode == arch::Opcode::DmaIssue)
    effects.startsCopy = inst.flag;
  else if (inst.opcode == arch::Opcode::DmaWait)
    effects.waitsForCopies = inst.flag;
  // Addresses from the registers as they are before the instruction runs.
  llvm::SmallVector<arch::MemAccess, 2> accesses;
  arch::getMemoryAccesses(inst, accesses);
  for (const arch::MemAccess &access : accesses) {
    int32_t baseValue = 0;
    if (access.operand->hasBase) {
      llvm::Expected<uint64_t> base = values.readInteger(
          getRegId({arch::RegClass::Scalar, access.operand->base}));
      if (!base)
        return base.takeError();
      baseValue = int32_t(uint32_t(*base));
    }
    int64_t addr = arch::effectiveAddress(*access.operand, baseValue);
    // A negative address faults when the instruction runs; the device says
    // so in its words.
    if (addr < 0)
      continue;
    MemoryRange range{getSpaceId(access.operand->space, access.operand->chip),
                      uint64_t(addr), access.bytes};
    (access.isWrite ? effects.stores : effects.loads).push_back(range);
  }
  return llvm::Error::success();
}
