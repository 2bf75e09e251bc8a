//===- TestDependencies.cpp - The dependency analysis as attributes -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace snr {
#define GEN_PASS_DEF_SNRTESTDEPENDENCIES
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
struct TestDependenciesPass
    : snr::impl::SnRTestDependenciesBase<TestDependenciesPass> {
  void runOnOperation() override {
    auto &replay = getAnalysis<TraceReplayAnalysis>();
    if (!replay.succeeded())
      return signalPassFailure();
    const analysis::DependencyAnalysis &deps =
        replay.getResults().dependencies;
    Builder builder(&getContext());
    auto indices = [&](ArrayRef<analysis::DepEdge> edges,
                       analysis::DepKind kind) {
      SmallVector<int64_t> list;
      for (const analysis::DepEdge &edge : edges)
        if (edge.kind == kind)
          list.push_back(int64_t(edge.other));
      llvm::sort(list);
      list.erase(std::unique(list.begin(), list.end()), list.end());
      return builder.getDenseI64ArrayAttr(list);
    };
    for (size_t i = 0; i < replay.getTable().ops.size(); ++i) {
      Operation *op = replay.getOp(i);
      ArrayRef<analysis::DepEdge> edges = deps.edgesOf(i);
      op->setAttr("snr.test.raw", indices(edges, analysis::DepKind::RAW));
      op->setAttr("snr.test.war", indices(edges, analysis::DepKind::WAR));
      op->setAttr("snr.test.waw", indices(edges, analysis::DepKind::WAW));
      if (!deps.dmaOf(i))
        continue;
      analysis::Backtail conservative = deps.conservativeBacktail(i);
      analysis::Backtail relaxed = deps.relaxedBacktail(i);
      SmallVector<int64_t> slice(relaxed.slice.begin(), relaxed.slice.end());
      op->setAttr(
          "snr.test.backtail",
          builder.getDictionaryAttr({
              builder.getNamedAttr(
                  "conservative",
                  builder.getI64IntegerAttr(conservative.instructions)),
              builder.getNamedAttr(
                  "relaxed", builder.getI64IntegerAttr(relaxed.instructions)),
              builder.getNamedAttr("relaxed_cycles",
                                   builder.getI64IntegerAttr(relaxed.cycles)),
              builder.getNamedAttr("slice",
                                   builder.getDenseI64ArrayAttr(slice)),
          }));
    }
  }
};
} // namespace
