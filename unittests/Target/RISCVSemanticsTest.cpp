//===- RISCVSemanticsTest.cpp - What RV64GCV instructions do --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Hand-chosen cases of the RISC-V semantics (RISCVSemantics): each
// instruction is given by its encoding (with its assembly, as `llvm-mc-22
// -triple=riscv64 -mattr=+v,+m,+f,+d,+c,+a -show-encoding` prints it), run
// on a state the test sets (VLEN 128: vlenb 16), and every expected value
// is worked out by hand in the comment beside it.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVSemantics.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "SnR/Target/RISCV/RISCVState.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/VectorType.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

#include <limits>
#include <map>

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// The values a trace recorded after the instruction.
class Recorded : public RecordedValues {
public:
  std::optional<uint64_t> lookup(RegId reg) const override {
    auto it = values.find(reg);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  }
  std::map<RegId, uint64_t> values;
};

uint32_t bits(float value) { return llvm::bit_cast<uint32_t>(value); }
uint64_t boxed(float value) { return 0xffffffff00000000ull | bits(value); }

class RISCVSemanticsTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto created = RISCVTarget::create("rv64gcv", 16);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    target = std::move(*created);
    semantics = target->getSemantics();
    ASSERT_NE(semantics, nullptr);
    std::unique_ptr<MachineState> made = semantics->createState();
    state.reset(static_cast<RISCVState *>(made.release()));
    state->pc = 0x10000;
  }

  /// Runs one instruction at state->pc; "" on success, else the error.
  std::string run(uint32_t encoding) {
    llvm::SmallVector<uint8_t, 4> bytes;
    unsigned size = (encoding & 3) == 3 ? 4 : 2;
    for (unsigned i = 0; i < size; ++i)
      bytes.push_back(uint8_t(encoding >> (8 * i)));
    auto inst = target->decode(state->pc, bytes);
    if (!inst)
      return "decode: " + llvm::toString(inst.takeError());
    auto prepared = semantics->prepare(**inst);
    if (!prepared)
      return llvm::toString(prepared.takeError());
    result = StepResult();
    if (llvm::Error error =
            semantics->execute(**prepared, *state, recorded, result))
      return llvm::toString(std::move(error));
    return "";
  }

  /// vtype = e<sew>, LMUL 2^lmulLog2, and vl.
  void setVector(unsigned sewBits, int lmulLog2, uint64_t vl) {
    VectorType type;
    type.sewLog2 = llvm::Log2_32(sewBits / 8);
    type.lmulLog2 = lmulLog2;
    state->vtype = type.encode();
    state->vl = vl;
    state->vstart = 0;
  }
  template <typename T>
  void setElements(unsigned vreg, std::initializer_list<T> values) {
    uint64_t i = 0;
    for (T value : values)
      std::memcpy(state->v(vreg) + sizeof(T) * i++, &value, sizeof(T));
  }
  template <typename T> T element(unsigned vreg, uint64_t i) const {
    T value;
    std::memcpy(&value, state->v(vreg) + sizeof(T) * i, sizeof(T));
    return value;
  }
  void fill(unsigned vreg, uint8_t byte, unsigned regs = 1) {
    std::memset(state->v(vreg), byte, 16 * regs);
  }

  std::unique_ptr<RISCVTarget> target;
  const Semantics *semantics = nullptr;
  std::unique_ptr<RISCVState> state;
  Recorded recorded;
  StepResult result;
};

//===----------------------------------------------------------------------===//
// Integer
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, DivisionEdgeCases) {
  // div a0, a1, a2: INT64_MIN / -1 overflows to INT64_MIN; x / 0 is -1.
  state->x[11] = 0x8000000000000000;
  state->x[12] = ~uint64_t(0);
  ASSERT_EQ(run(0x02c5c533), "");
  EXPECT_EQ(state->x[10], 0x8000000000000000u);
  EXPECT_EQ(state->pc, 0x10004u);
  // rem a0, a1, a2: INT64_MIN % -1 is 0.
  ASSERT_EQ(run(0x02c5e533), "");
  EXPECT_EQ(state->x[10], 0u);
  state->x[12] = 0;
  ASSERT_EQ(run(0x02c5c533), "");
  EXPECT_EQ(state->x[10], ~uint64_t(0));
  // rem by 0 is the dividend.
  ASSERT_EQ(run(0x02c5e533), "");
  EXPECT_EQ(state->x[10], 0x8000000000000000u);
}

