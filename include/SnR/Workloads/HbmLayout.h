//===- HbmLayout.h - Where a workload's tensors live in HBM -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// HBM is laid out once, before any code is emitted, the way a runtime places
// a model: weights, the KV cache, activations, the tables the runtime fills
// (sequence lengths, peers' buffer addresses) and the buffers collectives
// exchange. Regions are aligned and never overlap. Kernels reach them through
// base registers, which hold unsigned 32-bit addresses, so the whole layout
// must stay below 4 GiB; a workload too big for that is refused up front.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_HBMLAYOUT_H
#define SNR_WORKLOADS_HBMLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::workloads {

enum class HbmKind { Weights, KvCache, Activations, Table, Collective };
llvm::StringRef getHbmKindName(HbmKind kind);

struct HbmRegion {
  std::string name;
  HbmKind kind;
  uint64_t addr = 0, bytes = 0;
};

class HbmLayout {
public:
  /// Highest address a base register reaches (exclusive).
  static constexpr uint64_t kBaseRegisterLimit = uint64_t(1) << 32;
  static constexpr uint64_t kAlignment = 4096;
  /// The first region starts here; address 0 stays unused.
  static constexpr uint64_t kFirstAddress = 1 << 20;

  /// Places a region of `bytes` after the previous one. Fails, naming the
  /// region and the total, when the layout would pass 4 GiB.
  llvm::Expected<HbmRegion> reserve(llvm::StringRef name, HbmKind kind,
                                    uint64_t bytes);

  llvm::ArrayRef<HbmRegion> getRegions() const { return regions; }
  /// Bytes reserved for one kind of data.
  uint64_t bytesOf(HbmKind kind) const;
  /// One past the last reserved byte.
  uint64_t end() const { return next; }

private:
  std::vector<HbmRegion> regions;
  uint64_t next = kFirstAddress;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_HBMLAYOUT_H
