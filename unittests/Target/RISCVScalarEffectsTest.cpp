//===- RISCVScalarEffectsTest.cpp - RISC-V scalar instructions' effects ---===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "RISCVTestSupport.h"

using namespace snr::target;
using namespace snr::target::riscv;
using namespace snr::target::riscv::testing;

namespace {

constexpr uint32_t ADD_X0_SOURCE = 0x00b00533; // add a0, zero, a1
constexpr uint32_t ADDI_X0_DEST = 0x00158013;  // addi zero, a1, 1
constexpr uint32_t C_ADDI = 0x050d;            // c.addi a0, 3
constexpr uint32_t LW = 0xff85a503;            // lw a0, -8(a1)
constexpr uint32_t SD = 0x00c13823;            // sd a2, 16(sp)
constexpr uint32_t FLW = 0x00452507;           // flw fa0, 4(a0)
constexpr uint32_t FSD = 0x00b53427;           // fsd fa1, 8(a0)
constexpr uint32_t C_LW = 0x41c8;              // c.lw a0, 4(a1)
constexpr uint32_t C_LDSP = 0x60a2;            // c.ldsp ra, 8(sp)
constexpr uint32_t C_SD = 0xe910;              // c.sd a2, 16(a0)
constexpr uint32_t C_FSDSP = 0xac2a;           // c.fsdsp fa0, 24(sp)
constexpr uint32_t LR_D = 0x1005b52f;          // lr.d a0, (a1)
constexpr uint32_t SC_D = 0x18c5b52f;          // sc.d a0, a2, (a1)
constexpr uint32_t AMOADD_W = 0x00c5a52f;      // amoadd.w a0, a2, (a1)
constexpr uint32_t JAL = 0x010000ef;           // jal ra, 16
constexpr uint32_t JALR = 0x008580e7;          // jalr ra, 8(a1)
constexpr uint32_t C_JR = 0x8082;              // c.jr ra (ret)
constexpr uint32_t BEQ = 0x00b50863;           // beq a0, a1, 16
constexpr uint32_t FADD_S_DYN = 0x00c5f553;    // fadd.s fa0, fa1, fa2
constexpr uint32_t FADD_S_RNE = 0x00c58553;    // fadd.s fa0, fa1, fa2, rne
constexpr uint32_t FMADD_D = 0x6ac5f543;       // fmadd.d fa0, fa1, fa2, fa3
constexpr uint32_t FMV_X_W = 0xe0050553;       // fmv.x.w a0, fa0
constexpr uint32_t FSGNJ_S = 0x20c58553;       // fsgnj.s fa0, fa1, fa2
constexpr uint32_t FCLASS_D = 0xe2051553;      // fclass.d a0, fa0
constexpr uint32_t FCVT_W_S = 0xc0051553;      // fcvt.w.s a0, fa0, rtz
constexpr uint32_t FEQ_S = 0xa0b52553;         // feq.s a0, fa0, fa1
constexpr uint32_t ECALL = 0x00000073;         // ecall
constexpr uint32_t FENCE = 0x0330000f;         // fence rw, rw
constexpr uint32_t FENCE_I = 0x0000100f;       // fence.i
constexpr uint32_t CSRR_VLENB = 0xc2202573;    // csrr a0, vlenb
constexpr uint32_t CSRW_FRM = 0x00251073;      // csrw frm, a0
constexpr uint32_t FSCSR = 0x00359573;         // fscsr a0, a1
constexpr uint32_t CSRWI_VXRM = 0x00a15073;    // csrwi vxrm, 2
constexpr uint32_t CSRR_VCSR = 0x00f02573;     // csrr a0, vcsr
constexpr uint32_t CSRR_CYCLE = 0xc0002573;    // csrr a0, cycle
constexpr uint32_t CSRW_VL = 0xc2051073;       // csrw vl, a0
constexpr uint32_t CSRRS_FFLAGS = 0x00102573;  // csrrs a0, fflags, zero

using ScalarEffectsTest = RISCVTest;

TEST_F(ScalarEffectsTest, X0IsNeitherReadNorWritten) {
  describe(ADD_X0_SOURCE);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "a0");
  describe(ADDI_X0_DEST);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "");
  // c.addi's rd is tied to its source.
  describe(C_ADDI);
  EXPECT_EQ(reads(), "a0");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(effects.control, ControlKind::None);
  EXPECT_TRUE(effects.loads.empty() && effects.stores.empty());
}

