//===- RISCVVectorEffectsTest.cpp - RVV arithmetic and moves: effects -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// VLEN is 128 bits (vlenb 16) unless a test says otherwise: an e32 register
// holds 4 elements. Register names print in RegId order (x, f, fflags, frm,
// v0-v31, vstart, vxsat, vxrm, vl, vtype).
//
//===----------------------------------------------------------------------===//

#include "RISCVTestSupport.h"

using namespace snr::target;
using namespace snr::target::riscv;
using namespace snr::target::riscv::testing;

namespace {

constexpr uint32_t VSETVLI_A0_A1 =
    0x0d25f557; // vsetvli a0, a1, e32, m4, ta, ma
constexpr uint32_t VSETVLI_A0_ZERO =
    0x0c007557; // vsetvli a0, zero, e8, m1, ta, ma
constexpr uint32_t VSETVLI_ZERO_ZERO =
    0x00f07057; // vsetvli zero, zero, e16, mf2, tu, mu
constexpr uint32_t VSETIVLI = 0xcd93f057; // vsetivli zero, 7, e64, m2, ta, ma
constexpr uint32_t VSETVL = 0x80c5f557;   // vsetvl a0, a1, a2
constexpr uint32_t VADD_VV = 0x030c0457;  // vadd.vv v8, v16, v24
constexpr uint32_t VADD_VV_MASKED = 0x010c0457; // vadd.vv v8, v16, v24, v0.t
constexpr uint32_t VADD_VX = 0x03054457;        // vadd.vx v8, v16, a0
constexpr uint32_t VADD_VV_V9 = 0x030c04d7;     // vadd.vv v9, v16, v24
constexpr uint32_t VMACC_VV = 0xb7882457;       // vmacc.vv v8, v16, v24
constexpr uint32_t VFMACC_VF = 0xb3055457;      // vfmacc.vf v8, fa0, v16
constexpr uint32_t VFADD_VV = 0x030c1457;       // vfadd.vv v8, v16, v24
constexpr uint32_t VWMACC_VV = 0xf7482457;      // vwmacc.vv v8, v16, v20
constexpr uint32_t VWMUL_VV = 0xef0a2457;       // vwmul.vv v8, v16, v20
constexpr uint32_t VWADD_WV = 0xd70c2457;       // vwadd.wv v8, v16, v24
constexpr uint32_t VNSRL_WV = 0xb30c0457;       // vnsrl.wv v8, v16, v24
constexpr uint32_t VZEXT_VF2 = 0x4b032457;      // vzext.vf2 v8, v16
constexpr uint32_t VSEXT_VF4 = 0x4b02a457;      // vsext.vf4 v8, v16
constexpr uint32_t VSEXT_VF8 = 0x4b01a457;      // vsext.vf8 v8, v16
constexpr uint32_t VFWCVT_F_F_V = 0x4b061457;   // vfwcvt.f.f.v v8, v16
constexpr uint32_t VFNCVT_F_F_W = 0x4b0a1457;   // vfncvt.f.f.w v8, v16
constexpr uint32_t VREDSUM_VS = 0x030c2457;     // vredsum.vs v8, v16, v24
constexpr uint32_t VFREDUSUM_VS_MASKED =
    0x050c1457;                              // vfredusum.vs v8, v16, v24, v0.t
constexpr uint32_t VWREDSUM_VS = 0xc70c0457; // vwredsum.vs v8, v16, v24
constexpr uint32_t VMSLT_VV = 0x6f0c0057;    // vmslt.vv v0, v16, v24
constexpr uint32_t VMFEQ_VF_MASKED = 0x61055257; // vmfeq.vf v4, v16, fa0, v0.t
constexpr uint32_t VMADC_VVM = 0x450c0257;       // vmadc.vvm v4, v16, v24, v0
constexpr uint32_t VMAND_MM = 0x66532257;        // vmand.mm v4, v5, v6
constexpr uint32_t VMSBF_M = 0x5250a257;         // vmsbf.m v4, v5
constexpr uint32_t VCPOP_M = 0x42482557;         // vcpop.m a0, v4
constexpr uint32_t VFIRST_M_MASKED = 0x4048a557; // vfirst.m a0, v4, v0.t
constexpr uint32_t VIOTA_M = 0x52482457;         // viota.m v8, v4
constexpr uint32_t VID_V = 0x5208a457;           // vid.v v8
constexpr uint32_t VMV_X_S = 0x43002557;         // vmv.x.s a0, v16
constexpr uint32_t VFMV_F_S = 0x43001557;        // vfmv.f.s fa0, v16
constexpr uint32_t VMV_S_X = 0x42056457;         // vmv.s.x v8, a0
constexpr uint32_t VFMV_S_F = 0x42055457;        // vfmv.s.f v8, fa0
constexpr uint32_t VMV_V_X = 0x5e054457;         // vmv.v.x v8, a0
constexpr uint32_t VMERGE_VVM = 0x5d0c0457;      // vmerge.vvm v8, v16, v24, v0
constexpr uint32_t VSLIDEUP_VX = 0x3b054457;     // vslideup.vx v8, v16, a0
constexpr uint32_t VSLIDEUP_VI = 0x3b01b457;     // vslideup.vi v8, v16, 3
constexpr uint32_t VSLIDEDOWN_VX = 0x3f054457;   // vslidedown.vx v8, v16, a0
constexpr uint32_t VSLIDE1UP_VX = 0x3b056457;    // vslide1up.vx v8, v16, a0
constexpr uint32_t VFSLIDE1DOWN_VF = 0x3f055457; // vfslide1down.vf v8, v16, fa0
constexpr uint32_t VRGATHER_VV = 0x330c0457;     // vrgather.vv v8, v16, v24
constexpr uint32_t VRGATHER_VX = 0x33054457;     // vrgather.vx v8, v16, a0
constexpr uint32_t VRGATHER_VI = 0x3302b457;     // vrgather.vi v8, v16, 5
constexpr uint32_t VRGATHEREI16_VV = 0x3b020457; // vrgatherei16.vv v8, v16, v4
constexpr uint32_t VCOMPRESS_VM = 0x5f022457;    // vcompress.vm v8, v16, v4
constexpr uint32_t VMV2R_V = 0x9f00b457;         // vmv2r.v v8, v16
constexpr uint32_t VSADD_VV = 0x870c0457;        // vsadd.vv v8, v16, v24
constexpr uint32_t VAADD_VV = 0x270c2457;        // vaadd.vv v8, v16, v24
constexpr uint32_t VSMUL_VV = 0x9f0c0457;        // vsmul.vv v8, v16, v24
constexpr uint32_t VNCLIP_WI = 0xbf013457;       // vnclip.wi v8, v16, 2

using VectorEffectsTest = RISCVTest;

//===----------------------------------------------------------------------===//
// vsetvli, vsetivli, vsetvl
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, VsetvliReadsTheAVLRegister) {
  describe(VSETVLI_A0_A1);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "a0 vl vtype");
  EXPECT_EQ(recordAfter(), "vl vtype");
  EXPECT_EQ(effects.control, ControlKind::None);
}

