//===- RISCVTargetTest.cpp - RISC-V: construction, registers, decoding ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "RISCVTestSupport.h"

#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"

using namespace snr::target;
using namespace snr::target::riscv;
using namespace snr::target::riscv::testing;

namespace {

constexpr uint32_t VLE32_V8 = 0x02056407;   // vle32.v v8, (a0)
constexpr uint32_t C_LW = 0x41c8;           // c.lw a0, 4(a1)
constexpr uint32_t CSRR_VLENB = 0xc2202573; // csrr a0, vlenb
constexpr uint32_t C_JR = 0x8082;           // c.jr ra (ret)
constexpr uint32_t BEQ = 0x00b50863;        // beq a0, a1, 16
constexpr uint32_t VFMACC_VF = 0xb3055457;  // vfmacc.vf v8, fa0, v16
constexpr uint32_t CUSTOM0 = 0x0000000b;    // custom-0: no RV64GCV opcode
constexpr uint32_t C_UNIMP = 0x0000;        // c.unimp
constexpr uint32_t EBREAK = 0x9002;         // c.ebreak
constexpr uint32_t VANDN_VV = 0x070c0457;   // vandn.vv v8, v16, v24 (Zvbb)

using RISCVTargetTest = RISCVTest;

TEST_F(RISCVTargetTest, NameSpacesAndISA) {
  EXPECT_EQ(target->getName(), "riscv64");
  EXPECT_EQ(target->getNumSpaces(), 1u);
  EXPECT_EQ(target->getSpaceName(0), "ram");
  EXPECT_EQ(target->getVLenB(), 16u);
  EXPECT_TRUE(llvm::StringRef(target->getISAString()).starts_with("rv64i"));
  EXPECT_NE(target->getISAString().find("_v1p0"), std::string::npos);
}

TEST_F(RISCVTargetTest, ISAStrings) {
  // Long form, and the normalised form of an ELF's .riscv.attributes.
  for (const char *isa :
       {"rv64imafdcv_zicsr_zifencei", "RV64GCV",
        "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_v1p0_zicsr2p0_zifencei2p0_"
        "zmmul1p0_zve32f1p0_zve32x1p0_zve64d1p0_zve64f1p0_zve64x1p0_"
        "zvl128b1p0_zvl32b1p0_zvl64b1p0"}) {
    auto created = RISCVTarget::create(isa, 16);
    EXPECT_TRUE(bool(created))
        << isa << ": " << llvm::toString(created.takeError());
  }
  auto rv32 = RISCVTarget::create("rv32gcv", 16);
  ASSERT_FALSE(bool(rv32));
  EXPECT_NE(llvm::toString(rv32.takeError()).find("XLEN 64"),
            std::string::npos);
  auto bad = RISCVTarget::create("rv64gcv_nonsense", 16);
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("invalid RISC-V ISA"),
            std::string::npos);
  // VLEN 64 is below V's 128; 24 bytes is no power of two.
  for (unsigned vlenb : {8u, 24u}) {
    auto width = RISCVTarget::create("rv64gcv", vlenb);
    ASSERT_FALSE(bool(width));
    EXPECT_NE(llvm::toString(width.takeError()).find("vlenb"),
              std::string::npos);
  }
}

