//===- ArchState.cpp - Architectural state of the accelerator -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/ArchState.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <set>

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::sim;

//===----------------------------------------------------------------------===//
// SparseMemory
//===----------------------------------------------------------------------===//

SparseMemory::Page *SparseMemory::findPage(uint64_t pageIndex) const {
  if (pageIndex == cachedIndex)
    return cachedPage;
  auto it = pages.find(pageIndex);
  if (it == pages.end())
    return nullptr;
  cachedIndex = pageIndex;
  cachedPage = it->second.get();
  return cachedPage;
}

SparseMemory::Page &SparseMemory::getOrCreatePage(uint64_t pageIndex) {
  if (Page *page = findPage(pageIndex))
    return *page;
  auto &slot = pages[pageIndex];
  slot = std::make_unique<Page>();
  slot->fill(0);
  cachedIndex = pageIndex;
  cachedPage = slot.get();
  return *slot;
}

void SparseMemory::read(uint64_t addr,
                        llvm::MutableArrayRef<uint8_t> out) const {
  assert(contains(addr, out.size()) && "read outside the memory");
  size_t done = 0;
  while (done < out.size()) {
    uint64_t at = addr + done;
    uint64_t offset = at % kPageBytes;
    size_t n = std::min<uint64_t>(kPageBytes - offset, out.size() - done);
    if (const Page *page = findPage(at / kPageBytes))
      std::memcpy(out.data() + done, page->data() + offset, n);
    else
      std::memset(out.data() + done, 0, n);
    done += n;
  }
}

void SparseMemory::write(uint64_t addr, llvm::ArrayRef<uint8_t> bytes) {
  assert(contains(addr, bytes.size()) && "write outside the memory");
  size_t done = 0;
  while (done < bytes.size()) {
    uint64_t at = addr + done;
    uint64_t offset = at % kPageBytes;
    size_t n = std::min<uint64_t>(kPageBytes - offset, bytes.size() - done);
    Page &page = getOrCreatePage(at / kPageBytes);
    std::memcpy(page.data() + offset, bytes.data() + done, n);
    done += n;
  }
}

void SparseMemory::copy(uint64_t dst, const SparseMemory &source,
                        uint64_t src, uint64_t bytes) {
  // Piece by piece, each within one source and one destination page: a
  // source page never written reads as zeros, so it costs nothing where the
  // destination page was never written either (a 64 MiB DMA of untouched
  // memory allocates nothing). Overlapping ranges in one memory are copied
  // as memmove does, from the end when the destination is above the
  // source, so they behave as a copy of the source taken before the write
  // (a bounce buffer of the whole size per DMA made 9,000 DMAs of 64 MiB
  // take minutes).
  auto piece = [&](uint64_t from, uint64_t to, uint64_t n) {
    if (const Page *page = source.findPage(from / kPageBytes))
      std::memmove(getOrCreatePage(to / kPageBytes).data() + to % kPageBytes,
                   page->data() + from % kPageBytes, n);
    else if (Page *target = findPage(to / kPageBytes))
      std::memset(target->data() + to % kPageBytes, 0, n);
  };
  bool backwards = &source == this && dst > src && dst < src + bytes;
  if (!backwards) {
    for (uint64_t done = 0; done < bytes;) {
      uint64_t from = src + done, to = dst + done;
      uint64_t n = std::min({kPageBytes - from % kPageBytes,
                             kPageBytes - to % kPageBytes, bytes - done});
      piece(from, to, n);
      done += n;
    }
    return;
  }
  for (uint64_t left = bytes; left > 0;) {
    uint64_t fromEnd = src + left, toEnd = dst + left;
    uint64_t n = std::min({fromEnd % kPageBytes ? fromEnd % kPageBytes
                                                : kPageBytes,
                           toEnd % kPageBytes ? toEnd % kPageBytes : kPageBytes,
                           left});
    left -= n;
    piece(src + left, dst + left, n);
  }
}

