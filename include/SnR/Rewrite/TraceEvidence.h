//===- TraceEvidence.h - What the rewrite knows of one trace ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Before a plan is made on a trace, the rewrite needs every instruction's
// resolved effects and which copies each wait covers. Both come from one
// functional pass over the trace; a TraceEvidence holds them, and every plan
// and every proof attempt made on that trace shares it (the proof of one
// rewrite plans the same trace many times with different moves left out).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_TRACEEVIDENCE_H
#define SNR_REWRITE_TRACEEVIDENCE_H

#include "SnR/Rewrite/Footprint.h"
#include "SnR/Rewrite/SyncObjects.h"

namespace snr::rewrite {

struct HoistPlan;

struct TraceEvidence {
  TraceEvidence(const trace::Trace &trace, const RewriteTarget &target,
                const arch::MemorySizes &sizes);
  /// The evidence of the trace `order` makes of `fromTrace` (whose
  /// evidence is `from`), for a plan that keeps every value the trace
  /// computes (a proved rewrite; waits moved): each instruction touches the
  /// bytes its original touched (EffectsTable); the sync objects named are
  /// `from`'s and those the plan's instructions use (a copy renamed to
  /// another counts it as named).
  TraceEvidence(const TraceEvidence &from, const trace::Trace &fromTrace,
                const HoistPlan &order);
  /// The evidence of a trace that only reorders the one `from` knows: its
  /// instruction k is that trace's `order[k]` (waits pulled up).
  TraceEvidence(const TraceEvidence &from, llvm::ArrayRef<uint64_t> order);

  const RewriteTarget &target;
  EffectsTable effects;
  SyncTimeline sync;
  /// The sync objects the trace names (RewriteTarget::
  /// forEachNamedSyncObject): a moved copy never takes one of them.
  llvm::BitVector namedSync;
  /// The sync objects copies started before the trace may be in flight on
  /// (RewriteTarget::forEachSyncObjectInFlight): their first wait is never
  /// moved.
  llvm::BitVector inFlightAtStart;
  /// For each register (by RegId), the last instruction that reads or
  /// writes it, plus one; 0 if none does.
  std::vector<uint64_t> lastAccessEnd;

private:
  void findLastAccesses();
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_TRACEEVIDENCE_H
