//===- SnRRewriteTarget.cpp - The snr ISA, as the rewrite asks it ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

using namespace snr;
using namespace snr::rewrite;
using arch::Opcode;
using target::SnRTarget;


SnRRewriteTarget::SnRRewriteTarget() {
  for (unsigned c = 0; c < arch::kNumRegClasses; ++c)
    for (unsigned i = 0; i < arch::getNumRegs(arch::RegClass(c)); ++i)
      files[c].push_back(SnRTarget::getRegId({arch::RegClass(c), uint8_t(i)}));
}

const SnRRewriteTarget &SnRRewriteTarget::get() {
  static const SnRRewriteTarget kTarget;
  return kTarget;
}

void SnRRewriteTarget::describe(const Instruction &inst, bool executed,
                                InstructionDesc &desc) const {
  desc = InstructionDesc();
  llvm::SmallVector<arch::Reg, 24> reads, writes;
  arch::getRegisterAccesses(inst, executed, reads, writes);
  for (arch::Reg reg : reads)
    if (reg.cls != arch::RegClass::Flag)
      desc.reads.push_back(SnRTarget::getRegId(reg));
  for (arch::Reg reg : writes)
    if (reg.cls != arch::RegClass::Flag)
      desc.writes.push_back(SnRTarget::getRegId(reg));
  desc.predicated = inst.guard.present;
  if (inst.guard.present) {
    desc.guard = SnRTarget::getRegId({arch::RegClass::Pred, inst.guard.reg});
    desc.guardNegated = inst.guard.negated;
  }
  if (executed) {
    if (inst.opcode == Opcode::DmaIssue)
      desc.startsCopy = inst.flag;
    else if (inst.opcode == Opcode::DmaWait)
      desc.waitsForCopies = inst.flag;
  }
  if (arch::isBranch(inst.opcode)) {
    desc.control = target::ControlKind::Branch;
    desc.branchTarget = uint64_t(inst.imm);
  } else if (inst.opcode == Opcode::Halt) {
    desc.control = target::ControlKind::Halt;
  }
  desc.orderingBarrier =
      inst.opcode == Opcode::Fence || inst.opcode == Opcode::Halt;
  desc.lightweight = arch::isLightweight(inst.opcode);
  desc.scalarArithmetic = arch::getUnit(inst.opcode) == arch::Unit::Scalar;
}

std::string SnRRewriteTarget::getMnemonic(const Instruction &inst) const {
  return arch::getMnemonic(inst.opcode).str();
}

void SnRRewriteTarget::forEachEffects(
    const trace::Trace &trace, const arch::MemorySizes &sizes,
    llvm::function_ref<void(size_t, const target::InstructionEffects &)> fn)
    const {
  // What SnRTarget::getEffects says of each instruction, from the same ISA
  // table, with the addresses the functional core resolves as it runs the
  // trace (one step per instruction, no register read through an
  // interface: this runs over every instruction of every trace rewritten).
  sim::ArchState state(sizes);
  replay::applySnapshot(trace, state);
  target::InstructionEffects effects;
  llvm::SmallVector<sim::ResolvedAccess, 2> resolved;
  llvm::SmallVector<arch::Reg, 24> reads, writes;
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    const arch::Instruction &inst = trace.instructions[i];
    state.pc = inst.pc;
    resolved.clear();
    // The trace replayed without divergence: nothing here faults.
    sim::StepResult step = sim::execute(inst, state, &resolved);
    effects.executed = step.executed;
    effects.regReads.clear();
    effects.regWrites.clear();
    effects.loads.clear();
    effects.stores.clear();
    effects.startsCopy.reset();
    effects.waitsForCopies.reset();
    reads.clear();
    writes.clear();
    arch::getRegisterAccesses(inst, step.executed, reads, writes);
    for (arch::Reg reg : reads)
      if (reg.cls != arch::RegClass::Flag)
        effects.regReads.push_back(SnRTarget::getRegId(reg));
    for (arch::Reg reg : writes)
      if (reg.cls != arch::RegClass::Flag)
        effects.regWrites.push_back(SnRTarget::getRegId(reg));
    if (step.executed) {
      if (inst.opcode == Opcode::DmaIssue)
        effects.startsCopy = inst.flag;
      else if (inst.opcode == Opcode::DmaWait)
        effects.waitsForCopies = inst.flag;
      for (const sim::ResolvedAccess &a : resolved)
        (a.isWrite ? effects.stores : effects.loads)
            .push_back({SnRTarget::getSpaceId(a.space, a.chip), a.addr,
                        a.bytes});
    }
    fn(i, effects);
  }
}