TEST_F(RISCVSemanticsTest, MultiplyHighAndWordShifts) {
  // mulhu a0, a1, a2: 2^63 * 2^63 = 2^126, high half 2^62.
  state->x[11] = state->x[12] = 0x8000000000000000;
  ASSERT_EQ(run(0x02c5b533), "");
  EXPECT_EQ(state->x[10], 0x4000000000000000u);
  // sraw a0, a1, a2: int32(0x80000000) >> 4 = 0xf8000000, sign-extended.
  state->x[11] = 0x0000000080000000;
  state->x[12] = 4;
  ASSERT_EQ(run(0x40c5d53b), "");
  EXPECT_EQ(state->x[10], 0xfffffffff8000000u);
}

TEST_F(RISCVSemanticsTest, CompressedLuiAndLoadsExtend) {
  // c.lui a0, 0xfffff: sext32(0xfffff000).
  ASSERT_EQ(run(0x757d), "");
  EXPECT_EQ(state->x[10], 0xfffffffffffff000u);
  EXPECT_EQ(state->pc, 0x10002u);
  // c.lw a0, 0(a1) sign-extends the word 0x80000000; lwu does not.
  state->x[11] = 0x2000;
  state->memory.write(0x2000, {0x00, 0x00, 0x00, 0x80});
  ASSERT_EQ(run(0x4188), "");
  EXPECT_EQ(state->x[10], 0xffffffff80000000u);
  ASSERT_EQ(run(0x0005e503), "");
  EXPECT_EQ(state->x[10], 0x80000000u);
}

TEST_F(RISCVSemanticsTest, JalrClearsBitZeroAndLinks) {
  // jalr ra, 5(a1) at 0x10000: target (0x3000 + 5) & ~1 = 0x3004.
  state->x[11] = 0x3000;
  ASSERT_EQ(run(0x005580e7), "");
  EXPECT_EQ(state->pc, 0x3004u);
  EXPECT_EQ(state->x[1], 0x10004u);
}

TEST_F(RISCVSemanticsTest, LoadOfUnknownMemoryIsAnError) {
  state->x[11] = 0x2000;
  EXPECT_EQ(run(0x0005e503),
            "it reads ram[0x2000, 0x2004), which the trace's snapshot does "
            "not hold and no instruction before it wrote");
}

TEST_F(RISCVSemanticsTest, StoreConditionalTakesTheRecordedOutcome) {
  // sc.w a0, a2, (a1): the trace says it failed (a0 = 1): no store.
  state->x[11] = 0x2000;
  state->x[12] = 0x11223344;
  state->memory.write(0x2000, {0, 0, 0, 0});
  recorded.values[reg::x(10)] = 1;
  ASSERT_EQ(run(0x18c5a52f), "");
  EXPECT_EQ(state->x[10], 1u);
  uint8_t word[4];
  ASSERT_TRUE(state->memory.read(0x2000, word));
  EXPECT_EQ(word[0], 0);
  // It succeeded (a0 = 0): the word is stored.
  recorded.values[reg::x(10)] = 0;
  ASSERT_EQ(run(0x18c5a52f), "");
  ASSERT_TRUE(state->memory.read(0x2000, word));
  EXPECT_EQ(word[0], 0x44);
  EXPECT_EQ(word[3], 0x11);
}

