//===- Schedule.h - The DMA rewrite in rounds, each one proved --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One plan moves DMA issues up to what the replay it was made from allows;
// what they depend on may itself have moved. So the rewrite goes in rounds:
// each round pulls the waits that have slack up (to where their DMAs are
// complete, so a wait that had slack still does not stall, and what reads
// the data it makes available may move up behind it), replays and analyses
// the result, plans and proves the moves it now allows (planAndProve), and
// is kept only if the whole is proved against the original and faster than
// the round before. Chain heads issued together in one round let their
// dependent DMAs be issued together in the next.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_SCHEDULE_H
#define SNR_REWRITE_SCHEDULE_H

#include "SnR/Rewrite/ProveMoves.h"

#include <memory>

namespace snr::rewrite {

/// Plans, proves and repeats (at most `maxRounds` rounds, at least one).
/// The result's plan maps the final trace to the original one: its
/// decisions are by original instruction, one per DMA (a DMA moved in
/// several rounds says so in its reason).
/// `evidence` is what is known of `trace` (computed if not given). It is
/// read by the first round and to start each later one: a round lets go of
/// it while it proves its moves (the evidence goes then if no one else
/// holds it) and a later round computes it again.
llvm::Expected<ProvedRewrite> scheduleAndProve(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    const HoistOptions &options, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &analysisOptions, unsigned maxRounds = 4,
    std::shared_ptr<const TraceEvidence> evidence = nullptr);

/// The waits of `trace` (replayed into `timing`) that had slack, moved up
/// to the first instruction that issued no earlier than the completion of
/// the DMAs they wait for, past no instruction that touches their DMAs'
/// bytes or uses their flag. An order only (instruction k of the result is
/// `trace`'s order[k]: no instruction changes); `moved` counts the waits
/// moved.
std::vector<uint64_t> pullWaits(const trace::Trace &trace,
                                const sim::TimingRecorder &timing,
                                const TraceEvidence &evidence, unsigned &moved);

/// The dependency bound: the trace with every DMA issued as early as its
/// relaxed dependencies allow (in rounds, as scheduleAndProve, the link
/// order kept) and unlimited VMEM, replayed. Not proved: it may compute
/// something else; it says how far the rewrite is from the best any
/// schedule of these dependencies could do.
struct DependencyBound {
  uint64_t cycles = 0;
  uint64_t dmaWaitStall = 0;
  unsigned rounds = 0;
};
/// `evidence`, what is known of `trace` (computed if not given), is read by
/// the first round only, and let go after it.
llvm::Expected<DependencyBound> computeDependencyBound(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    const HoistOptions &options, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &analysisOptions, unsigned maxRounds = 4,
    std::shared_ptr<const TraceEvidence> evidence = nullptr);

} // namespace snr::rewrite

#endif // SNR_REWRITE_SCHEDULE_H
