//===- ModelWithoutCopiesTest.cpp - Analyses that do not apply ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A timing model without asynchronous copies and without a scratchpad (a
// CPU's, as the RISC-V model is) told through RunInfo alone: the DMA
// analysis knows it has nothing to say, the data-cache analysis is
// unavailable for that reason and ignores every memory access, and the
// utilization analysis measures the model's own resources by name, with no
// primary compute resource to idle.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Analysis/UtilizationAnalysis.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SnRModel.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::analysis;

namespace {

/// Two resources, "alu" (measured) and "issue" (not), one stall kind.
sim::ModelDescription makeCpuModel() {
  sim::ModelDescription model;
  model.name = "cpu";
  model.resources = {{"alu", "ALU", 2, true}, {"issue", "issue", 1, false}};
  model.stallKinds = {{"none", "none", "", sim::StallRole::None},
                      {"register", "register", "a register written by",
                       sim::StallRole::Register}};
  return model;
}

struct ModelWithoutCopies : ::testing::Test {
  void SetUp() override {
    // The instructions only need to exist: two of them, any ISA's.
    program.resize(2);
    program[1].pc = 1;
    info.instructions =
        sim::describeSnRInstructions(program, sim::getDefaultMachineModel());
    info.hloOf.assign(2, kNoHlo);
    model = makeCpuModel();
    run.model = &model;
    run.instructions = info.instructions.get();
    run.functional = true;
  }

  std::vector<arch::Instruction> program;
  TraceInfo info;
  sim::ModelDescription model;
  sim::RunInfo run;
};

TEST_F(ModelWithoutCopies, TheDmaAnalysisKnowsItDoesNotApply) {
  DmaStallAnalysis dmas(info);
  dmas.onRunStart(run);
  dmas.onRunEnd({});
  EXPECT_FALSE(dmas.asyncCopies);
  EXPECT_TRUE(dmas.dmas.empty());
  EXPECT_EQ(dmas.total.dmas, 0u);
}

TEST_F(ModelWithoutCopies, TheDataCacheIsUnavailableForWantOfAScratchpad) {
  DataCacheAnalysis cache(info);
  cache.onRunStart(run);
  // A write and a read of space 0 (the only memory): no page is touched.
  cache.onMemoryAccess({0, 3, {0, 0, 64}, /*isWrite=*/true, false});
  cache.onMemoryAccess({1, 5, {0, 0, 64}, /*isWrite=*/false, false});
  cache.onRunEnd({2, 10, 0});
  EXPECT_FALSE(cache.hasScratchpad);
  EXPECT_FALSE(cache.available);
  EXPECT_EQ(cache.getUnavailableReason(), "the ISA has no scratchpad");
  EXPECT_EQ(cache.numPages, 0u);
  EXPECT_EQ(cache.pagesEverUsed, 0u);
  EXPECT_TRUE(cache.wasted.empty());
}

// "alu" busy [0, 4) and [4, 6) of a 10-cycle run: 6 / 10; "issue" is not
// measured, so its busy event counts nowhere.
TEST_F(ModelWithoutCopies, UtilizationMeasuresTheModelsResourcesByName) {
  UtilizationAnalysis util(info, {/*windowCycles=*/10});
  util.onRunStart(run);
  ASSERT_EQ(util.resources, (std::vector<std::string>{"alu"}));
  EXPECT_EQ(util.numUnitResources, 1u);
  util.onIssue({0, 0, 4, 0, sim::kNoStall, sim::kNoIndex, 0, true});
  util.onResourceBusy({0, 0, 0, 0, 4});
  util.onIssue({1, 4, 6, 0, sim::kNoStall, sim::kNoIndex, 0, true});
  util.onResourceBusy({0, 1, 1, 4, 6});
  util.onResourceBusy({1, 0, 1, 4, 5});
  util.onRunEnd({2, 10, 0});
  ASSERT_EQ(util.overall.size(), 1u);
  EXPECT_DOUBLE_EQ(util.overall[0], 0.6);
  EXPECT_TRUE(util.matrixIdleOnDma.empty());
}

} // namespace
