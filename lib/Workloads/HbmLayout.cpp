//===- HbmLayout.cpp - Where a workload's tensors live in HBM -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/HbmLayout.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::workloads;

llvm::StringRef snr::workloads::getHbmKindName(HbmKind kind) {
  switch (kind) {
  case HbmKind::Weights:
    return "weights";
  case HbmKind::KvCache:
    return "kv-cache";
  case HbmKind::Activations:
    return "activations";
  case HbmKind::Table:
    return "tables";
  case HbmKind::Collective:
    return "collective";
  }
  return "?";
}

llvm::Expected<HbmRegion> HbmLayout::reserve(llvm::StringRef name, HbmKind kind,
                                             uint64_t bytes) {
  uint64_t size = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (size > kBaseRegisterLimit || next > kBaseRegisterLimit - size)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("HBM layout does not fit below 4 GiB, the reach of a "
                      "base register: '{0}' needs {1} bytes at {2}",
                      name, size, next));
  HbmRegion region{name.str(), kind, next, bytes};
  next += size;
  regions.push_back(region);
  return region;
}

uint64_t HbmLayout::bytesOf(HbmKind kind) const {
  uint64_t total = 0;
  for (const HbmRegion &region : regions)
    if (region.kind == kind)
      total += region.bytes;
  return total;
}
