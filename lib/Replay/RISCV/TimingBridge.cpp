//===- TimingBridge.cpp - A RISC-V run in SnR's analysis vocabulary -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "TimingBridge.h"

#include "SnR/Target/ElfImage.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Trace/EncodedTrace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"

#include <algorithm>

using namespace snr;
using namespace snr::replay::riscv;
using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

//===----------------------------------------------------------------------===//
// RISCVInstructionTable
//===----------------------------------------------------------------------===//

llvm::Expected<std::shared_ptr<RISCVInstructionTable>>
RISCVInstructionTable::create(std::unique_ptr<RISCVTarget> target,
                              std::unique_ptr<TimingModel> model,
                              const RecordedTrace &trace) {
  std::shared_ptr<RISCVInstructionTable> table(new RISCVInstructionTable());
  table->target = std::move(target);
  table->model = std::move(model);
  table->timer = std::make_unique<TraceTimer>(*table->model);
  if (llvm::Error error = table->timer->prepare(trace))
    return std::move(error);
  const TraceTimer &timer = *table->timer;
  llvm::DenseMap<const RISCVInstruction *, uint32_t> slotOf;
  table->staticOf.reserve(timer.size());
  for (size_t i = 0, e = timer.size(); i < e; ++i) {
    const RISCVInstruction &inst = timer.getInstruction(i);
    auto [it, inserted] =
        slotOf.try_emplace(&inst, uint32_t(table->statics.size()));
    if (inserted) {
      auto s = std::make_unique<Static>();
      s->mnemonic = inst.getMnemonic();
      s->desc.mnemonic = s->mnemonic;
      s->desc.mayLoad =
          table->target->getInstrInfo().get(inst.getOpcode()).mayLoad();
      table->statics.push_back(std::move(s));
    }
    table->staticOf.push_back(it->second);
  }
  return table;
}

uint64_t RISCVInstructionTable::getPc(uint64_t index) const {
  return timer->getInstruction(index).pc;
}

void RISCVInstructionTable::noteLatency(uint64_t index, unsigned latency) {
  Static &s = *statics[staticOf[index]];
  if (!s.latencyKnown || latency > s.desc.latency) {
    s.desc.latency = latency;
    s.latencyKnown = true;
  }
}

void RISCVInstructionTable::getRegisterAccesses(
    uint64_t index, bool executed, llvm::SmallVectorImpl<target::RegId> &reads,
    llvm::SmallVectorImpl<target::RegId> &writes) const {
  const llvm::MCInst &mc = timer->getInstruction(index).getMCInst();
  const llvm::MCInstrDesc &desc = target->getInstrInfo().get(mc.getOpcode());
  auto add = [&](llvm::MCRegister reg,
                 llvm::SmallVectorImpl<target::RegId> &out) {
    if (reg.isValid())
      llvm::append_range(out, target->getRegIds(reg));
  };
  for (unsigned i = 0, e = mc.getNumOperands(); i < e; ++i) {
    const llvm::MCOperand &operand = mc.getOperand(i);
    if (operand.isReg())
      add(operand.getReg(), i < desc.getNumDefs() ? writes : reads);
  }
  for (llvm::MCPhysReg reg : desc.implicit_uses())
    add(reg, reads);
  for (llvm::MCPhysReg reg : desc.implicit_defs())
    add(reg, writes);
}

void RISCVInstructionTable::printInstruction(uint64_t index,
                                             llvm::raw_ostream &os) const {
  timer->getInstruction(index).print(os);
}

//===----------------------------------------------------------------------===//
// describeTimingModel
//===----------------------------------------------------------------------===//

sim::ModelDescription
snr::replay::riscv::describeTimingModel(const TimingModel &model,
                                        bool likeMca) {
  sim::ModelDescription description;
  description.name = model.getCPU().str();
  description.hasClock = false;
  description.busyFromDescriptions = false;
  description.asyncCopies = false;
  for (unsigned id = 1; id < model.getNumResources(); ++id) {
    const ResourceInfo &info = model.getResource(ResourceId(id));
    if (info.isGroup)
      continue;
    sim::ResourceInfo resource;
    resource.name = resource.label = info.name;
    resource.units = std::max(1u, info.numUnits);
    description.resources.push_back(std::move(resource));
  }
  // The engine's kinds, in its order (kind k here is StallKind(k) there).
  struct Kind {
    const char *reason, *waitsFor;
    sim::StallRole role;
  };
  static const Kind kKinds[kNumStallKinds] = {
      {"none", "", sim::StallRole::None},
      {"register", "a register written by", sim::StallRole::Register},
      {"resource", "a resource held by", sim::StallRole::Resource},
      {"taken branch", "the fetch restart after", sim::StallRole::Other},
      {"write order", "the earlier write-back of", sim::StallRole::Other},
      {"issue width", "the issue slots taken by", sim::StallRole::Other},
      {"window", "the retirement of", sim::StallRole::Other}};
  static_assert(kNumStallKinds <= sim::kMaxStallKinds);
  for (unsigned k = 0; k < kNumStallKinds; ++k)
    description.stallKinds.push_back({getStallKindName(StallKind(k)).str(),
                                      kKinds[k].reason, kKinds[k].waitsFor,
                                      kKinds[k].role});
  description.parameters =
      llvm::json::Object{{"name", model.getCPU()},
                         {"cpu", model.getCPU()},
                         {"out_of_order", model.isOutOfOrder()},
                         {"issue_width", model.getIssueWidth()},
                         {"micro_op_buffer", model.getMicroOpBufferSize()},
                         {"vlen", model.getVLen()},
                         {"load_latency", model.getLoadLatency()},
                         {"like_mca", likeMca}};
  return description;
}

