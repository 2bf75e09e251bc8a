//===- EncodedReplayCheckTest.cpp - snr-record --verify for RISC-V --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// checkEncodedReplay against a fake device: a three-instruction RISC-V trace
// (vsetvli zero, a1, e8, m1; vadd.vv v3, v1, v2; sw a2, 0(a0)) written with
// the TraceWriter, replayed, and compared with the registers and memory the
// device reports. The device agrees, or differs in a register or a stored
// byte, or has ended; the message names what differs.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/EncodedReplayCheck.h"
#include "SnR/Target/PagedMemory.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Trace/TraceWriter.h"

#include "gtest/gtest.h"

#include <map>

using namespace snr;
using namespace snr::target;

namespace {

/// A device whose registers and memory the test sets; it does not step.
class FakeDevice : public record::StepDebugger {
public:
  explicit FakeDevice(const RegisterMap &map) : map(map) {}

  llvm::Expected<uint64_t> readPc() override { return regs[riscv::reg::PC][0]; }
  llvm::Expected<record::StopReason> step() override {
    return llvm::createStringError("the fake device does not step");
  }
  llvm::Error readRegister(RegId reg,
                           llvm::SmallVectorImpl<uint8_t> &bytes) override {
    ++registerReads;
    auto it = regs.find(reg);
    bytes.assign(map.get(reg).bytes, 0);
    if (it != regs.end())
      std::copy(it->second.begin(), it->second.end(), bytes.begin());
    return llvm::Error::success();
  }
  llvm::Error readMemory(SpaceId, uint64_t addr,
                         llvm::MutableArrayRef<uint8_t> out) override {
    memory.read(addr, out);
    return llvm::Error::success();
  }

  void set(RegId reg, std::vector<uint8_t> bytes) { regs[reg] = bytes; }
  void set(RegId reg, uint64_t value) {
    std::vector<uint8_t> bytes(8);
    for (unsigned i = 0; i < 8; ++i)
      bytes[i] = uint8_t(value >> (8 * i));
    regs[reg] = bytes;
  }

  const RegisterMap &map;
  std::map<RegId, std::vector<uint8_t>> regs;
  PagedMemory memory;
  unsigned registerReads = 0;
};

class EncodedReplayCheckTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto created = riscv::RISCVTarget::create("rv64gcv", 16);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    target = std::move(*created);
    device = std::make_unique<FakeDevice>(target->getRegisters());

    // v1 = 0, 1, ..., 15; v2 = 16 x 100; a0 = 0x2000; a1 = 16 (AVL);
    // a2 = 0x11223344.
    for (unsigned i = 0; i < 16; ++i) {
      v1.push_back(uint8_t(i));
      v2.push_back(100);
      v3.push_back(uint8_t(i + 100));
    }
    llvm::raw_string_ostream os(file);
    trace::TraceWriter writer(os);
    trace::TraceHeader header;
    header.isa = "riscv64";
    header.isaString = "rv64gcv";
    header.vlenb = 16;
    header.machine = "test";
    header.startPc = 0x1000;
    header.instructionCount = 3;
    writer.writeHeader(header);
    writer.writeRegisterBytes("a0", {0x00, 0x20, 0, 0, 0, 0, 0, 0});
    writer.writeRegisterBytes("a1", {16, 0, 0, 0, 0, 0, 0, 0});
    writer.writeRegisterBytes("a2", {0x44, 0x33, 0x22, 0x11, 0, 0, 0, 0});
    writer.writeRegisterBytes("v1", v1);
    writer.writeRegisterBytes("v2", v2);
    writer.writeEncodedInstruction(0x1000, {0x57, 0xf0, 0x05, 0x0c},
                                   std::nullopt, {{"vl", 16}, {"vtype", 0xc0}});
    writer.writeEncodedInstruction(0x1004, {0xd7, 0x01, 0x11, 0x02},
                                   std::nullopt, {});
    writer.writeEncodedInstruction(0x1008, {0x23, 0x20, 0xc5, 0x00},
                                   std::nullopt, {});

