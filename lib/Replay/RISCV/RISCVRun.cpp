//===- RISCVRun.cpp - A RISC-V trace replayed and timed -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional replay (replay::replayEncodedTrace), then the timing with
// LLVM's scheduling model (TraceTimer), a listener folding its events per
// static instruction, resource, function and source line.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVRun.h"

#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Trace/EncodedTrace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace snr;
using namespace snr::replay::riscv;
using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

std::string SourcePlace::getShortText() const {
  if (!hasLine())
    return "";
  return (llvm::sys::path::filename(file) + ":" + llvm::Twine(line) + ":" +
          llvm::Twine(column))
      .str();
}

const StaticInstruction &RISCVRun::getStatic(uint64_t pc) const {
  auto it = llvm::partition_point(
      statics, [&](const StaticInstruction &s) { return s.pc < pc; });
  assert(it != statics.end() && it->pc == pc && "a PC that did not run");
  return *it;
}

namespace {
/// Folds the timing's events into a RISCVRun.
class Collector : public TimingListener {
public:
  Collector(RISCVRun &run, const TraceTimer &timer,
            const RecordedTrace &trace, target::ElfImage *elf)
      : run(run), timer(timer), trace(trace), elf(elf) {}

  void onIssue(const TimingIssueEvent &event) override {
    uint32_t id = getStatic(event.index);
    StaticInstruction &inst = statics[id];
    inst.executions++;
    if (event.desc && event.desc->mayLoad)
      inst.mayLoad = true;
    if (inst.setsVectorConfig)
      countVectorConfig(inst, event.index);
    // Own cycles: from the issue frontier to the next instruction's.
    uint64_t frontier = std::max(lastFrontier, event.cycle);
    if (hasLast)
      addOwnCycles(lastStatic, frontier - lastFrontier);
    hasLast = true;
    lastStatic = id;
    lastFrontier = frontier;

    GroupFigures &function = run.functions[functionOf[id]];
    function.instructions++;
    function.firstCycle = std::min(function.firstCycle, event.cycle);
    function.lastCycle = std::max(function.lastCycle, event.ready);
    GroupFigures *line = lineOf[id] >= 0 ? &run.lines[lineOf[id]] : nullptr;
    if (line) {
      line->instructions++;
      line->firstCycle = std::min(line->firstCycle, event.cycle);
      line->lastCycle = std::max(line->lastCycle, event.ready);
    }
    if (!event.stall)
      return;
    unsigned kind = unsigned(event.kind);
    inst.stallCycles += event.stall;
    inst.stallByKind[kind] += event.stall;
    function.stallCycles += event.stall;
    function.stallByKind[kind] += event.stall;
    if (line) {
      line->stallCycles += event.stall;
      line->stallByKind[kind] += event.stall;
    }
    if (event.cause == kNoIndex || event.cause >= timer.size())
      return;
    StaticInstruction &cause = statics[getStatic(event.cause)];
    cause.causedStallCycles += event.stall;
    cause.causedByKind[kind] += event.stall;
    if (event.kind == StallKind::Register && cause.mayLoad) {
      cause.loadUseStallCycles += event.stall;
      cause.loadUseStalls++;
      cause.loadUseConsumers[inst.pc] += event.stall;
    }
  }

  void onResourceBusy(const ResourceBusyEvent &event) override {
    if (event.resource >= run.resources.size())
      return;
    ResourceUsage &usage = run.resources[event.resource];
    usage.uses++;
    usage.busyCycles += event.end - event.begin;
    if (run.intervals.size() < RISCVRun::kMaxTimelineIntervals)
      run.intervals.push_back({event.resource, event.unit,
                               getStatic(event.index), event.begin,
                               event.end});
    else
      run.timelineTruncated = true;
  }

  void onRunEnd(const TimingSummary &summary) override {
    if (hasLast)
      addOwnCycles(lastStatic, summary.cycles > lastFrontier
                                   ? summary.cycles - lastFrontier
                                   : 0);
  }

