//===- Schedule.cpp - The DMA rewrite in rounds, each one proved ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Each round works on the trace the previous rounds made; its plan is
// composed with theirs so that the final plan maps every instruction of the
// final trace to the original one (what compareRewrite and the reports
// need).
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/Schedule.h"
#include "CompactOrder.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

/// Replays a later round may spend dropping moves before it keeps the
/// longest prefix it proved: a round is an improvement on a proved rewrite,
/// not a proof the user waits for.
static constexpr unsigned kRoundReplayBudget = 24;

std::vector<uint64_t> snr::rewrite::pullWaits(const trace::Trace &trace,
                                              const sim::TimingRecorder &timing,
                                              const TraceEvidence &evidence,
                                              unsigned &moved) {
  moved = 0;
  const EffectsTable &effects = evidence.effects;
  size_t count = trace.instructions.size();
  auto touches = [&](size_t j, llvm::ArrayRef<MemoryRange> bytes) {
    for (llvm::ArrayRef<MemoryRange> mine :
         {effects.loads(j), effects.stores(j)})
      for (const MemoryRange &a : mine)
        if (llvm::any_of(bytes,
                         [&](const MemoryRange &b) { return overlaps(a, b); }))
          return true;
    return false;
  };

  // In front of which instruction each pulled wait goes.
  llvm::DenseMap<uint64_t, llvm::SmallVector<uint64_t, 2>> pulledBefore;
  llvm::DenseMap<uint64_t, bool> pulled;
  for (const sim::TimingRecorder::Wait &wait : timing.waits) {
    if (wait.dmas.empty())
      continue;
    uint64_t complete = 0, lowest = 0;
    llvm::SmallVector<MemoryRange, 4> bytes;
    for (uint32_t id : wait.dmas) {
      const sim::TimingRecorder::Dma &dma = timing.dmas[id];
      complete = std::max(complete, dma.completeCycle);
      lowest = std::max(lowest, dma.issue.index + 1);
      llvm::append_range(bytes, effects.loads(dma.issue.index));
      llvm::append_range(bytes, effects.stores(dma.issue.index));
    }
    // Only a wait that did not stall: it stays stall-free where it lands.
    if (wait.issueCycle > wait.readyCycle || complete > wait.readyCycle)
      continue;
    uint64_t landing = wait.index;
    for (uint64_t j = wait.index; j-- > lowest;) {
      if (timing.instructions[j].issue < complete)
        break;
      InstructionDesc desc;
      evidence.target.describe(trace.instructions[j], /*executed=*/true, desc);
      if (desc.startsCopy == wait.flag || desc.waitsForCopies == wait.flag)
        break;
      if (pulled.count(j))
        break;
      if (touches(j, bytes))
        break;
      landing = j;
    }
    if (landing == wait.index)
      continue;
    pulledBefore[landing].push_back(wait.index);
    pulled[wait.index] = true;
    ++moved;
  }

  std::vector<uint64_t> order;
  order.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    if (auto it = pulledBefore.find(i); it != pulledBefore.end())
      llvm::append_range(order, it->second);
    if (!pulled.count(i))
      order.push_back(i);
  }
  return order;
}

