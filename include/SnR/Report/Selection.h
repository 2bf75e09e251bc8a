//===- Selection.h - The part of a replay a report shows --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// ReportOptions may restrict a report to a PC range and/or an HLO. The
// selection resolves that once, for every writer: which instructions, DMAs,
// suggestions and parallel DMA groups appear, and the cycle window shown (the
// span of the selected instructions, from the in-order slot of the first to
// the ready cycle of the last). A DMA is selected when its dma.issue or its
// dma.wait is; a suggestion or group when one of its DMAs is.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_SELECTION_H
#define SNR_REPORT_SELECTION_H

#include "SnR/Report/ReportOptions.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection {
public:
  /// Fails if the options name an HLO the trace does not have, or select no
  /// instruction.
  static llvm::Expected<Selection>
  compute(const analysis::ReplayResults &results, const ReportOptions &options);

  bool isRestricted() const { return restricted; }
  bool containsInstruction(uint64_t index) const {
    return !restricted || instructionMask.test(index);
  }
  bool containsDma(uint32_t id) const {
    return !restricted || (id < dmaMask.size() && dmaMask.test(id));
  }
  /// Whether [begin, end) meets the cycle window.
  bool overlaps(uint64_t begin, uint64_t end) const {
    return begin < endCycle && end > beginCycle;
  }
  uint64_t getSpan() const { return endCycle - beginCycle; }

  /// The cycle window [beginCycle, endCycle): the whole run (from cycle 0 to
  /// the run's total cycles) when unrestricted.
  uint64_t beginCycle = 0, endCycle = 1;
  uint64_t numInstructions = 0;
  /// Selected DMA ids, ascending.
  std::vector<uint32_t> dmas;
  /// Indices into Suggestions::dmas and Suggestions::parallelGroups.
  std::vector<uint32_t> suggestions, parallelGroups;
  /// "the whole trace", or "pc [16, 64) in HLO fusion.2".
  std::string description;

private:
  bool restricted = false;
  llvm::BitVector instructionMask, dmaMask;
};

} // namespace snr::report

#endif // SNR_REPORT_SELECTION_H
