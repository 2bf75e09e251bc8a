//===- HoistDifferentialTest.cpp - The rewrite never changes results ------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A differential test over many seeded random traces: every rewrite the
// planner makes (before the proof step would reject anything) must give the
// same final architectural state as the original, must not touch a copy's
// bytes while the copy is in flight where the original did not (the replay
// cannot see that: InFlightAccesses.h), and a rewrite the proof accepts is
// never slower. The traces mix DMAs and waits on a few flags with the
// loads, stores and register reuse that make moves illegal, so the
// planner's dependency checks, renaming, flag renaming and wait merges are
// all exercised. Reproducible: a failure names its seed.
//
//===----------------------------------------------------------------------===//

#include "InFlightAccesses.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Rewrite/RewriteCheck.h"
#include "SnR/Rewrite/Schedule.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Sim/TimingCheckpoints.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "llvm/Support/raw_ostream.h"

using namespace snr;
using arch::MemSpace;
using arch::Opcode;

namespace {
constexpr int64_t kHbmBuffers[] = {0, 65536, 131072, 196608};
constexpr int64_t kVmemBuffers[] = {0, 8192, 16384, 24576, 32768, 40960};

/// Builds a random straight-line trace, executing it as it goes so every
/// address is valid and every predicated instruction records its outcome.
class RandomTrace {
public:
  RandomTrace(uint32_t seed, unsigned length) : rng(seed) {
    trace.header.machine = "snr-ref";
    trace.header.program = "random" + std::to_string(seed);
    // The snapshot: random bytes in each HBM buffer, base registers,
    // data registers and vector registers.
    for (int64_t base : kHbmBuffers) {
      trace::SnapshotMemory memory{MemSpace::Hbm, 0, uint64_t(base), {}};
      for (unsigned i = 0; i < 4096; ++i)
        memory.bytes.push_back(uint8_t(rng()));
      trace.memory.push_back(std::move(memory));
    }
    for (uint8_t s = 1; s <= 12; ++s)
      trace.registers.push_back({{arch::RegClass::Scalar, s},
                                 s <= 6 ? pick(kVmemBuffers) : int64_t(rng() % 100),
                                 {}});
    for (uint8_t v = 0; v < 8; ++v) {
      trace::SnapshotRegister reg{{arch::RegClass::Vector, v}, 0, {}};
      for (float &lane : reg.lanes)
        lane = float(rng() % 1000) / 10.0f;
      trace.registers.push_back(reg);
    }
    state.emplace(sim::getDefaultMachineModel().memory);
    replay::applySnapshot(trace, *state);
    for (unsigned i = 0; i < length; ++i)
      emit(randomInstruction());
    // Every DMA completes within the trace.
    for (uint8_t f = 0; f < 4; ++f)
      emit(wait(f));
  }

  trace::Trace trace;

private:
  template <size_t N> int64_t pick(const int64_t (&values)[N]) {
    return values[rng() % N];
  }
  uint8_t addressReg() { return uint8_t(1 + rng() % 6); }
  uint8_t dataReg() { return uint8_t(7 + rng() % 6); }
  uint8_t vectorReg() { return uint8_t(rng() % 8); }
  int64_t offset(unsigned align, unsigned limit) {
    return int64_t(rng() % (limit / align)) * align;
  }
  static arch::Instruction make(Opcode opcode) {
    arch::Instruction inst;
    inst.opcode = opcode;
    return inst;
  }
  arch::Instruction wait(uint8_t flag) {
    arch::Instruction inst = make(Opcode::DmaWait);
    inst.flag = flag;
    return inst;
  }
  arch::MemOperand mem(MemSpace space, bool withBase, int64_t off) {
    arch::MemOperand operand;
    operand.space = space;
    operand.hasBase = withBase;
    operand.base = withBase ? addressReg() : 0;
    operand.offset = off;
    return operand;
  }

