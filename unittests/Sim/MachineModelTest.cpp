//===- MachineModelTest.cpp - Reading machine descriptions ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/MachineModel.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::sim;

namespace {
/// The default description with one change applied to its JSON.
std::string errorOf(llvm::function_ref<void(llvm::json::Object &)> edit) {
  llvm::Expected<llvm::json::Value> value =
      llvm::json::parse(getDefaultMachineModelJson());
  EXPECT_TRUE(bool(value));
  edit(*value->getAsObject());
  std::string text = llvm::formatv("{0}", *value).str();
  llvm::Expected<MachineModel> model = parseMachineModel(text, "m.json");
  if (model)
    return "parsed";
  return llvm::toString(model.takeError());
}

llvm::json::Object &obj(llvm::json::Object &o, llvm::StringRef key) {
  return *o.getObject(key);
}
llvm::json::Object &link(llvm::json::Object &o, size_t i) {
  return *(*o.getArray("links"))[i].getAsObject();
}
} // namespace

TEST(MachineModel, DefaultParses) {
  const MachineModel &m = getDefaultMachineModel();
  EXPECT_EQ(m.name, "snr-ref");
  EXPECT_EQ(m.issueWidth, 4u);
  EXPECT_EQ(m.dmaBaseLatency, 500u);
  EXPECT_EQ(m.getLatency(arch::LatencyClass::MatrixMatmul).latency, 24u);
  EXPECT_EQ(m.getLatency(arch::LatencyClass::VectorTranscendental).interval,
            4u);
  EXPECT_EQ(m.getNumVmemPages(), 128u * 256u);
  EXPECT_EQ(m.memory.vmem, 16ull << 20);
  int link = m.findLink(arch::MemSpace::Hbm, arch::MemSpace::VMem);
  ASSERT_GE(link, 0);
  EXPECT_EQ(m.links[link].bytesPerCycle, 64.0);
  EXPECT_TRUE(m.links[m.findLink(arch::MemSpace::Hbm,
                                 arch::MemSpace::RemoteHbm)]
                  .perChip);
  ASSERT_EQ(m.groups.size(), 2u);
  EXPECT_EQ(m.groups[0].name, "hbm");
  EXPECT_EQ(m.groups[0].links.size(), 7u);
  EXPECT_DOUBLE_EQ(m.cyclesToMicroseconds(2000), 2.0);
}

TEST(MachineModel, MalformedJsonIsLocated) {
  llvm::Expected<MachineModel> model =
      parseMachineModel("{\n  \"name\": \"x\",\n  oops\n}", "m.json");
  ASSERT_FALSE(bool(model));
  EXPECT_EQ(llvm::toString(model.takeError()),
            "m.json:3:3: malformed JSON: Expected object key");
}

TEST(MachineModel, UnknownKey) {
  EXPECT_EQ(errorOf([](auto &o) { o["issue_widht"] = 2; }),
            "m.json: issue_widht: unknown key 'issue_widht'; expected one of "
            "name, description, clock_ghz, issue_width, branch_taken_penalty, "
            "latencies, dma, links, shared_bandwidth, memory");
}

TEST(MachineModel, OutOfRangeNumberNamesItsPath) {
  EXPECT_EQ(errorOf([](auto &o) { link(o, 2)["bytes_per_cycle"] = -3; }),
            "m.json: links[2].bytes_per_cycle: expected a positive number, "
            "but got -3");
  EXPECT_EQ(errorOf([](auto &o) { o["issue_width"] = 0; }),
            "m.json: issue_width: expected an integer in [1, 16], but got 0");
  EXPECT_EQ(errorOf([](auto &o) {
              obj(obj(o, "latencies"), "vector_alu")["interval"] = "fast";
            }),
            "m.json: latencies.vector_alu.interval: expected an integer in "
            "[1, 1048576], but got \"fast\"");
}

// A bandwidth so small a DMA would outlast any cycle count (found by the
// machine-description fuzzer) is out of range, not a model.
TEST(MachineModel, NumbersOutOfRange) {
  EXPECT_EQ(errorOf([](auto &o) { link(o, 3)["bytes_per_cycle"] = 1e-300; }),
            "m.json: links[3].bytes_per_cycle: 1e-300 is out of range: "
            "expected a number from 0.001 to 1e9");
  EXPECT_EQ(errorOf([](auto &o) { o["clock_ghz"] = 1e12; }),
            "m.json: clock_ghz: 1000000000000 is out of range: expected a "
            "number from 0.001 to 1e9");
}

TEST(MachineModel, MissingLatencyClass) {
  EXPECT_EQ(errorOf([](auto &o) { obj(o, "latencies").erase("matrix_pop"); }),
            "m.json: latencies: missing 'matrix_pop'");
}

TEST(MachineModel, LinkTheIsaDoesNotHave) {
  EXPECT_EQ(errorOf([](auto &o) { link(o, 0)["src"] = "smem"; }),
            "m.json: links[0]: the ISA has no DMA from smem to vmem");
  EXPECT_EQ(errorOf([](auto &o) { link(o, 0)["dst"] = "sram"; }),
            "m.json: links[0].dst: expected smem, vmem, hbm or rhbm, but got "
            "'sram'");
}

TEST(MachineModel, EveryIsaLinkNeedsABandwidth) {
  EXPECT_EQ(errorOf([](auto &o) {
              auto &links = *o.getArray("links");
              links.erase(links.begin() + 4); // hbm->hbm
              // The group lists it; drop that too so the links check speaks.
              auto &groups = *o.getArray("shared_bandwidth");
              auto &names = *groups[0].getAsObject()->getArray("links");
              names.erase(names.begin() + 4);
            }),
            "m.json: links: no link for DMAs from hbm to hbm; every DMA the "
            "ISA allows needs one");
}

TEST(MachineModel, DuplicateLink) {
  EXPECT_EQ(errorOf([](auto &o) {
              o.getArray("links")->push_back(llvm::json::Object{
                  {"name", "again"}, {"src", "hbm"}, {"dst", "vmem"},
                  {"bytes_per_cycle", 1}});
            }),
            "m.json: links[9]: link 'hbm->vmem' already connects hbm to vmem");
}

TEST(MachineModel, PerChipOnlyForRemoteLinks) {
  EXPECT_EQ(errorOf([](auto &o) { link(o, 0)["per_chip"] = true; }),
            "m.json: links[0].per_chip: only a link to or from rhbm can exist "
            "once per chip");
}

TEST(MachineModel, GroupNamesUnknownLink) {
  EXPECT_EQ(errorOf([](auto &o) {
              auto &groups = *o.getArray("shared_bandwidth");
              (*groups[1].getAsObject()->getArray("links"))[0] = "hbm->xyz";
            }),
            "m.json: shared_bandwidth[1].links[0]: no link named 'hbm->xyz' "
            "in 'links'");
}

TEST(MachineModel, VmemPageSizeMustBePowerOfTwo) {
  EXPECT_EQ(errorOf([](auto &o) {
              obj(obj(o, "memory"), "vmem")["page_bytes"] = 768;
            }),
            "m.json: memory.vmem.page_bytes: expected a power of two, but got "
            "768");
}

TEST(MachineModel, MissingFile) {
  llvm::Expected<MachineModel> model = loadMachineModel("/nonexistent.json");
  ASSERT_FALSE(bool(model));
  EXPECT_EQ(llvm::toString(model.takeError()),
            "cannot read machine description '/nonexistent.json': No such "
            "file or directory");
}