TEST_F(VectorEffectsTest, VsetvliWithX0Rules) {
  // rs1 = x0, rd not x0: AVL is VLMAX, nothing read.
  describe(VSETVLI_A0_ZERO);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(writes(), "a0 vl vtype");
  // Both x0: vl is kept, so read.
  describe(VSETVLI_ZERO_ZERO);
  EXPECT_EQ(reads(), "vl");
  EXPECT_EQ(writes(), "vl vtype");
  EXPECT_EQ(recordAfter(), "vl vtype");
}

TEST_F(VectorEffectsTest, VsetivliAndVsetvl) {
  describe(VSETIVLI);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(writes(), "vl vtype");
  EXPECT_EQ(recordAfter(), "vl vtype");
  describe(VSETVL);
  EXPECT_EQ(reads(), "a1 a2");
  EXPECT_EQ(writes(), "a0 vl vtype");
}

TEST_F(VectorEffectsTest, VsetvliClearsANonZeroVstart) {
  values->set(reg::VSTART, 3);
  describe(VSETVLI_A0_A1);
  EXPECT_EQ(writes(), "a0 vstart vl vtype");
}

//===----------------------------------------------------------------------===//
// Register groups
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, GroupsFollowLMUL) {
  setVector(32, 0, 4);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(32, 1, 8);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  setVector(32, 2, 16);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v16 v17 v18 v19 v24 v25 v26 v27 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  setVector(32, 3, 32);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v16 v17 v18 v19 v20 v21 v22 v23 v24 v25 v26 v27 v28 "
                     "v29 v30 v31 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11 v12 v13 v14 v15");
}