  arch::Instruction randomInstruction() {
    unsigned kind = rng() % 20;
    arch::Instruction inst;
    switch (kind) {
    case 0: // a base register set to a buffer
      inst = make(Opcode::MovI);
      inst.rd = addressReg();
      inst.imm = rng() % 2 ? pick(kVmemBuffers) : pick(kHbmBuffers);
      break;
    case 1: // address arithmetic
      inst = make(Opcode::AddI);
      inst.rd = addressReg();
      inst.rs1 = inst.rd;
      inst.imm = int64_t(rng() % 3) * 64;
      break;
    case 2:
    case 3:
    case 4: { // HBM -> VMEM, the common case
      inst = make(Opcode::DmaIssue);
      inst.src = mem(MemSpace::Hbm, rng() % 2, offset(64, 2048));
      inst.dst = mem(MemSpace::VMem, rng() % 2, offset(64, 2048));
      if (!inst.dst.hasBase)
        inst.dst.offset += pick(kVmemBuffers);
      inst.imm = 64 + offset(64, 2048);
      inst.flag = uint8_t(rng() % 4);
      break;
    }
    case 5: { // VMEM -> HBM write-back
      inst = make(Opcode::DmaIssue);
      inst.src = mem(MemSpace::VMem, true, offset(64, 2048));
      inst.dst = mem(MemSpace::Hbm, false, pick(kHbmBuffers) + offset(64, 2048));
      inst.imm = 64 + offset(64, 1024);
      inst.flag = uint8_t(rng() % 4);
      break;
    }
    case 6: { // HBM -> SMEM (descriptors)
      inst = make(Opcode::DmaIssue);
      inst.src = mem(MemSpace::Hbm, false, pick(kHbmBuffers) + offset(32, 1024));
      inst.dst = mem(MemSpace::SMem, false, offset(32, 1024));
      inst.imm = 32 * (1 + rng() % 2);
      inst.flag = uint8_t(rng() % 4);
      break;
    }
    case 7:
    case 8:
      inst = wait(uint8_t(rng() % 4));
      break;
    case 9:
    case 10:
      inst = make(Opcode::VLd);
      inst.rd = vectorReg();
      inst.src = mem(MemSpace::VMem, true, offset(64, 2048));
      break;
    case 11:
      inst = make(Opcode::VSt);
      inst.rs1 = vectorReg();
      inst.dst = mem(MemSpace::VMem, true, offset(64, 2048));
      break;
    case 12:
      inst = make(rng() % 2 ? Opcode::VAdd : Opcode::VMul);
      inst.rd = vectorReg();
      inst.rs1 = vectorReg();
      inst.rs2 = vectorReg();
      break;
    case 13:
      inst = make(Opcode::VExp);
      inst.rd = vectorReg();
      inst.rs1 = vectorReg();
      break;
    case 14:
      inst = make(Opcode::Ld);
      inst.rd = rng() % 3 ? dataReg() : addressReg();
      inst.src = mem(MemSpace::SMem, false, offset(4, 1024));
      if (inst.rd <= 6) // an address loaded from SMEM stays a valid base
        inst = [&] {
          arch::Instruction movi = make(Opcode::MovI);
          movi.rd = inst.rd;
          movi.imm = pick(kVmemBuffers);
          return movi;
        }();
      break;
    case 15:
      inst = make(Opcode::St);
      inst.rs1 = dataReg();
      inst.dst = mem(MemSpace::SMem, false, offset(4, 1024));
      break;
    case 16:
      inst = make(rng() % 2 ? Opcode::Add : Opcode::Mul);
      inst.rd = dataReg();
      inst.rs1 = dataReg();
      inst.rs2 = dataReg();
      break;
    case 17:
      inst = make(Opcode::CmpI);
      inst.cmp = arch::CmpPredicate::Gt;
      inst.rd = uint8_t(rng() % 2);
      inst.rs1 = dataReg();
      inst.imm = 50;
      break;
    case 18: { // something predicated
      inst = make(Opcode::AddI);
      inst.rd = dataReg();
      inst.rs1 = dataReg();
      inst.imm = 1;
      inst.guard.present = true;
      inst.guard.reg = uint8_t(rng() % 2);
      inst.guard.negated = rng() % 2;
      break;
    }
    default:
      inst = make(Opcode::MxuPush);
      inst.rs1 = vectorReg();
      inst.imm = int64_t(rng() % arch::kMxuRows);
      break;
    }
    return inst;
  }

