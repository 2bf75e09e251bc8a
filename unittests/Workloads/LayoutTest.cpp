//===- LayoutTest.cpp - VMEM allocator, HBM layout, initial data ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/HbmLayout.h"
#include "SnR/Workloads/InitialData.h"
#include "SnR/Workloads/VmemAllocator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace snr;
using namespace snr::workloads;

namespace {

constexpr uint64_t kPage = 512;

VmemBuffer take(VmemAllocator &vmem, uint64_t bytes,
                Placement placement = Placement::Scratch) {
  llvm::Expected<VmemBuffer> buffer = vmem.allocate(bytes, "test", placement);
  EXPECT_TRUE(bool(buffer));
  if (!buffer) {
    llvm::consumeError(buffer.takeError());
    return {};
  }
  return *buffer;
}

TEST(VmemAllocator, RoundsToPagesAndCoalesces) {
  VmemAllocator vmem(AllocPolicy::Compact, 16 * kPage);
  VmemBuffer a = take(vmem, 1), b = take(vmem, kPage + 1),
             c = take(vmem, kPage);
  EXPECT_EQ(a.addr, 0u);
  EXPECT_EQ(a.bytes, kPage);
  EXPECT_EQ(b.addr, kPage);
  EXPECT_EQ(b.bytes, 2 * kPage);
  EXPECT_EQ(c.addr, 3 * kPage);
  vmem.free(a);
  vmem.free(c);
  EXPECT_EQ(vmem.numFreeRegions(), 2u);
  vmem.free(b);
  EXPECT_EQ(vmem.numFreeRegions(), 1u);
  EXPECT_EQ(vmem.largestFreeRegion(), 16 * kPage);
  EXPECT_EQ(vmem.peakBytesInUse(), 4 * kPage);
}

TEST(VmemAllocator, CompactKeepsPersistentAtTheTop) {
  VmemAllocator vmem(AllocPolicy::Compact, 16 * kPage);
  VmemBuffer scratch = take(vmem, kPage);
  VmemBuffer persistent = take(vmem, 2 * kPage, Placement::Persistent);
  VmemBuffer scratch2 = take(vmem, kPage);
  EXPECT_EQ(scratch.addr, 0u);
  EXPECT_EQ(persistent.addr, 14 * kPage);
  EXPECT_EQ(scratch2.addr, kPage);
  vmem.free(scratch);
  vmem.free(scratch2);
  // The scratch holes merged: all free space is one region.
  EXPECT_EQ(vmem.largestFreeRegion(), 14 * kPage);
}

TEST(VmemAllocator, FragmentingInterleavesAndStrandsSpace) {
  VmemAllocator vmem(AllocPolicy::Fragmenting, 16 * kPage);
  VmemBuffer scratch = take(vmem, kPage);
  VmemBuffer persistent = take(vmem, 2 * kPage, Placement::Persistent);
  EXPECT_EQ(scratch.addr, 0u);
  EXPECT_EQ(persistent.addr, kPage);
  vmem.free(scratch);
  // The rover goes on past the hole.
  VmemBuffer next = take(vmem, kPage);
  EXPECT_EQ(next.addr, 3 * kPage);
  EXPECT_EQ(vmem.numFreeRegions(), 2u);
  EXPECT_EQ(vmem.maxStrandedBytes(), kPage);
  // Wrapping around reuses the hole at the bottom.
  VmemBuffer big = take(vmem, 12 * kPage);
  EXPECT_EQ(big.addr, 4 * kPage);
  VmemBuffer wrapped = take(vmem, kPage);
  EXPECT_EQ(wrapped.addr, 0u);
}

TEST(VmemAllocator, FullNamesTheBuffer) {
  VmemAllocator vmem(AllocPolicy::Compact, 4 * kPage);
  take(vmem, 3 * kPage);
  llvm::Expected<VmemBuffer> buffer = vmem.allocate(2 * kPage, "weights");
  ASSERT_FALSE(bool(buffer));
  EXPECT_EQ(llvm::toString(buffer.takeError()),
            "VMEM is full: weights needs 1024 bytes but the largest free "
            "region is 512 bytes (1536 of 2048 bytes in use)");
}

TEST(HbmLayout, AlignedAndBelowFourGiB) {
  HbmLayout hbm;
  llvm::Expected<HbmRegion> a = hbm.reserve("a", HbmKind::Weights, 100);
  llvm::Expected<HbmRegion> b = hbm.reserve("b", HbmKind::KvCache, 5000);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->addr, HbmLayout::kFirstAddress);
  EXPECT_EQ(b->addr, HbmLayout::kFirstAddress + HbmLayout::kAlignment);
  EXPECT_EQ(hbm.bytesOf(HbmKind::Weights), 100u);
  llvm::Expected<HbmRegion> huge =
      hbm.reserve("huge", HbmKind::Weights, uint64_t(4) << 30);
  ASSERT_FALSE(bool(huge));
  EXPECT_NE(llvm::toString(huge.takeError()).find("'huge'"), std::string::npos);
}

TEST(InitialData, SplitMix64IsFixed) {
  // The reference sequence for seed 0 (Vigna's splitmix64.c).
  SplitMix64 rng(0);
  EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ull);
}

TEST(InitialData, WeightBytesKeepDotProductsSmall) {
  for (unsigned k : {16u, 64u, 256u, 1024u, 4096u}) {
    for (bool negative : {false, true}) {
      uint8_t byte = weightByte(k, negative);
      float value = splatByteValue(byte);
      EXPECT_EQ(value < 0.0f, negative);
      EXPECT_LE(double(k) * std::fabs(value), 1.5);
      // The next larger byte would exceed the bound.
      EXPECT_GT(double(k) * std::fabs(splatByteValue(uint8_t(byte + 1))), 1.5);
    }
  }
}

} // namespace