namespace {
/// Where an earlier plan put each instruction of the trace it made: the
/// index of its original, and whether it is a copy.
struct EarlierOrder {
  llvm::function_ref<uint64_t(uint64_t)> original;
  llvm::function_ref<bool(uint64_t)> isCopy;
};

/// `later` planned on the trace an earlier plan made (its order `map`, its
/// decisions `earlier`); the two as one plan on the original. Decisions of
/// `later` join those of `earlier`, one per DMA. `later`'s order becomes
/// the plan's, mapped in place: no third order is made.
HoistPlan compose(const HoistPlan &earlier, EarlierOrder earlierOrder,
                  HoistPlan &&later, std::optional<unsigned> round) {
  auto label = [&](const std::string &reason) {
    return round ? llvm::formatv("(round {0}) {1}", *round + 1, reason).str()
                 : reason;
  };
  auto map = earlierOrder.original;
  HoistPlan plan;
  plan.order = std::move(later.order);
  for (PlannedInstruction &p : plan.order) {
    p.isCopy = p.isCopy || earlierOrder.isCopy(p.original);
    p.original = map(p.original);
  }
  plan.decisions = earlier.decisions;
  for (const HoistDecision &d : later.decisions) {
    // The decision an earlier round made for the same DMA, if any.
    auto it = llvm::find_if(plan.decisions, [&](const HoistDecision &e) {
      return e.issueIndex == map(d.issueIndex);
    });
    if (!d.applied) {
      // What kept it from going further is the latest round's word.
      if (it != plan.decisions.end() && d.stop != StopKind::None)
        it->stop = d.stop;
      continue;
    }
    HoistDecision m = d;
    m.issueIndex = map(d.issueIndex);
    m.wantedTarget = map(d.wantedTarget);
    m.target = map(d.target);
    for (uint64_t &i : m.moved)
      i = map(i);
    for (uint64_t &i : m.copied)
      i = map(i);
    if (m.blocker)
      m.blocker = map(*m.blocker);
    if (it == plan.decisions.end()) {
      m.reason = label(m.reason);
      plan.decisions.push_back(std::move(m));
      continue;
    }
    it->reason = (it->applied ? it->reason + "; then " : std::string()) +
                 label(m.reason);
    it->applied = true;
    it->dropped = false;
    it->target = m.target;
    it->instructionsEarlier += m.instructionsEarlier;
    it->moved.append(m.moved.begin(), m.moved.end());
    it->copied.append(m.copied.begin(), m.copied.end());
    it->renamedRegisters.append(m.renamedRegisters.begin(),
                                m.renamedRegisters.end());
    if (m.renamedFlag)
      it->renamedFlag = m.renamedFlag;
    it->blocker = m.blocker;
    it->stop = m.stop;
  }
  plan.waits = earlier.waits;
  composeWaitDecisions(plan.waits, later.waits, map, label);
  return plan;
}
} // namespace

/// The replays a round plans on: only what the planner reads
/// (AnalysisOptions::forRewrite).
static analysis::AnalysisOptions
roundAnalysisOptions(const analysis::AnalysisOptions &options) {
  analysis::AnalysisOptions round = options;
  round.forRewrite = true;
  return round;
}

