//===- TraceEvidence.cpp - What the rewrite knows of one trace ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/TraceEvidence.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::rewrite;

TraceEvidence::TraceEvidence(const trace::Trace &trace,
                             const RewriteTarget &target,
                             const arch::MemorySizes &sizes)
    : target(target), effects(trace, target, sizes),
      sync(effects, target.getNumSyncObjects()),
      namedSync(target.getNumSyncObjects()) {
  target.forEachNamedSyncObject(trace,
                                [&](SyncId sync) { namedSync.set(sync); });
}