  void emit(arch::Instruction inst) {
    inst.pc = trace.instructions.size();
    state->pc = inst.pc;
    sim::StepResult result = sim::execute(inst, *state);
    ASSERT_TRUE(result.ok()) << "generator bug: " << result.error;
    trace::RecordedOutcome outcome;
    if (inst.guard.present)
      outcome.executed = result.executed;
    trace.instructions.push_back(inst);
    trace.outcomes.push_back(outcome);
    trace.lines.push_back(0);
  }

  std::mt19937 rng;
  std::optional<sim::ArchState> state;
};

/// A plan as text: the trace it makes and every decision.
std::string planText(const trace::Trace &trace,
                     const rewrite::HoistPlan &plan) {
  std::string out;
  llvm::raw_string_ostream os(out);
  rewrite::applyPlan(trace, plan).write(os);
  for (const rewrite::HoistDecision &d : plan.decisions)
    os << d.issueIndex << ' ' << d.applied << ' ' << d.target << ' '
       << unsigned(d.stop) << ' ' << d.reason << '\n';
  return out;
}

/// A backtail as text.
std::string backtailText(const analysis::Backtail &b) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << b.earliest << ' ' << b.instructions << ' ' << b.cycles << ' '
     << b.blocker << ' ' << unsigned(b.blockerResource) << ' '
     << unsigned(b.blockerWhat) << " [";
  for (uint64_t i : b.slice)
    os << ' ' << i;
  os << " ]";
  return out;
}

struct Tally {
  unsigned traces = 0, changed = 0, accepted = 0, moves = 0, renames = 0,
           flagRenames = 0, stoppedShort = 0, waitMerges = 0;
};

/// The plans replayed from checkpoints (checkLimitedPlans), and of their
/// instructions those stepped: fewer when a variant's timing becomes the
/// trace's again before its end.
struct CheckpointTally {
  unsigned variants = 0;
  uint64_t instructions = 0, stepped = 0;
} checkpointTally;

/// With SNR_DIFFERENTIAL_DUMP=dir, writes the trace and its rewrite there.
void dump(uint32_t seed, const trace::Trace &trace,
          const trace::Trace &rewritten, const char *variant) {
  const char *dir = std::getenv("SNR_DIFFERENTIAL_DUMP");
  if (!dir)
    return;
  std::error_code ec;
  std::string base = std::string(dir) + "/seed" + std::to_string(seed);
  llvm::raw_fd_ostream original(base + ".jsonl", ec);
  trace.write(original);
  llvm::raw_fd_ostream after(base + "." + variant + ".jsonl", ec);
  rewritten.write(after);
}

/// Fails the test if `rewritten`, the trace `plan` makes of `trace`, reads
/// or writes a copy's bytes while the copy is in flight where `trace` did
/// not (the functional replay cannot see it: a copy completes at its start
/// there).
void checkInFlight(uint32_t seed, const trace::Trace &trace,
                   const trace::Trace &rewritten,
                   const rewrite::HoistPlan &plan, const char *variant) {
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  const arch::MemorySizes &sizes = sim::getDefaultMachineModel().memory;
  unsigned syncs = target.getNumSyncObjects();
  auto before = rewrite::testing::findInFlightAccesses(
      rewrite::EffectsTable(trace, target, sizes), syncs,
      [](size_t k) { return uint64_t(k); });
  auto after = rewrite::testing::findInFlightAccesses(
      rewrite::EffectsTable(rewritten, target, sizes), syncs,
      [&](size_t k) { return plan.order[k].original; });
  if (auto added = rewrite::testing::findNewInFlightAccess(before, after)) {
    ADD_FAILURE() << "seed " << seed << " (" << variant << "): instruction "
                  << added->second << " touches the bytes of the copy "
                  << "started at instruction " << added->first
                  << " while it is in flight, which the original does not";
    dump(seed, trace, rewritten, variant);
  }
}