llvm::Expected<ProvedRewrite> snr::rewrite::scheduleAndProve(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    const HoistOptions &options, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &analysisOptions, unsigned maxRounds,
    std::shared_ptr<const TraceEvidence> evidence) {
  const RewriteTarget &target = getDefaultRewriteTarget();
  // The original's replay, the analysis's: every round is proved against
  // it.
  llvm::Expected<std::shared_ptr<const TraceReplay>> original =
      replayOf(trace, results, machine);
  if (!original)
    return original.takeError();
  if (!evidence)
    evidence =
        std::make_shared<const TraceEvidence>(trace, target, machine.memory);
  llvm::Expected<ProvedRewrite> best =
      planAndProve(trace, results, options, machine, *evidence, *original);
  if (!best || !best->plan.changed())
    return best;
  best->rounds = 1;
  const analysis::AnalysisOptions roundAnalysis =
      roundAnalysisOptions(analysisOptions);
  for (unsigned round = 1; round < maxRounds; ++round) {
    // Pull the waits up on the current trace (as its proof replayed it),
    // then plan on that.
    // Until the round is kept or not, the rewrite so far is its plan, held
    // compact: its trace is made again from it if the round is not kept
    // (applyPlan on the original gives the same trace) and its replay is not
    // read again once the waits are pulled; each goes as soon as the
    // pulling no longer reads it.
    unsigned pulledWaits = 0;
    std::optional<TraceEvidence> pulledEvidence;
    // The pulled order, as indices (a pull moves an instruction, it
    // changes none).
    std::vector<uint64_t> pulledFrom;
    std::optional<CompactOrder> bestOrder;
    {
      // The rewrite so far is proved: each of its instructions touches what
      // its original did (no functional pass over the trace again).
      // Computed again if the round was let go of (a functional pass gives
      // the same evidence).
      if (!evidence)
        evidence = std::make_shared<const TraceEvidence>(trace, target,
                                                         machine.memory);
      TraceEvidence current(*evidence, trace, best->plan);
      bestOrder.emplace(best->plan.order, trace);
      pulledFrom =
          pullWaits(best->rewritten, best->comparison.afterReplay->getTiming(),
                    current, pulledWaits);
      best->comparison.afterReplay.reset();
      // Moving a wait changes no instruction's effects.
      pulledEvidence.emplace(current, pulledFrom);
    }
    // The original's evidence is not read while the round plans and
    // proves: it goes unless someone else holds it.
    evidence.reset();
    trace::Trace pulledTrace = applyOrder(best->rewritten, pulledFrom);
    best->rewritten = trace::Trace();
    auto keepBest = [&] {
      bestOrder->expand(trace, best->plan.order);
      best->rewritten = applyPlan(trace, best->plan);
      return std::move(best);
    };
    llvm::Expected<std::unique_ptr<analysis::ReplayResults>> analysed =
        analysis::analyzeTrace(pulledTrace, machine, roundAnalysis);
    if (!analysed)
      return analysed.takeError();
    // The pulled trace's replay is the analysis's; its final state is the
    // original's (moving a wait past no copy or wait of its own flag
    // changes no value, and the round before was proved identical).
    auto pulledReplay = std::make_shared<TraceReplay>();
    pulledReplay->tracker = (*analysed)->performance;
    pulledReplay->timing = std::move((*analysed)->timing);
    pulledReplay->finalState = (*original)->finalState;
    // Selection by PC and HLO still applies; nothing is left in place by
    // an earlier round's proof on this trace's indices.
    HoistOptions roundOptions = options;
    roundOptions.leaveInPlace.clear();
    roundOptions.asEarlyAsPossible = true;
    llvm::Expected<ProvedRewrite> next =
        planAndProve(pulledTrace, **analysed, roundOptions, machine,
                     *pulledEvidence, std::move(pulledReplay),
                     kRoundReplayBudget);
    if (!next)
      return next.takeError();
    analysed->reset();
    pulledEvidence.reset();
    best->replays += next->replays + 1;
    if (!next->plan.changed())
      return keepBest();
    // The round's plan on the original, one plan at a time: the pulls and
    // its moves, then the rewrite so far under them. Its trace is made
    // again from it if it is kept.
    // Each order is mapped in place, from the indices the rewrite so far
    // and the pulls are held as: no order is made for them.
    next->rewritten = trace::Trace();
    pulledTrace = trace::Trace();
    HoistPlan roundPlan = compose(HoistPlan(),
                                  {[&](uint64_t i) { return pulledFrom[i]; },
                                   [](uint64_t) { return false; }},
                                  std::move(next->plan), std::nullopt);
    next->plan = HoistPlan();
    std::vector<uint64_t>().swap(pulledFrom);
    HoistPlan composed = compose(
        best->plan,
        {[&](uint64_t i) { return bestOrder->getOriginal(i); },
         [&](uint64_t i) { return bestOrder->isCopy(i); }},
        std::move(roundPlan), round);
    roundPlan = HoistPlan();
    // Against the original: the round's replay is the one its proof made.
    RewriteComparison comparison = compareReplays(
        **original, *next->comparison.afterReplay,
        [&](uint64_t index) { return composed.order[index].original; });
    comparison.afterReplay = next->comparison.afterReplay;
    if (!comparison.accepted() ||
        comparison.after.totalCycles >= best->comparison.after.totalCycles) {
      // The round and its replay go before the rewrite so far is made
      // again.
      composed = HoistPlan();
      comparison = RewriteComparison();
      next->comparison.afterReplay.reset();
      return keepBest();
    }
    best->plan = std::move(composed);
    best->rewritten = applyPlan(trace, best->plan);
    best->comparison = std::move(comparison);
    best->rounds = round + 1;
  }
  return best;
}

