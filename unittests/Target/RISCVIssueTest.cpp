//===- RISCVIssueTest.cpp - The RISC-V issue models -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The issue models on hand-made descriptors: registers are arbitrary LLVM
// register numbers, resources the sifive-x280 model's (PipeA, PipeB, their
// group PipeAB, VA), latencies and cycles chosen by each test. Every
// expected cycle is derived in a comment.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/TimingEngine.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

#include "gtest/gtest.h"

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

namespace {

/// Keeps every event.
class Recorder : public TimingListener {
public:
  void onIssue(const TimingIssueEvent &event) override {
    issues.push_back(event);
  }
  void onResourceBusy(const ResourceBusyEvent &event) override {
    busy.push_back(event);
  }
  void onRetire(const TimingRetireEvent &event) override {
    retires.push_back(event);
  }
  std::vector<TimingIssueEvent> issues;
  std::vector<ResourceBusyEvent> busy;
  std::vector<TimingRetireEvent> retires;
};

class RISCVIssueTest : public ::testing::Test {
protected:
  void SetUp() override { useCPU("sifive-x280"); }

  void useCPU(llvm::StringRef cpu) {
    auto created = RISCVTarget::create("rv64gcv", 64);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    target = std::move(*created);
    auto built = TimingModel::create(*target, cpu);
    ASSERT_TRUE(bool(built)) << llvm::toString(built.takeError());
    model = std::move(*built);
  }

  ResourceId resource(llvm::StringRef name) {
    for (unsigned id = 1; id < model->getNumResources(); ++id)
      if (model->getResource(ResourceId(id)).name == name)
        return ResourceId(id);
    ADD_FAILURE() << "no resource " << name.str();
    return 0;
  }

  /// An instruction reading `reads`, writing `writes` after `latency`
  /// cycles, holding each resource of `uses` for its cycles.
  TimingDescriptor make(std::vector<RegUnit> reads, std::vector<RegUnit> writes,
                        unsigned latency,
                        std::vector<std::pair<llvm::StringRef, unsigned>> uses,
                        unsigned microOps = 1) {
    TimingDescriptor desc;
    desc.numMicroOps = microOps;
    desc.maxLatency = latency;
    desc.firstWriteBack = latency;
    for (RegUnit reg : reads) {
      RegisterRead read;
      read.reg = reg;
      read.checked.push_back(reg);
      desc.reads.push_back(read);
    }
    for (RegUnit reg : writes) {
      RegisterWrite write;
      write.reg = reg;
      write.updated.push_back(reg);
      write.latency = latency;
      desc.writes.push_back(write);
    }
    for (auto [name, cycles] : uses) {
      ResourceUse use;
      use.resource = resource(name);
      use.mask = model->getResource(use.resource).mask;
      use.cycles = cycles;
      desc.resources.push_back(use);
    }
    return desc;
  }

  /// Runs `stream` (descriptor, taken) and returns the events.
  Recorder
  run(const std::vector<std::pair<const TimingDescriptor *, bool>> &stream,
      TimingOptions options = TimingOptions::likeMca()) {
    Recorder recorder;
    TimingListener *listeners[] = {&recorder};
    TimingEngine engine(*model, options, listeners);
    for (size_t i = 0; i < stream.size(); ++i)
      engine.issue(0x1000 + 4 * i, *stream[i].first, stream[i].second);
    summary = engine.finish();
    return recorder;
  }

  static std::vector<uint64_t> cycles(const Recorder &recorder) {
    std::vector<uint64_t> result;
    for (const TimingIssueEvent &event : recorder.issues)
      result.push_back(event.cycle);
    return result;
  }