/// The plan cut from one journalled plan to its first k moves (limitPlan,
/// what the proof's search tries) is the plan made again with that move
/// limit, for every k: the same order and the same decisions.
void checkLimitedPlans(uint32_t seed, const trace::Trace &trace,
                       const analysis::ReplayResults &results,
                       rewrite::HoistOptions options,
                       const rewrite::TraceEvidence &evidence,
                       const char *variant) {
  options.moveLimit.reset();
  rewrite::HoistPlan full;
  rewrite::PlanJournal journal;
  rewrite::planHoists(trace, results, options, evidence, full, &journal);
  // Every few instructions, so that a window is followed by checkpoints
  // where the variant's timing may be the trace's again.
  const sim::MachineModel &machine = sim::getDefaultMachineModel();
  llvm::Expected<sim::TimingCheckpoints> checkpoints =
      sim::TimingCheckpoints::record(machine, trace.instructions,
                                     trace.outcomes, /*interval=*/8);
  ASSERT_TRUE(bool(checkpoints)) << llvm::toString(checkpoints.takeError());
  size_t moves = llvm::count_if(
      full.decisions, [](const rewrite::HoistDecision &d) { return d.applied; });
  auto text = [&](const rewrite::HoistPlan &plan) {
    return planText(trace, plan);
  };
  for (size_t k = 0; k <= moves; ++k) {
    options.moveLimit = k;
    rewrite::HoistPlan again =
        rewrite::planHoists(trace, results, options, evidence);
    rewrite::HoistPlan limited;
    rewrite::limitPlan(trace, full, journal, k, limited);
    ASSERT_EQ(text(limited), text(again))
        << "seed " << seed << " (" << variant << "): the plan limited to "
        << k << " of " << moves << " moves differs from the one planned "
        << "again with that limit";
    // The trace made from the journal without the order is the same, and
    // so are the decisions made without it.
    rewrite::HoistPlan decided;
    rewrite::limitDecisions(full, journal, k, decided);
    trace::Trace applied;
    rewrite::applyLimitedPlan(trace, decided, journal, k, applied);
    std::string made, expected;
    llvm::raw_string_ostream madeOs(made), expectedOs(expected);
    applied.write(madeOs);
    rewrite::applyPlan(trace, limited).write(expectedOs);
    ASSERT_TRUE(decided.order.empty());
    decided.order = limited.order;
    ASSERT_EQ(made, expected) << "seed " << seed << " (" << variant
                              << "): applyLimitedPlan, " << k << " moves";
    ASSERT_EQ(text(decided), text(limited)) << "seed " << seed;
    // Its cycles, replayed from checkpoints of the trace's timing (the
    // window the moves change, then until the timing is the trace's
    // again), are a whole replay's.
    uint64_t first, last;
    if (!rewrite::getLimitedWindow(journal, k, first, last))
      continue;
    llvm::Expected<sim::TimingCheckpoints::Variant> replay =
        checkpoints->beginVariant(first);
    ASSERT_TRUE(bool(replay)) << llvm::toString(replay.takeError());
    std::optional<llvm::Error> failed;
    rewrite::forEachLimitedInstruction(
        trace, journal, k, first, last,
        [&](uint64_t original, const rewrite::Instruction &inst) {
          if (llvm::Error error = replay->step(inst, trace.outcomes[original]))
            failed.emplace(std::move(error));
          return !failed;
        });
    ASSERT_FALSE(failed) << llvm::toString(std::move(*failed));
    llvm::Expected<uint64_t> cycles = replay->finish(last);
    ASSERT_TRUE(bool(cycles)) << llvm::toString(cycles.takeError());
    llvm::Expected<replay::Run> whole =
        replay::replay(applied, machine, {}, replay::Mode::TimingOnly);
    ASSERT_TRUE(bool(whole)) << llvm::toString(whole.takeError());
    ASSERT_EQ(*cycles, whole->summary.totalCycles)
        << "seed " << seed << " (" << variant << "): " << k << " moves, window "
        << first << ".." << last << " replayed from checkpoints";
    ++checkpointTally.variants;
  }
  checkpointTally.instructions += checkpoints->getVariantInstructions();
  checkpointTally.stepped += checkpoints->getSteppedInstructions();
}

