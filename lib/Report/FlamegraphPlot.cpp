//===- FlamegraphPlot.cpp - The stall cycles as a flame graph -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An icicle graph of the folded stall stacks: the top row is every stall
// cycle of the selection, below it the HLOs, their static instructions and
// the stall kinds, each as wide as its cycles. The same stacks as
// snr-replay --folded-stacks writes.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/FoldedStacks.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Plots.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::report;

namespace {
constexpr double kWidth = 1000, kTop = 30, kRow = 18, kMargin = 10;
/// About 6 pixels a character at 10 px.
constexpr double kCharWidth = 6;
constexpr unsigned kDepth = 3; ///< HLO, instruction, stall kind

/// The colour of a frame: HLOs and instructions in warm tones, the stall
/// kinds in the series colours the other plots use.
std::string colorOf(const sim::ModelDescription &model, unsigned depth,
                    llvm::StringRef frame) {
  if (depth == 1)
    return "#e8a25a";
  if (depth == 2)
    return "#f3cd7a";
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    if (frame == model.getStallKindName(k))
      return getSeriesColor(k - 1).str();
  return "#cccccc";
}
/// As much of `label` as `fits` characters show, keeping what tells boxes
/// apart: "layer0.mlp.up" becomes "mlp.up", then "up" (the HLOs of a layer
/// share their prefix); "pc926:dma.wait@prog.mlir:951" becomes
/// "pc926:dma.wait", then "pc926"; only then is it cut, with "..". Empty
/// when not even three characters fit.
std::string fitLabel(llvm::StringRef label, size_t fits) {
  if (fits < 3)
    return "";
  if (label.size() <= fits)
    return label.str();
  llvm::StringRef shorter = label;
  // An instruction: drop its location, then its mnemonic.
  if (shorter.starts_with("pc")) {
    shorter = shorter.split('@').first;
    if (shorter.size() <= fits)
      return shorter.str();
    shorter = shorter.split(':').first;
  } else {
    // An HLO: drop leading dotted components.
    while (shorter.size() > fits && shorter.contains('.'))
      shorter = shorter.split('.').second;
  }
  if (shorter.size() <= fits)
    return shorter.str();
  return shorter.take_front(fits - 2).str() + "..";
}
} // namespace

void report::writeStallFlamegraph(llvm::raw_ostream &os,
                                  const analysis::ReplayResults &results,
                                  const Selection &selection) {
  std::vector<FoldedStack> stacks =
      computeStallStacks(results, [&](uint64_t index) {
        return selection.containsInstruction(index);
      });
  uint64_t total = 0;
  for (const FoldedStack &stack : stacks)
    total += stack.cycles;

  double height = kTop + (kDepth + 1) * kRow + kMargin;
  SvgDocument svg(os, kStallFlamegraphId, kWidth, height,
                  "Stall cycles by " + results.info.hloNoun +
                      ", instruction and stall kind");
  LinearScale x(0, double(total ? total : 1), kMargin, kWidth - kMargin);
  auto box = [&](unsigned depth, uint64_t begin, uint64_t cycles,
                 llvm::StringRef label, llvm::StringRef fill) {
    double left = x(double(begin)), width = x(double(begin + cycles)) - left;
    double top = kTop + depth * kRow;
    std::string tooltip =
        llvm::formatv("{0}: {1} stall cycles ({2} of the stalls)", label,
                      formatCount(cycles),
                      formatPercent(total ? double(cycles) / total : 0))
            .str();
    svg.rect(left, top, width, kRow - 1, fill, "data", tooltip,
             "stroke=\"#ffffff\" stroke-width=\"0.5\"");
    size_t fits = width > 12 ? size_t((width - 6) / kCharWidth) : 0;
    std::string shown = fitLabel(label, fits);
    if (!shown.empty())
      svg.text(left + 3, top + kRow - 5, shown, "start", 10,
               "pointer-events=\"none\"");
  };

  box(0, 0, total, total ? "all stalls" : "no stall cycles", "#d9d9d9");
  // Stacks sharing their first `depth` frames are adjacent: each run of
  // them is one box.
  for (unsigned depth = 1; depth <= kDepth; ++depth) {
    uint64_t offset = 0;
    for (size_t i = 0; i < stacks.size();) {
      size_t j = i;
      uint64_t cycles = 0;
      while (j < stacks.size() &&
             llvm::ArrayRef(stacks[j].frames).take_front(depth) ==
                 llvm::ArrayRef(stacks[i].frames).take_front(depth))
        cycles += stacks[j++].cycles;
      llvm::StringRef frame = stacks[i].frames[depth - 1];
      box(depth, offset, cycles, frame, colorOf(results.model, depth, frame));
      offset += cycles;
      i = j;
    }
  }
}