TEST_F(ScalarEffectsTest, LoadsAndStoresAtBasePlusOffset) {
  values->set(reg::x(11), 0x8010); // a1
  describe(LW);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x8008, 0x800c)");
  EXPECT_EQ(stores(), "");

  values->set(reg::x(2), 0x7ff0); // sp
  describe(SD);
  EXPECT_EQ(reads(), "sp a2");
  EXPECT_EQ(writes(), "");
  EXPECT_EQ(stores(), "[0x8000, 0x8008)");
  EXPECT_EQ(loads(), "");
}

TEST_F(ScalarEffectsTest, FloatLoadsAndStoresMoveWholeFRegisters) {
  values->set(reg::x(10), 0x1000); // a0
  describe(FLW);
  EXPECT_EQ(reads(), "a0");
  EXPECT_EQ(writes(), "fa0"); // all 8 bytes: the single is NaN-boxed
  EXPECT_EQ(loads(), "[0x1004, 0x1008)");
  describe(FSD);
  EXPECT_EQ(reads(), "a0 fa1");
  EXPECT_EQ(stores(), "[0x1008, 0x1010)");
}

TEST_F(ScalarEffectsTest, CompressedLoadsAndStores) {
  values->set(reg::x(11), 0x2000); // a1
  values->set(reg::x(10), 0x3000); // a0
  values->set(reg::x(2), 0x4000);  // sp
  describe(C_LW);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x2004, 0x2008)");
  describe(C_LDSP);
  EXPECT_EQ(reads(), "sp");
  EXPECT_EQ(writes(), "ra");
  EXPECT_EQ(loads(), "[0x4008, 0x4010)");
  describe(C_SD);
  EXPECT_EQ(reads(), "a0 a2");
  EXPECT_EQ(stores(), "[0x3010, 0x3018)");
  describe(C_FSDSP);
  EXPECT_EQ(reads(), "sp fa0");
  EXPECT_EQ(stores(), "[0x4018, 0x4020)");
}

TEST_F(ScalarEffectsTest, AtomicsLoadAndStore) {
  values->set(reg::x(11), 0x5000); // a1
  describe(LR_D);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x5000, 0x5008)");
  EXPECT_EQ(stores(), "");

  // sc.d may fail, keeping the bytes: they are read too, and rd (0 on
  // success) is recorded.
  describe(SC_D);
  EXPECT_EQ(reads(), "a1 a2");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x5000, 0x5008)");
  EXPECT_EQ(stores(), "[0x5000, 0x5008)");
  EXPECT_EQ(recordAfter(), "a0");

  describe(AMOADD_W);
  EXPECT_EQ(reads(), "a1 a2");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x5000, 0x5004)");
  EXPECT_EQ(stores(), "[0x5000, 0x5004)");
}

TEST_F(ScalarEffectsTest, BranchesAndJumps) {
  describe(JAL);
  EXPECT_EQ(effects.control, ControlKind::Branch);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(writes(), "ra");
  describe(JALR);
  EXPECT_EQ(effects.control, ControlKind::Branch);
  EXPECT_EQ(reads(), "a1");
  EXPECT_EQ(writes(), "ra");
  describe(C_JR);
  EXPECT_EQ(effects.control, ControlKind::Branch);
  EXPECT_EQ(reads(), "ra");
  EXPECT_EQ(writes(), "");
  describe(BEQ);
  EXPECT_EQ(effects.control, ControlKind::Branch);
  EXPECT_EQ(reads(), "a0 a1");
}

