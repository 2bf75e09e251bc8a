//===- RISCVRunTest.cpp - SnR's analyses over a RISC-V timing -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// replayRISCVTrace on the hand-written trace of test/Replay/
// riscv-run-directory.test, timed on LLVM's sifive-x280 model, its figures
// derived there from the model's numbers: the timing engine's events reach
// the registered analyses as the snr simulator's do.
//
//   #0 vsetvli   issue 0,  ready 3
//   #1 vfmacc.vv issue 3  (stall 2, register, cause #0)
//   #2 vfmacc.vv issue 11 (stall 7, register, cause #1)
//   #3 vfmacc.vv issue 19 (stall 7, register, cause #2)
//   #4 add       issue 24 (stall 4, write_order)
//   #5 ld        issue 24
//   #6 mul       issue 27 (stall 2, register, cause #5: the load)
//
// 30 cycles; VA busy 3 x 5 = 15 of them.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVRun.h"
#include "SnR/Analysis/LoadUseAnalysis.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace snr;
using namespace snr::replay::riscv;

namespace {
const char *const kTrace =
    R"({"format":"snr-trace","version":1,"isa":"riscv64","isa_string":"rv64gcv","vlenb":64,"machine":"riscv:rv64","program":"k.elf","start_pc":4096,"instructions":7,"hlo_map":[{"begin":4096,"end":4124,"name":"kernel"}]}
{"reg":"a0","bytes":"2000000000000000"}
{"reg":"a5","bytes":"0020000000000000"}
{"mem":"ram","addr":8192,"bytes":"0500000000000000"}
{"pc":4096,"enc":"0x0d1572d7","after":{"vl":32,"vtype":209}}
{"pc":4100,"enc":"0xb3881457"}
{"pc":4104,"enc":"0xb3881457"}
{"pc":4108,"enc":"0xb3881457"}
{"pc":4112,"enc":"0x00d605b3"}
{"pc":4116,"enc":"0x0007b703"}
{"pc":4120,"enc":"0x02e70833"}
)";

RISCVRun replay() {
  RISCVRunOptions options;
  options.analysis.analyses = getRISCVViewAnalyses();
  llvm::Expected<RISCVRun> run = replayRISCVTrace(
      llvm::MemoryBufferRef(kTrace, "k.jsonl"), "k.jsonl", options,
      /*elf=*/nullptr,
      [](const llvm::Twine &message) { ADD_FAILURE() << message.str(); });
  if (!run) {
    ADD_FAILURE() << llvm::toString(run.takeError());
    return RISCVRun();
  }
  return std::move(*run);
}

TEST(RISCVRun, TheAnalysesSeeTheTiming) {
  RISCVRun run = replay();
  ASSERT_TRUE(run.results);
  const analysis::ReplayResults &results = *run.results;
  EXPECT_EQ(results.summary.totalCycles, 30u);
  EXPECT_EQ(results.summary.instructions, 7u);
  EXPECT_FALSE(results.model.asyncCopies);
  EXPECT_FALSE(results.model.hasClock);
  // No DMA analysis ran: the model has no copies.
  EXPECT_EQ(results.find<analysis::DmaStallAnalysis>(), nullptr);

  // The issue events, as the TimingRecorder kept them.
  const auto &timing = results.timing.instructions;
  ASSERT_EQ(timing.size(), 7u);
  EXPECT_EQ(timing[1].stall, 2u);
  EXPECT_EQ(results.model.getStallKindName(timing[1].kind), "register");
  EXPECT_EQ(timing[1].cause, 0u);
  EXPECT_EQ(results.model.getStallKindName(timing[4].kind), "write_order");
  EXPECT_EQ(timing[6].cause, 5u);

  // The load whose latency the mul waited for, by its PC.
  const auto &loads = results.get<analysis::LoadUseAnalysis>().loads;
  ASSERT_EQ(loads.size(), 1u);
  EXPECT_EQ(loads[0].pc, 0x1014u);
  EXPECT_EQ(loads[0].usePc, 0x1018u);
  EXPECT_EQ(loads[0].stallCycles, 2u);

  // The function map names the HLOs; the text is the target's.
  EXPECT_EQ(results.info.getHloName(results.info.hloOf[0]), "kernel");
  EXPECT_EQ(results.info.getText(5), "ld a4, 0x0(a5)");
  EXPECT_EQ(results.info.formatPc(0x1014), "0x1014");
  EXPECT_TRUE(results.info.getDesc(5).mayLoad);
  EXPECT_FALSE(results.info.getDesc(6).mayLoad);

  // The vsetvli set the first vtype.
  EXPECT_EQ(run.vectorConfigs, 1u);
  EXPECT_EQ(run.vtypeChanges, 1u);
  ASSERT_TRUE(run.effects);
  EXPECT_EQ(run.effects->likeMcaCycles, 30u);
}
} // namespace