llvm::Expected<DependencyBound> snr::rewrite::computeDependencyBound(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    const HoistOptions &options, const sim::MachineModel &machine,
    const analysis::AnalysisOptions &analysisOptions, unsigned maxRounds,
    std::shared_ptr<const TraceEvidence> givenEvidence) {
  auto stallOf = [](const sim::PerformanceTracker &p) {
    return p.waitBaseStall + p.waitTransferStall;
  };
  DependencyBound bound;
  bound.cycles = results.performance.totalCycles;
  bound.dmaWaitStall = stallOf(results.performance);
  HoistOptions boundOptions = options;
  boundOptions.asEarlyAsPossible = true;
  boundOptions.unlimitedVmem = true;
  // The bound is of this machine's links: --hoist-ignore-link-order lets
  // the rewrite try a crossing (and the proof measure it), not the bound.
  boundOptions.keepLinkOrder = true;
  boundOptions.leaveInPlace.clear();
  boundOptions.moveLimit.reset();

  const RewriteTarget &target = getDefaultRewriteTarget();
  const analysis::AnalysisOptions roundAnalysis =
      roundAnalysisOptions(analysisOptions);
  // The trace the last round kept (none: the original) and its timing. A
  // round holds only what its next step reads.
  std::optional<trace::Trace> current;
  std::unique_ptr<sim::TimingRecorder> timed;
  for (unsigned round = 0; round < maxRounds; ++round) {
    // What this round plans on: the original, or the last kept trace with
    // its waits pulled up, replayed and analysed.
    std::optional<trace::Trace> next;
    std::optional<TraceEvidence> evidence;
    std::unique_ptr<analysis::ReplayResults> analysed;
    const TraceEvidence *planEvidence = givenEvidence.get();
    const analysis::ReplayResults *planResults = &results;
    if (round > 0) {
      {
        unsigned pulledWaits = 0;
        std::vector<uint64_t> pulls;
        {
          TraceEvidence currentEvidence(*current, target, machine.memory);
          pulls = pullWaits(*current, *timed, currentEvidence, pulledWaits);
          timed.reset();
          planEvidence = &evidence.emplace(currentEvidence, pulls);
        }
        next = applyOrder(*current, pulls);
      }
      current.reset();
      llvm::Expected<std::unique_ptr<analysis::ReplayResults>> replayed =
          analysis::analyzeTrace(*next, machine, roundAnalysis);
      if (!replayed) {
        llvm::consumeError(replayed.takeError());
        break;
      }
      analysed = std::move(*replayed);
      planResults = analysed.get();
    } else if (!planEvidence) {
      planEvidence = &evidence.emplace(trace, target, machine.memory);
    }
    const trace::Trace &planned = next ? *next : trace;
    // Planned with a journal, the trace is made from it: no order.
    HoistPlan plan;
    PlanJournal journal;
    planHoists(planned, *planResults, boundOptions, *planEvidence, plan,
               &journal);
    analysed.reset();
    evidence.reset();
    // The original's evidence is read by the first round only.
    givenEvidence.reset();
    if (!plan.changed())
      break;
    trace::Trace moved;
    applyLimitedPlan(planned, plan, journal, SIZE_MAX, moved);
    plan = HoistPlan();
    journal = PlanJournal();
    next.reset();
    // Only its timing counts; a changed result is not an error here, a
    // replay that cannot follow the trace ends the rounds.
    sim::PerformanceTracker tracker;
    auto timing = std::make_unique<sim::TimingRecorder>();
    llvm::Expected<replay::Run> replayed =
        replay::replay(moved, machine, {&tracker, timing.get()});
    if (!replayed) {
      llvm::consumeError(replayed.takeError());
      break;
    }
    uint64_t cycles = tracker.totalCycles;
    if (cycles >= bound.cycles)
      break;
    bound.cycles = cycles;
    bound.dmaWaitStall = stallOf(tracker);
    bound.rounds = round + 1;
    current = std::move(moved);
    timed = std::move(timing);
  }
  return bound;
}
