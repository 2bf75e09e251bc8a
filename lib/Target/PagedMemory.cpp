//===- PagedMemory.cpp - Sparse memory that knows what is set -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/PagedMemory.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

using namespace snr::target;

struct PagedMemory::Page {
  uint8_t data[kPageSize] = {};
  /// Bit i: byte i is known.
  uint64_t known[kPageSize / 64] = {};
  bool allKnown = false;

  bool isKnown(unsigned offset, unsigned bytes) const {
    if (allKnown)
      return true;
    for (unsigned i = offset, e = offset + bytes; i < e;) {
      unsigned word = i / 64, bit = i % 64;
      unsigned n = std::min(64 - bit, e - i);
      uint64_t mask = n == 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1) << bit;
      if ((known[word] & mask) != mask)
        return false;
      i += n;
    }
    return true;
  }
  void setKnown(unsigned offset, unsigned bytes) {
    if (allKnown)
      return;
    for (unsigned i = offset, e = offset + bytes; i < e;) {
      unsigned word = i / 64, bit = i % 64;
      unsigned n = std::min(64 - bit, e - i);
      uint64_t mask = n == 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1) << bit;
      known[word] |= mask;
      i += n;
    }
    allKnown =
        llvm::all_of(known, [](uint64_t w) { return w == ~uint64_t(0); });
  }
};

PagedMemory::PagedMemory() = default;
PagedMemory::~PagedMemory() = default;
PagedMemory::PagedMemory(PagedMemory &&) = default;
PagedMemory &PagedMemory::operator=(PagedMemory &&) = default;

PagedMemory::Page *PagedMemory::find(uint64_t pageNo) const {
  if (pageNo == lastNo)
    return last;
  auto it = pages.find(pageNo);
  if (it == pages.end())
    return nullptr;
  lastNo = pageNo;
  last = it->second.get();
  return last;
}

PagedMemory::Page &PagedMemory::get(uint64_t pageNo) {
  if (Page *page = find(pageNo))
    return *page;
  std::unique_ptr<Page> &slot = pages[pageNo];
  slot = std::make_unique<Page>();
  lastNo = pageNo;
  last = slot.get();
  return *last;
}

bool PagedMemory::read(uint64_t addr,
                       llvm::MutableArrayRef<uint8_t> out) const {
  bool allKnown = true;
  size_t done = 0;
  while (done < out.size()) {
    uint64_t at = addr + done; // wraps at 2^64
    unsigned offset = unsigned(at & (kPageSize - 1));
    unsigned n =
        unsigned(std::min<uint64_t>(kPageSize - offset, out.size() - done));
    if (const Page *page = find(at >> kPageBits)) {
      std::memcpy(out.data() + done, page->data + offset, n);
      allKnown &= page->isKnown(offset, n);
    } else {
      std::memset(out.data() + done, 0, n);
      allKnown = false;
    }
    done += n;
  }
  return allKnown;
}

void PagedMemory::write(uint64_t addr, llvm::ArrayRef<uint8_t> bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    uint64_t at = addr + done;
    unsigned offset = unsigned(at & (kPageSize - 1));
    unsigned n =
        unsigned(std::min<uint64_t>(kPageSize - offset, bytes.size() - done));
    Page &page = get(at >> kPageBits);
    std::memcpy(page.data + offset, bytes.data() + done, n);
    page.setKnown(offset, n);
    done += n;
  }
}

void PagedMemory::forEachKnown(
    llvm::function_ref<void(uint64_t, uint64_t)> fn) const {
  llvm::SmallVector<uint64_t, 0> order;
  for (const auto &entry : pages)
    order.push_back(entry.first);
  llvm::sort(order);
  bool open = false;
  uint64_t begin = 0, end = 0;
  for (uint64_t pageNo : order) {
    const Page &page = *pages.find(pageNo)->second;
    uint64_t base = pageNo << kPageBits;
    for (unsigned i = 0; i < kPageSize; ++i) {
      bool known = page.allKnown || (page.known[i / 64] >> (i % 64)) & 1;
      uint64_t at = base + i;
      if (known) {
        if (open && at == end) {
          end = at + 1;
          continue;
        }
        if (open)
          fn(begin, end);
        open = true;
        begin = at;
        end = at + 1;
      }
    }
  }
  if (open)
    fn(begin, end);
}
