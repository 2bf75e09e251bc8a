//===- LoadUseAnalysis.cpp - Loads whose latency is exposed ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/LoadUseAnalysis.h"

#include <algorithm>

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &LoadUseAnalysis::getInfo() {
  static const AnalysisInfo info = AnalysisInfo::get<LoadUseAnalysis>(
      "load-use", TargetFeature::None, {}, [](const AnalysisContext &context) {
        return std::make_unique<LoadUseAnalysis>(context.info);
      });
  return info;
}

llvm::StringRef ExposedLoad::getAdvice() {
  return "schedule independent work between the load and its first use "
         "(unroll, or software-pipeline the loop)";
}

void LoadUseAnalysis::onRunStart(const sim::RunInfo &run) {
  registerKind = run.model->findStallKind(sim::StallRole::Register);
  byPc.clear();
  loads.clear();
}

void LoadUseAnalysis::onIssue(const sim::IssueEvent &event) {
  if (!event.stall || event.kind != registerKind ||
      event.cause >= info.getNumInstructions() ||
      !info.getDesc(event.cause).mayLoad)
    return;
  auto [it, inserted] = byPc.try_emplace(info.getPc(event.cause));
  Load &load = it->second;
  if (inserted)
    load.firstIndex = event.cause;
  load.stallCycles += event.stall;
  ++load.stalls;
  auto [consumer, newConsumer] =
      load.consumers.try_emplace(info.getPc(event.index));
  if (newConsumer)
    consumer->second.firstIndex = event.index;
  consumer->second.cycles += event.stall;
}

void LoadUseAnalysis::onRunEnd(const sim::RunSummary &) {
  for (const auto &[pc, load] : byPc) {
    ExposedLoad exposed;
    exposed.pc = pc;
    exposed.loadIndex = load.firstIndex;
    exposed.stallCycles = load.stallCycles;
    exposed.stalls = load.stalls;
    // The consumer that waited most (the lowest PC among equals).
    uint64_t most = 0;
    for (const auto &[usePc, consumer] : load.consumers)
      if (consumer.cycles > most) {
        most = consumer.cycles;
        exposed.usePc = usePc;
        exposed.useIndex = consumer.firstIndex;
      }
    loads.push_back(exposed);
  }
  std::stable_sort(loads.begin(), loads.end(),
                   [](const ExposedLoad &a, const ExposedLoad &b) {
                     return a.stallCycles > b.stallCycles;
                   });
  byPc.clear();
}
