//===- FoldedStacks.cpp - Stall cycles as folded stacks -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/FoldedStacks.h"
#include "SnR/Analysis/ReplayAnalyses.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <tuple>

using namespace snr;
using namespace snr::report;

namespace {
/// A frame may hold neither the separator nor a newline.
std::string frame(llvm::StringRef text) {
  std::string out = text.str();
  for (char &c : out)
    if (c == ';' || c == '\n' || c == '\r')
      c = '_';
  return out;
}
} // namespace

std::vector<FoldedStack>
report::computeFoldedStacks(const analysis::ReplayResults &results,
                            FoldedStacksMode mode,
                            llvm::function_ref<bool(uint64_t)> include) {
  const analysis::TraceInfo &info = results.info;
  const auto &timing = results.timing.instructions;
  // The leaves after the stall kinds (cycles mode).
  const sim::ModelDescription &model = results.model;
  const unsigned kIssue = model.getNumStallKinds(), kDrain = kIssue + 1;
  // (HLO, PC, leaf) -> cycles and the index of an instance (for its
  // mnemonic). Instructions outside any HLO sort last.
  std::map<std::tuple<analysis::HloId, uint64_t, unsigned>,
           std::pair<uint64_t, uint64_t>>
      cycles;
  auto add = [&](uint64_t index, unsigned leaf, uint64_t count) {
    if (!count)
      return;
    auto &entry = cycles[{info.hloOf[index], info.getPc(index), leaf}];
    entry.first += count;
    entry.second = index;
  };
  for (uint64_t index = 0, e = timing.size(); index < e; ++index) {
    const auto &t = timing[index];
    if (include && !include(index))
      continue;
    uint64_t stall = t.kind == sim::kNoStall ? 0 : t.stall;
    add(index, t.kind, stall);
    if (mode != FoldedStacksMode::Cycles)
      continue;
    uint64_t previous = index ? timing[index - 1].issue : 0;
    uint64_t own = t.issue - std::min(previous, t.issue);
    add(index, kIssue, own - std::min(own, stall));
    if (index + 1 == e)
      add(index, kDrain,
          results.summary.totalCycles -
              std::min(results.summary.totalCycles, t.issue));
  }
  std::vector<FoldedStack> stacks;
  stacks.reserve(cycles.size());
  for (const auto &[key, value] : cycles) {
    uint64_t pc = info.getPc(value.second);
    std::string where = info.locatePc(pc);
    unsigned leaf = std::get<2>(key);
    FoldedStack stack;
    stack.frames = {frame(info.getHloName(std::get<0>(key))),
                    frame(llvm::formatv("pc{0}:{1}{2}", info.formatPc(pc),
                                        info.getMnemonic(value.second),
                                        where.empty() ? "" : "@" + where)
                              .str()),
                    leaf == kIssue   ? std::string("issue")
                    : leaf == kDrain ? std::string("drain")
                                     : model.getStallKindName(leaf).str()};
    stack.cycles = value.first;
    stacks.push_back(std::move(stack));
  }
  return stacks;
}

void report::writeFoldedStacks(llvm::ArrayRef<FoldedStack> stacks,
                               llvm::raw_ostream &os) {
  for (const FoldedStack &stack : stacks) {
    llvm::interleave(stack.frames, os, ";");
    os << ' ' << stack.cycles << '\n';
  }
}