TEST_F(RISCVSemanticsTest, ExitEndsAndWriteTakesItsResult) {
  state->x[17] = 93; // exit
  ASSERT_EQ(run(0x00000073), "");
  EXPECT_TRUE(result.ended);
  state->x[17] = 64; // write: a0 is what the environment returned
  EXPECT_EQ(run(0x00000073), "the trace does not record what the write "
                             "system call returned (a0 after it)");
  recorded.values[reg::x(10)] = 30;
  ASSERT_EQ(run(0x00000073), "");
  EXPECT_FALSE(result.ended);
  EXPECT_EQ(state->x[10], 30u);
}

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, RoundingModesOfAnAddition) {
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23 (the next single).
  state->f[11] = boxed(1.0f);
  state->f[12] = boxed(0x1p-24f);
  ASSERT_EQ(run(0x00c58553), ""); // rne: to the even one, 1.0
  EXPECT_EQ(state->f[10], boxed(1.0f));
  EXPECT_EQ(state->fflags, 1u);   // NX
  ASSERT_EQ(run(0x00c5b553), ""); // rup: 1 + 2^-23
  EXPECT_EQ(state->f[10], 0xffffffff3f800001u);
  ASSERT_EQ(run(0x00c59553), ""); // rtz: 1.0
  EXPECT_EQ(state->f[10], boxed(1.0f));
  // dyn: frm's mode, here rup.
  state->frm = 3;
  ASSERT_EQ(run(0x00c5f553), "");
  EXPECT_EQ(state->f[10], 0xffffffff3f800001u);
  // rmm has no host mode: refused, not approximated.
  EXPECT_EQ(run(0x00c5c553),
            "rounding mode rmm (to nearest, ties away from zero) is not "
            "modelled for arithmetic: the host has no such mode");
  // A reserved frm (5) makes a dyn instruction illegal.
  state->frm = 5;
  EXPECT_EQ(run(0x00c5f553),
            "rounding mode 5 is reserved (in frm): an illegal instruction");
}

TEST_F(RISCVSemanticsTest, NaNBoxing) {
  // fa1 holds 1.0's bits without the box: it reads as the canonical NaN,
  // and the sum is the canonical NaN, boxed; a quiet NaN raises nothing.
  state->f[11] = bits(1.0f);
  state->f[12] = boxed(1.0f);
  ASSERT_EQ(run(0x00c58553), "");
  EXPECT_EQ(state->f[10], 0xffffffff7fc00000u);
  EXPECT_EQ(state->fflags, 0u);
}

TEST_F(RISCVSemanticsTest, MinMaxOfZerosAndNaNs) {
  // fmin(-0, +0) = -0; fmax(-0, +0) = +0.
  state->f[11] = boxed(-0.0f);
  state->f[12] = boxed(0.0f);
  ASSERT_EQ(run(0x28c58553), "");
  EXPECT_EQ(state->f[10], boxed(-0.0f));
  ASSERT_EQ(run(0x28c59553), "");
  EXPECT_EQ(state->f[10], boxed(0.0f));
  EXPECT_EQ(state->fflags, 0u);
  // fmin(sNaN 0x7f800001, 2) = 2, and NV.
  state->f[11] = 0xffffffff7f800001;
  state->f[12] = boxed(2.0f);
  ASSERT_EQ(run(0x28c58553), "");
  EXPECT_EQ(state->f[10], boxed(2.0f));
  EXPECT_EQ(state->fflags, 16u);
}

TEST_F(RISCVSemanticsTest, ConversionsToIntegers) {
  // fcvt.w.s a0, fa1, rne: 2.5 -> 2 (ties to even), NX.
  state->f[11] = boxed(2.5f);
  ASSERT_EQ(run(0xc0058553), "");
  EXPECT_EQ(state->x[10], 2u);
  EXPECT_EQ(state->fflags, 1u);
  // rmm: 2.5 -> 3 (ties away; modelled exactly, without the host).
  ASSERT_EQ(run(0xc005c553), "");
  EXPECT_EQ(state->x[10], 3u);
  // rdn: -2.5 -> -3.
  state->f[11] = boxed(-2.5f);
  ASSERT_EQ(run(0xc005a553), "");
  EXPECT_EQ(state->x[10], uint64_t(-3));
  // NaN -> 2^31 - 1, NV (no NX).
  state->fflags = 0;
  state->f[11] = boxed(std::numeric_limits<float>::quiet_NaN());
  ASSERT_EQ(run(0xc0058553), "");
  EXPECT_EQ(state->x[10], 0x7fffffffu);
  EXPECT_EQ(state->fflags, 16u);
  // fcvt.wu.s a0, fa1, rtz: -1 -> 0, NV; 3e9 -> 3000000000 = 0xb2d05e00,
  // sign-extended to 64 bits as RV64 does for a W result.
  state->fflags = 0;
  state->f[11] = boxed(-1.0f);
  ASSERT_EQ(run(0xc0159553), "");
  EXPECT_EQ(state->x[10], 0u);
  EXPECT_EQ(state->fflags, 16u);
  state->f[11] = boxed(3e9f);
  ASSERT_EQ(run(0xc0159553), "");
  EXPECT_EQ(state->x[10], 0xffffffffb2d05e00u);
}