uint64_t SparseMemory::writtenBytesIn(uint64_t addr, uint64_t bytes) const {
  if (bytes == 0)
    return 0;
  uint64_t first = addr / kPageBytes, last = (addr + bytes - 1) / kPageBytes;
  auto overlap = [&](uint64_t index) {
    uint64_t begin = std::max(addr, index * kPageBytes);
    uint64_t end = std::min(addr + bytes, (index + 1) * kPageBytes);
    return end - begin;
  };
  uint64_t written = 0;
  // Whichever is fewer: the range's pages or the pages there are.
  if (last - first + 1 <= pages.size()) {
    for (uint64_t index = first; index <= last; ++index)
      if (findPage(index))
        written += overlap(index);
  } else {
    for (const auto &entry : pages)
      if (entry.first >= first && entry.first <= last)
        written += overlap(entry.first);
  }
  return written;
}

std::vector<uint64_t> SparseMemory::sortedPageIndices() const {
  std::vector<uint64_t> indices;
  indices.reserve(pages.size());
  for (const auto &entry : pages)
    indices.push_back(entry.first);
  std::sort(indices.begin(), indices.end());
  return indices;
}

void SparseMemory::forEachPage(
    llvm::function_ref<void(uint64_t, llvm::ArrayRef<uint8_t>)> fn) const {
  for (uint64_t index : sortedPageIndices()) {
    const Page &page = *pages.find(index)->second;
    fn(index * kPageBytes, llvm::ArrayRef<uint8_t>(page.data(), page.size()));
  }
}

bool SparseMemory::contentEquals(const SparseMemory &other) const {
  static const Page kZero{};
  auto pageOf = [](const SparseMemory &memory, uint64_t index) {
    const Page *page = memory.findPage(index);
    return page ? page : &kZero;
  };
  for (const auto &entry : pages)
    if (*entry.second != *pageOf(other, entry.first))
      return false;
  for (const auto &entry : other.pages)
    if (*entry.second != *pageOf(*this, entry.first))
      return false;
  return true;
}