/// Plans with `options`, applies, proves; fails the test on a changed
/// result or an accepted slowdown.
void check(uint32_t seed, const trace::Trace &trace,
           const analysis::ReplayResults &results,
           const rewrite::HoistOptions &options, const char *variant,
           Tally &tally) {
  rewrite::TraceEvidence evidence(trace, rewrite::getDefaultRewriteTarget(),
                                 sim::getDefaultMachineModel().memory);
  rewrite::HoistPlan plan =
      rewrite::planHoists(trace, results, options, evidence);
  checkLimitedPlans(seed, trace, results, options, evidence, variant);
  ++tally.traces;
  if (!plan.changed())
    return;
  ++tally.changed;
  for (const rewrite::HoistDecision &d : plan.decisions) {
    tally.moves += d.applied;
    tally.renames += !d.renamedRegisters.empty();
    tally.flagRenames += d.renamedFlag.has_value();
    tally.stoppedShort += d.applied && d.blocker.has_value();
  }
  for (const rewrite::WaitDecision &w : plan.waits)
    tally.waitMerges += w.applied;
  trace::Trace rewritten = rewrite::applyPlan(trace, plan);
  checkInFlight(seed, trace, rewritten, plan, variant);
  llvm::Expected<rewrite::RewriteComparison> comparison =
      rewrite::compareRewrite(trace, rewritten, plan,
                              sim::getDefaultMachineModel());
  ASSERT_TRUE(bool(comparison))
      << "seed " << seed << " (" << variant
      << "): " << llvm::toString(comparison.takeError());
  EXPECT_TRUE(comparison->sameResult())
      << "seed " << seed << " (" << variant << "): the rewrite changed the "
      << "final state: " << comparison->stateDifference
      << "\n(set SNR_DIFFERENTIAL_DUMP=dir to write the trace and its "
         "rewrite there)";
  if (!comparison->sameResult())
    dump(seed, trace, rewritten, variant);
  if (comparison->accepted()) {
    ++tally.accepted;
    EXPECT_LE(comparison->after.totalCycles, comparison->before.totalCycles);
  }
}
} // namespace