TEST_F(RISCVSemanticsTest, ConversionsFromIntegers) {
  // fcvt.s.l fa0, a1, rne: 2^53 + 1 -> 2^53 (0x5a000000), NX.
  state->x[11] = (uint64_t(1) << 53) + 1;
  ASSERT_EQ(run(0xd0258553), "");
  EXPECT_EQ(state->f[10], 0xffffffff5a000000u);
  EXPECT_EQ(state->fflags, 1u);
  // fcvt.s.w fa0, a1, rup: 16777217 -> 16777218 (0x4b800001).
  state->x[11] = 16777217;
  ASSERT_EQ(run(0xd005b553), "");
  EXPECT_EQ(state->f[10], 0xffffffff4b800001u);
}

TEST_F(RISCVSemanticsTest, FlagsOfComparesSqrtDivideNarrow) {
  // feq.s with a signalling NaN: false, NV; flt.s with a quiet NaN: NV.
  state->f[11] = 0xffffffff7f800001;
  state->f[12] = boxed(1.0f);
  ASSERT_EQ(run(0xa0c5a553), "");
  EXPECT_EQ(state->x[10], 0u);
  EXPECT_EQ(state->fflags, 16u);
  state->fflags = 0;
  state->f[11] = 0xffffffff7fc00000;
  ASSERT_EQ(run(0xa0c59553), "");
  EXPECT_EQ(state->fflags, 16u);
  // fsqrt.s of -1: the canonical NaN, NV.
  state->fflags = 0;
  state->f[11] = boxed(-1.0f);
  ASSERT_EQ(run(0x5805f553), "");
  EXPECT_EQ(state->f[10], 0xffffffff7fc00000u);
  EXPECT_EQ(state->fflags, 16u);
  // fdiv.s 1 / 0: +inf, DZ.
  state->fflags = 0;
  state->f[11] = boxed(1.0f);
  state->f[12] = boxed(0.0f);
  ASSERT_EQ(run(0x18c5f553), "");
  EXPECT_EQ(state->f[10], boxed(std::numeric_limits<float>::infinity()));
  EXPECT_EQ(state->fflags, 8u);
  // fcvt.s.d of 1e300: +inf, OF and NX.
  state->fflags = 0;
  state->f[11] = llvm::bit_cast<uint64_t>(1e300);
  ASSERT_EQ(run(0x4015f553), "");
  EXPECT_EQ(state->f[10], boxed(std::numeric_limits<float>::infinity()));
  EXPECT_EQ(state->fflags, 5u);
}

TEST_F(RISCVSemanticsTest, InfinityTimesZeroPlusQuietNaNIsInvalid) {
  // fmadd.s fa0, fa1, fa2, fa3 = inf * 0 + qNaN: the canonical NaN, and NV
  // (RISC-V's choice; x86's FMA raises nothing here).
  state->f[11] = boxed(std::numeric_limits<float>::infinity());
  state->f[12] = boxed(0.0f);
  state->f[13] = 0xffffffff7fc00001;
  ASSERT_EQ(run(0x68c5f543), "");
  EXPECT_EQ(state->f[10], 0xffffffff7fc00000u);
  EXPECT_EQ(state->fflags, 16u);
}

//===----------------------------------------------------------------------===//
// vsetvl
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, VsetvliTakesTheSmallerOfAvlAndVlmax) {
  // vsetvli a0, a1, e32, m2: VLMAX = 2 * 16 / 4 = 8; AVL 100 -> 8.
  state->x[11] = 100;
  ASSERT_EQ(run(0x0d15f557), "");
  EXPECT_EQ(state->x[10], 8u);
  EXPECT_EQ(state->vl, 8u);
  EXPECT_EQ(state->vtype, 0xd1u);
  // AVL 5 -> 5.
  state->x[11] = 5;
  ASSERT_EQ(run(0x0d15f557), "");
  EXPECT_EQ(state->vl, 5u);
  // vsetvli zero, zero, e16, m1 keeps vl (5; VLMAX 8).
  ASSERT_EQ(run(0x0c807057), "");
  EXPECT_EQ(state->vl, 5u);
  EXPECT_EQ(state->vtype, 0xc8u);
  // vsetvli a0, zero, e32, m2: rs1 = x0, rd not: VLMAX.
  ASSERT_EQ(run(0x0d107557), "");
  EXPECT_EQ(state->x[10], 8u);
  // vsetivli a0, 3, e8, mf2, tu, mu: VLMAX 8, AVL 3.
  ASSERT_EQ(run(0xc071f557), "");
  EXPECT_EQ(state->vl, 3u);
  EXPECT_EQ(state->vtype, 0x07u);
  // vsetvl a0, a1, a2 with a reserved vtype bit: vill, vl 0.
  state->x[11] = 4;
  state->x[12] = 0x100;
  ASSERT_EQ(run(0x80c5f557), "");
  EXPECT_EQ(state->vl, 0u);
  EXPECT_EQ(state->x[10], 0u);
  EXPECT_EQ(state->vtype, uint64_t(1) << 63);
  // A vector instruction under vill traps.
  EXPECT_EQ(run(0x001101d7), "vtype 0x8000000000000000 is illegal (vill): "
                             "the instruction traps");
}

