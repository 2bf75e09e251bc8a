//===- TimingModel.cpp - A RISC-V core's timing, from LLVM's model --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/ADT/APInt.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/MCA/Instruction.h"
#include "llvm/MCA/Support.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

// The RISC-V target's llvm-mca support (its InstrumentManager), which
// libLLVM carries but registers only when asked.
extern "C" void LLVMInitializeRISCVTargetMCA();

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// The target's MCInstrAnalysis, except that it calls nothing a call or a
/// return: llvm-mca's InstrBuilder warns on stderr at the first of each, and
/// gives calls its call latency, which SnR decides itself (TimingOptions).
class QuietInstrAnalysis : public llvm::MCInstrAnalysis {
public:
  QuietInstrAnalysis(const llvm::MCInstrInfo *info,
                     const llvm::MCInstrAnalysis &inner)
      : MCInstrAnalysis(info), inner(inner) {}
  bool isCall(const llvm::MCInst &) const override { return false; }
  bool isReturn(const llvm::MCInst &) const override { return false; }
  bool clearsSuperRegisters(const llvm::MCRegisterInfo &registers,
                            const llvm::MCInst &inst,
                            llvm::APInt &writes) const override {
    return inner.clearsSuperRegisters(registers, inst, writes);
  }
  bool isZeroIdiom(const llvm::MCInst &inst, llvm::APInt &mask,
                   unsigned cpuId) const override {
    return inner.isZeroIdiom(inst, mask, cpuId);
  }
  bool isDependencyBreaking(const llvm::MCInst &inst, llvm::APInt &mask,
                            unsigned cpuId) const override {
    return inner.isDependencyBreaking(inst, mask, cpuId);
  }
  bool isOptimizableRegisterMove(const llvm::MCInst &inst,
                                 unsigned cpuId) const override {
    return inner.isOptimizableRegisterMove(inst, cpuId);
  }

private:
  const llvm::MCInstrAnalysis &inner;
};
} // namespace

TimingModel::TimingModel(const RISCVTarget &target) : target(target) {}
TimingModel::~TimingModel() = default;

const llvm::MCSchedModel &TimingModel::getSchedModel() const {
  return subtarget->getSchedModel();
}
unsigned TimingModel::getIssueWidth() const {
  return getSchedModel().IssueWidth;
}
bool TimingModel::isOutOfOrder() const {
  return getSchedModel().isOutOfOrder();
}
unsigned TimingModel::getMicroOpBufferSize() const {
  return getSchedModel().MicroOpBufferSize;
}
unsigned TimingModel::getLoadLatency() const {
  return getSchedModel().LoadLatency;
}
unsigned TimingModel::getMispredictPenalty() const {
  return getSchedModel().MispredictPenalty;
}

const ReadAdvanceTable *
TimingModel::getAdvanceTable(llvm::ArrayRef<ReadAdvance> advances) {
  if (advances.empty())
    return nullptr;
  std::vector<std::pair<unsigned, int>> key;
  for (const ReadAdvance &advance : advances)
    key.push_back({advance.writeResourceId, advance.cycles});
  auto [found, inserted] = advanceTables.try_emplace(key);
  ReadAdvanceTable &table = found->second;
  if (!inserted)
    return &table;
  // The first entry that matches a write applies; an entry of write 0
  // matches every write.
  unsigned largest = 0;
  for (const ReadAdvance &advance : advances)
    largest = std::max(largest, advance.writeResourceId);
  std::vector<bool> set(largest + 1, false);
  table.byWrite.assign(largest + 1, 0);
  bool otherwiseSet = false;
  for (const ReadAdvance &advance : advances) {
    if (!advance.writeResourceId) {
      for (unsigned id = 0; id <= largest; ++id)
        if (!set[id]) {
          table.byWrite[id] = int16_t(advance.cycles);
          set[id] = true;
        }
      if (!otherwiseSet) {
        table.otherwise = int16_t(advance.cycles);
        otherwiseSet = true;
      }
      continue;
    }
    if (!set[advance.writeResourceId]) {
      table.byWrite[advance.writeResourceId] = int16_t(advance.cycles);
      set[advance.writeResourceId] = true;
    }
  }
  return &table;
}