TEST_F(VectorEffectsTest, EveryElementWidth) {
  // VLMAX elements at each SEW fill the register: it is not read.
  for (unsigned sew : {8u, 16u, 32u, 64u}) {
    setVector(sew, 0, 128 / sew);
    describe(VADD_VV);
    EXPECT_EQ(reads(), "v16 v24 vstart vl vtype") << "e" << sew;
    EXPECT_EQ(writes(), "v8") << "e" << sew;
  }
}

TEST_F(VectorEffectsTest, FractionalLMULKeepsTheRestOfTheRegister) {
  // e32, mf2: VLMAX 2, half of v8; its other half stays, so v8 is read.
  setVector(32, -1, 2);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v8 v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(8, -3, 2); // e8, mf8
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v8 v16 v24 vstart vl vtype");
}

TEST_F(VectorEffectsTest, ShortVlTouchesOnlyItsRegisters) {
  // e32 m4, vl 5 of 16: elements 0-3 in v8 (whole), 4 in v9 (the tail
  // kept, so read); v10, v11 untouched.
  setVector(32, 2, 5);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v9 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  // Undisturbed or agnostic, the same: QEMU 7.2 keeps agnostic elements.
  setVector(32, 2, 5, /*agnostic=*/false);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v9 v16 v17 v24 v25 vstart vl vtype");
}

TEST_F(VectorEffectsTest, NoElementsNoEffects) {
  setVector(32, 1, 0);
  describe(VADD_VX);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "");
  // vstart >= vl as well.
  setVector(32, 1, 3);
  values->set(reg::VSTART, 3);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "vstart");
}

TEST_F(VectorEffectsTest, VstartKeepsTheElementsBefore) {
  setVector(32, 0, 4);
  values->set(reg::VSTART, 2);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v8 v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 vstart");
}

