//===- ArchState.cpp - Architectural state of the accelerator -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/ArchState.h"

#include <algorithm>
#include <cassert>
#include <cstring>

using namespace snr;
using namespace snr::sim;

uint64_t MemorySizes::size(arch::MemSpace space) const {
  switch (space) {
  case arch::MemSpace::SMem:
    return smem;
  case arch::MemSpace::VMem:
    return vmem;
  case arch::MemSpace::Hbm:
    return hbm;
  case arch::MemSpace::RemoteHbm:
    return remoteHbm;
  }
  return 0;
}

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
  // Through a bounce buffer so overlapping ranges in one memory behave as a
  // copy of the source taken before the write.
  std::vector<uint8_t> buffer(bytes);
  source.read(src, buffer);
  write(dst, buffer);
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
