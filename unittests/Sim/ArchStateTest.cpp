//===- ArchStateTest.cpp - Unit tests of SparseMemory and ArchState -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// SparseMemory (include/SnR/Sim/ArchState.h) is the memory of the functional
// core, the reference target and replay, and the rewrite check compares two
// of them: unwritten bytes read as zero, accesses cross 4 KiB pages, copies
// are deep and overlapping copies read the source first, and comparisons
// treat an unallocated page like a page of zeros.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/ArchState.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace snr;
using namespace snr::sim;

namespace {

constexpr uint64_t kPage = SparseMemory::kPageBytes;

std::vector<uint8_t> readBytes(const SparseMemory &memory, uint64_t addr,
                               size_t n) {
  std::vector<uint8_t> bytes(n);
  memory.read(addr, bytes);
  return bytes;
}

/// The bytes 0, 1, ..., n - 1 plus `bias` (mod 256).
std::vector<uint8_t> pattern(size_t n, unsigned bias = 0) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i)
    bytes[i] = uint8_t(i + bias);
  return bytes;
}

std::vector<uint64_t> pageAddresses(const SparseMemory &memory) {
  std::vector<uint64_t> addrs;
  memory.forEachPage([&](uint64_t addr, llvm::ArrayRef<uint8_t> bytes) {
    EXPECT_EQ(bytes.size(), kPage);
    addrs.push_back(addr);
  });
  return addrs;
}

//===----------------------------------------------------------------------===//
// SparseMemory
//===----------------------------------------------------------------------===//

TEST(SparseMemory, UnwrittenBytesReadAsZero) {
  SparseMemory memory(1 << 20);
  EXPECT_EQ(memory.size(), uint64_t(1 << 20));
  EXPECT_EQ(readBytes(memory, 12345, 16), std::vector<uint8_t>(16, 0));
  EXPECT_EQ(readBytes(memory, (1 << 20) - 3, 3), std::vector<uint8_t>(3, 0));
  // Reading allocates nothing.
  EXPECT_TRUE(pageAddresses(memory).empty());
}

TEST(SparseMemory, Contains) {
  SparseMemory memory(8192);
  EXPECT_TRUE(memory.contains(0, 8192));
  EXPECT_TRUE(memory.contains(8188, 4));
  EXPECT_FALSE(memory.contains(8189, 4));
  EXPECT_TRUE(memory.contains(8192, 0));
  EXPECT_FALSE(memory.contains(8193, 0));
  EXPECT_FALSE(memory.contains(0, 8193));
  // No wrap-around in addr + bytes.
  EXPECT_FALSE(memory.contains(UINT64_MAX, 2));
  EXPECT_FALSE(memory.contains(2, UINT64_MAX));
}