    // The device as the instructions leave it.
    using namespace riscv::reg;
    device->set(x(10), 0x2000);
    device->set(x(11), 16);
    device->set(x(12), 0x11223344);
    device->set(v(1), v1);
    device->set(v(2), v2);
    device->set(v(3), v3);
    device->set(VL, 16);
    device->set(VTYPE, 0xc0);
    device->set(PC, 0x100c);
    device->memory.write(0x2000, {0x44, 0x33, 0x22, 0x11});
  }

  llvm::Expected<record::EncodedCheck> check(bool ended = false) {
    return record::checkEncodedReplay(file, "t.jsonl", *target, *device, ended);
  }

  std::unique_ptr<riscv::RISCVTarget> target;
  std::unique_ptr<FakeDevice> device;
  std::string file;
  std::vector<uint8_t> v1, v2, v3;
};

TEST_F(EncodedReplayCheckTest, AgreesWithTheDevice) {
  llvm::Expected<record::EncodedCheck> checked = check();
  ASSERT_TRUE(bool(checked)) << llvm::toString(checked.takeError());
  EXPECT_EQ(checked->instructions, 3u);
  // The snapshot's a0, a1, a2, v1, v2; the writes v3, vl, vtype; the pc.
  EXPECT_EQ(checked->registers, 9u);
  EXPECT_EQ(checked->bytes, 4u);
}

TEST_F(EncodedReplayCheckTest, NamesTheRegisterThatDiffers) {
  std::vector<uint8_t> wrong = v3;
  wrong[15] = 0;
  device->set(riscv::reg::v(3), wrong);
  llvm::Expected<record::EncodedCheck> checked = check();
  ASSERT_FALSE(bool(checked));
  EXPECT_EQ(llvm::toString(checked.takeError()),
            "replay does not reproduce the device at the end of the window: "
            "register 'v3' is 6465666768696a6b6c6d6e6f70717273 in the "
            "replay, 6465666768696a6b6c6d6e6f70717200 on the device");
}

TEST_F(EncodedReplayCheckTest, NamesTheStoredBytesThatDiffer) {
  device->memory.write(0x2002, {0x99});
  llvm::Expected<record::EncodedCheck> checked = check();
  ASSERT_FALSE(bool(checked));
  EXPECT_EQ(llvm::toString(checked.takeError()),
            "replay does not reproduce the device at the end of the window: "
            "ram[0x2000, 0x2004) differs in 1 byte(s), first at 0x2002: 0x22 "
            "in the replay, 0x99 on the device");
}

TEST_F(EncodedReplayCheckTest, AnEndedDeviceIsNotAsked) {
  device->regs.clear();
  llvm::Expected<record::EncodedCheck> checked = check(/*ended=*/true);
  ASSERT_TRUE(bool(checked)) << llvm::toString(checked.takeError());
  EXPECT_EQ(checked->registers, 0u);
  EXPECT_EQ(device->registerReads, 0u);
}

TEST_F(EncodedReplayCheckTest, ADivergenceFailsTheCheck) {
  // The file says vl 8 after the vsetvli; the semantics compute 16.
  std::string bad = file;
  size_t at = bad.find("\"vl\":16");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, 7, "\"vl\":8");
  llvm::Expected<record::EncodedCheck> checked =
      record::checkEncodedReplay(bad, "t.jsonl", *target, *device, false);
  ASSERT_FALSE(bool(checked));
  EXPECT_EQ(llvm::toString(checked.takeError()),
            "t.jsonl:7:1: replay diverges at instruction 0 (pc 0x1000, "
            "'vsetvli'): recorded vl 8 after it, computed 16");
}

TEST_F(EncodedReplayCheckTest, AFileThatDoesNotReadBackFails) {
  llvm::Expected<record::EncodedCheck> checked = record::checkEncodedReplay(
      file.substr(0, file.size() - 10), "t.jsonl", *target, *device, false);
  ASSERT_FALSE(bool(checked));
  EXPECT_EQ(llvm::toString(checked.takeError()),
            "the trace as written does not read back: t.jsonl:9:1: malformed "
            "JSON: A string is opened, but never closed.");
}

} // namespace