//===----------------------------------------------------------------------===//
// Vector integer
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, MaskedAndTailElementsAreUndisturbed) {
  // vadd.vv v3, v1, v2, v0.t at e8, vl 5, v0 = 0b10101 (elements 0, 2, 4
  // active): v3 = 1+10, -, 3+30, -, 5+50, and 0xee everywhere else (QEMU
  // 7.2 leaves agnostic elements undisturbed).
  setVector(8, 0, 5);
  setElements<uint8_t>(1, {1, 2, 3, 4, 5, 6});
  setElements<uint8_t>(2, {10, 20, 30, 40, 50, 60});
  setElements<uint8_t>(0, {0x15});
  fill(3, 0xee);
  ASSERT_EQ(run(0x001101d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 11);
  EXPECT_EQ(element<uint8_t>(3, 1), 0xee);
  EXPECT_EQ(element<uint8_t>(3, 2), 33);
  EXPECT_EQ(element<uint8_t>(3, 3), 0xee);
  EXPECT_EQ(element<uint8_t>(3, 4), 55);
  for (unsigned i = 5; i < 16; ++i)
    EXPECT_EQ(element<uint8_t>(3, i), 0xee) << i;
}

TEST_F(RISCVSemanticsTest, WideningMultiplyAccumulate) {
  // vwmacc.vv v4, v1, v2 at e8, vl 3: v4-v5 (e16) += v1 * v2, signed:
  // 1000 + (-1 * 100) = 900, 1000 + 2 * (-100) = 800, 1000 + (-3 * 50) =
  // 850; element 3 is the tail.
  setVector(8, 0, 3);
  setElements<int8_t>(1, {-1, 2, -3});
  setElements<int8_t>(2, {100, -100, 50});
  setElements<uint16_t>(4, {1000, 1000, 1000, 7});
  ASSERT_EQ(run(0xf620a257), "");
  EXPECT_EQ(element<uint16_t>(4, 0), 900);
  EXPECT_EQ(element<uint16_t>(4, 1), 800);
  EXPECT_EQ(element<uint16_t>(4, 2), 850);
  EXPECT_EQ(element<uint16_t>(4, 3), 7);
}

TEST_F(RISCVSemanticsTest, NarrowingShiftAndSignExtension) {
  // vnsrl.wi v3, v4, 4 at e8, vl 4: the e16 elements of v4-v5 shifted
  // right by 4, truncated: 0x1234 -> 0x23, 0xabcd -> 0xbc, 0x00ff -> 0x0f,
  // 0x8000 -> 0x00.
  setVector(8, 0, 4);
  setElements<uint16_t>(4, {0x1234, 0xabcd, 0x00ff, 0x8000});
  ASSERT_EQ(run(0xb24231d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 0x23);
  EXPECT_EQ(element<uint8_t>(3, 1), 0xbc);
  EXPECT_EQ(element<uint8_t>(3, 2), 0x0f);
  EXPECT_EQ(element<uint8_t>(3, 3), 0x00);
  // vsext.vf2 v3, v1 at e16, vl 3: 0x80 -> 0xff80, 0x7f -> 0x007f, 0xff ->
  // 0xffff.
  setVector(16, 0, 3);
  setElements<uint8_t>(1, {0x80, 0x7f, 0xff});
  ASSERT_EQ(run(0x4a13a1d7), "");
  EXPECT_EQ(element<uint16_t>(3, 0), 0xff80);
  EXPECT_EQ(element<uint16_t>(3, 1), 0x007f);
  EXPECT_EQ(element<uint16_t>(3, 2), 0xffff);
}

TEST_F(RISCVSemanticsTest, IntegerReduction) {
  // vredsum.vs v3, v2, v1 at e32, vl 4: 100 + 1 + 2 + 3 + 4 = 110 in
  // element 0; element 1 of v3 kept.
  setVector(32, 0, 4);
  setElements<uint32_t>(2, {1, 2, 3, 4});
  setElements<uint32_t>(1, {100});
  setElements<uint32_t>(3, {0, 77});
  ASSERT_EQ(run(0x0220a1d7), "");
  EXPECT_EQ(element<uint32_t>(3, 0), 110u);
  EXPECT_EQ(element<uint32_t>(3, 1), 77u);
}

TEST_F(RISCVSemanticsTest, MergeCompareSlideGather) {
  setVector(8, 0, 5);
  setElements<uint8_t>(1, {1, 2, 3, 4, 5, 6, 7, 8});
  setElements<uint8_t>(2, {1, 0, 3, 0, 5, 9, 9, 9});
  setElements<uint8_t>(0, {0x06}); // elements 1 and 2
  // vmerge.vvm v3, v1, v2, v0: v0 picks v2, else v1: 1, 0, 3, 4, 5.
  fill(3, 0xee);
  ASSERT_EQ(run(0x5c1101d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 1);
  EXPECT_EQ(element<uint8_t>(3, 1), 0);
  EXPECT_EQ(element<uint8_t>(3, 2), 3);
  EXPECT_EQ(element<uint8_t>(3, 3), 4);
  EXPECT_EQ(element<uint8_t>(3, 5), 0xee);
  // vmseq.vv v3, v1, v2: equal at 0, 2, 4 -> bits 0b10101; bits 5-7 of the
  // old 0xee (0b111_01110) kept: 0b11110101 = 0xf5.
  fill(3, 0xee);
  ASSERT_EQ(run(0x621101d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 0xf5);
  EXPECT_EQ(element<uint8_t>(3, 1), 0xee);
  // vslideup.vx v3, v1, a0 with a0 = 2: elements 0, 1 kept, then 1, 2, 3.
  fill(3, 0xee);
  state->x[10] = 2;
  ASSERT_EQ(run(0x3a1541d7), "");
  EXPECT_EQ(element<uint8_t>(3, 1), 0xee);
  EXPECT_EQ(element<uint8_t>(3, 2), 1);
  EXPECT_EQ(element<uint8_t>(3, 4), 3);
  // vslidedown.vx v3, v1, a0 with a0 = 14: elements 14, 15 of v1 (VLMAX
  // 16), then zeros past VLMAX.
  setElements<uint8_t>(1,
                       {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
  state->x[10] = 14;
  ASSERT_EQ(run(0x3e1541d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 15);
  EXPECT_EQ(element<uint8_t>(3, 1), 16);
  EXPECT_EQ(element<uint8_t>(3, 2), 0);
  // vrgather.vv v3, v1, v2 with indices 1, 0, 3, 0, 200: v1[1] = 2, 1, 4,
  // 1, and 0 for the index past VLMAX.
  setElements<uint8_t>(2, {1, 0, 3, 0, 200});
  ASSERT_EQ(run(0x321101d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 2);
  EXPECT_EQ(element<uint8_t>(3, 2), 4);
  EXPECT_EQ(element<uint8_t>(3, 4), 0);
}

TEST_F(RISCVSemanticsTest, IotaAsTheSpecificationShowsIt) {
  // RVV 1.0's viota.m example: v2 bits (element 0 first) 1 0 0 0 1 0 0 1,
  // v0 1 1 0 1 0 1 1 1, v4 = 9 8 7 6 5 4 3 2; masked, v4 becomes 0 1 7 1 5
  // 1 1 1: the sum of the set bits of the active elements before each
  // (element 4's bit is not counted: it is inactive).
  setVector(8, 0, 8);
  setElements<uint8_t>(2, {0x91});
  setElements<uint8_t>(0, {0xeb});
  setElements<uint8_t>(4, {9, 8, 7, 6, 5, 4, 3, 2});
  ASSERT_EQ(run(0x50282257), "");
  const uint8_t expected[] = {0, 1, 7, 1, 5, 1, 1, 1};
  for (unsigned i = 0; i < 8; ++i)
    EXPECT_EQ(element<uint8_t>(4, i), expected[i]) << i;
  // vid.v v3, v0.t: active elements get their index.
  fill(3, 0xee);
  ASSERT_EQ(run(0x5008a1d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 0);
  EXPECT_EQ(element<uint8_t>(3, 2), 0xee);
  EXPECT_EQ(element<uint8_t>(3, 3), 3);
}

TEST_F(RISCVSemanticsTest, MoveToScalarAndCompress) {
  // vmv.x.s a0, v1 at e8: 0x80 sign-extended.
  setVector(8, 0, 0); // runs whatever vl is
  setElements<uint8_t>(1, {0x80});
  ASSERT_EQ(run(0x42102557), "");
  EXPECT_EQ(state->x[10], 0xffffffffffffff80u);
  // vcompress.vm v3, v1, v2 at vl 6 with v2 = 0b101010: elements 1, 3, 5.
  setVector(8, 0, 6);
  setElements<uint8_t>(1, {10, 11, 12, 13, 14, 15});
  setElements<uint8_t>(2, {0x2a});
  fill(3, 0xee);
  ASSERT_EQ(run(0x5e1121d7), "");
  EXPECT_EQ(element<uint8_t>(3, 0), 11);
  EXPECT_EQ(element<uint8_t>(3, 1), 13);
  EXPECT_EQ(element<uint8_t>(3, 2), 15);
  EXPECT_EQ(element<uint8_t>(3, 3), 0xee);
}

//===----------------------------------------------------------------------===//
// Vector memory
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, UnitStrideMaskedStoreLeavesInactiveBytes) {
  // vle32.v v3, (a0) at vl 3, then vse32.v v3, (a0), v0.t with v0 = 0b101
  // to 0x3000: elements 0 and 2 stored, element 1's bytes untouched.
  setVector(32, 0, 3);
  state->memory.write(0x2000, {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0});
  state->x[10] = 0x2000;
  ASSERT_EQ(run(0x02056187), "");
  EXPECT_EQ(element<uint32_t>(3, 2), 3u);
  state->memory.write(0x3000, std::vector<uint8_t>(12, 0xaa));
  state->x[10] = 0x3000;
  setElements<uint8_t>(0, {0x05});
  ASSERT_EQ(run(0x000561a7), "");
  uint8_t out[12];
  ASSERT_TRUE(state->memory.read(0x3000, out));
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[4], 0xaa);
  EXPECT_EQ(out[8], 3);
}

TEST_F(RISCVSemanticsTest, StridedIndexedSegmentWholeMask) {
  std::vector<uint8_t> bytes(64);
  for (unsigned i = 0; i < 64; ++i)
    bytes[i] = uint8_t(i);
  state->memory.write(0x2000, bytes);
  // vlse32.v v3, (a0), a1 with a1 = -8 from 0x2010, vl 2: the words at
  // 0x2010 (0x13121110) and 0x2008 (0x0b0a0908).
  setVector(32, 0, 2);
  state->x[10] = 0x2010;
  state->x[11] = uint64_t(-8);
  ASSERT_EQ(run(0x0ab56187), "");
  EXPECT_EQ(element<uint32_t>(3, 0), 0x13121110u);
  EXPECT_EQ(element<uint32_t>(3, 1), 0x0b0a0908u);
  // vluxei8.v v3, (a0), v2 at e32, vl 2, byte offsets 4 and 0 from 0x2000.
  state->x[10] = 0x2000;
  setElements<uint8_t>(2, {4, 0});
  ASSERT_EQ(run(0x06250187), "");
  EXPECT_EQ(element<uint32_t>(3, 0), 0x07060504u);
  EXPECT_EQ(element<uint32_t>(3, 1), 0x03020100u);
  // vlseg2e16.v v4, (a0) at e16, vl 2: fields interleaved in memory,
  // field 0 to v4 (0x0100, 0x0504), field 1 to v5 (0x0302, 0x0706).
  setVector(16, 0, 2);
  ASSERT_EQ(run(0x22055207), "");
  EXPECT_EQ(element<uint16_t>(4, 0), 0x0100);
  EXPECT_EQ(element<uint16_t>(4, 1), 0x0504);
  EXPECT_EQ(element<uint16_t>(5, 0), 0x0302);
  EXPECT_EQ(element<uint16_t>(5, 1), 0x0706);
  // vl2re32.v v4, (a0): 32 bytes, whatever vl is.
  setVector(8, 0, 1);
  ASSERT_EQ(run(0x22856207), "");
  EXPECT_EQ(element<uint8_t>(5, 15), 31);
  // vlm.v v3, (a0) at vl 9: ceil(9 / 8) = 2 bytes; byte 2 kept.
  setVector(8, 0, 9);
  fill(3, 0xee);
  ASSERT_EQ(run(0x02b50187), "");
  EXPECT_EQ(element<uint8_t>(3, 1), 1);
  EXPECT_EQ(element<uint8_t>(3, 2), 0xee);
}

TEST_F(RISCVSemanticsTest, FaultOnlyFirstStopsWhereTheTraceSays) {
  // vle8ff.v v3, (a0) at vl 8; the trace recorded vl 3 after it: three
  // bytes loaded (the others need not be in the snapshot), vl is 3.
  setVector(8, 0, 8);
  state->memory.write(0x2000, {7, 8, 9});
  state->x[10] = 0x2000;
  fill(3, 0xee);
  recorded.values[reg::VL] = 3;
  ASSERT_EQ(run(0x03050187), "");
  EXPECT_EQ(state->vl, 3u);
  EXPECT_EQ(element<uint8_t>(3, 2), 9);
  EXPECT_EQ(element<uint8_t>(3, 3), 0xee);
  // A recorded vl past the instruction's is refused.
  setVector(8, 0, 2);
  recorded.values[reg::VL] = 3;
  EXPECT_EQ(run(0x03050187),
            "the trace records vl 3 after this fault-only-first load, which "
            "can stop only after element 0 and before its vl 2");
}

//===----------------------------------------------------------------------===//
// Vector floating point
//===----------------------------------------------------------------------===//

TEST_F(RISCVSemanticsTest, UnorderedSumIsTakenInElementOrder) {
  // vfredusum.vs v3, v2, v1 at e32, vl 3, v1[0] = 1: ((1 + 2^24) + 1) +
  // -2^24. In element order each 2^24 + 1 rounds back to 2^24 (a tie, to
  // even): 0, NX. Summed as (1 + 1) + (2^24 - 2^24) it would be 2.
  setVector(32, 0, 3);
  setElements<float>(1, {1.0f});
  setElements<float>(2, {0x1p24f, 1.0f, -0x1p24f});
  ASSERT_EQ(run(0x062091d7), "");
  EXPECT_EQ(element<float>(3, 0), 0.0f);
  EXPECT_EQ(state->fflags, 1u);
}

TEST_F(RISCVSemanticsTest, VectorFloatRoundingAndNaNBoxedScalar) {
  // vfcvt.x.f.v v3, v1 with frm = rmm: 2.5 -> 3, -2.5 -> -3 (ties away).
  setVector(32, 0, 2);
  state->frm = 4;
  setElements<float>(1, {2.5f, -2.5f});
  ASSERT_EQ(run(0x4a1091d7), "");
  EXPECT_EQ(element<int32_t>(3, 0), 3);
  EXPECT_EQ(element<int32_t>(3, 1), -3);
  // vfadd.vv under rmm is refused.
  EXPECT_EQ(run(0x021111d7),
            "rounding mode rmm (to nearest, ties away from zero) is not "
            "modelled for arithmetic: the host has no such mode");
  // vfmacc.vf v3, fa0, v1 with fa0 not NaN-boxed: the canonical NaN.
  state->frm = 0;
  state->f[10] = bits(2.0f);
  setElements<float>(3, {1.0f, 1.0f});
  ASSERT_EQ(run(0xb21551d7), "");
  EXPECT_EQ(element<uint32_t>(3, 0), 0x7fc00000u);
  // vfmv.f.s fa0, v1 boxes a single.
  ASSERT_EQ(run(0x42101557), "");
  EXPECT_EQ(state->f[10], boxed(2.5f));
}

TEST_F(RISCVSemanticsTest, InstructionsWithoutSemanticsAreNamed) {
  setVector(32, 0, 2);
  EXPECT_EQ(run(0x4e1291d7),
            "SnR has no semantics for 'vfrec7.v' (LLVM's VFREC7_V)");
}

} // namespace
