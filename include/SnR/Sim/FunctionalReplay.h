//===- FunctionalReplay.h - Replay a trace's values -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Executes a trace's instruction table on the functional core from its
// snapshot, checking at every instruction that the model computes what the
// trace recorded: guard values, branch outcomes and the next PC. The first
// divergence stops the replay with an error located at its trace line.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_FUNCTIONALREPLAY_H
#define SNR_SIM_FUNCTIONALREPLAY_H

#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace snr::sim {

/// Called after each instruction with its index and resolved accesses.
using ReplayObserver = llvm::function_ref<void(
    size_t index, const StepResult &, llvm::ArrayRef<ResolvedAccess>)>;

/// Replays `trace` on `state` (which should hold the trace's snapshot).
llvm::Error replayFunctionally(const trace::Trace &trace, ArchState &state,
                               ReplayObserver observer = nullptr);

} // namespace snr::sim

#endif // SNR_SIM_FUNCTIONALREPLAY_H