TEST_F(RISCVTargetTest, RegistersAsQEMUNamesThem) {
  const RegisterMap &map = target->getRegisters();
  EXPECT_EQ(map.size(), reg::NumRegisters);
  EXPECT_EQ(map.get(reg::x(0)).name, "zero");
  EXPECT_EQ(map.get(reg::x(1)).name, "ra");
  EXPECT_EQ(map.get(reg::x(8)).name, "fp");
  EXPECT_EQ(map.get(reg::x(10)).name, "a0");
  EXPECT_EQ(map.get(reg::x(31)).name, "t6");
  EXPECT_EQ(map.get(reg::PC).name, "pc");
  EXPECT_EQ(map.get(reg::f(0)).name, "ft0");
  EXPECT_EQ(map.get(reg::f(10)).name, "fa0");
  EXPECT_EQ(map.get(reg::f(31)).name, "ft11");
  EXPECT_EQ(map.get(reg::v(31)).name, "v31");
  for (auto [id, name] : {std::pair{reg::FFLAGS, "fflags"},
                          {reg::FRM, "frm"},
                          {reg::FCSR, "fcsr"},
                          {reg::VSTART, "vstart"},
                          {reg::VXSAT, "vxsat"},
                          {reg::VXRM, "vxrm"},
                          {reg::VCSR, "vcsr"},
                          {reg::VL, "vl"},
                          {reg::VTYPE, "vtype"},
                          {reg::VLENB, "vlenb"}}) {
    EXPECT_EQ(map.get(id).name, name);
    EXPECT_EQ(map.get(id).bytes, 8u) << name;
    EXPECT_EQ(map.lookup(name), id);
  }
  EXPECT_EQ(map.get(reg::x(5)).bytes, 8u);
  EXPECT_EQ(map.get(reg::f(5)).bytes, 8u);
  EXPECT_EQ(map.get(reg::v(5)).bytes, 16u);
  EXPECT_EQ(map.get(reg::v(5)).file, "vr");
  // Aliases: the architectural names.
  EXPECT_EQ(map.lookup("x0"), reg::x(0));
  EXPECT_EQ(map.lookup("x5"), reg::x(5));
  EXPECT_EQ(map.lookup("t0"), reg::x(5));
  EXPECT_EQ(map.lookup("s0"), reg::x(8));
  EXPECT_EQ(map.lookup("f10"), reg::f(10));
  EXPECT_FALSE(map.lookup("x32"));

  makeTarget("rv64gcv", 64);
  EXPECT_EQ(target->getRegisters().get(reg::v(0)).bytes, 64u);
}

TEST_F(RISCVTargetTest, LLVMRegistersMapOnce) {
  const llvm::MCRegisterInfo &mri = target->getRegisterInfo();
  auto byName = [&](llvm::StringRef name) {
    for (unsigned r = 1; r < mri.getNumRegs(); ++r)
      if (mri.getName(r) == name)
        return llvm::MCRegister(r);
    return llvm::MCRegister();
  };
  auto ids = [&](llvm::StringRef name) {
    return names(target->getRegIds(byName(name)));
  };
  EXPECT_EQ(ids("X0"), "");
  EXPECT_EQ(ids("X5"), "t0");
  EXPECT_EQ(ids("F10_F"), "fa0");
  EXPECT_EQ(ids("F10_D"), "fa0");
  EXPECT_EQ(ids("V8"), "v8");
  EXPECT_EQ(ids("V8M2"), "v8 v9");
  EXPECT_EQ(ids("V8M8"), "v8 v9 v10 v11 v12 v13 v14 v15");
  EXPECT_EQ(ids("VL"), "vl");
  EXPECT_EQ(ids("VTYPE"), "vtype");
  EXPECT_EQ(ids("FRM"), "frm");
  EXPECT_EQ(ids("FFLAGS"), "fflags");
  EXPECT_EQ(ids("FCSR"), "frm fflags");
  EXPECT_EQ(ids("VXRM"), "vxrm");
  EXPECT_EQ(ids("VXSAT"), "vxsat");
}

TEST_F(RISCVTargetTest, DecodesAndPrintsAsObjdump) {
  auto vle = decode(VLE32_V8, 0x1040c);
  ASSERT_TRUE(vle);
  EXPECT_EQ(vle->pc, 0x1040cu);
  EXPECT_EQ(vle->size, 4u);
  EXPECT_FALSE(vle->isCompressed());
  EXPECT_EQ(vle->encoding,
            (llvm::SmallVector<uint8_t, 4>{0x07, 0x64, 0x05, 0x02}));
  EXPECT_EQ(vle->getMnemonic(), "vle32.v");
  std::string text;
  llvm::raw_string_ostream os(text);
  vle->print(os);
  EXPECT_EQ(text, "vle32.v v8, (a0)");
  EXPECT_EQ(vle->getOpcodeName(), "VLE32_V");
  EXPECT_EQ(vle->getSchedClass(),
            target->getInstrInfo().get(vle->getOpcode()).getSchedClass());
  EXPECT_NE(vle->getSchedClass(), 0u);

  auto lw = decode(C_LW);
  ASSERT_TRUE(lw);
  EXPECT_EQ(lw->size, 2u);
  EXPECT_TRUE(lw->isCompressed());
  EXPECT_EQ(lw->getOpcodeName(), "C_LW");
  EXPECT_EQ(lw->getMnemonic(), "lw"); // llvm-objdump's alias
  EXPECT_EQ(decode(CSRR_VLENB)->getMnemonic(), "csrr");
  EXPECT_EQ(decode(C_JR)->getMnemonic(), "ret");
  EXPECT_EQ(decode(VFMACC_VF)->getMnemonic(), "vfmacc.vf");
  // Branch targets print as addresses.
  text.clear();
  decode(BEQ, 0x1000)->print(os);
  EXPECT_EQ(text, "beq a0, a1, 0x1010");
}

