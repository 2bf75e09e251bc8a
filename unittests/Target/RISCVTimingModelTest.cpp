//===- RISCVTimingModelTest.cpp - Descriptors from LLVM's models ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The timing descriptors of hand-chosen encodings (each written with its
// assembly, as `llvm-mc-22 -triple=riscv64 -mattr=+v,+m,+c -show-encoding`
// gives it) under LLVM 22's sifive-x280 model, whose numbers the comments
// quote; the models of the other CPUs; the vtype a short vl is timed at;
// the interim trace reader and the timer's vtype and vl tracking.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

namespace {

class RISCVTimingModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto created = RISCVTarget::create("rv64gcv", 64);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    target = std::move(*created);
    auto built = TimingModel::create(*target, "sifive-x280");
    ASSERT_TRUE(bool(built)) << llvm::toString(built.takeError());
    model = std::move(*built);
  }

  /// Decodes `word` (2 or 4 bytes as its low bits say) at `pc`.
  std::unique_ptr<RISCVInstruction> decode(uint32_t word, uint64_t pc = 0) {
    uint8_t bytes[4] = {uint8_t(word), uint8_t(word >> 8), uint8_t(word >> 16),
                        uint8_t(word >> 24)};
    unsigned size = (word & 3) == 3 ? 4 : 2;
    auto inst = target->decode(pc, llvm::ArrayRef<uint8_t>(bytes, size));
    EXPECT_TRUE(bool(inst)) << llvm::toString(inst.takeError());
    return std::move(*inst);
  }

  const TimingDescriptor &describe(const RISCVInstruction &inst,
                                   std::optional<VectorType> vtype) {
    auto desc = model->getDescriptor(inst, vtype);
    EXPECT_TRUE(bool(desc)) << llvm::toString(desc.takeError());
    return **desc;
  }

  /// The cycles `desc` holds the resource named `name` (0 if it does not).
  unsigned cyclesOn(const TimingDescriptor &desc, llvm::StringRef name) {
    for (const ResourceUse &use : desc.resources)
      if (model->getResource(use.resource).name == name)
        return use.cycles;
    return 0;
  }

  static VectorType vtype(unsigned sewLog2, int lmulLog2) {
    VectorType type;
    type.sewLog2 = sewLog2;
    type.lmulLog2 = lmulLog2;
    return type;
  }

  std::unique_ptr<RISCVTarget> target;
  std::unique_ptr<TimingModel> model;
};

// vsetvli t0, a0, e32, m2, ta, ma
constexpr uint32_t kVsetvli = 0x0d1572d7;
// vfmacc.vv v8, v16, v24
constexpr uint32_t kVfmacc = 0xb3881457;
// add a1, a2, a3
constexpr uint32_t kAdd = 0x00d605b3;
// vle32.v v4, (a0)
constexpr uint32_t kVle32 = 0x02056207;
// fence
constexpr uint32_t kFence = 0x0ff0000f;
// jal ra, 16 (a call)
constexpr uint32_t kCall = 0x010000ef;

TEST_F(RISCVTimingModelTest, TheX280IsInOrderWithVLEN512) {
  EXPECT_EQ(model->getCPU(), "sifive-x280");
  EXPECT_FALSE(model->isOutOfOrder());
  EXPECT_EQ(model->getIssueWidth(), 2u);
  EXPECT_EQ(model->getVLen(), 512u);
  std::vector<std::string> names;
  for (unsigned id = 1; id < model->getNumResources(); ++id)
    names.push_back(model->getResource(ResourceId(id)).name);
  EXPECT_NE(llvm::find(names, "VLEN512SiFive7VA"), names.end());
  EXPECT_NE(llvm::find(names, "VLEN512SiFive7PipeAB"), names.end());
  // PipeAB is the group of PipeA and PipeB.
  for (unsigned id = 1; id < model->getNumResources(); ++id) {
    const ResourceInfo &info = model->getResource(ResourceId(id));
    if (info.name != "VLEN512SiFive7PipeAB")
      continue;
    EXPECT_TRUE(info.isGroup);
    ASSERT_EQ(info.members.size(), 2u);
    EXPECT_EQ(model->getResource(info.members[0]).name, "VLEN512SiFive7PipeA");
    EXPECT_EQ(model->getResource(info.members[1]).name, "VLEN512SiFive7PipeB");
  }
}