  std::unique_ptr<RISCVTarget> target;
  std::unique_ptr<TimingModel> model;
  TimingSummary summary;
};

TEST_F(RISCVIssueTest, ReadAfterWrite) {
  // #0 writes r10 after 5 cycles; #1 reads it: issues at 5 (stall 5 - 1 =
  // 4, on #0), ready 5 + 4 = 9.
  TimingDescriptor producer = make({}, {10}, 5, {});
  TimingDescriptor consumer = make({10}, {11}, 4, {});
  Recorder r = run({{&producer, false}, {&consumer, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 5}));
  EXPECT_EQ(r.issues[1].stall, 4u);
  EXPECT_EQ(r.issues[1].kind, StallKind::Register);
  EXPECT_EQ(r.issues[1].cause, 0u);
  EXPECT_EQ(r.issues[1].ready, 9u);
  EXPECT_EQ(summary.cycles, 9u);
  EXPECT_EQ(summary.stallCycles[unsigned(StallKind::Register)], 4u);

  // A ReadAdvance of 3 for that write: the value is read 3 cycles early,
  // at 2 (and #1's write-back, 2 + 4 = 6, follows #0's at 5).
  ReadAdvanceTable table;
  table.byWrite = {0, 0, 0, 0, 0, 0, 0, 3};
  producer.writes[0].writeResourceId = 7;
  consumer.reads[0].advanceTable = &table;
  r = run({{&producer, false}, {&consumer, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 2}));
  // Not for another write resource.
  producer.writes[0].writeResourceId = 6;
  r = run({{&producer, false}, {&consumer, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 5}));
}

TEST_F(RISCVIssueTest, IssueWidthAndGroups) {
  // Width 2: three independent one-micro-op instructions issue at 0, 0, 1.
  TimingDescriptor plain = make({}, {}, 1, {});
  Recorder r = run({{&plain, false}, {&plain, false}, {&plain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0, 1}));
  EXPECT_EQ(r.issues[2].stall, 0u); // the next cycle is not a stall

  // EndGroup ends the cycle; BeginGroup must start one.
  TimingDescriptor ends = plain;
  ends.endGroup = true;
  TimingDescriptor begins = plain;
  begins.beginGroup = true;
  r = run({{&ends, false}, {&plain, false}, {&plain, false}, {&begins, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 1, 1, 2}));
}

TEST_F(RISCVIssueTest, CarryOver) {
  // Five micro-ops at width 2 issue at 0 and take the issue slots of
  // cycles 0, 1 and one of 2 (llvm-mca's carry-over): the next instruction
  // issues in cycle 2 with the slot left, the one after in cycle 3.
  TimingDescriptor wide = make({}, {}, 1, {}, /*microOps=*/5);
  TimingDescriptor plain = make({}, {}, 1, {});
  Recorder r = run({{&wide, false}, {&plain, false}, {&plain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 2, 3}));
  EXPECT_EQ(r.issues[1].stall, 1u);
  EXPECT_EQ(r.issues[1].kind, StallKind::IssueWidth);
  EXPECT_EQ(r.issues[1].cause, 0u);
  // Three micro-ops: cycle 0 and one slot of 1; the next goes in cycle 1.
  TimingDescriptor three = make({}, {}, 1, {}, 3);
  r = run({{&three, false}, {&plain, false}, {&plain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 1, 2}));
  EXPECT_EQ(r.issues[1].stall, 0u);
}

TEST_F(RISCVIssueTest, ResourcesAndTheirHolders) {
  // VA held 4 cycles by each: issues at 0, 4, 8; the stall names VA and
  // the instruction holding it.
  TimingDescriptor vector = make({}, {}, 6, {{"VLEN512SiFive7VA", 4}});
  Recorder r = run({{&vector, false}, {&vector, false}, {&vector, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 4, 8}));
  EXPECT_EQ(r.issues[1].kind, StallKind::Resource);
  EXPECT_EQ(r.issues[1].causeResource, resource("VLEN512SiFive7VA"));
  EXPECT_EQ(r.issues[1].cause, 0u);
  EXPECT_EQ(r.issues[2].cause, 1u);
  ASSERT_EQ(r.busy.size(), 3u);
  EXPECT_EQ(r.busy[1].begin, 4u);
  EXPECT_EQ(r.busy[1].end, 8u);

  // PipeAB: llvm-mca's round robin takes the highest unit first (PipeB),
  // then PipeA; a third in the same cycle would find neither (but the
  // width of 2 sends it to cycle 1 anyway).
  TimingDescriptor alu = make({}, {}, 3, {{"VLEN512SiFive7PipeAB", 1}});
  r = run({{&alu, false}, {&alu, false}, {&alu, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0, 1}));
  ASSERT_EQ(r.busy.size(), 3u);
  EXPECT_EQ(r.busy[0].resource, resource("VLEN512SiFive7PipeB"));
  EXPECT_EQ(r.busy[1].resource, resource("VLEN512SiFive7PipeA"));
  EXPECT_EQ(r.busy[2].resource, resource("VLEN512SiFive7PipeB"));

  // PipeB busy 3 cycles: a PipeAB op goes to PipeA meanwhile.
  TimingDescriptor onB = make({}, {}, 3, {{"VLEN512SiFive7PipeB", 3}});
  TimingDescriptor onBAgain = onB;
  r = run({{&onB, false}, {&alu, false}, {&onBAgain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0, 3}));
  EXPECT_EQ(r.busy[1].resource, resource("VLEN512SiFive7PipeA"));
  EXPECT_EQ(r.issues[2].causeResource, resource("VLEN512SiFive7PipeB"));
}

TEST_F(RISCVIssueTest, WriteBackInOrder) {
  // #0 writes back at 8; #1 (latency 2) may not write back before it: it
  // issues at 6 (stall 6 - 1 = 5, write_order, on #0).
  TimingDescriptor slow = make({}, {10}, 8, {});
  TimingDescriptor fast = make({}, {11}, 2, {});
  Recorder r = run({{&slow, false}, {&fast, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 6}));
  EXPECT_EQ(r.issues[1].kind, StallKind::WriteOrder);
  EXPECT_EQ(r.issues[1].cause, 0u);
  // Unless the model lets it retire out of order...
  TimingDescriptor unordered = fast;
  unordered.retireOOO = true;
  r = run({{&slow, false}, {&unordered, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0}));
  // ... or the slow one has no latency at all.
  TimingDescriptor instant = make({}, {}, 0, {});
  r = run({{&instant, false}, {&fast, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0}));
}

TEST_F(RISCVIssueTest, TakenBranches) {
  TimingDescriptor branch = make({}, {}, 1, {});
  TimingDescriptor plain = make({}, {}, 1, {});
  // llvm-mca: control flow costs nothing.
  Recorder r = run({{&branch, true}, {&plain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(summary.takenBranches, 1u);
  // SnR: the target issues 1 + penalty cycles after the branch.
  TimingOptions options;
  options.takenBranchPenalty = 2;
  r = run({{&branch, true}, {&plain, false}}, options);
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 3}));
  EXPECT_EQ(r.issues[1].kind, StallKind::TakenBranch);
  EXPECT_EQ(r.issues[1].stall, 2u);
  EXPECT_TRUE(r.issues[0].taken);
  // A branch not taken costs nothing.
  r = run({{&branch, false}, {&plain, false}}, options);
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0}));
}

