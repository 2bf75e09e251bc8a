//===- Selection.cpp - The part of a replay a report shows ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Selection.h"
#include "SnR/Analysis/ReplayAnalyses.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

using namespace snr;
using namespace snr::report;

llvm::Expected<Selection>
Selection::compute(const analysis::ReplayResults &results,
                   const ReportOptions &options) {
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  uint64_t numInstructions = info.getNumInstructions();
  assert(timing.size() == numInstructions &&
         info.hloOf.size() == numInstructions &&
         "the replay must time every instruction of the trace");
  Selection sel;
  sel.restricted = options.isRestricted();

  if (!sel.restricted) {
    sel.description = "the whole trace";
    sel.numInstructions = numInstructions;
    sel.beginCycle = 0;
    sel.endCycle = std::max<uint64_t>(results.summary.totalCycles, 1);
    for (uint32_t id = 0, e = results.dmas.dmas.size(); id < e; ++id)
      sel.dmas.push_back(id);
    for (uint32_t i = 0, e = results.suggestions.dmas.size(); i < e; ++i)
      sel.suggestions.push_back(i);
    for (uint32_t i = 0, e = results.suggestions.parallelGroups.size(); i < e;
         ++i)
      sel.parallelGroups.push_back(i);
    return sel;
  }

  // Resolve the HLO name once.
  analysis::HloId hlo = analysis::kNoHlo;
  if (!options.hlo.empty()) {
    llvm::Expected<analysis::HloId> id = info.lookupHlo(options.hlo);
    if (!id)
      return id.takeError();
    hlo = *id;
  }

  std::string description;
  if (options.pcBegin || options.pcEnd) {
    description = "pc [";
    description += options.pcBegin ? std::to_string(*options.pcBegin) : "0";
    description += ", ";
    description += options.pcEnd ? std::to_string(*options.pcEnd) : "end";
    description += ")";
  }
  if (!options.hlo.empty())
    description += (description.empty() ? "HLO " : " in HLO ") + options.hlo;
  sel.description = description;

  sel.instructionMask.resize(numInstructions);
  uint64_t first = ~uint64_t(0), last = 0;
  for (uint64_t i = 0; i < numInstructions; ++i) {
    uint64_t pc = info.getPc(i);
    if (options.pcBegin && pc < *options.pcBegin)
      continue;
    if (options.pcEnd && pc >= *options.pcEnd)
      continue;
    if (!options.hlo.empty() && info.hloOf[i] != hlo)
      continue;
    sel.instructionMask.set(i);
    ++sel.numInstructions;
    const auto &t = timing[i];
    first = std::min(first, t.issue - std::min(t.stall, t.issue));
    last = std::max(last, std::max(t.ready, t.issue + 1));
  }
  if (!sel.numInstructions) {
    // Say what would have selected something.
    uint64_t low = ~uint64_t(0), high = 0;
    for (uint64_t i = 0; i < numInstructions; ++i) {
      low = std::min(low, info.getPc(i));
      high = std::max(high, info.getPc(i));
    }
    std::string pcs = numInstructions
                          ? llvm::formatv("its PCs are {0} to {1}", low, high)
                                .str()
                          : std::string("it has no instruction");
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the report restriction (%s) selects no instruction of the trace (%s)",
        description.c_str(), pcs.c_str());
  }
  sel.beginCycle = first;
  sel.endCycle = last;

  const auto &dmas = results.dmas.dmas;
  sel.dmaMask.resize(dmas.size());
  for (const analysis::DmaRecord &dma : dmas) {
    bool issue = sel.instructionMask.test(dma.issueIndex);
    bool wait = dma.waitIndex != sim::kNoIndex &&
                sel.instructionMask.test(dma.waitIndex);
    if (issue || wait) {
      sel.dmaMask.set(dma.id);
      sel.dmas.push_back(dma.id);
    }
  }
  const analysis::Suggestions &suggestions = results.suggestions;
  for (uint32_t i = 0, e = suggestions.dmas.size(); i < e; ++i)
    if (sel.containsDma(suggestions.dmas[i].dma))
      sel.suggestions.push_back(i);
  for (uint32_t i = 0, e = suggestions.parallelGroups.size(); i < e; ++i)
    if (llvm::any_of(suggestions.parallelGroups[i].dmas,
                     [&](uint32_t id) { return sel.containsDma(id); }))
      sel.parallelGroups.push_back(i);
  return sel;
}
