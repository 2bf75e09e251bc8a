//===- HoistDma.cpp - Hoist DMA issues, proved by replay ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The plan is made and proved on the flat trace (lib/Rewrite); only a plan
// whose replay gives the same final state and no more cycles is written back
// to the IR, so a failed or unprofitable rewrite leaves the IR untouched.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Pipeline/RewriteRemarks.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Rewrite/TraceRewriteDriver.h"
#include "SnR/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace snr {
#define GEN_PASS_DEF_SNRHOISTDMA
#define GEN_PASS_DEF_SNRPARALLELIZEDMA
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
/// Puts the trace's instruction ops in the plan's order, creating the ops of
/// copies and of renamed instructions.
void rewriteOps(TraceOp traceOp, const TraceReplayAnalysis &replay,
                const rewrite::HoistPlan &plan) {
  const trace::Trace &original = replay.getTable().trace;
  OpBuilder builder(traceOp.getContext());
  Block *body = traceOp.getBody();
  llvm::SmallPtrSet<Operation *, 16> superseded;
  SmallVector<Operation *> order;
  order.reserve(plan.order.size());
  // An instruction the plan no longer runs (a wait merged into a later one)
  // is erased.
  llvm::BitVector stays(original.instructions.size());
  for (const rewrite::PlannedInstruction &planned : plan.order)
    if (!planned.isCopy)
      stays.set(planned.original);
  for (size_t i = 0; i < original.instructions.size(); ++i)
    if (!stays.test(i))
      superseded.insert(replay.getOp(i));
  for (const rewrite::PlannedInstruction &planned : plan.order) {
    Operation *op = replay.getOp(planned.original);
    if (!planned.isCopy && planned.inst == original.instructions[planned.original]) {
      order.push_back(op);
      continue;
    }
    // A copy or a renamed instruction: a new op, at the original's location
    // with its PC, HLO and recorded outcome.
    InstructionExtras extras;
    extras.hlo = op->getAttrOfType<StringAttr>("hlo");
    if (auto executed = op->getAttrOfType<BoolAttr>("executed"))
      extras.executed = executed.getValue();
    builder.setInsertionPointToEnd(body);
    order.push_back(buildInstruction(builder, op->getLoc(), planned.inst,
                                     extras));
    if (!planned.isCopy)
      superseded.insert(op);
  }
  for (Operation *op : superseded)
    op->erase();
  for (Operation *op : order) {
    op->moveBefore(body, body->end());
    // The replay annotations describe the old order.
    if (auto inst = dyn_cast<InstructionOpInterface>(op))
      inst.setReplayAnnotation({});
  }
  traceOp.setReordered(true);
}

/// How a pass drives the rewrite, beyond what to move (the pass options
/// TraceRewriteOptions takes).
struct RewriteDriver {
  /// The analyses of the replay the rewrite plans on.
  analysis::AnalysisOptions analysis;
  /// Rounds of planning, each proved (lib/Rewrite/Schedule.h).
  unsigned rounds = 1;
  /// Report the dependency bound in the outcome remark.
  bool bound = false;
};