std::optional<uint64_t>
SparseMemory::firstDifference(const SparseMemory &other) const {
  static const Page kZero{};
  std::vector<uint64_t> indices = sortedPageIndices();
  std::vector<uint64_t> theirs = other.sortedPageIndices();
  indices.insert(indices.end(), theirs.begin(), theirs.end());
  std::sort(indices.begin(), indices.end());
  for (uint64_t index : indices) {
    const Page *a = findPage(index), *b = other.findPage(index);
    a = a ? a : &kZero;
    b = b ? b : &kZero;
    for (size_t i = 0; i < kPageBytes; ++i)
      if ((*a)[i] != (*b)[i])
        return index * kPageBytes + i;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// ArchState
//===----------------------------------------------------------------------===//

ArchState::ArchState(const MemorySizes &sizes)
    : sizes(sizes), smem(sizes.smem), vmem(sizes.vmem), hbm(sizes.hbm) {}

SparseMemory &ArchState::memory(arch::MemSpace space, unsigned chip) {
  switch (space) {
  case arch::MemSpace::SMem:
    return smem;
  case arch::MemSpace::VMem:
    return vmem;
  case arch::MemSpace::Hbm:
    return hbm;
  case arch::MemSpace::RemoteHbm:
    break;
  }
  auto it = remoteHbm.find(chip);
  if (it == remoteHbm.end())
    it = remoteHbm.emplace(chip, SparseMemory(sizes.remoteHbm)).first;
  return it->second;
}

const SparseMemory *ArchState::findMemory(arch::MemSpace space,
                                          unsigned chip) const {
  switch (space) {
  case arch::MemSpace::SMem:
    return &smem;
  case arch::MemSpace::VMem:
    return &vmem;
  case arch::MemSpace::Hbm:
    return &hbm;
  case arch::MemSpace::RemoteHbm:
    break;
  }
  auto it = remoteHbm.find(chip);
  return it == remoteHbm.end() ? nullptr : &it->second;
}

int64_t ArchState::readScalarLike(arch::Reg reg) const {
  switch (reg.cls) {
  case arch::RegClass::Scalar:
    return scalar[reg.index];
  case arch::RegClass::Pred:
    return pred[reg.index];
  case arch::RegClass::Flag:
    return flag[reg.index];
  default:
    assert(false && "not a scalar-like register");
    return 0;
  }
}

void ArchState::writeScalarLike(arch::Reg reg, int64_t value) {
  switch (reg.cls) {
  case arch::RegClass::Scalar:
    scalar[reg.index] = int32_t(value);
    return;
  case arch::RegClass::Pred:
    pred[reg.index] = value != 0;
    return;
  case arch::RegClass::Flag:
    flag[reg.index] = int32_t(value);
    return;
  default:
    assert(false && "not a scalar-like register");
  }
}

const Vector &ArchState::readVectorLike(arch::Reg reg) const {
  switch (reg.cls) {
  case arch::RegClass::Vector:
    return vector[reg.index];
  case arch::RegClass::MxuWeight:
    return weight[reg.index];
  case arch::RegClass::MxuResult:
    return result[reg.index];
  default:
    assert(false && "not a vector-like register");
    return vector[0];
  }
}

void ArchState::writeVectorLike(arch::Reg reg, const Vector &lanes) {
  switch (reg.cls) {
  case arch::RegClass::Vector:
    vector[reg.index] = lanes;
    return;
  case arch::RegClass::MxuWeight:
    weight[reg.index] = lanes;
    return;
  case arch::RegClass::MxuResult:
    result[reg.index] = lanes;
    return;
  default:
    assert(false && "not a vector-like register");
  }
}

std::string snr::sim::describeFirstDifference(const ArchState &a,
                                              const ArchState &b) {
  for (unsigned c = 0; c < arch::kNumRegClasses; ++c) {
    auto cls = arch::RegClass(c);
    for (unsigned i = 0; i < arch::getNumRegs(cls); ++i) {
      arch::Reg reg{cls, uint8_t(i)};
      if (!arch::holdsLanes(cls)) {
        int64_t x = a.readScalarLike(reg), y = b.readScalarLike(reg);
        if (x != y)
          return llvm::formatv("{0}: {1} vs {2}", arch::formatReg(reg), x, y)
              .str();
        continue;
      }
      const Vector &x = a.readVectorLike(reg), &y = b.readVectorLike(reg);
      // Lanes compare as bits: NaN equals itself, -0.0 is not +0.0.
      for (unsigned lane = 0; lane < arch::kVectorLanes; ++lane) {
        uint32_t bx, by;
        std::memcpy(&bx, &x[lane], sizeof(bx));
        std::memcpy(&by, &y[lane], sizeof(by));
        if (bx != by)
          return llvm::formatv("{0} lane {1}: {2} ({3:x8}) vs {4} ({5:x8})",
                               arch::formatReg(reg), lane,
                               llvm::format("%g", double(x[lane])), bx,
                               llvm::format("%g", double(y[lane])), by)
              .str();
      }
    }
  }
  if (a.halted != b.halted)
    return llvm::formatv("halted: {0} vs {1}", a.halted, b.halted).str();

  auto compare = [](const SparseMemory *x, const SparseMemory *y,
                    llvm::StringRef name) -> std::string {
    static const SparseMemory kEmpty;
    const SparseMemory &mx = x ? *x : kEmpty, &my = y ? *y : kEmpty;
    std::optional<uint64_t> at = mx.firstDifference(my);
    if (!at)
      return {};
    uint8_t bx = 0, by = 0;
    if (mx.contains(*at, 1))
      mx.read(*at, llvm::MutableArrayRef<uint8_t>(&bx, 1));
    if (my.contains(*at, 1))
      my.read(*at, llvm::MutableArrayRef<uint8_t>(&by, 1));
    return llvm::formatv("{0}[{1}]: 0x{2:x-2} vs 0x{3:x-2}", name, *at,
                         unsigned(bx), unsigned(by))
        .str();
  };
  for (auto space : {arch::MemSpace::SMem, arch::MemSpace::VMem,
                     arch::MemSpace::Hbm})
    if (std::string d = compare(a.findMemory(space), b.findMemory(space),
                                arch::getMemSpaceName(space));
        !d.empty())
      return d;
  std::set<unsigned> chips;
  for (const auto &entry : a.remoteHbm)
    chips.insert(entry.first);
  for (const auto &entry : b.remoteHbm)
    chips.insert(entry.first);
  for (unsigned chip : chips)
    if (std::string d =
            compare(a.findMemory(arch::MemSpace::RemoteHbm, chip),
                    b.findMemory(arch::MemSpace::RemoteHbm, chip),
                    ("rhbm<" + std::to_string(chip) + ">"));
        !d.empty())
      return d;
  return {};
}