  /// Hands the static instructions over, sorted by PC (the intervals'
  /// indices follow).
  void finish() {
    std::vector<uint32_t> order(statics.size());
    for (uint32_t i = 0; i < order.size(); ++i)
      order[i] = i;
    llvm::sort(order, [&](uint32_t a, uint32_t b) {
      return statics[a].pc < statics[b].pc;
    });
    std::vector<uint32_t> newIndex(statics.size());
    for (uint32_t i = 0; i < order.size(); ++i) {
      newIndex[order[i]] = i;
      run.statics.push_back(std::move(statics[order[i]]));
    }
    for (BusyInterval &interval : run.intervals)
      interval.staticIndex = newIndex[interval.staticIndex];
    llvm::sort(run.lines, [](const GroupFigures &a, const GroupFigures &b) {
      return std::tie(a.file, a.line) < std::tie(b.file, b.line);
    });
  }

private:
  /// A vsetvl*: whether it changed SEW/LMUL, or changed nothing (the vl and
  /// vtype in force after it are the next instruction's).
  void countVectorConfig(StaticInstruction &inst, uint64_t index) {
    run.vectorConfigs++;
    if (index + 1 >= timer.size())
      return;
    std::optional<VectorType> before = timer.getVectorType(index),
                              after = timer.getVectorType(index + 1);
    auto bits = [](std::optional<VectorType> vtype) {
      return vtype ? int64_t(vtype->encode() & 0x3f) : int64_t(-1);
    };
    if (bits(before) != bits(after)) {
      inst.vtypeChanges++;
      run.vtypeChanges++;
    } else if (timer.getVL(index) == timer.getVL(index + 1)) {
      inst.unchangedConfigs++;
      run.unchangedConfigs++;
    }
  }

  void addOwnCycles(uint32_t id, uint64_t cycles) {
    statics[id].cycles += cycles;
    run.functions[functionOf[id]].cycles += cycles;
    if (lineOf[id] >= 0)
      run.lines[lineOf[id]].cycles += cycles;
  }

  /// The static instruction of the index-th dynamic one, made on first
  /// sight.
  uint32_t getStatic(uint64_t index) {
    const RISCVInstruction &inst = timer.getInstruction(index);
    auto [it, inserted] = byPc.try_emplace(inst.pc, uint32_t(statics.size()));
    if (!inserted)
      return it->second;
    StaticInstruction &s = statics.emplace_back();
    s.pc = inst.pc;
    llvm::raw_string_ostream text(s.text);
    inst.print(text);
    s.mnemonic = inst.getMnemonic();
    s.setsVectorConfig = llvm::StringRef(s.mnemonic).starts_with("vsetvl") ||
                         s.mnemonic == "vsetivli";
    s.place = locate(inst.pc);
    auto [fn, newFunction] =
        functionIndex.try_emplace(s.place.function, run.functions.size());
    if (newFunction) {
      GroupFigures &group = run.functions.emplace_back();
      group.name = group.function =
          s.place.function.empty() ? "(no function)" : s.place.function;
    }
    functionOf.push_back(fn->second);
    int line = -1;
    if (s.place.hasLine()) {
      std::string key = s.place.file + ":" + std::to_string(s.place.line);
      auto [ln, newLine] = lineIndex.try_emplace(key, run.lines.size());
      if (newLine) {
        GroupFigures &group = run.lines.emplace_back();
        group.name = (llvm::sys::path::filename(s.place.file) + ":" +
                      llvm::Twine(s.place.line))
                         .str();
        group.file = s.place.file;
        group.line = s.place.line;
        group.function = s.place.function;
      }
      line = int(ln->second);
    }
    lineOf.push_back(line);
    return it->second;
  }

  SourcePlace locate(uint64_t pc) const {
    SourcePlace place;
    // The function: the trace's map, else the ELF's symbols.
    for (const RecordedTrace::Function &f : trace.functions)
      if (pc >= f.begin && pc < f.end) {
        place.function = f.name;
        break;
      }
    if (elf && place.function.empty())
      for (const target::ElfFunction &f : elf->getFunctions())
        if (pc >= f.begin && pc < f.end) {
          place.function = f.name;
          break;
        }
    if (!elf)
      return place;
    if (std::optional<target::SourceLine> line = elf->lookupLine(pc)) {
      place.file = line->file;
      place.line = line->line;
      place.column = line->column;
      if (place.function.empty())
        place.function = line->function;
    }
    return place;
  }