llvm::StringRef TimingModel::getRegisterName(RegUnit reg) const {
  return target.getRegisterInfo().getName(reg);
}

llvm::StringRef TimingModel::getLMULName(int lmulLog2) {
  static const char *const kNames[] = {"MF8", "MF4", "MF2", "M1",
                                       "M2",  "M4",  "M8"};
  assert(lmulLog2 >= -3 && lmulLog2 <= 3 && "not an LMUL");
  return kNames[lmulLog2 + 3];
}

llvm::StringRef TimingModel::getSEWName(unsigned sewLog2) {
  static const char *const kNames[] = {"E8", "E16", "E32", "E64"};
  assert(sewLog2 <= 3 && "not a SEW");
  return kNames[sewLog2];
}

llvm::Expected<std::unique_ptr<TimingModel>>
TimingModel::create(const RISCVTarget &target, llvm::StringRef cpu) {
  static std::once_flag initialized;
  std::call_once(initialized, [] { LLVMInitializeRISCVTargetMCA(); });

  const llvm::Target &llvmTarget = target.getLLVMTarget();
  if (!target.getSubtargetInfo().isCPUStringValid(cpu))
    return makeError("'" + cpu +
                     "' is not a RISC-V processor LLVM knows (try "
                     "sifive-x280, spacemit-x60, sifive-p670, tt-ascalon-d8)");

  std::unique_ptr<TimingModel> model(new TimingModel(target));
  model->cpu = cpu.str();
  llvm::Triple triple("riscv64-unknown-linux-gnu");
  model->subtarget.reset(llvmTarget.createMCSubtargetInfo(
      triple, cpu, target.getSubtargetInfo().getFeatureString()));
  if (!model->subtarget)
    return makeError("LLVM cannot set up the RISC-V subtarget '" + cpu + "'");
  const llvm::MCSchedModel &sm = model->subtarget->getSchedModel();
  if (!sm.hasInstrSchedModel())
    return makeError("'" + cpu +
                     "' has no scheduling model in LLVM: its timing is "
                     "unknown");

  const llvm::MCInstrInfo &instrInfo = target.getInstrInfo();
  model->analysis.reset(llvmTarget.createMCInstrAnalysis(&instrInfo));
  if (!model->analysis)
    return makeError("LLVM's RISC-V target has no MCInstrAnalysis");
  model->quietAnalysis =
      std::make_unique<QuietInstrAnalysis>(&instrInfo, *model->analysis);
  model->instruments.reset(
      llvmTarget.createInstrumentManager(*model->subtarget, instrInfo));
  if (!model->instruments)
    return makeError("LLVM's RISC-V target has no llvm-mca instrument "
                     "manager: vector timing per LMUL and SEW is unavailable");
  // The call latency does not matter: QuietInstrAnalysis has no calls.
  model->builder = std::make_unique<llvm::mca::InstrBuilder>(
      *model->subtarget, instrInfo, target.getRegisterInfo(),
      model->quietAnalysis.get(), *model->instruments, /*CallLatency=*/100);
  for (int lmul = -3; lmul <= 3; ++lmul)
    model->lmulInstruments.push_back(
        model->instruments->createInstrument("RISCV-LMUL", getLMULName(lmul)));
  for (unsigned sew = 0; sew <= 3; ++sew)
    model->sewInstruments.push_back(
        model->instruments->createInstrument("RISCV-SEW", getSEWName(sew)));
  for (const auto &instrument : model->lmulInstruments)
    if (!instrument)
      return makeError("LLVM's RISC-V instrument manager refuses LMUL");
  for (const auto &instrument : model->sewInstruments)
    if (!instrument)
      return makeError("LLVM's RISC-V instrument manager refuses SEW");

  // The resources, named and masked as llvm-mca does.
  unsigned numKinds = sm.getNumProcResourceKinds();
  llvm::SmallVector<uint64_t, 32> masks(numKinds);
  llvm::mca::computeProcResourceMasks(sm, masks);
  model->resources.resize(numKinds);
  model->resourceByStateIndex.assign(64, 0);
  for (unsigned id = 1; id < numKinds; ++id) {
    const llvm::MCProcResourceDesc &desc = *sm.getProcResource(id);
    ResourceInfo &info = model->resources[id];
    info.name = desc.Name;
    info.mask = masks[id];
    info.isGroup = desc.SubUnitsIdxBegin != nullptr;
    info.numUnits = info.isGroup ? 1 : desc.NumUnits;
    info.bufferSize = desc.BufferSize;
    model->resourceByStateIndex[llvm::mca::getResourceStateIndex(masks[id])] =
        ResourceId(id);
  }
  for (unsigned id = 1; id < numKinds; ++id) {
    ResourceInfo &info = model->resources[id];
    if (!info.isGroup)
      continue;
    const llvm::MCProcResourceDesc &desc = *sm.getProcResource(id);
    for (unsigned i = 0; i < desc.NumUnits; ++i) {
      ResourceId member = ResourceId(desc.SubUnitsIdxBegin[i]);
      info.members.push_back(member);
      model->resources[member].groups.push_back(ResourceId(id));
    }
  }
  if (sm.hasExtraProcessorInfo()) {
    model->maxRetirePerCycle = sm.getExtraProcessorInfo().MaxRetirePerCycle;
    model->reorderBufferSize = sm.getExtraProcessorInfo().ReorderBufferSize;
  }

  const llvm::MCRegisterInfo &registers = target.getRegisterInfo();
  model->numRegs = registers.getNumRegs();
  for (unsigned reg = 1; reg < model->numRegs; ++reg)
    if (llvm::StringRef(registers.getName(reg)) == "VTYPE")
      model->vtypeReg = reg;
  // The CPU's VLEN is its largest Zvl<N>b; a model written for one VLEN
  // (SiFive7's resources are named VLEN512SiFive7...) assumes it.
  for (unsigned bits = 32; bits <= 65536; bits *= 2)
    if (model->subtarget->checkFeatures(llvm::formatv("+zvl{0}b", bits).str()))
      model->vlen = bits;
  return model;
}