//===----------------------------------------------------------------------===//
// TimingEventForwarder
//===----------------------------------------------------------------------===//

TimingEventForwarder::TimingEventForwarder(
    const sim::ModelDescription &description, RISCVInstructionTable &table,
    llvm::ArrayRef<sim::SimListener *> listeners)
    : description(description), table(table),
      listeners(listeners.begin(), listeners.end()) {
  const TimingModel &model = table.getModel();
  resourceOf.assign(model.getNumResources(), sim::kNoResource);
  for (unsigned id = 1; id < model.getNumResources(); ++id)
    if (!model.getResource(ResourceId(id)).isGroup)
      resourceOf[id] =
          description.findResource(model.getResource(ResourceId(id)).name);
}

void TimingEventForwarder::onRunStart(const TimingRunInfo &) {
  sim::RunInfo info;
  info.model = &description;
  info.instructions = &table;
  info.functional = false;
  for (sim::SimListener *listener : listeners)
    listener->onRunStart(info);
}

void TimingEventForwarder::onIssue(const TimingIssueEvent &event) {
  if (event.desc)
    table.noteLatency(event.index, event.desc->maxLatency);
  sim::IssueEvent forwarded;
  forwarded.index = event.index;
  forwarded.cycle = event.cycle;
  forwarded.ready = event.ready;
  forwarded.stall = event.stall;
  forwarded.kind = sim::StallKind(event.kind);
  forwarded.cause = event.cause == kNoIndex ? sim::kNoIndex : event.cause;
  forwarded.resource = sim::kNoResource;
  forwarded.executed = true;
  for (sim::SimListener *listener : listeners)
    listener->onIssue(forwarded);
}

void TimingEventForwarder::onResourceBusy(
    const target::riscv::timing::ResourceBusyEvent &event) {
  if (event.resource >= resourceOf.size() ||
      resourceOf[event.resource] == sim::kNoResource)
    return;
  sim::ResourceBusyEvent forwarded;
  forwarded.resource = resourceOf[event.resource];
  forwarded.unit = event.unit;
  forwarded.index = event.index;
  forwarded.begin = event.begin;
  forwarded.end = event.end;
  for (sim::SimListener *listener : listeners)
    listener->onResourceBusy(forwarded);
}

void TimingEventForwarder::onRetire(const TimingRetireEvent &event) {
  sim::RetireEvent forwarded{event.index, event.cycle};
  for (sim::SimListener *listener : listeners)
    listener->onRetire(forwarded);
}

void TimingEventForwarder::onRunEnd(const TimingSummary &summary) {
  sim::RunSummary forwarded;
  forwarded.instructions = summary.instructions;
  forwarded.totalCycles = summary.cycles;
  for (sim::SimListener *listener : listeners)
    listener->onRunEnd(forwarded);
}

//===----------------------------------------------------------------------===//
// buildRISCVTraceInfo
//===----------------------------------------------------------------------===//

/// The function of `pc`: the trace's map, else the ELF's symbols, else
/// DWARF's; empty if none names it.
static std::string findFunction(const RecordedTrace &recorded,
                                const target::ElfImage *elf, uint64_t pc,
                                const std::optional<target::SourceLine> &line) {
  for (const RecordedTrace::Function &f : recorded.functions)
    if (pc >= f.begin && pc < f.end)
      return f.name;
  if (elf)
    for (const target::ElfFunction &f : elf->getFunctions())
      if (pc >= f.begin && pc < f.end)
        return f.name;
  return line ? line->function : std::string();
}

analysis::TraceInfo snr::replay::riscv::buildRISCVTraceInfo(
    const trace::EncodedTrace &trace, const RecordedTrace &recorded,
    std::shared_ptr<RISCVInstructionTable> table, const target::ElfImage *elf) {
  analysis::TraceInfo info;
  info.fileName = trace.fileName;
  info.program = trace.header.program;
  info.machine = trace.header.machine;
  info.hloNoun = "function";
  info.hloNounPlural = "functions";
  info.noHloName = "(no function)";
  uint64_t count = table->size();
  info.instructions = table;
  info.hloOf.reserve(count);
  info.lines.reserve(count);
  llvm::DenseMap<uint64_t, analysis::HloId> hloOfPc;
  llvm::StringMap<analysis::HloId> idOfName;
  llvm::StringMap<uint32_t> fileIds;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t pc = table->getPc(i);
    info.lines.push_back(
        i < trace.instructions.size() ? trace.instructions[i].line : 0);
    auto [it, inserted] = hloOfPc.try_emplace(pc, analysis::kNoHlo);
    if (inserted) {
      std::optional<target::SourceLine> line;
      if (elf)
        line = elf->lookupLine(pc);
      if (line && line->line) {
        auto [file, newFile] = fileIds.try_emplace(
            line->file, uint32_t(info.lineTable.files.size()));
        if (newFile)
          info.lineTable.files.push_back(line->file);
        info.lineTable.entries.push_back(
            {pc, file->second, line->line, line->column});
      }
      std::string function = findFunction(recorded, elf, pc, line);
      if (!function.empty()) {
        auto [name, newName] = idOfName.try_emplace(
            function, analysis::HloId(info.hloNames.size()));
        if (newName) {
          info.hloNames.push_back(function);
          info.xlaNames.emplace_back();
        }
        it->second = name->second;
      }
    }
    info.hloOf.push_back(it->second);
  }
  llvm::sort(info.lineTable.entries,
             [](const analysis::SourceTable::Entry &a,
                const analysis::SourceTable::Entry &b) { return a.pc < b.pc; });
  return info;
}
