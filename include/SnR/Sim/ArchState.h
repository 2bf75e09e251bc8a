//===- ArchState.h - Architectural state of the accelerator -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Registers and memories of one chip plus the HBM of the remote chips it can
// reach. MLIR-free; the functional core executes instructions on it, the
// reference target exposes it through the step-debugger interface, replay
// starts it from a trace's snapshot, and the rewrite compares two of them.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_ARCHSTATE_H
#define SNR_SIM_ARCHSTATE_H

#include "SnR/Arch/ISA.h"
#include "SnR/Arch/Values.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace snr::sim {

using Vector = arch::Vector;
using MemorySizes = arch::MemorySizes;

/// A byte-addressed memory of a fixed size whose pages are allocated on first
/// write; bytes never written read as zero. Copying copies the contents.
class SparseMemory {
public:
  static constexpr uint64_t kPageBytes = 4096;
  using Page = std::array<uint8_t, kPageBytes>;

  explicit SparseMemory(uint64_t size = 0) : sizeBytes(size) {}
  SparseMemory(const SparseMemory &other) { *this = other; }
  SparseMemory &operator=(const SparseMemory &other) {
    if (this == &other)
      return *this;
    sizeBytes = other.sizeBytes;
    pages.clear();
    for (const auto &entry : other.pages)
      pages[entry.first] = std::make_unique<Page>(*entry.second);
    cachedIndex = ~uint64_t(0);
    cachedPage = nullptr;
    return *this;
  }
  SparseMemory(SparseMemory &&other) { *this = std::move(other); }
  SparseMemory &operator=(SparseMemory &&other) {
    sizeBytes = other.sizeBytes;
    pages = std::move(other.pages);
    cachedIndex = other.cachedIndex;
    cachedPage = other.cachedPage;
    other.pages.clear();
    other.cachedIndex = ~uint64_t(0);
    other.cachedPage = nullptr;
    return *this;
  }

  uint64_t size() const { return sizeBytes; }
  /// True if [addr, addr + bytes) lies inside the memory.
  bool contains(uint64_t addr, uint64_t bytes) const {
    return addr <= sizeBytes && bytes <= sizeBytes - addr;
  }
  /// Both require contains(addr, size).
  void read(uint64_t addr, llvm::MutableArrayRef<uint8_t> out) const;
  void write(uint64_t addr, llvm::ArrayRef<uint8_t> bytes);
  /// Copies `bytes` from `source` at `src` to this memory at `dst`; the
  /// source is read whole before anything is written.
  void copy(uint64_t dst, const SparseMemory &source, uint64_t src,
            uint64_t bytes);
  /// The bytes of [addr, addr + bytes) in pages ever written (what a copy
  /// from or onto them costs; the rest reads as zeros for free).
  uint64_t writtenBytesIn(uint64_t addr, uint64_t bytes) const;
  /// Visits every allocated page in increasing address order.
  void forEachPage(
      llvm::function_ref<void(uint64_t addr, llvm::ArrayRef<uint8_t>)> fn)
      const;
  /// Same contents (unallocated pages count as zeros).
  bool contentEquals(const SparseMemory &other) const;
  /// The lowest address whose byte differs, if any.
  std::optional<uint64_t> firstDifference(const SparseMemory &other) const;

private:
  Page *findPage(uint64_t pageIndex) const;
  Page &getOrCreatePage(uint64_t pageIndex);
  std::vector<uint64_t> sortedPageIndices() const;

  uint64_t sizeBytes = 0;
  llvm::DenseMap<uint64_t, std::unique_ptr<Page>> pages;
  /// The page last looked up: accesses cluster.
  mutable uint64_t cachedIndex = ~uint64_t(0);
  mutable Page *cachedPage = nullptr;
};

struct ArchState {
  explicit ArchState(const MemorySizes &sizes = {});

  std::array<int32_t, 32> scalar{};
  std::array<bool, 8> pred{};
  std::array<Vector, 32> vector{};
  std::array<int32_t, 16> flag{};
  std::array<Vector, arch::kMxuRows> weight{};
  std::array<Vector, arch::kMxuResultSlots> result{};

  MemorySizes sizes;
  SparseMemory smem, vmem, hbm;
  /// Remote HBM by chip, created on first use.
  std::map<unsigned, SparseMemory> remoteHbm;

  uint64_t pc = 0;
  bool halted = false;
  /// Bytes of written memory the DMAs executed on this state have copied
  /// from or onto, together (not architectural: bounded by --max-dma-bytes,
  /// and not compared).
  uint64_t dmaBytes = 0;

  SparseMemory &memory(arch::MemSpace space, unsigned chip = 0);
  /// Null for a remote chip never touched.
  const SparseMemory *findMemory(arch::MemSpace space, unsigned chip = 0) const;

  /// Register access by name, for the debugger interface and snapshots.
  /// Scalar, predicate and flag registers use `value`; the others `lanes`.
  int64_t readScalarLike(arch::Reg reg) const;
  void writeScalarLike(arch::Reg reg, int64_t value);
  const Vector &readVectorLike(arch::Reg reg) const;
  void writeVectorLike(arch::Reg reg, const Vector &lanes);
};

/// The first difference between two states, in a fixed order (registers by
/// class and index, then memories by space, chip and address), as "s3: 5
/// vs 7" or "hbm[4096]: 0x01 vs 0x00"; empty if every register, flag and
/// memory byte is the same. The PC is not compared: a reordered trace ends
/// at another instruction with the same result.
std::string describeFirstDifference(const ArchState &a, const ArchState &b);

} // namespace snr::sim

#endif // SNR_SIM_ARCHSTATE_H
