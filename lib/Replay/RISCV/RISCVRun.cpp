//===- RISCVRun.cpp - A RISC-V trace replayed and timed -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional replay (replay::replayEncodedTrace), then the timing with
// LLVM's scheduling model (TraceTimer) with SnR's analyses listening through
// the TimingEventForwarder, and a listener of its own counting the vsetvl
// churn; then what each of SnR's effects adds.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVRun.h"
#include "TimingBridge.h"

#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Trace/EncodedTrace.h"

using namespace snr;
using namespace snr::replay::riscv;
using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

namespace {
/// Counts the vsetvl* executions that changed SEW or LMUL, and those that
/// changed nothing (the vl and vtype in force after one are the next
/// instruction's; the tail and mask policies are not followed).
class VectorConfigCounter : public TimingListener {
public:
  VectorConfigCounter(RISCVRun &run, const RISCVInstructionTable &table)
      : run(run), table(table), timer(table.getTimer()) {}

  void onIssue(const TimingIssueEvent &event) override {
    uint64_t index = event.index;
    llvm::StringRef name = table.getMnemonic(index);
    if (!name.starts_with("vsetvl") && name != "vsetivli")
      return;
    run.vectorConfigs++;
    if (index + 1 >= timer.size())
      return;
    std::optional<VectorType> before = timer.getVectorType(index),
                              after = timer.getVectorType(index + 1);
    auto bits = [](std::optional<VectorType> vtype) {
      return vtype ? int64_t(vtype->encode() & 0x3f) : int64_t(-1);
    };
    if (bits(before) != bits(after))
      run.vtypeChanges++;
    else if (timer.getVL(index) == timer.getVL(index + 1))
      run.unchangedConfigs++;
  }

private:
  RISCVRun &run;
  const RISCVInstructionTable &table;
  const TraceTimer &timer;
};
} // namespace

llvm::Expected<RISCVRun> snr::replay::riscv::replayRISCVTrace(
    llvm::MemoryBufferRef input, llvm::StringRef traceFile,
    const RISCVRunOptions &options, target::ElfImage *elf,
    llvm::function_ref<void(const llvm::Twine &)> warn) {
  RISCVRun run;
  run.traceFile = traceFile.str();
  if (elf)
    run.elfFile = elf->getPath().str();
  run.cpu = options.cpu;
  run.likeMca = options.likeMca;

  // The functional replay: every instruction checked against the trace.
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
  run.isaString = recorded->isaString;
  run.vlenb = recorded->vlenb;

  // The timing, with the analyses listening.
  TimingModel &m = **model;
  run.outOfOrder = m.isOutOfOrder();
  run.issueWidth = m.getIssueWidth();
  run.microOpBufferSize = m.getMicroOpBufferSize();
  run.vlen = m.getVLen();
  run.loadLatency = m.getLoadLatency();
  run.vlenWarning = m.checkVLen(recorded->vlenb);
  if (!run.vlenWarning.empty())
    warn(run.vlenWarning);
  run.options = options.likeMca ? TimingOptions::likeMca() : TimingOptions();

  sim::ModelDescription description = describeTimingModel(m, options.likeMca);
  llvm::Expected<std::shared_ptr<RISCVInstructionTable>> table =
      RISCVInstructionTable::create(std::move(*riscv), std::move(*model),
                                    *recorded);
  if (!table)
    return table.takeError();
  TraceTimer &timer = (*table)->getTimer();
  run.results = std::make_unique<analysis::ReplayResults>(
      buildRISCVTraceInfo(*encoded, *recorded, *table, elf),
      std::move(description), options.analysis);
  analysis::ReplayResults &results = *run.results;
  {
    analysis::ReplayListeners listeners(results, options.analysis.progress);
    TimingEventForwarder forwarder(results.model, **table, listeners.get());
    VectorConfigCounter vectorConfigs(run, **table);
    TimingListener *timingListeners[] = {&forwarder, &vectorConfigs};
    llvm::Expected<TimingSummary> summary =
        timer.run(run.options, timingListeners);
    if (!summary)
      return summary.takeError();
    run.summary = *summary;
  }
  results.summary.instructions = run.summary.instructions;
  results.summary.totalCycles = run.summary.cycles;
  results.analyses.finish(results.getContext());
  if (run.summary.untimedInstructions)
    warn(llvm::Twine(run.summary.untimedInstructions) +
         " instruction(s) have no class in the model (llvm-mca refuses "
         "them): each issued as one micro-op of latency 1");
  if (!options.likeMca) {
    llvm::Expected<EffectCosts> costs =
        timer.measureEffects(run.options, run.summary);
    if (!costs)
      return costs.takeError();
    run.effects = *costs;
  }
  return std::move(run);
}
