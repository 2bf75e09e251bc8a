//===- RISCVTestSupport.h - A RISC-V target and register values for tests -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The RISC-V effects tests describe hand-chosen encodings (each written with
// its assembly, as `llvm-mc-22 -triple=riscv64 -mattr=+v,+m,+f,+d,+c
// -show-encoding` gives it) with register values the test sets; every other
// register reads 0. Effects are compared as text: register names in RegId
// order, memory ranges as [begin, end).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_TARGET_RISCVTESTSUPPORT_H
#define SNR_UNITTESTS_TARGET_RISCVTESTSUPPORT_H

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/VectorType.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

namespace snr::target::riscv::testing {

/// Register values a test sets; the others read as zeros.
class FakeValues : public RegisterValues {
public:
  explicit FakeValues(const RegisterMap &map) : map(map) {}

  void set(RegId reg, uint64_t value) {
    std::vector<uint8_t> bytes(map.get(reg).bytes, 0);
    for (size_t i = 0; i < bytes.size() && i < 8; ++i)
      bytes[i] = uint8_t(value >> (8 * i));
    values[reg] = bytes;
  }
  void setBytes(RegId reg, std::vector<uint8_t> bytes) {
    bytes.resize(map.get(reg).bytes, 0);
    values[reg] = std::move(bytes);
  }
  /// Sets element `i` of `eewBytes` bytes of a register group from v`first`.
  void setElement(unsigned first, unsigned eewBytes, uint64_t i,
                  uint64_t value) {
    unsigned perRegister = map.get(reg::v(0)).bytes / eewBytes;
    RegId reg = reg::v(first + unsigned(i / perRegister));
    std::vector<uint8_t> &bytes = ensure(reg);
    for (unsigned b = 0; b < eewBytes; ++b)
      bytes[(i % perRegister) * eewBytes + b] = uint8_t(value >> (8 * b));
  }

  llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) override {
    asked.insert(reg);
    return llvm::ArrayRef<uint8_t>(ensure(reg));
  }

  std::set<RegId> asked;

private:
  std::vector<uint8_t> &ensure(RegId reg) {
    auto it = values.find(reg);
    if (it == values.end())
      it = values.emplace(reg, std::vector<uint8_t>(map.get(reg).bytes, 0))
               .first;
    return it->second;
  }

  const RegisterMap &map;
  std::map<RegId, std::vector<uint8_t>> values;
};

class RISCVTest : public ::testing::Test {
protected:
  void SetUp() override { makeTarget("rv64gcv", 16); }

  void makeTarget(llvm::StringRef isa, unsigned vlenb) {
    auto created = RISCVTarget::create(isa, vlenb);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    target = std::move(*created);
    values = std::make_unique<FakeValues>(target->getRegisters());
  }

  static llvm::SmallVector<uint8_t, 4> bytesOf(uint32_t encoding) {
    llvm::SmallVector<uint8_t, 4> bytes;
    unsigned size = (encoding & 3) == 3 ? 4 : 2;
    for (unsigned i = 0; i < size; ++i)
      bytes.push_back(uint8_t(encoding >> (8 * i)));
    return bytes;
  }

  std::unique_ptr<RISCVInstruction> decode(uint32_t encoding,
                                           uint64_t pc = 0x10000) {
    auto inst = target->decode(pc, bytesOf(encoding));
    EXPECT_TRUE(bool(inst)) << llvm::toString(inst.takeError());
    return inst ? std::move(*inst) : nullptr;
  }

  /// Describes the instruction; a failure fails the test.
  const InstructionEffects &describe(uint32_t encoding) {
    effects.clear();
    auto inst = decode(encoding);
    if (!inst)
      return effects;
    if (llvm::Error error = target->getEffects(*inst, *values, effects))
      ADD_FAILURE() << llvm::toString(std::move(error));
    return effects;
  }

  /// The error describing the instruction gives ("" when it succeeds).
  std::string describeError(uint32_t encoding, uint64_t pc = 0x10000) {
    auto inst = decode(encoding, pc);
    if (!inst)
      return "";
    llvm::Error error = target->getEffects(*inst, *values, effects);
    return error ? llvm::toString(std::move(error)) : "";
  }

  /// vtype = e<sewBits>, LMUL 2^lmulLog2, and vl (vstart stays 0).
  void setVector(unsigned sewBits, int lmulLog2, uint64_t vl,
                 bool agnostic = true) {
    VectorType type;
    type.sewLog2 = llvm::Log2_32(sewBits / 8);
    type.lmulLog2 = lmulLog2;
    type.tailAgnostic = type.maskAgnostic = agnostic;
    values->set(reg::VTYPE, type.encode());
    values->set(reg::VL, vl);
  }

  std::string names(llvm::ArrayRef<RegId> regs) const {
    std::string text;
    for (RegId reg : regs) {
      if (!text.empty())
        text += ' ';
      text += target->getRegisters().get(reg).name;
    }
    return text;
  }
  static std::string ranges(llvm::ArrayRef<MemoryRange> list) {
    std::string text;
    for (const MemoryRange &range : list) {
      if (!text.empty())
        text += ' ';
      text +=
          llvm::formatv("[{0:x}, {1:x})", range.addr, range.addr + range.bytes);
    }
    return text;
  }
  std::string reads() const { return names(effects.regReads); }
  std::string writes() const { return names(effects.regWrites); }
  std::string loads() const { return ranges(effects.loads); }
  std::string stores() const { return ranges(effects.stores); }
  std::string recordAfter() const { return names(effects.recordAfter); }

  std::unique_ptr<RISCVTarget> target;
  std::unique_ptr<FakeValues> values;
  InstructionEffects effects;
};

} // namespace snr::target::riscv::testing

#endif // SNR_UNITTESTS_TARGET_RISCVTESTSUPPORT_H