TEST(HoistDifferential, RandomTracesKeepTheirResult) {
  // SNR_DIFFERENTIAL_SEEDS=N runs more seeds (CI runs 300).
  uint32_t kSeeds = 300;
  if (const char *seeds = std::getenv("SNR_DIFFERENTIAL_SEEDS"))
    kSeeds = uint32_t(std::strtoul(seeds, nullptr, 10));
  Tally relaxed, conservative, parallel, earliest;
  unsigned rounds = 0;
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    RandomTrace random(seed, 120 + seed % 200);
    const trace::Trace &trace = random.trace;
    llvm::Expected<std::unique_ptr<analysis::ReplayResults>> results =
        analysis::analyzeTrace(trace, sim::getDefaultMachineModel());
    ASSERT_TRUE(bool(results)) << "seed " << seed << ": "
                               << llvm::toString(results.takeError());

    rewrite::HoistOptions options;
    check(seed, trace, **results, options, "relaxed", relaxed);
    options.model = rewrite::DependenceModel::Conservative;
    check(seed, trace, **results, options, "conservative", conservative);
    options = {};
    options.hoist = false;
    check(seed, trace, **results, options, "parallelize", parallel);
    // As the later rounds plan: every hoist as early as its dependencies
    // allow; and without the link order.
    options = {};
    options.asEarlyAsPossible = true;
    check(seed, trace, **results, options, "earliest", earliest);
    options.keepLinkOrder = false;
    check(seed, trace, **results, options, "earliest-any-link-order",
          earliest);
    // The whole rewrite in rounds, proved move by move: it never fails and
    // what it keeps is proved.
    llvm::Expected<rewrite::ProvedRewrite> scheduled =
        rewrite::scheduleAndProve(trace, **results, {},
                                  sim::getDefaultMachineModel(), {});
    ASSERT_TRUE(bool(scheduled)) << "seed " << seed << " (rounds): "
                                 << llvm::toString(scheduled.takeError());
    EXPECT_TRUE(scheduled->comparison.accepted())
        << "seed " << seed << " (rounds): "
        << scheduled->comparison.rejection();
    checkInFlight(seed, trace, scheduled->rewritten, scheduled->plan,
                  "rounds");
    rounds += scheduled->rounds > 1;
    if (HasFailure())
      return;
  }
  // The traces must exercise the planner, not just pass through it.
  EXPECT_GT(relaxed.changed, kSeeds / 3);
  EXPECT_GT(relaxed.moves, kSeeds);
  EXPECT_GT(relaxed.accepted, kSeeds / 4);
  EXPECT_GT(relaxed.renames + relaxed.flagRenames, 10u);
  EXPECT_GT(relaxed.stoppedShort, 10u);
  EXPECT_GT(conservative.changed, 0u);
  EXPECT_GT(relaxed.waitMerges, kSeeds);
  EXPECT_GT(earliest.changed, kSeeds / 3);
  // Replayed from checkpoints, and often stopped early.
  EXPECT_GT(checkpointTally.variants, kSeeds);
  EXPECT_LT(checkpointTally.stepped, checkpointTally.instructions * 3 / 4);
  std::printf("from checkpoints: %u plans, %llu of their %llu instructions "
              "stepped\n",
              checkpointTally.variants,
              (unsigned long long)checkpointTally.stepped,
              (unsigned long long)checkpointTally.instructions);
  std::printf("earliest (both link orders): %u rewritten, %u accepted; "
              "rounds: %u traces gained from a second round\n",
              earliest.changed, earliest.accepted, rounds);
  std::printf("relaxed: %u/%u traces rewritten, %u moves (%u with renamed "
              "registers, %u with a renamed flag, %u stopped short) and %u "
              "wait merges, %u proved faster or equal\n"
              "conservative: %u rewritten, %u accepted; parallelize: %u "
              "rewritten, %u accepted\n",
              relaxed.changed, relaxed.traces, relaxed.moves, relaxed.renames,
              relaxed.flagRenames, relaxed.stoppedShort, relaxed.waitMerges,
              relaxed.accepted,
              conservative.changed, conservative.accepted, parallel.changed,
              parallel.accepted);
}