std::string TimingModel::checkVLen(unsigned vlenb) const {
  if (!vlen || vlen == vlenb * 8)
    return "";
  return llvm::formatv("the trace's VLEN is {0} bits but {1} has VLEN {2}: "
                       "its vector timing is for VLEN {2} (record with QEMU "
                       "-cpu rv64,v=true,vlen={2})",
                       vlenb * 8, cpu, vlen)
      .str();
}

bool TimingModel::readsVType(const RISCVInstruction &inst) const {
  const llvm::MCInstrDesc &desc = target.getInstrInfo().get(inst.getOpcode());
  for (llvm::MCPhysReg reg : desc.implicit_uses())
    if (reg == vtypeReg)
      return true;
  return false;
}

llvm::Expected<const TimingDescriptor *>
TimingModel::getDescriptor(const RISCVInstruction &inst,
                           std::optional<VectorType> vtype) {
  uint64_t vtypeKey = 0xffff;
  if (vtype && readsVType(inst))
    vtypeKey = vtype->encode() & 0x3f; // vsew and vlmul only
  else
    vtype.reset();
  std::pair<uint64_t, uint64_t> key(inst.pc, uint64_t(inst.getOpcode()) << 16 |
                                                 vtypeKey);
  auto found = cache.find(key);
  if (found != cache.end())
    return &descriptors[found->second];
  llvm::Expected<TimingDescriptor> built = build(inst, vtype);
  if (!built)
    return built.takeError();
  descriptors.push_back(std::move(*built));
  cache[key] = descriptors.size() - 1;
  return &descriptors.back();
}

