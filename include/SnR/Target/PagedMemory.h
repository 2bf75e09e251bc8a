//===- PagedMemory.h - Sparse memory that knows what is set ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A flat 64-bit address space for a functional replay: 4 KiB pages made on
// first write, each byte also marked known once written. A replay starts
// from a trace's minimal snapshot, so a load of a byte that neither the
// snapshot nor an earlier store set is a bug (the target's effects missed a
// read); reads say whether every byte was known. Accesses may cross pages
// and wrap around the end of the address space.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_PAGEDMEMORY_H
#define SNR_TARGET_PAGEDMEMORY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>

namespace snr::target {

class PagedMemory {
public:
  static constexpr unsigned kPageBits = 12;
  static constexpr uint64_t kPageSize = uint64_t(1) << kPageBits;

  PagedMemory();
  ~PagedMemory();
  PagedMemory(PagedMemory &&);
  PagedMemory &operator=(PagedMemory &&);

  /// Reads `out.size()` bytes at `addr`; bytes never written read 0 and
  /// make it return false.
  bool read(uint64_t addr, llvm::MutableArrayRef<uint8_t> out) const;
  void write(uint64_t addr, llvm::ArrayRef<uint8_t> bytes);

  /// Calls `fn` with each maximal range [begin, end) of known bytes, in
  /// address order (end 0 for a range ending at 2^64).
  void forEachKnown(llvm::function_ref<void(uint64_t, uint64_t)> fn) const;

private:
  struct Page;
  Page *find(uint64_t pageNo) const;
  Page &get(uint64_t pageNo);

  llvm::DenseMap<uint64_t, std::unique_ptr<Page>> pages;
  /// The page last looked up (loops touch the same page).
  mutable uint64_t lastNo = ~uint64_t(0);
  mutable Page *last = nullptr;
};

} // namespace snr::target

#endif // SNR_TARGET_PAGEDMEMORY_H