// The replay a rewrite round plans on (AnalysisOptions::forRewrite) keeps
// only the dependency edges of the DMAs and of the lightweight instructions
// a relaxed backtail walks through, and no utilization or static view: its
// backtails, suggestions and plans are those of the full replay; and a full
// replay that drops the other edges (dropEdgesBeyondBacktails) plans as it
// did.
TEST(HoistDifferential, RewriteReplayPlansAsTheFullOne) {
  uint32_t kSeeds = 100;
  uint64_t fullEdges = 0, rewriteEdges = 0;
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    RandomTrace random(seed, 120 + seed % 200);
    const trace::Trace &trace = random.trace;
    const sim::MachineModel &machine = sim::getDefaultMachineModel();
    llvm::Expected<std::unique_ptr<analysis::ReplayResults>> full =
        analysis::analyzeTrace(trace, machine);
    analysis::AnalysisOptions light;
    light.forRewrite = true;
    llvm::Expected<std::unique_ptr<analysis::ReplayResults>> rewrite =
        analysis::analyzeTrace(trace, machine, light);
    ASSERT_TRUE(full && rewrite) << "seed " << seed;
    const analysis::ReplayResults &a = **full, &b = **rewrite;
    fullEdges += a.dependencies.getNumEdges();
    rewriteEdges += b.dependencies.getNumEdges();
    // Every edge it keeps is the full replay's; the others are gone.
    for (uint64_t i = 0; i < trace.instructions.size(); ++i) {
      bool kept = a.dependencies.dmaOf(i) ||
                  arch::isLightweight(trace.instructions[i].opcode);
      ASSERT_EQ(b.dependencies.edgesOf(i).size(),
                kept ? a.dependencies.edgesOf(i).size() : 0u)
          << "seed " << seed << ", instruction " << i;
    }
    EXPECT_TRUE(b.utilization.overall.empty()) << "seed " << seed;
    ASSERT_EQ(a.suggestions.dmas.size(), b.suggestions.dmas.size());
    for (size_t i = 0; i < a.suggestions.dmas.size(); ++i) {
      const analysis::DmaSuggestion &x = a.suggestions.dmas[i],
                                    &y = b.suggestions.dmas[i];
      EXPECT_EQ(x.verdict, y.verdict) << "seed " << seed;
      EXPECT_EQ(x.target, y.target) << "seed " << seed;
      EXPECT_EQ(x.reason, y.reason) << "seed " << seed;
      EXPECT_EQ(backtailText(x.relaxed), backtailText(y.relaxed))
          << "seed " << seed;
      EXPECT_EQ(backtailText(x.conservative), backtailText(y.conservative))
          << "seed " << seed;
    }
    ASSERT_EQ(a.suggestions.parallelGroups.size(),
              b.suggestions.parallelGroups.size())
        << "seed " << seed;
    for (size_t i = 0; i < a.suggestions.parallelGroups.size(); ++i)
      EXPECT_EQ(a.suggestions.parallelGroups[i].dmas,
                b.suggestions.parallelGroups[i].dmas)
          << "seed " << seed;
    rewrite::TraceEvidence evidence(trace, rewrite::getDefaultRewriteTarget(),
                                   machine.memory);
    auto plans = [&](const analysis::ReplayResults &results) {
      rewrite::HoistOptions options;
      std::string out = planText(
          trace, rewrite::planHoists(trace, results, options, evidence));
      options.asEarlyAsPossible = true;
      return out + planText(trace, rewrite::planHoists(trace, results, options,
                                                       evidence));
    };
    std::string planned = plans(b);
    EXPECT_EQ(plans(a), planned) << "seed " << seed;
    // A full replay that drops the other edges once its report is written
    // keeps what the rewrite's replay keeps.
    (*full)->dependencies.dropEdgesBeyondBacktails();
    ASSERT_EQ(a.dependencies.getNumEdges(), b.dependencies.getNumEdges())
        << "seed " << seed;
    for (uint64_t i = 0; i < trace.instructions.size(); ++i)
      for (auto [x, y] : llvm::zip_equal(a.dependencies.edgesOf(i),
                                         b.dependencies.edgesOf(i)))
        ASSERT_TRUE(x.other == y.other && x.kind == y.kind &&
                    x.resource == y.resource && x.what == y.what)
            << "seed " << seed << ", instruction " << i;
    EXPECT_EQ(plans(a), planned) << "seed " << seed << " (edges dropped)";
    if (HasFailure())
      return;
  }
  // The loads, stores and vector arithmetic lose their edges (a fifth of
  // these traces; most of a real one).
  EXPECT_LT(rewriteEdges, fullEdges);
}
