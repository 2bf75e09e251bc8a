//===- TraceEvidence.cpp - What the rewrite knows of one trace ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/TraceEvidence.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::rewrite;

TraceEvidence::TraceEvidence(const trace::Trace &trace,
                             const RewriteTarget &target,
                             const arch::MemorySizes &sizes)
    : target(target), effects(trace, target, sizes),
      sync(effects, target.getNumSyncObjects()),
      namedSync(target.getNumSyncObjects()),
      inFlightAtStart(target.getNumSyncObjects()) {
  target.forEachNamedSyncObject(trace,
                                [&](SyncId sync) { namedSync.set(sync); });
  target.forEachSyncObjectInFlight(
      trace, [&](SyncId sync) { inFlightAtStart.set(sync); });
  findLastAccesses();
}

void TraceEvidence::findLastAccesses() {
  lastAccessEnd.assign(target.getTarget().getRegisters().size(), 0);
  for (size_t i = 0; i < effects.size(); ++i) {
    for (RegId reg : effects.reads(i))
      lastAccessEnd[reg] = i + 1;
    for (RegId reg : effects.writes(i))
      lastAccessEnd[reg] = i + 1;
  }
}

TraceEvidence::TraceEvidence(const TraceEvidence &from,
                             const trace::Trace &fromTrace,
                             const HoistPlan &order)
    : target(from.target), effects(from.effects, fromTrace, order, from.target),
      sync(effects, target.getNumSyncObjects()), namedSync(from.namedSync),
      inFlightAtStart(from.inFlightAtStart) {
  // A copy the plan put on another sync object names it.
  for (size_t i = 0; i < effects.size(); ++i) {
    if (std::optional<SyncId> s = effects.startsCopy(i))
      namedSync.set(*s);
    if (std::optional<SyncId> s = effects.waitsForCopies(i))
      namedSync.set(*s);
  }
  findLastAccesses();
}

TraceEvidence::TraceEvidence(const TraceEvidence &from,
                             llvm::ArrayRef<uint64_t> order)
    : target(from.target), effects(from.effects, order),
      sync(effects, target.getNumSyncObjects()), namedSync(from.namedSync),
      inFlightAtStart(from.inFlightAtStart) {
  findLastAccesses();
}
