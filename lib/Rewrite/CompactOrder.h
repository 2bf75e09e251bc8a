//===- CompactOrder.h - A plan's order, held small --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A plan's order copies every instruction of the trace it was made from
// (88 bytes each, about 50 MB at 600k instructions), though a plan changes
// a few hundred of them. While a rewrite keeps a plan it does not read (the
// rewrite so far, during the next round; the whole plan, while the proof
// tries its prefixes), it holds it as the index of each instruction's
// original and the few instructions that differ from it, and makes the
// order again, exactly, when it reads it. Private to lib/Rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_REWRITE_COMPACTORDER_H
#define SNR_LIB_REWRITE_COMPACTORDER_H

#include "SnR/Rewrite/HoistPlanner.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace snr::rewrite {

class CompactOrder {
public:
  CompactOrder() = default;
  /// Takes `order`, planned on `trace`, and frees its memory.
  CompactOrder(std::vector<PlannedInstruction> &order,
               const trace::Trace &trace);

  /// The order as it was, from the same `trace`.
  void expand(const trace::Trace &trace,
              std::vector<PlannedInstruction> &order) const;

  /// The original of the instruction at `position` of the order, and
  /// whether it is a copy: what composing a later plan with it reads.
  uint64_t getOriginal(uint64_t position) const { return originals[position]; }
  bool isCopy(uint64_t position) const { return copies.test(position); }

private:
  std::vector<uint64_t> originals;
  llvm::BitVector copies;
  /// The instructions that are not their original's, by position.
  llvm::DenseMap<uint64_t, Instruction> changed;
};

} // namespace snr::rewrite

#endif // SNR_LIB_REWRITE_COMPACTORDER_H