TimingDescriptor
TimingModel::buildUntimed(const RISCVInstruction &inst,
                          std::optional<VectorType> vtype) const {
  const llvm::MCInst &mc = inst.getMCInst();
  const llvm::MCRegisterInfo &registers = target.getRegisterInfo();
  const llvm::MCInstrDesc &desc = target.getInstrInfo().get(mc.getOpcode());
  TimingDescriptor result;
  result.untimed = true;
  result.opcode = mc.getOpcode();
  result.schedClass = desc.getSchedClass();
  result.schedClassName = getSchedModel().getSchedClassName(result.schedClass);
  result.numMicroOps = 1;
  result.maxLatency = 1;
  result.firstWriteBack = 1;
  result.mayLoad = desc.mayLoad();
  result.mayStore = desc.mayStore();
  result.hasSideEffects = desc.hasUnmodeledSideEffects();
  result.vtype = vtype;
  auto addRead = [&](llvm::MCRegister reg) {
    if (!reg || registers.isConstant(reg))
      return;
    RegisterRead read;
    read.reg = RegUnit(reg.id());
    read.checked.push_back(read.reg);
    for (llvm::MCPhysReg sub : registers.subregs(reg))
      read.checked.push_back(RegUnit(sub));
    result.reads.push_back(std::move(read));
  };
  auto addWrite = [&](llvm::MCRegister reg) {
    if (!reg || registers.isConstant(reg))
      return;
    RegisterWrite write;
    write.reg = RegUnit(reg.id());
    write.latency = 1;
    write.updated.push_back(write.reg);
    for (llvm::MCPhysReg sub : registers.subregs(reg))
      if (!registers.isArtificial(sub))
        write.updated.push_back(RegUnit(sub));
    result.writes.push_back(std::move(write));
  };
  for (unsigned i = 0; i < mc.getNumOperands(); ++i) {
    if (!mc.getOperand(i).isReg())
      continue;
    if (i < desc.getNumDefs())
      addWrite(mc.getOperand(i).getReg());
    else
      addRead(mc.getOperand(i).getReg());
  }
  for (llvm::MCPhysReg reg : desc.implicit_uses())
    addRead(reg);
  for (llvm::MCPhysReg reg : desc.implicit_defs())
    addWrite(reg);
  return result;
}

