//===- TraceRewriteDriver.cpp - The trace rewrite, end to end -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/TraceRewriteDriver.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"

#include "llvm/Support/ThreadPool.h"

#include <future>

using namespace snr;
using namespace snr::rewrite;

static llvm::Error prefix(llvm::StringRef what, llvm::Error error) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 what + llvm::toString(std::move(error)));
}

llvm::Expected<TraceRewrite> snr::rewrite::rewriteTrace(
    const trace::Trace &trace, const analysis::ReplayResults &results,
    const sim::MachineModel &machine, const TraceRewriteOptions &options,
    std::shared_ptr<const TraceEvidence> evidence) {
  unsigned rounds = std::max(1u, options.rounds);
  // One functional pass over the trace serves the rewrite and the bound.
  if (!evidence)
    evidence = std::make_shared<const TraceEvidence>(
        trace, getDefaultRewriteTarget(), machine.memory);
  // The bound reads only what the rewrite reads (the trace, its replay, the
  // machine): it runs beside it. Each holds the evidence only while it
  // reads it (the bound its first round, the rewrite the start of each
  // round): it goes once both are done with it.
  std::optional<llvm::Expected<DependencyBound>> bound;
  auto computeBound = [&,
                       given = options.bound ? evidence : nullptr]() mutable {
    bound.emplace(computeDependencyBound(trace, results, options.hoist,
                                         machine, options.analysis, rounds,
                                         std::move(given)));
  };
  std::shared_future<void> boundDone;
  if (options.bound && options.helpers)
    boundDone = options.helpers->async(std::move(computeBound));
  else if (options.bound)
    boundDone = std::async(std::launch::async, std::move(computeBound));
  llvm::Expected<ProvedRewrite> proved =
      scheduleAndProve(trace, results, options.hoist, machine,
                       options.analysis, rounds, std::move(evidence));
  if (boundDone.valid())
    boundDone.wait();
  if (!proved) {
    if (bound && !*bound)
      llvm::consumeError(bound->takeError());
    return prefix("the DMA rewrite failed: ", proved.takeError());
  }
  TraceRewrite out;
  out.proved = std::move(*proved);
  // The replay the rounds proved with is theirs (the next round plans on
  // it); the caller replays the result as its reports need.
  out.proved.comparison.afterReplay.reset();
  if (bound) {
    if (!*bound)
      return prefix("the dependency bound failed: ", bound->takeError());
    out.bound = **bound;
  }
  return std::move(out);
}
