//===- VectorType.cpp - RVV's vtype: SEW, LMUL, VLMAX ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/VectorType.h"

using namespace snr::target::riscv;

std::optional<VectorType> VectorType::decode(uint64_t vtype) {
  // vill (bit 63) and the reserved bits 62:8 make it illegal, as QEMU's
  // vsetvl helper does.
  if (vtype >> 8)
    return std::nullopt;
  unsigned vlmul = vtype & 0x7, vsew = (vtype >> 3) & 0x7;
  if (vlmul == 4 || vsew > 3)
    return std::nullopt;
  VectorType type;
  type.sewLog2 = vsew;
  type.lmulLog2 = vlmul < 4 ? int(vlmul) : int(vlmul) - 8;
  type.tailAgnostic = (vtype >> 6) & 1;
  type.maskAgnostic = (vtype >> 7) & 1;
  // LMUL >= SEW / ELEN, ELEN being 64 bits (8 bytes, log2 3).
  if (int(type.sewLog2) > 3 + type.lmulLog2)
    return std::nullopt;
  return type;
}

uint64_t VectorType::encode() const {
  uint64_t vlmul = lmulLog2 >= 0 ? uint64_t(lmulLog2) : uint64_t(8 + lmulLog2);
  return vlmul | uint64_t(sewLog2) << 3 | uint64_t(tailAgnostic) << 6 |
         uint64_t(maskAgnostic) << 7;
}