TEST_F(RISCVTimingModelTest, OtherModelsLoad) {
  struct Expected {
    const char *cpu;
    bool outOfOrder;
    unsigned vlen;
  } cpus[] = {{"spacemit-x60", false, 256},
              {"sifive-p670", true, 128},
              {"tt-ascalon-d8", true, 256}};
  auto vfmacc = decode(kVfmacc);
  for (const Expected &expected : cpus) {
    auto other = TimingModel::create(*target, expected.cpu);
    ASSERT_TRUE(bool(other)) << llvm::toString(other.takeError());
    EXPECT_EQ((*other)->isOutOfOrder(), expected.outOfOrder) << expected.cpu;
    EXPECT_EQ((*other)->getVLen(), expected.vlen) << expected.cpu;
    auto desc = (*other)->getDescriptor(*vfmacc, vtype(2, 1));
    ASSERT_TRUE(bool(desc)) << llvm::toString(desc.takeError());
    EXPECT_TRUE((*desc)->lmulSpecific) << expected.cpu;
    EXPECT_GT((*desc)->maxLatency, 0u) << expected.cpu;
  }
}

TEST_F(RISCVTimingModelTest, UnknownCPUIsAnError) {
  auto other = TimingModel::create(*target, "sifive-x9000");
  ASSERT_FALSE(bool(other));
  EXPECT_EQ(llvm::toString(other.takeError()),
            "'sifive-x9000' is not a RISC-V processor LLVM knows (try "
            "sifive-x280, spacemit-x60, sifive-p670, tt-ascalon-d8)");
}

TEST_F(RISCVTimingModelTest, VectorClassPerLMUL) {
  // SiFive7 at VLEN 512: VA busy 3 cycles at LMUL 1, 5 at 2, 17 at 8, and
  // the latency is 8 at every LMUL; VCQ one cycle.
  auto vfmacc = decode(kVfmacc, 0x1004);
  const TimingDescriptor &m1 = describe(*vfmacc, vtype(2, 0));
  const TimingDescriptor &m2 = describe(*vfmacc, vtype(2, 1));
  const TimingDescriptor &m8 = describe(*vfmacc, vtype(2, 3));
  EXPECT_TRUE(m1.lmulSpecific && m2.lmulSpecific && m8.lmulSpecific);
  EXPECT_EQ(cyclesOn(m1, "VLEN512SiFive7VA"), 3u);
  EXPECT_EQ(cyclesOn(m2, "VLEN512SiFive7VA"), 5u);
  EXPECT_EQ(cyclesOn(m8, "VLEN512SiFive7VA"), 17u);
  EXPECT_EQ(cyclesOn(m2, "VLEN512SiFive7VCQ"), 1u);
  EXPECT_EQ(m1.maxLatency, 8u);
  EXPECT_EQ(m8.maxLatency, 8u);
  EXPECT_EQ(m2.numMicroOps, 1u);
  EXPECT_TRUE(m2.schedClassName.starts_with("WriteVFMulAddV_M2_E32"));
  // vd is read (it accumulates) and written; VL, VTYPE and FRM are read.
  ASSERT_EQ(m2.writes.size(), 1u);
  EXPECT_EQ(model->getRegisterName(m2.writes[0].reg), "V8");
  EXPECT_EQ(m2.writes[0].latency, 8u);
  std::vector<std::string> reads;
  for (const RegisterRead &read : m2.reads)
    reads.push_back(model->getRegisterName(read.reg).str());
  EXPECT_EQ(reads, (std::vector<std::string>{"V8", "V16", "V24", "FRM", "VL",
                                             "VTYPE"}));
  // Built once per PC and vtype.
  EXPECT_EQ(&describe(*vfmacc, vtype(2, 1)), &m2);
  // Without a vtype, the opcode's own class, not one of an LMUL.
  EXPECT_FALSE(describe(*vfmacc, std::nullopt).lmulSpecific);
}