TEST_F(VectorEffectsTest, MaskedElementsAreNotTouched) {
  setVector(32, 1, 8);
  // Elements 4-7 active: v8 untouched, v9 wholly written.
  values->set(reg::v(0), 0xf0);
  describe(VADD_VV_MASKED);
  EXPECT_EQ(reads(), "v0 v17 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v9");
  // All active.
  values->set(reg::v(0), 0xff);
  describe(VADD_VV_MASKED);
  EXPECT_EQ(reads(), "v0 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  // Element 7 off: v9 keeps it, so is read.
  values->set(reg::v(0), 0x7f);
  describe(VADD_VV_MASKED);
  EXPECT_EQ(reads(), "v0 v9 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

TEST_F(VectorEffectsTest, ScalarOperands) {
  setVector(64, 1, 4);
  describe(VADD_VX);
  EXPECT_EQ(reads(), "a0 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  describe(VMV_V_X);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

TEST_F(VectorEffectsTest, IllegalConfigurationsAreErrors) {
  setVector(32, 1, 8);
  EXPECT_EQ(describeError(VADD_VV_V9, 0x10000),
            "pc 0x10000: SnR cannot describe 'vadd.vv' (v9 cannot start 1 "
            "group(s) of 2 register(s): the instruction traps)");
  // vl past VLMAX: no machine gets there, and the footprint would be huge.
  setVector(32, 0, 1000);
  EXPECT_EQ(describeError(VADD_VV, 0x10008),
            "pc 0x10008: SnR cannot describe 'vadd.vv' (vl 1000 exceeds VLMAX "
            "4 of vtype 0xd0: a state no machine reaches)");
  values->set(reg::VTYPE, uint64_t(1) << 63);
  EXPECT_EQ(describeError(VADD_VV, 0x10004),
            "pc 0x10004: SnR cannot describe 'vadd.vv' (vtype "
            "0x8000000000000000 is illegal (vill): the instruction traps)");
}

//===----------------------------------------------------------------------===//
// Multiply-accumulate, floating point, widening, narrowing, extension
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, MultiplyAccumulateReadsItsDestination) {
  setVector(32, 1, 8);
  describe(VMACC_VV);
  EXPECT_EQ(reads(), "v8 v9 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

TEST_F(VectorEffectsTest, FloatingPointReadsFrmAndAccruesFflags) {
  setVector(32, 0, 4);
  describe(VFMACC_VF);
  EXPECT_EQ(reads(), "fa0 fflags frm v8 v16 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v8");
  describe(VFADD_VV);
  EXPECT_EQ(reads(), "fflags frm v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v8");
}

TEST_F(VectorEffectsTest, WideningDestinationIsTwiceLMUL) {
  // e16 m2: the e32 destination is an m4 group, read too (vwmacc adds).
  setVector(16, 1, 16);
  describe(VWMACC_VV);
  EXPECT_EQ(reads(), "v8 v9 v10 v11 v16 v17 v20 v21 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  // e8 mf2: the sources are half registers, the e16 destination a whole one.
  setVector(8, -1, 8);
  describe(VWMUL_VV);
  EXPECT_EQ(reads(), "v16 v20 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
}

TEST_F(VectorEffectsTest, WideningWideSource) {
  setVector(32, 0, 4);
  describe(VWADD_WV);
  EXPECT_EQ(reads(), "v16 v17 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

TEST_F(VectorEffectsTest, WideningPastLMUL8OrE64IsAnError) {
  setVector(32, 3, 32);
  EXPECT_NE(describeError(VWMUL_VV).find("LMUL 2^4, which RVV reserves"),
            std::string::npos);
  setVector(64, 0, 2);
  EXPECT_NE(describeError(VWMUL_VV).find("element width of 128 bits"),
            std::string::npos);
}

TEST_F(VectorEffectsTest, NarrowingSourceIsTwiceLMUL) {
  setVector(16, 2, 32);
  describe(VNSRL_WV);
  EXPECT_EQ(reads(), "v16 v17 v18 v19 v20 v21 v22 v23 v24 v25 v26 v27 "
                     "vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  setVector(32, 0, 4);
  describe(VFNCVT_F_F_W);
  EXPECT_EQ(reads(), "fflags frm v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v8");
}

TEST_F(VectorEffectsTest, ExtensionSourcesAreAFractionOfLMUL) {
  setVector(32, 1, 8);
  describe(VZEXT_VF2);
  EXPECT_EQ(reads(), "v16 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  setVector(32, 0, 4);
  describe(VSEXT_VF4);
  EXPECT_EQ(reads(), "v16 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(64, 3, 16);
  describe(VSEXT_VF8);
  EXPECT_EQ(reads(), "v16 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11 v12 v13 v14 v15");
}

TEST_F(VectorEffectsTest, WideningConversionPartialLastRegister) {
  // e32 -> e64 m2, 3 elements: v8 holds 0-1 (whole), v9 holds 2 (kept 3).
  setVector(32, 0, 3);
  describe(VFWCVT_F_F_V);
  EXPECT_EQ(reads(), "fflags v9 v16 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v8 v9");
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, ReductionsUseSingleRegistersForScalars) {
  setVector(32, 2, 16);
  describe(VREDSUM_VS);
  EXPECT_EQ(reads(), "v8 v16 v17 v18 v19 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(32, 2, 5);
  describe(VREDSUM_VS);
  EXPECT_EQ(reads(), "v8 v16 v17 v24 vstart vl vtype");
  // vl 0: vd is not written.
  setVector(32, 2, 0);
  describe(VREDSUM_VS);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "");
}

TEST_F(VectorEffectsTest, MaskedFloatReduction) {
  setVector(32, 1, 8);
  values->set(reg::v(0), 0x0f);
  describe(VFREDUSUM_VS_MASKED);
  EXPECT_EQ(reads(), "fflags frm v0 v8 v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v8");
}

TEST_F(VectorEffectsTest, WideningReduction) {
  setVector(16, 1, 16);
  describe(VWREDSUM_VS);
  EXPECT_EQ(reads(), "v8 v16 v17 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(64, 0, 2);
  EXPECT_NE(describeError(VWREDSUM_VS).find("64-bit elements"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, ComparesWriteOneMaskRegister) {
  // 8 of v0's 128 bits written: the rest kept, so v0 is read.
  setVector(32, 1, 8);
  describe(VMSLT_VV);
  EXPECT_EQ(reads(), "v0 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v0");
  // e8 m8, vl 128: every bit of v0 written.
  setVector(8, 3, 128);
  describe(VMSLT_VV);
  EXPECT_EQ(reads(), "v16 v17 v18 v19 v20 v21 v22 v23 v24 v25 v26 v27 v28 "
                     "v29 v30 v31 vstart vl vtype");
  EXPECT_EQ(writes(), "v0");
}

TEST_F(VectorEffectsTest, MaskedFloatCompareAndCarry) {
  setVector(32, 0, 4);
  values->set(reg::v(0), 0x5);
  describe(VMFEQ_VF_MASKED);
  EXPECT_EQ(reads(), "fa0 fflags v0 v4 v16 vstart vl vtype");
  EXPECT_EQ(writes(), "fflags v4");
  describe(VMADC_VVM);
  EXPECT_EQ(reads(), "v0 v4 v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v4");
}

TEST_F(VectorEffectsTest, MaskLogicalAndScans) {
  setVector(8, 0, 16);
  describe(VMAND_MM);
  EXPECT_EQ(reads(), "v4 v5 v6 vstart vl vtype");
  EXPECT_EQ(writes(), "v4");
  setVector(8, 3, 128);
  describe(VMAND_MM);
  EXPECT_EQ(reads(), "v5 v6 vstart vl vtype");
  EXPECT_EQ(writes(), "v4");
  setVector(32, 0, 4);
  describe(VMSBF_M);
  EXPECT_EQ(reads(), "v4 v5 vstart vl vtype");
  EXPECT_EQ(writes(), "v4");
}

TEST_F(VectorEffectsTest, MaskToScalar) {
  setVector(32, 0, 4);
  describe(VCPOP_M);
  EXPECT_EQ(reads(), "v4 vstart vl vtype");
  EXPECT_EQ(writes(), "a0");
  // With vl 0, rd is still written (0).
  setVector(32, 0, 0);
  describe(VCPOP_M);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "a0");
  setVector(32, 0, 4);
  describe(VFIRST_M_MASKED);
  EXPECT_EQ(reads(), "v0 v4 vstart vl vtype");
  EXPECT_EQ(writes(), "a0");
}

TEST_F(VectorEffectsTest, IotaAndId) {
  setVector(32, 1, 8);
  describe(VIOTA_M);
  EXPECT_EQ(reads(), "v4 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  setVector(16, 0, 8);
  describe(VID_V);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
}

//===----------------------------------------------------------------------===//
// Moves
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, ScalarFromElementZero) {
  // One register whatever LMUL, even with vl 0.
  setVector(32, 2, 0);
  describe(VMV_X_S);
  EXPECT_EQ(reads(), "v16 vstart vl vtype");
  EXPECT_EQ(writes(), "a0");
  describe(VFMV_F_S);
  EXPECT_EQ(writes(), "fa0");
}

TEST_F(VectorEffectsTest, ScalarToElementZero) {
  setVector(32, 2, 16);
  describe(VMV_S_X);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  describe(VFMV_S_F);
  EXPECT_EQ(reads(), "fa0 v8 vstart vl vtype");
  setVector(32, 2, 0);
  describe(VMV_S_X);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "");
}

TEST_F(VectorEffectsTest, MergeWritesEveryElement) {
  setVector(32, 0, 4);
  describe(VMERGE_VVM);
  EXPECT_EQ(reads(), "v0 v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
}

TEST_F(VectorEffectsTest, WholeRegisterMoveIgnoresVl) {
  setVector(32, 0, 0);
  describe(VMV2R_V);
  EXPECT_EQ(reads(), "v16 v17 vstart vtype");
  EXPECT_EQ(writes(), "v8 v9");
  // vstart 5 of 8 e32 elements: v8 untouched, v9 partly written.
  values->set(reg::VSTART, 5);
  describe(VMV2R_V);
  EXPECT_EQ(reads(), "v9 v17 vstart vtype");
  EXPECT_EQ(writes(), "v9 vstart");
}

//===----------------------------------------------------------------------===//
// Slides, gathers, compress
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, SlideUpKeepsElementsBelowTheOffset) {
  setVector(32, 1, 8);
  values->set(reg::x(10), 5); // a0
  describe(VSLIDEUP_VX);
  EXPECT_EQ(reads(), "a0 v9 v16 vstart vl vtype");
  EXPECT_EQ(writes(), "v9");
  describe(VSLIDEUP_VI); // offset 3
  EXPECT_EQ(reads(), "v8 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  values->set(reg::x(10), 9); // past vl: nothing moves
  describe(VSLIDEUP_VX);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  EXPECT_EQ(writes(), "");
}

TEST_F(VectorEffectsTest, SlideDownReadsFromTheOffset) {
  setVector(32, 1, 8);
  values->set(reg::x(10), 2);
  describe(VSLIDEDOWN_VX);
  EXPECT_EQ(reads(), "a0 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  values->set(reg::x(10), 6);
  describe(VSLIDEDOWN_VX);
  EXPECT_EQ(reads(), "a0 v17 vstart vl vtype");
  // Past VLMAX, zeros: no source register.
  values->set(reg::x(10), 100);
  describe(VSLIDEDOWN_VX);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  setVector(32, 1, 4);
  values->set(reg::x(10), 2);
  describe(VSLIDEDOWN_VX);
  EXPECT_EQ(reads(), "a0 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
}

TEST_F(VectorEffectsTest, SlideOneUpAndDown) {
  setVector(32, 1, 5);
  describe(VSLIDE1UP_VX);
  EXPECT_EQ(reads(), "a0 v9 v16 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  describe(VFSLIDE1DOWN_VF);
  EXPECT_EQ(reads(), "fa0 v9 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

TEST_F(VectorEffectsTest, GatherByScalarIndex) {
  setVector(32, 1, 8);
  values->set(reg::x(10), 6);
  describe(VRGATHER_VX);
  EXPECT_EQ(reads(), "a0 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  values->set(reg::x(10), 100); // past VLMAX: zeros
  describe(VRGATHER_VX);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  describe(VRGATHER_VI); // index 5
  EXPECT_EQ(reads(), "v17 vstart vl vtype");
}

TEST_F(VectorEffectsTest, GatherByIndexVector) {
  setVector(32, 1, 8);
  // Every index 0: only v16 is read from the source.
  describe(VRGATHER_VV);
  EXPECT_EQ(reads(), "v16 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  values->setElement(24, 4, 7, 7);
  describe(VRGATHER_VV);
  EXPECT_EQ(reads(), "v16 v17 v24 v25 vstart vl vtype");
  // Indices past VLMAX read nothing.
  for (unsigned i = 0; i < 8; ++i)
    values->setElement(24, 4, i, 1000);
  describe(VRGATHER_VV);
  EXPECT_EQ(reads(), "v24 v25 vstart vl vtype");
  // 16-bit indices: e32 m2 makes an m1 index register.
  values->setElement(4, 2, 3, 4);
  describe(VRGATHEREI16_VV);
  EXPECT_EQ(reads(), "v4 v16 v17 vstart vl vtype");
}

TEST_F(VectorEffectsTest, CompressPacksSelectedElements) {
  setVector(32, 1, 8);
  values->set(reg::v(4), 0xa1); // elements 0, 5 and 7
  describe(VCOMPRESS_VM);
  EXPECT_EQ(reads(), "v4 v8 v16 v17 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
}

//===----------------------------------------------------------------------===//
// Fixed point
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, FixedPointRoundingAndSaturation) {
  setVector(8, 0, 16);
  describe(VSADD_VV);
  EXPECT_EQ(reads(), "v16 v24 vstart vxsat vl vtype");
  EXPECT_EQ(writes(), "v8 vxsat");
  describe(VAADD_VV);
  EXPECT_EQ(reads(), "v16 v24 vstart vxrm vl vtype");
  EXPECT_EQ(writes(), "v8");
  describe(VSMUL_VV);
  EXPECT_EQ(reads(), "v16 v24 vstart vxsat vxrm vl vtype");
  EXPECT_EQ(writes(), "v8 vxsat");
  setVector(16, 0, 8);
  describe(VNCLIP_WI);
  EXPECT_EQ(reads(), "v16 v17 vstart vxsat vxrm vl vtype");
  EXPECT_EQ(writes(), "v8 vxsat");
}

//===----------------------------------------------------------------------===//
// VLEN 512 (sifive-x280)
//===----------------------------------------------------------------------===//

TEST_F(VectorEffectsTest, WiderVectorRegisters) {
  makeTarget("rv64gcv", 64);
  setVector(32, 0, 16);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v16 v24 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  setVector(32, 1, 20);
  describe(VADD_VV);
  EXPECT_EQ(reads(), "v9 v16 v17 v24 v25 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
}

} // namespace