void SnRRewriteTarget::forEachNamedSyncObject(
    const trace::Trace &trace, llvm::function_ref<void(SyncId)> fn) const {
  for (const trace::SnapshotRegister &r : trace.registers)
    if (r.reg.cls == arch::RegClass::Flag)
      fn(r.reg.index);
  for (const arch::Instruction &inst : trace.instructions)
    if (arch::getLayout(inst.opcode).hasFlag)
      fn(inst.flag);
}

void SnRRewriteTarget::forEachSyncObjectInFlight(
    const trace::Trace &trace, llvm::function_ref<void(SyncId)> fn) const {
  // A flag counts the DMAs issued on it since its last wait.
  for (const trace::SnapshotRegister &r : trace.registers)
    if (r.reg.cls == arch::RegClass::Flag && r.value != 0)
      fn(r.reg.index);
}

void SnRRewriteTarget::renameRegisters(
    Instruction &inst, llvm::function_ref<RegId(RegId)> reads,
    llvm::function_ref<RegId(RegId)> writes) const {
  auto rename = [](llvm::function_ref<RegId(RegId)> map, arch::RegClass cls,
                   uint8_t &index) {
    index = SnRTarget::getReg(map(SnRTarget::getRegId({cls, index}))).index;
  };
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  if (inst.guard.present)
    rename(reads, arch::RegClass::Pred, inst.guard.reg);
  if (layout.rs1)
    rename(reads, *layout.rs1, inst.rs1);
  if (layout.rs2)
    rename(reads, *layout.rs2, inst.rs2);
  if ((layout.mem == arch::MemRole::Load || layout.mem == arch::MemRole::Dma) &&
      inst.src.hasBase)
    rename(reads, arch::RegClass::Scalar, inst.src.base);
  if ((layout.mem == arch::MemRole::Store ||
       layout.mem == arch::MemRole::Dma) &&
      inst.dst.hasBase)
    rename(reads, arch::RegClass::Scalar, inst.dst.base);
  if (layout.rd)
    rename(writes, *layout.rd, inst.rd);
}

void SnRRewriteTarget::setSyncObject(Instruction &inst, SyncId sync) const {
  assert(arch::getLayout(inst.opcode).hasFlag && "not a copy or a wait");
  inst.flag = uint8_t(sync);
}

void SnRRewriteTarget::setGuard(Instruction &inst, RegId guard,
                                bool negated) const {
  assert(!inst.guard.present && "already predicated");
  arch::Reg reg = SnRTarget::getReg(guard);
  assert(reg.cls == arch::RegClass::Pred && "not a predicate register");
  inst.guard = {true, negated, reg.index};
}

void SnRRewriteTarget::setBranchTarget(Instruction &inst, uint64_t pc) const {
  assert(arch::isBranch(inst.opcode) && "not a branch");
  inst.imm = int64_t(pc);
}

llvm::ArrayRef<RegId> SnRRewriteTarget::getRenameCandidates(RegId reg) const {
  return files[unsigned(SnRTarget::getReg(reg).cls)];
}

unsigned SnRRewriteTarget::getNumSyncObjects() const {
  return arch::getNumRegs(arch::RegClass::Flag);
}

std::string SnRRewriteTarget::formatSyncObject(SyncId sync) const {
  return arch::formatReg({arch::RegClass::Flag, uint8_t(sync)});
}

std::optional<SpaceId> SnRRewriteTarget::getScratchpadSpace() const {
  return SnRTarget::getSpaceId(arch::MemSpace::VMem, 0);
}