LogicalResult runHoist(AnalysisManager analyses, TraceOp traceOp,
                       StringRef machineFile,
                       const rewrite::HoistOptions &options,
                       const RewriteDriver &driver, bool &changed) {
  changed = false;
  const analysis::AnalysisOptions &analysisOptions = driver.analysis;
  std::optional<TraceReplayAnalysis> local;
  const TraceReplayAnalysis *shared = TraceReplayAnalysis::get(
      analyses, traceOp, machineFile, analysisOptions, local);
  if (!shared)
    return failure();
  const TraceReplayAnalysis &replay = *shared;
  const sim::MachineModel *machine = &replay.getResults().machine;

  const trace::Trace &original = replay.getTable().trace;
  if (llvm::Error error = rewrite::checkSelection(
          original, options, rewrite::getDefaultRewriteTarget()))
    return mlir::emitError(traceOp.getLoc()) << llvm::toString(std::move(error));
  // Proved move by move: the moves the replay does not prove are dropped
  // (a [Failure] remark each, with what the replay measured). In rounds,
  // as snr-replay --apply, while each is faster; with the bound if asked.
  rewrite::TraceRewriteOptions rewriteOptions;
  rewriteOptions.hoist = options;
  rewriteOptions.rounds = driver.rounds;
  rewriteOptions.bound = driver.bound;
  // As snr-replay --apply: the rounds replay with the relaxed backtail's
  // slice limit.
  rewriteOptions.analysis.dependencies.maxSlice =
      analysisOptions.dependencies.maxSlice;
  llvm::Expected<rewrite::TraceRewrite> result =
      rewrite::rewriteTrace(original, replay.getResults(), *machine,
                            rewriteOptions);
  if (!result)
    return mlir::emitError(traceOp.getLoc())
           << llvm::toString(result.takeError());
  const rewrite::ProvedRewrite *proved = &result->proved;
  const std::optional<rewrite::DependencyBound> &bound = result->bound;
  const rewrite::HoistPlan &plan = proved->plan;
  const rewrite::RewriteComparison *comparison = &proved->comparison;
  emitRewriteRemarks(plan, [&](uint64_t index) {
    return replay.getOp(index)->getLoc();
  });
  if (unsigned dropped = proved->droppedCount())
    mlir::emitWarning(traceOp.getLoc())
        << "the DMA rewrite dropped " << dropped
        << " move(s) the replay did not prove"
        << (plan.changed() ? "; the others are kept" : "; nothing is kept");
  if (!plan.changed())
    return success();

  emitRewriteOutcomeRemark(traceOp.getLoc(), plan, *comparison,
                           bound ? &*bound : nullptr);
  rewriteOps(traceOp, replay, plan);
  changed = true;
  return success();
}

struct HoistDmaPass : snr::impl::SnRHoistDmaBase<HoistDmaPass> {
  using SnRHoistDmaBase::SnRHoistDmaBase;
  HoistDmaPass() = default;
  HoistDmaPass(const HoistDmaPass &other) : SnRHoistDmaBase(other) {}

  /// `machine=`, the analyses' and the rewrite's options
  /// (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};
  pipeline::AnalysisPassOptions analysisOptions{*this};
  pipeline::RewritePassOptions rewriteOptions{*this};

  void runOnOperation() override {
    pipeline::RewriteOptionValues rewrite = rewriteOptions.getValues();
    llvm::Expected<rewrite::HoistOptions> options =
        rewrite.getHoistOptions(pipeline::OptionSpelling::Pass);
    if (!options) {
      mlir::emitError(getOperation().getLoc())
          << llvm::toString(options.takeError());
      return signalPassFailure();
    }
    options->testIgnoreDependencies = testIgnoreDependencies;
    RewriteDriver driver;
    llvm::Expected<analysis::AnalysisOptions> analysis =
        analysisOptions.getValues().getAnalysisOptions(
            pipeline::OptionSpelling::Pass);
    if (!analysis) {
      mlir::emitError(getOperation().getLoc())
          << llvm::toString(analysis.takeError());
      return signalPassFailure();
    }
    driver.analysis = std::move(*analysis);
    driver.rounds = rewrite.rounds;
    driver.bound = bound;
    bool changed;
    if (failed(runHoist(getAnalysisManager(), getOperation(),
                        machineOptions.machineFile, *options, driver,
                        changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

struct ParallelizeDmaPass
    : snr::impl::SnRParallelizeDmaBase<ParallelizeDmaPass> {
  ParallelizeDmaPass() = default;
  ParallelizeDmaPass(const ParallelizeDmaPass &other)
      : SnRParallelizeDmaBase(other) {}

  /// `machine=` (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};

  void runOnOperation() override {
    rewrite::HoistOptions options;
    options.hoist = false;
    options.parallelize = true;
    bool changed;
    if (failed(runHoist(getAnalysisManager(), getOperation(),
                        machineOptions.machineFile, options, RewriteDriver(),
                        changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