TEST_F(RISCVIssueTest, CallsAtLlvmMcasLatency) {
  // llvm-mca gives a call 100 cycles: what follows writes back after it.
  TimingDescriptor call = make({}, {1}, 3, {});
  call.isCall = true;
  TimingDescriptor plain = make({}, {12}, 3, {});
  Recorder r = run({{&call, false}, {&plain, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 97}));
  EXPECT_EQ(r.issues[0].ready, 100u);
  TimingOptions options;
  options.takenBranches = false;
  r = run({{&call, false}, {&plain, false}}, options);
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 0}));
}

TEST_F(RISCVIssueTest, RetiresInOrder) {
  TimingDescriptor slow = make({}, {10}, 8, {});
  TimingDescriptor reader = make({10}, {}, 1, {});
  Recorder r = run({{&slow, false}, {&reader, false}});
  ASSERT_EQ(r.retires.size(), 2u);
  EXPECT_EQ(r.retires[0].cycle, 8u);
  EXPECT_EQ(r.retires[1].cycle, 9u);
}

TEST_F(RISCVIssueTest, OutOfOrder) {
  useCPU("sifive-p670");
  ASSERT_TRUE(model->isOutOfOrder());
  // #1 waits 10 cycles for #0; #2 does not depend on either and issues at
  // once, before #1.
  TimingDescriptor producer = make({}, {10}, 10, {});
  TimingDescriptor consumer = make({10}, {11}, 1, {});
  TimingDescriptor other = make({}, {12}, 1, {});
  Recorder r = run({{&producer, false}, {&consumer, false}, {&other, false}});
  EXPECT_EQ(cycles(r), (std::vector<uint64_t>{0, 10, 0}));
  EXPECT_EQ(r.issues[1].kind, StallKind::Register);
  // Retired in order: #2 after #1.
  EXPECT_EQ(r.retires[2].cycle, 11u);
  EXPECT_EQ(summary.cycles, 11u);
}

} // namespace