TEST_F(ScalarEffectsTest, RoundingModeAndExceptionFlags) {
  // Dynamic rounding reads frm; every operation that may raise an FP
  // exception accrues into fflags (read and written).
  describe(FADD_S_DYN);
  EXPECT_EQ(reads(), "fa1 fa2 fflags frm");
  EXPECT_EQ(writes(), "fa0 fflags");
  describe(FADD_S_RNE);
  EXPECT_EQ(reads(), "fa1 fa2 fflags");
  EXPECT_EQ(writes(), "fa0 fflags");
  describe(FMADD_D);
  EXPECT_EQ(reads(), "fa1 fa2 fa3 fflags frm");
  describe(FCVT_W_S);
  EXPECT_EQ(reads(), "fa0 fflags");
  EXPECT_EQ(writes(), "a0 fflags");
  describe(FEQ_S);
  EXPECT_EQ(reads(), "fa0 fa1 fflags");
  // Moves, sign injection and classification raise nothing.
  describe(FMV_X_W);
  EXPECT_EQ(reads(), "fa0");
  EXPECT_EQ(writes(), "a0");
  describe(FSGNJ_S);
  EXPECT_EQ(reads(), "fa1 fa2");
  EXPECT_EQ(writes(), "fa0");
  describe(FCLASS_D);
  EXPECT_EQ(reads(), "fa0");
}

TEST_F(ScalarEffectsTest, Fences) {
  describe(FENCE);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(writes(), "");
  describe(FENCE_I);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(effects.control, ControlKind::None);
}

TEST_F(ScalarEffectsTest, CSRAccesses) {
  describe(CSRR_VLENB);
  EXPECT_EQ(reads(), "vlenb");
  EXPECT_EQ(writes(), "a0");
  // csrw is csrrw with rd = x0: the CSR is not read.
  describe(CSRW_FRM);
  EXPECT_EQ(reads(), "a0");
  EXPECT_EQ(writes(), "frm");
  // fcsr is frm and fflags.
  describe(FSCSR);
  EXPECT_EQ(reads(), "a1 fflags frm");
  EXPECT_EQ(writes(), "a0 fflags frm");
  describe(CSRWI_VXRM);
  EXPECT_EQ(reads(), "");
  EXPECT_EQ(writes(), "vxrm");
  describe(CSRR_VCSR);
  EXPECT_EQ(reads(), "vxsat vxrm");
  EXPECT_EQ(writes(), "a0");
  // csrrs with rs1 = x0 does not write.
  describe(CSRRS_FFLAGS);
  EXPECT_EQ(reads(), "fflags");
  EXPECT_EQ(writes(), "a0");
}

TEST_F(ScalarEffectsTest, UntrackedAndReadOnlyCSRs) {
  EXPECT_EQ(describeError(CSRR_CYCLE, 0x10500),
            "pc 0x10500: SnR cannot describe 'rdcycle' (it accesses CSR 0xc00, "
            "which SnR does not track)");
  EXPECT_EQ(describeError(CSRW_VL, 0x10504),
            "pc 0x10504: SnR cannot describe 'csrw' (it writes vl, a read-only "
            "CSR: an illegal instruction)");
}

TEST_F(ScalarEffectsTest, ExitSystemCalls) {
  for (uint64_t number : {93, 94}) {
    values->set(reg::x(17), number); // a7
    describe(ECALL);
    EXPECT_EQ(effects.control, ControlKind::SystemCall);
    EXPECT_EQ(reads(), "a0 a7");
    EXPECT_EQ(writes(), "");
    EXPECT_EQ(loads(), "");
  }
}

TEST_F(ScalarEffectsTest, WriteSystemCall) {
  values->set(reg::x(17), 64);     // a7: write
  values->set(reg::x(10), 1);      // a0: stdout
  values->set(reg::x(11), 0x6000); // a1: buffer
  values->set(reg::x(12), 21);     // a2: length
  describe(ECALL);
  EXPECT_EQ(effects.control, ControlKind::SystemCall);
  EXPECT_EQ(reads(), "a0 a1 a2 a7");
  EXPECT_EQ(writes(), "a0");
  EXPECT_EQ(loads(), "[0x6000, 0x6015)");
  EXPECT_EQ(stores(), "");
  EXPECT_EQ(recordAfter(), "a0");
  // Nothing to write: no bytes read.
  values->set(reg::x(12), 0);
  describe(ECALL);
  EXPECT_EQ(loads(), "");
}

TEST_F(ScalarEffectsTest, OtherSystemCallsAreNotDescribed) {
  values->set(reg::x(17), 222); // mmap
  EXPECT_EQ(describeError(ECALL, 0x1040c),
            "pc 0x1040c: SnR cannot describe 'ecall' (system call 222: only "
            "exit (93), exit_group (94) and write (64) are described)");
  EXPECT_TRUE(effects.regReads.empty());
  EXPECT_EQ(effects.control, ControlKind::None);
}

} // namespace
