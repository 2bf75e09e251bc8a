//===- RISCVBottlenecks.cpp - Where a RISC-V run spends its cycles --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The analyses of a RISCVRun that the outputs share: the costliest static
// instructions, and the loads whose latency is exposed to their first use.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include <algorithm>

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;

std::vector<const StaticInstruction *>
snr::replay::riscv::getCostliest(const RISCVRun &run, size_t limit) {
  std::vector<const StaticInstruction *> order;
  for (const StaticInstruction &inst : run.statics)
    if (inst.cycles)
      order.push_back(&inst);
  std::stable_sort(order.begin(), order.end(),
                   [](const StaticInstruction *a, const StaticInstruction *b) {
                     return a->cycles > b->cycles;
                   });
  if (order.size() > limit)
    order.resize(limit);
  return order;
}

std::string LoadUseSuggestion::getAdvice() const {
  return "schedule independent work between the load and its first use "
         "(unroll, or software-pipeline the loop)";
}

std::vector<LoadUseSuggestion>
snr::replay::riscv::getLoadUseSuggestions(const RISCVRun &run) {
  std::vector<LoadUseSuggestion> result;
  for (const StaticInstruction &inst : run.statics) {
    if (!inst.loadUseStallCycles)
      continue;
    LoadUseSuggestion suggestion;
    suggestion.load = &inst;
    suggestion.stallCycles = inst.loadUseStallCycles;
    suggestion.stalls = inst.loadUseStalls;
    uint64_t most = 0;
    for (const auto &[pc, cycles] : inst.loadUseConsumers)
      if (cycles > most) {
        most = cycles;
        suggestion.firstUse = &run.getStatic(pc);
      }
    result.push_back(suggestion);
  }
  std::stable_sort(result.begin(), result.end(),
                   [](const LoadUseSuggestion &a, const LoadUseSuggestion &b) {
                     return a.stallCycles > b.stallCycles;
                   });
  return result;
}

llvm::StringRef snr::replay::riscv::getStallKindDescription(unsigned kind) {
  switch (StallKind(kind)) {
  case StallKind::None:
    return "no stall";
  case StallKind::Register:
    return "a source register's value is not ready";
  case StallKind::Resource:
    return "a processor resource it needs is busy";
  case StallKind::TakenBranch:
    return "fetch restarts after a taken branch (SnR's, not llvm-mca's)";
  case StallKind::WriteOrder:
    return "results are written back in program order";
  case StallKind::IssueWidth:
    return "the cycle's issue slots are taken";
  case StallKind::Window:
    return "the micro-op buffer is full";
  }
  return "";
}