llvm::Expected<TimingDescriptor>
TimingModel::build(const RISCVInstruction &inst,
                   std::optional<VectorType> vtype) {
  const llvm::MCInst &mc = inst.getMCInst();
  const llvm::MCInstrInfo &instrInfo = target.getInstrInfo();
  const llvm::MCRegisterInfo &registers = target.getRegisterInfo();
  const llvm::MCSchedModel &sm = subtarget->getSchedModel();

  llvm::SmallVector<llvm::mca::Instrument *> active;
  if (vtype) {
    active.push_back(lmulInstruments[vtype->lmulLog2 + 3].get());
    active.push_back(sewInstruments[vtype->sewLog2].get());
  }
  llvm::Expected<std::unique_ptr<llvm::mca::Instruction>> created =
      builder->createInstruction(mc, active);
  if (!created) {
    llvm::consumeError(created.takeError());
    return buildUntimed(inst, vtype);
  }
  const llvm::mca::Instruction &mca = **created;
  const llvm::mca::InstrDesc &desc = mca.getDesc();

  TimingDescriptor result;
  result.opcode = inst.getOpcode();
  result.schedClass = desc.SchedClassID;
  result.schedClassName = sm.getSchedClassName(desc.SchedClassID);
  result.numMicroOps = desc.NumMicroOps;
  result.maxLatency = desc.MaxLatency;
  result.usedGroups = desc.UsedProcResGroups;
  result.usedBuffers = desc.UsedBuffers;
  result.hasPartiallyOverlappingGroups = desc.HasPartiallyOverlappingGroups;
  result.beginGroup = mca.getBeginGroup();
  result.endGroup = mca.getEndGroup();
  result.retireOOO = mca.getRetireOOO();
  result.mayLoad = mca.getMayLoad();
  result.mayStore = mca.getMayStore();
  result.hasSideEffects = mca.getHasSideEffects();
  result.isCall = analysis->isCall(mc);
  result.vtype = vtype;
  if (vtype) {
    // The instruments chose a class of the LMUL's own when the class
    // differs from the opcode's.
    unsigned base = instrInfo.get(mc.getOpcode()).getSchedClass();
    result.lmulSpecific =
        instruments->getSchedClassID(instrInfo, mc, active) != base;
  }

  const llvm::MCSchedClassDesc &sc = *sm.getSchedClassDesc(desc.SchedClassID);
  llvm::ArrayRef<llvm::MCReadAdvanceEntry> advances =
      subtarget->getReadAdvanceEntries(sc);
  for (const llvm::mca::ReadState &read : mca.getUses()) {
    if (read.isIndependentFromDef())
      continue;
    RegisterRead r;
    r.reg = RegUnit(read.getRegisterID());
    r.checked.push_back(r.reg);
    for (llvm::MCPhysReg sub : registers.subregs(read.getRegisterID()))
      r.checked.push_back(RegUnit(sub));
    unsigned useIndex = read.getDescriptor().UseIndex;
    for (const llvm::MCReadAdvanceEntry &entry : advances)
      if (entry.UseIdx == useIndex)
        r.advances.push_back({entry.WriteResourceID, entry.Cycles});
    r.advanceTable = getAdvanceTable(r.advances);
    result.reads.push_back(std::move(r));
  }

  result.firstWriteBack = result.maxLatency;
  for (const llvm::mca::WriteState &write : mca.getDefs()) {
    if (!write.getRegisterID())
      continue;
    result.firstWriteBack = std::min(result.firstWriteBack, write.getLatency());
    // Two writes of one register: llvm-mca keeps the slower.
    auto same = llvm::find_if(result.writes, [&](const RegisterWrite &w) {
      return w.reg == write.getRegisterID();
    });
    if (same != result.writes.end()) {
      if (same->latency < write.getLatency()) {
        same->latency = write.getLatency();
        same->writeResourceId = write.getWriteResourceID();
      }
      continue;
    }
    RegisterWrite w;
    w.reg = RegUnit(write.getRegisterID());
    w.latency = write.getLatency();
    w.writeResourceId = write.getWriteResourceID();
    w.updated.push_back(w.reg);
    for (llvm::MCPhysReg sub : registers.subregs(write.getRegisterID()))
      if (!registers.isArtificial(sub))
        w.updated.push_back(RegUnit(sub));
    if (write.clearsSuperRegisters())
      for (llvm::MCPhysReg super : registers.superregs(write.getRegisterID()))
        w.updated.push_back(RegUnit(super));
    result.writes.push_back(std::move(w));
  }
  if (result.mayLoad && !result.writes.empty())
    result.loadLatency = result.writes.front().latency;

  for (const auto &[mask, usage] : desc.Resources) {
    ResourceUse use;
    use.mask = mask;
    use.resource = getResourceOfMask(mask);
    use.cycles = usage.size();
    use.numUnits = usage.NumUnits;
    use.reserved = usage.isReserved();
    result.resources.push_back(use);
  }
  auto oneUnit = [&](ResourceId id) {
    const ResourceInfo &info = resources[id];
    return !info.isGroup && info.numUnits == 1;
  };
  result.oneUnitResources = !result.hasPartiallyOverlappingGroups;
  for (const ResourceUse &use : result.resources) {
    const ResourceInfo &info = resources[use.resource];
    bool simple = !use.reserved && use.numUnits == 1;
    if (info.isGroup)
      simple &= llvm::all_of(info.members, oneUnit);
    else
      simple &= oneUnit(use.resource);
    result.oneUnitResources &= simple;
  }
  return result;
}