TEST_F(RISCVTimingModelTest, ScalarInstructions) {
  auto vsetvli = decode(kVsetvli);
  EXPECT_FALSE(model->readsVType(*vsetvli));
  const TimingDescriptor &set = describe(*vsetvli, vtype(2, 1));
  EXPECT_FALSE(set.vtype.has_value());
  EXPECT_EQ(set.maxLatency, 3u);
  std::vector<std::string> writes;
  for (const RegisterWrite &write : set.writes)
    writes.push_back(model->getRegisterName(write.reg).str());
  EXPECT_EQ(writes, (std::vector<std::string>{"X5", "VL", "VTYPE"}));
  EXPECT_EQ(cyclesOn(set, "VLEN512SiFive7PipeA"), 1u);

  // add: ALU latency 3, on PipeA or PipeB; a later ALU op or branch reads
  // its result 2 cycles early (the model's ReadAdvance).
  auto add = decode(kAdd);
  const TimingDescriptor &alu = describe(*add, std::nullopt);
  EXPECT_EQ(alu.maxLatency, 3u);
  EXPECT_EQ(cyclesOn(alu, "VLEN512SiFive7PipeAB"), 1u);
  ASSERT_EQ(alu.writes.size(), 1u);
  ASSERT_EQ(alu.reads.size(), 2u);
  EXPECT_EQ(alu.reads[0].getAdvance(alu.writes[0].writeResourceId), 2);
  // A read checks the register and its sub-registers; a write updates both.
  EXPECT_EQ(model->getRegisterName(alu.reads[0].reg), "X12");
  EXPECT_GE(alu.reads[0].checked.size(), 1u);
  EXPECT_EQ(alu.reads[0].checked[0], alu.reads[0].reg);
  EXPECT_EQ(alu.writes[0].updated[0], alu.writes[0].reg);

  // A load's latency is its loaded value's.
  auto load = decode(kVle32);
  const TimingDescriptor &vle = describe(*load, vtype(2, 1));
  EXPECT_TRUE(vle.mayLoad);
  EXPECT_TRUE(vle.lmulSpecific);
  EXPECT_EQ(vle.loadLatency, vle.writes[0].latency);
  EXPECT_GT(vle.loadLatency, 0u);

  auto call = decode(kCall);
  EXPECT_TRUE(describe(*call, std::nullopt).isCall);
  EXPECT_FALSE(alu.isCall);
}

TEST_F(RISCVTimingModelTest, WhatTheModelCannotTime) {
  // The x280's fence class is a variant only a MachineInstr resolves
  // (llvm-mca refuses it): one micro-op of latency 1, no resource.
  auto fence = decode(kFence);
  const TimingDescriptor &desc = describe(*fence, std::nullopt);
  EXPECT_TRUE(desc.untimed);
  EXPECT_EQ(desc.numMicroOps, 1u);
  EXPECT_EQ(desc.maxLatency, 1u);
  EXPECT_TRUE(desc.resources.empty());
}

TEST_F(RISCVTimingModelTest, TimedVectorType) {
  // VLEN 512: 16 e32 elements per register.
  auto lmulFor = [](unsigned sew, int lmul, uint64_t vl) {
    return TraceTimer::getTimedVectorType(vtype(sew, lmul), vl, 64).lmulLog2;
  };
  EXPECT_EQ(lmulFor(2, 1, 32), 1); // e32 m2, vl 32 = VLMAX: its own
  EXPECT_EQ(lmulFor(2, 1, 17), 1); // 17 > 16: two registers
  EXPECT_EQ(lmulFor(2, 1, 16), 0); // one register
  EXPECT_EQ(lmulFor(2, 3, 20), 1); // e32 m8, vl 20: m2
  EXPECT_EQ(lmulFor(2, 1, 8), -1); // half a register: mf2
  EXPECT_EQ(lmulFor(2, 1, 1), -1); // e32: LMUL >= 32/64
  EXPECT_EQ(lmulFor(2, 1, 0), -1);
  EXPECT_EQ(lmulFor(0, 0, 1), -3);  // e8: down to mf8
  EXPECT_EQ(lmulFor(3, 2, 1), 0);   // e64: down to m1
  EXPECT_EQ(lmulFor(2, -1, 1), -1); // already the smallest
}

