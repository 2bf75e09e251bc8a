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
report::computeStallStacks(const analysis::ReplayResults &results,
                           llvm::function_ref<bool(uint64_t)> include) {
  const analysis::TraceInfo &info = results.info;
  // (HLO, PC, kind) -> cycles and the index of an instance (for its
  // mnemonic). Instructions outside any HLO sort last.
  std::map<std::tuple<analysis::HloId, uint64_t, unsigned>,
           std::pair<uint64_t, uint64_t>>
      cycles;
  for (auto [index, timing] : llvm::enumerate(results.timing.instructions)) {
    if (timing.stall == 0 || timing.kind == sim::StallKind::None ||
        (include && !include(index)))
      continue;
    auto &entry = cycles[{info.hloOf[index], info.instructions[index].pc,
                          unsigned(timing.kind)}];
    entry.first += timing.stall;
    entry.second = index;
  }
  std::vector<FoldedStack> stacks;
  stacks.reserve(cycles.size());
  for (const auto &[key, value] : cycles) {
    const arch::Instruction &inst = info.instructions[value.second];
    FoldedStack stack;
    stack.frames = {
        frame(info.getHloName(std::get<0>(key))),
        llvm::formatv("pc{0}:{1}", inst.pc, arch::getMnemonic(inst.opcode))
            .str(),
        sim::getStallKindName(sim::StallKind(std::get<2>(key))).str()};
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