/// Code from a byte buffer at an address, counting its reads.
class BufferCode : public CodeReader {
public:
  BufferCode(uint64_t address, std::vector<uint8_t> bytes)
      : address(address), bytes(std::move(bytes)) {}
  llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t pc, unsigned count) override {
    ++reads;
    llvm::SmallVector<uint8_t, 4> result;
    for (uint64_t a = pc; a < pc + count && a - address < bytes.size(); ++a)
      result.push_back(bytes[a - address]);
    return result;
  }
  unsigned reads = 0;

private:
  uint64_t address;
  std::vector<uint8_t> bytes;
};

TEST_F(RISCVTargetTest, DecodesFromACodeReader) {
  // c.lw a0, 4(a1); vle32.v v8, (a0)
  BufferCode code(0x2000, {0xc8, 0x41, 0x07, 0x64, 0x05, 0x02});
  auto first = target->decode(0x2000, code);
  ASSERT_TRUE(bool(first)) << llvm::toString(first.takeError());
  EXPECT_EQ((*first)->size, 2u);
  EXPECT_EQ(code.reads, 1u); // compressed: 2 bytes are enough
  auto second = target->decode(0x2002, code);
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  EXPECT_EQ((*second)->getMnemonic(), "vle32.v");
  EXPECT_EQ(code.reads, 3u); // 2 bytes, then 2 more

  // Cut short: the 32-bit instruction's second half is missing.
  BufferCode cut(0x3000, {0x07, 0x64});
  auto truncated = target->decode(0x3000, cut);
  ASSERT_FALSE(bool(truncated));
  EXPECT_EQ(llvm::toString(truncated.takeError()),
            "pc 0x3000: the 32-bit instruction 07 64 ends past the readable "
            "code");
}

TEST_F(RISCVTargetTest, UndecodableBytesNameThePCAndBytes) {
  auto inst = target->decode(0x1040c, bytesOf(CUSTOM0));
  ASSERT_FALSE(bool(inst));
  std::string message = llvm::toString(inst.takeError());
  EXPECT_NE(message.find("pc 0x1040c: cannot decode the bytes 0b 00 00 00"),
            std::string::npos)
      << message;
  // A 48-bit encoding (low bits 011111).
  BufferCode code(0x100, {0x1f, 0x00, 0x00, 0x00, 0x00, 0x00});
  auto longer = target->decode(0x100, code);
  ASSERT_FALSE(bool(longer));
  EXPECT_NE(llvm::toString(longer.takeError()).find("longer than 32 bits"),
            std::string::npos);
}

TEST_F(RISCVTargetTest, UndescribableInstructionsNameMnemonicAndPC) {
  EXPECT_EQ(describeError(C_UNIMP, 0x1040c),
            "pc 0x1040c: SnR cannot describe 'unimp' (it has effects LLVM "
            "does not model (a privileged or environment instruction))");
  EXPECT_EQ(describeError(EBREAK, 0x10410),
            "pc 0x10410: SnR cannot describe 'ebreak' (a breakpoint trap, "
            "which a debugger handles)");
  // A vector instruction of an extension outside the RVV layer.
  makeTarget("rv64gcv_zvbb", 16);
  EXPECT_EQ(describeError(VANDN_VV, 0x10414),
            "pc 0x10414: SnR cannot describe 'vandn.vv' (a vector instruction "
            "outside the RVV 1.0 subset SnR describes)");
  EXPECT_TRUE(effects.regReads.empty());
}

} // namespace
