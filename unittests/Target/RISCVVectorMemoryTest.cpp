//===- RISCVVectorMemoryTest.cpp - RVV loads and stores: footprints -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// VLEN 128 (an e32 register holds 4 elements); a0, the base, is 0x1000.
//
//===----------------------------------------------------------------------===//

#include "RISCVTestSupport.h"

using namespace snr::target;
using namespace snr::target::riscv;
using namespace snr::target::riscv::testing;

namespace {

constexpr uint32_t VLE32_V8 = 0x02056407;        // vle32.v v8, (a0)
constexpr uint32_t VLE32_V8_MASKED = 0x00056407; // vle32.v v8, (a0), v0.t
constexpr uint32_t VLE8_V8 = 0x02050407;         // vle8.v v8, (a0)
constexpr uint32_t VLE64_V8 = 0x02057407;        // vle64.v v8, (a0)
constexpr uint32_t VSE32_V8 = 0x02056427;        // vse32.v v8, (a0)
constexpr uint32_t VLSE32_V8 = 0x0ab56407;       // vlse32.v v8, (a0), a1
constexpr uint32_t VSSE64_V8 = 0x0ab57427;       // vsse64.v v8, (a0), a1
constexpr uint32_t VLUXEI8_V8 = 0x06450407;      // vluxei8.v v8, (a0), v4
constexpr uint32_t VLOXEI64_V8 = 0x0f057407;     // vloxei64.v v8, (a0), v16
constexpr uint32_t VSOXEI32_V8 = 0x0e456427;     // vsoxei32.v v8, (a0), v4
constexpr uint32_t VLSEG3E16_V8 = 0x42055407;    // vlseg3e16.v v8, (a0)
constexpr uint32_t VLSSEG2E32_V8 = 0x2ab56407;   // vlsseg2e32.v v8, (a0), a1
constexpr uint32_t VLUXSEG2EI8_V8 = 0x26450407;  // vluxseg2ei8.v v8, (a0), v4
constexpr uint32_t VSSEG2E32_V8 = 0x22056427;    // vsseg2e32.v v8, (a0)
constexpr uint32_t VL4RE16_V8 = 0x62855407;      // vl4re16.v v8, (a0)
constexpr uint32_t VL1RE8_V8 = 0x02850407;       // vl1re8.v v8, (a0)
constexpr uint32_t VS8R_V0 = 0xe2850027;         // vs8r.v v0, (a0)
constexpr uint32_t VLM_V8 = 0x02b50407;          // vlm.v v8, (a0)
constexpr uint32_t VSM_V8 = 0x02b50427;          // vsm.v v8, (a0)
constexpr uint32_t VLE32FF_V8 = 0x03056407;      // vle32ff.v v8, (a0)

class VectorMemoryTest : public RISCVTest {
protected:
  void SetUp() override {
    RISCVTest::SetUp();
    values->set(reg::x(10), 0x1000); // a0
  }
};

TEST_F(VectorMemoryTest, UnitStrideIsEEWTimesVl) {
  setVector(32, 0, 4);
  describe(VLE32_V8);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x1010)");
  EXPECT_EQ(stores(), "");
  setVector(32, 2, 16);
  describe(VLE32_V8);
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  EXPECT_EQ(loads(), "[0x1000, 0x1040)");
  // vl 5: v9 keeps its tail.
  setVector(32, 2, 5);
  describe(VLE32_V8);
  EXPECT_EQ(reads(), "a0 v9 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  EXPECT_EQ(loads(), "[0x1000, 0x1014)");
  // mf2: half of v8.
  setVector(32, -1, 2);
  describe(VLE32_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(loads(), "[0x1000, 0x1008)");
}

TEST_F(VectorMemoryTest, EEWOtherThanSEWScalesTheGroup) {
  // e32 m4: vle8 has EMUL 1.
  setVector(32, 2, 16);
  describe(VLE8_V8);
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x1010)");
  // e16 m2: vle64 has EMUL 8.
  setVector(16, 1, 16);
  describe(VLE64_V8);
  EXPECT_EQ(writes(), "v8 v9 v10 v11 v12 v13 v14 v15");
  EXPECT_EQ(loads(), "[0x1000, 0x1080)");
  // e8 m4: vle64 would have EMUL 32.
  setVector(8, 2, 64);
  EXPECT_NE(describeError(VLE64_V8).find("LMUL 2^5, which RVV reserves"),
            std::string::npos);
}

TEST_F(VectorMemoryTest, MaskedElementsAreNotAccessed) {
  setVector(32, 0, 4);
  values->set(reg::v(0), 0xb); // elements 0, 1, 3
  describe(VLE32_V8_MASKED);
  EXPECT_EQ(reads(), "a0 v0 v8 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x1008) [0x100c, 0x1010)");
  values->set(reg::v(0), 0);
  describe(VLE32_V8_MASKED);
  EXPECT_EQ(reads(), "a0 v0 vstart vl vtype");
  EXPECT_EQ(writes(), "");
  EXPECT_EQ(loads(), "");
}

TEST_F(VectorMemoryTest, VstartAndEmptyBodies) {
  setVector(32, 0, 4);
  values->set(reg::VSTART, 1);
  describe(VLE32_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 vstart");
  EXPECT_EQ(loads(), "[0x1004, 0x1010)");
  values->set(reg::VSTART, 0);
  setVector(32, 0, 0);
  describe(VLE32_V8);
  EXPECT_EQ(reads(), "vstart vl vtype");
  EXPECT_EQ(writes(), "");
  EXPECT_EQ(loads(), "");
}

TEST_F(VectorMemoryTest, UnitStrideStoreReadsItsData) {
  setVector(32, 1, 5);
  describe(VSE32_V8);
  EXPECT_EQ(reads(), "a0 v8 v9 vstart vl vtype");
  EXPECT_EQ(writes(), "");
  EXPECT_EQ(stores(), "[0x1000, 0x1014)");
  EXPECT_EQ(loads(), "");
}

TEST_F(VectorMemoryTest, StridedOneRangePerElementOrMerged) {
  setVector(32, 0, 4);
  values->set(reg::x(11), 16); // a1
  describe(VLSE32_V8);
  EXPECT_EQ(reads(), "a0 a1 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x1004) [0x1010, 0x1014) [0x1020, 0x1024) "
                     "[0x1030, 0x1034)");
  values->set(reg::x(11), 4);
  describe(VLSE32_V8);
  EXPECT_EQ(loads(), "[0x1000, 0x1010)");
  values->set(reg::x(11), 0);
  describe(VLSE32_V8);
  EXPECT_EQ(loads(), "[0x1000, 0x1004)");
  values->set(reg::x(11), uint64_t(-8));
  describe(VLSE32_V8);
  EXPECT_EQ(loads(), "[0xfe8, 0xfec) [0xff0, 0xff4) [0xff8, 0xffc) "
                     "[0x1000, 0x1004)");
  setVector(64, 0, 2);
  values->set(reg::x(11), 32);
  describe(VSSE64_V8);
  EXPECT_EQ(reads(), "a0 a1 v8 vstart vl vtype");
  EXPECT_EQ(stores(), "[0x1000, 0x1008) [0x1020, 0x1028)");
}

TEST_F(VectorMemoryTest, IndexedReadsTheIndexGroup) {
  // e32 m4 data, 8-bit indices: one index register.
  setVector(32, 2, 16);
  for (unsigned i = 0; i < 16; ++i)
    values->setElement(4, 1, i, 4 * (15 - i));
  describe(VLUXEI8_V8);
  EXPECT_EQ(reads(), "a0 v4 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  EXPECT_EQ(loads(), "[0x1000, 0x1040)");
  // All indices 0: one element's bytes.
  for (unsigned i = 0; i < 16; ++i)
    values->setElement(4, 1, i, 0);
  describe(VLUXEI8_V8);
  EXPECT_EQ(loads(), "[0x1000, 0x1004)");

  // e32 m2 data, 64-bit indices: an m4 index group.
  setVector(32, 1, 8);
  for (unsigned i = 0; i < 8; ++i)
    values->setElement(16, 8, i, 0x100 * i);
  describe(VLOXEI64_V8);
  EXPECT_EQ(reads(), "a0 v16 v17 v18 v19 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  EXPECT_EQ(loads(), "[0x1000, 0x1004) [0x1100, 0x1104) [0x1200, 0x1204) "
                     "[0x1300, 0x1304) [0x1400, 0x1404) [0x1500, 0x1504) "
                     "[0x1600, 0x1604) [0x1700, 0x1704)");
}

TEST_F(VectorMemoryTest, IndexedStore) {
  setVector(32, 0, 4);
  for (auto [i, index] : {std::pair{0u, 8u}, {1u, 0u}, {2u, 100u}, {3u, 4u}})
    values->setElement(4, 4, i, index);
  describe(VSOXEI32_V8);
  EXPECT_EQ(reads(), "a0 v4 v8 vstart vl vtype");
  EXPECT_EQ(stores(), "[0x1000, 0x100c) [0x1064, 0x1068)");
}

TEST_F(VectorMemoryTest, SegmentsInterleaveFields) {
  // e16 m2, 3 fields: v8-v9, v10-v11, v12-v13; 16 elements of 6 bytes.
  setVector(16, 1, 16);
  describe(VLSEG3E16_V8);
  EXPECT_EQ(writes(), "v8 v9 v10 v11 v12 v13");
  EXPECT_EQ(loads(), "[0x1000, 0x1060)");
  // e16 m1, vl 5 of 8: each field's register keeps its tail.
  setVector(16, 0, 5);
  describe(VLSEG3E16_V8);
  EXPECT_EQ(reads(), "a0 v8 v9 v10 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9 v10");
  EXPECT_EQ(loads(), "[0x1000, 0x101e)");
  // 3 fields of m4 are 12 registers: reserved.
  setVector(16, 2, 32);
  EXPECT_NE(describeError(VLSEG3E16_V8).find("cannot start 3 group(s) of 4"),
            std::string::npos);
}

TEST_F(VectorMemoryTest, StridedAndIndexedSegments) {
  setVector(32, 0, 2);
  values->set(reg::x(11), 0x40);
  describe(VLSSEG2E32_V8);
  EXPECT_EQ(reads(), "a0 a1 v8 v9 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  EXPECT_EQ(loads(), "[0x1000, 0x1008) [0x1040, 0x1048)");

  // e16 m1 data in v8 and v9; 8-bit indices in half of v4.
  setVector(16, 0, 8);
  for (unsigned i = 0; i < 8; ++i)
    values->setElement(4, 1, i, 0x20 * i);
  describe(VLUXSEG2EI8_V8);
  EXPECT_EQ(reads(), "a0 v4 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  EXPECT_EQ(loads(), "[0x1000, 0x1004) [0x1020, 0x1024) [0x1040, 0x1044) "
                     "[0x1060, 0x1064) [0x1080, 0x1084) [0x10a0, 0x10a4) "
                     "[0x10c0, 0x10c4) [0x10e0, 0x10e4)");

  setVector(32, 0, 4);
  describe(VSSEG2E32_V8);
  EXPECT_EQ(reads(), "a0 v8 v9 vstart vl vtype");
  EXPECT_EQ(stores(), "[0x1000, 0x1020)");
}

TEST_F(VectorMemoryTest, WholeRegisterAccessesIgnoreVtypeAndVl) {
  setVector(32, 0, 0);
  describe(VL4RE16_V8);
  EXPECT_EQ(reads(), "a0 vstart");
  EXPECT_EQ(writes(), "v8 v9 v10 v11");
  EXPECT_EQ(loads(), "[0x1000, 0x1040)");
  describe(VL1RE8_V8);
  EXPECT_EQ(loads(), "[0x1000, 0x1010)");
  describe(VS8R_V0);
  EXPECT_EQ(reads(), "a0 v0 v1 v2 v3 v4 v5 v6 v7 vstart");
  EXPECT_EQ(stores(), "[0x1000, 0x1080)");
  // vstart counts EEW elements.
  values->set(reg::VSTART, 3);
  describe(VL4RE16_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart");
  EXPECT_EQ(writes(), "v8 v9 v10 v11 vstart");
  EXPECT_EQ(loads(), "[0x1006, 0x1040)");
}

TEST_F(VectorMemoryTest, MaskLoadsAndStoresMoveCeilVlOver8Bytes) {
  setVector(8, 1, 17);
  describe(VLM_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x1003)");
  setVector(8, 3, 128);
  describe(VLM_V8);
  EXPECT_EQ(reads(), "a0 vstart vl vtype");
  EXPECT_EQ(loads(), "[0x1000, 0x1010)");
  setVector(8, 0, 9);
  describe(VSM_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(stores(), "[0x1000, 0x1002)");
}

TEST_F(VectorMemoryTest, FaultOnlyFirstDescribesTheLargestAccess) {
  setVector(32, 1, 8);
  describe(VLE32FF_V8);
  // vl may shrink: every destination register may keep old bytes.
  EXPECT_EQ(reads(), "a0 v8 v9 vstart vl vtype");
  EXPECT_EQ(writes(), "v8 v9");
  EXPECT_EQ(loads(), "[0x1000, 0x1020)");
  EXPECT_TRUE(effects.loadsMayStopAtFault);
  EXPECT_EQ(recordAfter(), "vl");
  // Asked again with vl as the step left it: the executed footprint.
  values->set(reg::VL, 3);
  describe(VLE32FF_V8);
  EXPECT_EQ(reads(), "a0 v8 vstart vl vtype");
  EXPECT_EQ(writes(), "v8");
  EXPECT_EQ(loads(), "[0x1000, 0x100c)");
}

} // namespace