/// Writes `text` to a temporary file and reads it as a trace.
static llvm::Expected<RecordedTrace> readText(llvm::StringRef text) {
  llvm::SmallString<128> path;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("riscv-timing", "jsonl", path))
    return llvm::errorCodeToError(ec);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
  }
  llvm::Expected<RecordedTrace> trace = RecordedTrace::read(path);
  llvm::sys::fs::remove(path);
  return trace;
}

constexpr const char *kHeader =
    R"({"format":"snr-trace","version":1,"isa":"riscv64","isa_string":"rv64gcv","vlenb":64,"machine":"riscv:rv64","program":"t.elf","start_pc":4096,"instructions":3,"hlo_map":[{"begin":4096,"end":4102,"name":"k"}]})";

TEST_F(RISCVTimingModelTest, TakesTheFieldsTheTimingNeeds) {
  // vsetvli (vl and vtype after it), c.bnez back to it (taken), vsetvli;
  // vl in the snapshot.
  std::string text =
      std::string(kHeader) + "\n" +
      R"({"reg":"vl","bytes":"1000000000000000"})"
      "\n"
      R"({"mem":"ram","addr":64,"bytes":"00"})"
      "\n"
      R"({"pc":4096,"enc":"0x0d1572d7","after":{"vl":16,"vtype":209}})"
      "\n"
      R"({"pc":4100,"enc":"0xfd6d","next_pc":4096})"
      "\n"
      R"({"pc":4096,"enc":"0x0d1572d7","after":{"vl":16,"vtype":209}})"
      "\n";
  llvm::Expected<RecordedTrace> trace = readText(text);
  ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
  EXPECT_EQ(trace->isaString, "rv64gcv");
  EXPECT_EQ(trace->vlenb, 64u);
  EXPECT_EQ(trace->vl, std::optional<uint64_t>(16));
  EXPECT_FALSE(trace->vtype.has_value());
  ASSERT_EQ(trace->instructions.size(), 3u);
  EXPECT_EQ(trace->instructions[0].size, 4);
  EXPECT_EQ(trace->instructions[0].encoding, kVsetvli);
  EXPECT_EQ(trace->instructions[0].vlAfter, std::optional<uint64_t>(16));
  EXPECT_EQ(trace->instructions[0].vtypeAfter, std::optional<uint64_t>(209));
  EXPECT_FALSE(trace->instructions[0].taken);
  EXPECT_EQ(trace->instructions[1].size, 2);
  EXPECT_TRUE(trace->instructions[1].taken);
  EXPECT_FALSE(trace->instructions[1].vlAfter.has_value());
  ASSERT_EQ(trace->functions.size(), 1u);
  EXPECT_EQ(trace->countInFunction("k").get(), 3u);
  llvm::Expected<size_t> missing = trace->countInFunction("main");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "the trace goes through no function 'main'");
}

TEST_F(RISCVTimingModelTest, ReaderErrorsAreLocated) {
  // lib/Trace's reader checks the file and says where it is wrong.
  llvm::Expected<RecordedTrace> trace = readText(
      std::string(kHeader) + "\n" + R"({"pc":4096,"enc":"d7"})" + "\n");
  ASSERT_FALSE(bool(trace));
  std::string message = llvm::toString(trace.takeError());
  EXPECT_NE(message.find(".jsonl:2:"), std::string::npos) << message;
  // A trace of the snr ISA is not one of RISC-V.
  trace = readText(R"({"format":"snr-trace","version":1})"
                   "\n");
  ASSERT_FALSE(bool(trace));
  message = llvm::toString(trace.takeError());
  EXPECT_NE(message.find(".jsonl:1:"), std::string::npos) << message;
}