  RISCVRun &run;
  const TraceTimer &timer;
  const RecordedTrace &trace;
  target::ElfImage *elf;
  std::vector<StaticInstruction> statics;
  llvm::DenseMap<uint64_t, uint32_t> byPc;
  std::vector<uint32_t> functionOf;
  std::vector<int> lineOf;
  llvm::StringMap<unsigned> functionIndex, lineIndex;
  bool hasLast = false;
  uint32_t lastStatic = 0;
  uint64_t lastFrontier = 0;
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start)
      .count();
}
} // namespace

llvm::Expected<RISCVRun> snr::replay::riscv::replayRISCVTrace(
    llvm::MemoryBufferRef input, llvm::StringRef traceFile,
    const RISCVRunOptions &options,
    target::ElfImage *elf,
    llvm::function_ref<void(const llvm::Twine &)> warn) {
  RISCVRun run;
  run.traceFile = traceFile.str();
  if (elf)
    run.elfFile = elf->getPath().str();
  run.cpu = options.cpu;
  run.likeMca = options.likeMca;

  // The functional replay: every instruction checked against the trace.
  auto started = std::chrono::steady_clock::now();
  llvm::Expected<trace::EncodedTrace> encoded =
      trace::loadEncodedTrace(input, traceFile);
  if (!encoded)
    return encoded.takeError();
  llvm::Expected<RecordedTrace> recorded =
      RecordedTrace::fromEncodedTrace(*encoded);
  if (!recorded)
    return recorded.takeError();
  // The model before the replay: a bad --mcpu fails at once.
  llvm::Expected<std::unique_ptr<RISCVTarget>> riscv =
      RISCVTarget::create(recorded->isaString, recorded->vlenb);
  if (!riscv)
    return riscv.takeError();
  llvm::Expected<std::unique_ptr<TimingModel>> model =
      TimingModel::create(**riscv, options.cpu);
  if (!model)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--mcpu: " +
                                       llvm::toString(model.takeError()));
  {
    llvm::Expected<std::unique_ptr<target::Target>> target =
        replay::createTargetForTrace(*encoded);
    if (!target)
      return target.takeError();
    llvm::Expected<replay::EncodedRun> replayed =
        replay::replayEncodedTrace(*encoded, **target);
    if (!replayed)
      return replayed.takeError();
    run.replayedInstructions = replayed->instructions;
    run.programEnded = replayed->ended;
  }
  run.replaySeconds = secondsSince(started);
  run.isaString = recorded->isaString;
  run.vlenb = recorded->vlenb;

  // The timing.
  started = std::chrono::steady_clock::now();
  TimingModel &m = **model;
  run.outOfOrder = m.isOutOfOrder();
  run.issueWidth = m.getIssueWidth();
  run.microOpBufferSize = m.getMicroOpBufferSize();
  run.vlen = m.getVLen();
  run.loadLatency = m.getLoadLatency();
  run.vlenWarning = m.checkVLen(recorded->vlenb);
  if (!run.vlenWarning.empty())
    warn(run.vlenWarning);
  run.resources.resize(m.getNumResources());
  for (unsigned id = 1; id < m.getNumResources(); ++id) {
    const ResourceInfo &info = m.getResource(ResourceId(id));
    if (info.isGroup)
      continue;
    run.resources[id].name = info.name;
    run.resources[id].units = std::max(1u, info.numUnits);
  }
  run.options = options.likeMca ? TimingOptions::likeMca() : TimingOptions();

  TraceTimer timer(m);
  if (llvm::Error error = timer.prepare(*recorded))
    return std::move(error);
  Collector collector(run, timer, *recorded, elf);
  TimingListener *listeners[] = {&collector};
  llvm::Expected<TimingSummary> summary = timer.run(run.options, listeners);
  if (!summary)
    return summary.takeError();
  run.summary = *summary;
  collector.finish();
  if (summary->untimedInstructions)
    warn(llvm::Twine(summary->untimedInstructions) +
         " instruction(s) have no class in the model (llvm-mca refuses "
         "them): each issued as one micro-op of latency 1");
  if (!options.likeMca) {
    llvm::Expected<EffectCosts> costs =
        timer.measureEffects(run.options, *summary);
    if (!costs)
      return costs.takeError();
    run.effects = *costs;
  }
  run.timingSeconds = secondsSince(started);
  return std::move(run);
}