TEST(SparseMemory, ReadAndWriteAcrossPages) {
  SparseMemory memory(1 << 20);
  memory.write(kPage - 4, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(pageAddresses(memory), (std::vector<uint64_t>{0, kPage}));
  EXPECT_EQ(readBytes(memory, kPage - 4, 8),
            (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(readBytes(memory, kPage - 6, 12),
            (std::vector<uint8_t>{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0}));
  // A write over three pages, read back in one piece and in pieces.
  memory.write(100, pattern(10000, 3));
  EXPECT_EQ(readBytes(memory, 100, 10000), pattern(10000, 3));
  EXPECT_EQ(readBytes(memory, kPage, 1), std::vector<uint8_t>{uint8_t(
                                              kPage - 100 + 3)});
  EXPECT_EQ(pageAddresses(memory),
            (std::vector<uint64_t>{0, kPage, 2 * kPage}));
}

TEST(SparseMemory, ForEachPageIsInAddressOrder) {
  SparseMemory memory(1 << 20);
  memory.write(5 * kPage + 7, {1});
  memory.write(1 * kPage, {2});
  memory.write(3 * kPage + kPage - 1, {3});
  EXPECT_EQ(pageAddresses(memory),
            (std::vector<uint64_t>{kPage, 3 * kPage, 5 * kPage}));
}

TEST(SparseMemory, CopyWithOverlappingRanges) {
  SparseMemory memory(1 << 20);
  // Forward: the destination starts inside the source, across a page.
  memory.write(kPage - 100, pattern(200));
  memory.copy(kPage - 50, memory, kPage - 100, 200);
  EXPECT_EQ(readBytes(memory, kPage - 100, 50), pattern(50));
  EXPECT_EQ(readBytes(memory, kPage - 50, 200), pattern(200));

  // Backward: the source starts inside the destination.
  SparseMemory other(1 << 20);
  other.write(kPage - 100, pattern(200));
  other.copy(kPage - 150, other, kPage - 100, 200);
  EXPECT_EQ(readBytes(other, kPage - 150, 200), pattern(200));
  EXPECT_EQ(readBytes(other, kPage + 50, 50), pattern(50, 150));

  // Onto itself: nothing changes.
  other.copy(kPage - 150, other, kPage - 150, 200);
  EXPECT_EQ(readBytes(other, kPage - 150, 200), pattern(200));
}

// Overlapping copies of many pages, in both directions and at offsets that
// are not page multiples, against memmove of the same bytes: a copy of the
// whole source per DMA (a bounce buffer) is no longer needed to get it
// right, so a 64 MiB DMA onto itself costs its pages, not 64 MiB more.
TEST(SparseMemory, OverlappingCopiesMatchMemmove) {
  for (int64_t shift : {int64_t(kPage), int64_t(-kPage), int64_t(96),
                        int64_t(-96), int64_t(3 * kPage + 32),
                        int64_t(-(3 * kPage + 32))}) {
    const uint64_t size = 16 * kPage, base = 8 * kPage;
    SparseMemory memory(1 << 20);
    std::vector<uint8_t> reference(1 << 20, 0);
    // Data in every other page of the source: the others read as zeros.
    for (uint64_t page = 0; page < 16; page += 2) {
      std::vector<uint8_t> bytes = pattern(kPage, page * 7);
      memory.write(base + page * kPage, bytes);
      std::copy(bytes.begin(), bytes.end(),
                reference.begin() + base + page * kPage);
    }
    uint64_t dst = uint64_t(int64_t(base) + shift);
    memory.copy(dst, memory, base, size);
    std::memmove(reference.data() + dst, reference.data() + base, size);
    EXPECT_EQ(readBytes(memory, 0, 1 << 20), reference) << "shift " << shift;
  }
}

// What --max-dma-bytes counts: the bytes of a range in pages ever written.
// Pages 2 and 5 written (one byte each); [kPage + 100, 6 kPage - 50) covers
// all of page 2 (kPage bytes) and page 5 up to 50 bytes before its end
// (kPage - 50): 2 kPage - 50. Both ways of counting (by the range's pages,
// by the memory's pages) agree; an empty or never-written range costs 0.
TEST(SparseMemory, WrittenBytesIn) {
  SparseMemory memory(1 << 30);
  memory.write(2 * kPage + 7, pattern(1));
  memory.write(5 * kPage, pattern(1));
  EXPECT_EQ(memory.writtenBytesIn(kPage + 100, 5 * kPage - 150),
            2 * kPage - 50);
  EXPECT_EQ(memory.writtenBytesIn(0, uint64_t(1) << 29), 2 * kPage);
  EXPECT_EQ(memory.writtenBytesIn(2 * kPage + 10, 0), 0u);
  EXPECT_EQ(memory.writtenBytesIn(6 * kPage, 100 * kPage), 0u);
}

TEST(SparseMemory, CopyFromAnotherMemory) {
  SparseMemory from(1 << 20), to(1 << 16);
  from.write(3 * kPage + 10, pattern(64, 1));
  to.write(0, std::vector<uint8_t>(128, 0xEE));
  to.copy(32, from, 3 * kPage, 96); // 10 zeros, 64 bytes, 22 zeros
  std::vector<uint8_t> expected(32, 0xEE);
  expected.resize(42, 0);
  std::vector<uint8_t> data = pattern(64, 1);
  expected.insert(expected.end(), data.begin(), data.end());
  expected.resize(128, 0);
  EXPECT_EQ(readBytes(to, 0, 128), expected);
  // The source is left as it was.
  EXPECT_EQ(pageAddresses(from), std::vector<uint64_t>{3 * kPage});
}

// A DMA of 64 MiB of memory never written costs nothing: 1,000 of them took
// a minute when every copy went through a bounce buffer.
TEST(SparseMemory, CopyOfUnwrittenMemoryAllocatesNothing) {
  SparseMemory hbm(uint64_t(1) << 32);
  hbm.copy(uint64_t(1) << 30, hbm, 0, uint64_t(64) << 20);
  EXPECT_TRUE(pageAddresses(hbm).empty());
  // Written bytes are copied, unaligned; unwritten source bytes clear the
  // destination's.
  hbm.write(kPage - 8, pattern(16, 1));
  hbm.write(3 * kPage, pattern(kPage, 7));
  hbm.copy(10 * kPage + 3, hbm, kPage - 8, 16);
  EXPECT_EQ(readBytes(hbm, 10 * kPage + 3, 16), pattern(16, 1));
  hbm.copy(3 * kPage + 100, hbm, 20 * kPage, 50);
  std::vector<uint8_t> expected = pattern(kPage, 7);
  std::fill(expected.begin() + 100, expected.begin() + 150, 0);
  EXPECT_EQ(readBytes(hbm, 3 * kPage, kPage), expected);
  EXPECT_EQ(pageAddresses(hbm),
            (std::vector<uint64_t>{0, kPage, 3 * kPage, 10 * kPage}));
}

TEST(SparseMemory, ContentEqualsTreatsUnallocatedPagesAsZeros) {
  SparseMemory a(1 << 20), b(1 << 20);
  EXPECT_TRUE(a.contentEquals(b));
  // A page of written zeros equals no page at all, both ways round.
  a.write(2 * kPage, std::vector<uint8_t>(16, 0));
  EXPECT_TRUE(a.contentEquals(b));
  EXPECT_TRUE(b.contentEquals(a));
  // One byte differs: in a page only one side has.
  a.write(2 * kPage + 5, {1});
  EXPECT_FALSE(a.contentEquals(b));
  EXPECT_FALSE(b.contentEquals(a));
  // The same bytes, with different pages allocated.
  b.write(2 * kPage + 5, {1});
  b.write(7 * kPage, {0});
  EXPECT_TRUE(a.contentEquals(b));
  EXPECT_TRUE(b.contentEquals(a));
  // A difference in a page both sides have.
  b.write(2 * kPage + 4095, {9});
  EXPECT_FALSE(a.contentEquals(b));
  EXPECT_FALSE(b.contentEquals(a));
}

TEST(SparseMemory, FirstDifference) {
  SparseMemory a(1 << 20), b(1 << 20);
  EXPECT_EQ(a.firstDifference(b), std::nullopt);
  a.write(9000, {1});
  b.write(0, std::vector<uint8_t>(64, 0)); // zeros: no difference
  EXPECT_EQ(a.firstDifference(b), 9000u);
  EXPECT_EQ(b.firstDifference(a), 9000u);
  // The lowest difference wins, whichever side allocated its page.
  b.write(5000, {2});
  EXPECT_EQ(a.firstDifference(b), 5000u);
  EXPECT_EQ(b.firstDifference(a), 5000u);
  b.write(40, {3});
  EXPECT_EQ(a.firstDifference(b), 40u);
  // Made equal again.
  a.write(40, {3});
  a.write(5000, {2});
  b.write(9000, {1});
  EXPECT_EQ(a.firstDifference(b), std::nullopt);
  EXPECT_TRUE(a.contentEquals(b));
}

TEST(SparseMemory, CopyConstructionIsDeep) {
  SparseMemory original(1 << 20);
  original.write(100, {1, 2, 3});
  // Leave the original's one-page lookup cache on the page we modify.
  EXPECT_EQ(readBytes(original, 100, 3), (std::vector<uint8_t>{1, 2, 3}));

  SparseMemory copy(original);
  EXPECT_EQ(copy.size(), original.size());
  EXPECT_TRUE(copy.contentEquals(original));
  copy.write(101, {42});
  copy.write(3 * kPage, {7});
  EXPECT_EQ(readBytes(original, 100, 3), (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(readBytes(copy, 100, 3), (std::vector<uint8_t>{1, 42, 3}));
  EXPECT_EQ(pageAddresses(original), std::vector<uint64_t>{0});

  // The same for the original written after the copy.
  original.write(102, {99});
  EXPECT_EQ(readBytes(copy, 102, 1), std::vector<uint8_t>{3});
}

TEST(SparseMemory, CopyAssignmentIsDeep) {
  SparseMemory a(1 << 20), b(1 << 10);
  a.write(0, {5});
  b.write(8, {6});
  b = a;
  EXPECT_EQ(b.size(), uint64_t(1 << 20));
  EXPECT_EQ(readBytes(b, 0, 1), std::vector<uint8_t>{5});
  EXPECT_EQ(readBytes(b, 8, 1), std::vector<uint8_t>{0}); // old contents gone
  b.write(0, {6});
  EXPECT_EQ(readBytes(a, 0, 1), std::vector<uint8_t>{5});
  // Self-assignment keeps the contents.
  SparseMemory &alias = a;
  a = alias;
  EXPECT_EQ(readBytes(a, 0, 1), std::vector<uint8_t>{5});
}

TEST(SparseMemory, MoveTakesThePages) {
  SparseMemory a(1 << 20);
  a.write(kPage + 1, {8});
  EXPECT_EQ(readBytes(a, kPage + 1, 1), std::vector<uint8_t>{8});
  SparseMemory b(std::move(a));
  EXPECT_EQ(readBytes(b, kPage + 1, 1), std::vector<uint8_t>{8});
  b.write(kPage + 1, {9});
  EXPECT_EQ(readBytes(b, kPage + 1, 1), std::vector<uint8_t>{9});
}

//===----------------------------------------------------------------------===//
// ArchState
//===----------------------------------------------------------------------===//

TEST(ArchState, DefaultSizes) {
  ArchState state;
  EXPECT_EQ(state.smem.size(), 16u * 1024);
  EXPECT_EQ(state.vmem.size(), 128u * 256 * 512);
  EXPECT_EQ(state.vmem.size(), 16u << 20);
  EXPECT_EQ(state.hbm.size(), 16ull << 30);
  EXPECT_EQ(state.sizes.size(arch::MemSpace::RemoteHbm), 16ull << 30);
  EXPECT_EQ(state.pc, 0u);
  EXPECT_FALSE(state.halted);
}

TEST(ArchState, RemoteHbmIsCreatedOnFirstUse) {
  MemorySizes sizes;
  sizes.remoteHbm = 1 << 20;
  ArchState state(sizes);
  EXPECT_EQ(state.findMemory(arch::MemSpace::RemoteHbm, 2), nullptr);
  SparseMemory &remote = state.memory(arch::MemSpace::RemoteHbm, 2);
  EXPECT_EQ(remote.size(), uint64_t(1 << 20));
  remote.write(0, {1});
  EXPECT_EQ(state.findMemory(arch::MemSpace::RemoteHbm, 2), &remote);
  EXPECT_EQ(state.findMemory(arch::MemSpace::RemoteHbm, 3), nullptr);
  // Each chip has its own memory, distinct from this chip's HBM.
  EXPECT_EQ(readBytes(state.memory(arch::MemSpace::RemoteHbm, 3), 0, 1),
            std::vector<uint8_t>{0});
  EXPECT_EQ(readBytes(state.hbm, 0, 1), std::vector<uint8_t>{0});
  EXPECT_EQ(&state.memory(arch::MemSpace::Hbm, 2), &state.hbm);
}

TEST(ArchState, RegistersByName) {
  ArchState state;
  state.writeScalarLike({arch::RegClass::Scalar, 3}, 4294967295);
  EXPECT_EQ(state.scalar[3], -1);
  EXPECT_EQ(state.readScalarLike({arch::RegClass::Scalar, 3}), -1);
  state.writeScalarLike({arch::RegClass::Pred, 7}, 1);
  EXPECT_TRUE(state.pred[7]);
  EXPECT_EQ(state.readScalarLike({arch::RegClass::Pred, 7}), 1);
  state.writeScalarLike({arch::RegClass::Flag, 15}, 2);
  EXPECT_EQ(state.flag[15], 2);
  Vector lanes;
  for (unsigned i = 0; i < 16; ++i)
    lanes[i] = float(i) * 0.5f;
  state.writeVectorLike({arch::RegClass::Vector, 31}, lanes);
  state.writeVectorLike({arch::RegClass::MxuWeight, 15}, lanes);
  state.writeVectorLike({arch::RegClass::MxuResult, 0}, lanes);
  EXPECT_EQ(state.vector[31], lanes);
  EXPECT_EQ(state.weight[15], lanes);
  EXPECT_EQ(state.result[0], lanes);
  EXPECT_EQ(state.readVectorLike({arch::RegClass::MxuWeight, 15}), lanes);
}

} // namespace