TEST_F(RISCVTimingModelTest, TheTimerFollowsVTypeAndVL) {
  RecordedTrace trace;
  trace.isaString = "rv64gcv";
  trace.vlenb = 64;
  // vfmacc before any vsetvli: vtype unknown. Then vsetvli whose `after`
  // lacks the vtype: it comes from the immediate (e32, m2).
  trace.instructions.push_back({0x1000, kVfmacc, 4, false, {}, {}});
  trace.instructions.push_back({0x1004, kVsetvli, 4, false, 16, {}});
  trace.instructions.push_back({0x1008, kVfmacc, 4, false, {}, {}});
  TraceTimer timer(*model);
  ASSERT_FALSE(bool(timer.prepare(trace)));
  ASSERT_EQ(timer.size(), 3u);
  EXPECT_FALSE(timer.getVectorType(0).has_value());
  EXPECT_FALSE(timer.getVectorType(1).has_value());
  ASSERT_TRUE(timer.getVectorType(2).has_value());
  EXPECT_EQ(timer.getVectorType(2)->lmulLog2, 1);
  EXPECT_EQ(timer.getVectorType(2)->sewLog2, 2u);
  EXPECT_EQ(timer.getVL(2), 16u);
  EXPECT_EQ(&timer.getInstruction(0), &timer.getInstruction(0));

  // vl 16 of 32: timed at LMUL 1 (VA 3 cycles); like llvm-mca at LMUL 2.
  auto summary = timer.run(TimingOptions());
  ASSERT_TRUE(bool(summary)) << llvm::toString(summary.takeError());
  EXPECT_EQ(summary->shortVectorInstructions, 1u);
  auto likeMca = timer.run(TimingOptions::likeMca());
  ASSERT_TRUE(bool(likeMca)) << llvm::toString(likeMca.takeError());
  EXPECT_EQ(likeMca->shortVectorInstructions, 0u);
  EXPECT_EQ(likeMca->instructions, 3u);
}

TEST_F(RISCVTimingModelTest, EffectCostsAndVLen) {
  // vsetvli (vl 16 of 32), three independent vfmacc.vv at LMUL 2, a taken
  // bnez, an add. With the short vl timed at LMUL 1 (VA 3 cycles) the
  // vfmaccs issue at 3, 6, 9 (ready 11, 14, 17); bnez (latency 3, no
  // result) writes back in order at 17: issues at 14; the add after the
  // taken branch at 14 + 1 + 1 = 16, ready 19. Without the branch's cost
  // the add issues at 14, ready 17: +2. At LMUL 2 (VA 5 cycles) the
  // vfmaccs issue at 3, 8, 13 (ready 21), bnez at 18, the add at 20, ready
  // 23: the short vl saves 4. Like llvm-mca: the add at 18, ready 21.
  RecordedTrace trace;
  trace.isaString = "rv64gcv";
  trace.vlenb = 64;
  trace.instructions.push_back({0x1000, kVsetvli, 4, false, 16, 209});
  trace.instructions.push_back({0x1004, kVfmacc, 4, false, {}, {}});
  trace.instructions.push_back({0x1008, 0xb3881557, 4, false, {}, {}});
  trace.instructions.push_back({0x100c, 0xb3881657, 4, false, {}, {}});
  trace.instructions.push_back({0x1010, 0xfd6d, 2, true, {}, {}});
  trace.instructions.push_back({0x1000 - 2, kAdd, 4, false, {}, {}});
  TraceTimer timer(*model);
  ASSERT_FALSE(bool(timer.prepare(trace)));
  auto summary = timer.run(TimingOptions());
  ASSERT_TRUE(bool(summary)) << llvm::toString(summary.takeError());
  EXPECT_EQ(summary->cycles, 19u);
  auto costs = timer.measureEffects(TimingOptions(), *summary);
  ASSERT_TRUE(bool(costs)) << llvm::toString(costs.takeError());
  EXPECT_EQ(costs->actualVL, -4);
  EXPECT_EQ(costs->takenBranches, 2);
  EXPECT_EQ(costs->calls, 0);
  EXPECT_EQ(costs->likeMcaCycles, 21u);

  EXPECT_EQ(model->checkVLen(64), "");
  EXPECT_EQ(model->checkVLen(16),
            "the trace's VLEN is 128 bits but sifive-x280 has VLEN 512: its "
            "vector timing is for VLEN 512 (record with QEMU -cpu "
            "rv64,v=true,vlen=512)");
}

} // namespace
