//===- ExecVectorMask.cpp - RVV mask instructions -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RVV 1.0, section 15: logical operations on mask registers (bits [vstart,
// vl), unmasked), vcpop.m and vfirst.m (over the active bits; rd is written
// even when vl is 0), vmsbf/vmsif/vmsof.m (active bits only; the others
// kept), and viota.m (each active element gets the count of set source bits
// of the active elements before it).
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"

#include <vector>

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

enum LogicalOp : uint16_t { And, Nand, Andn, Xor, Or, Nor, Orn, Xnor };

llvm::Error execLogical(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  const ExecInst &in = cx.in;
  std::vector<bool> bits;
  for (uint64_t i = vc.vstart; i < vc.vl; ++i) {
    bool a = cx.s.maskBit(in.vs2, i), b = cx.s.maskBit(in.vs1, i);
    bool bit = false;
    switch (LogicalOp(in.op)) {
    case And:
      bit = a && b;
      break;
    case Nand:
      bit = !(a && b);
      break;
    case Andn:
      bit = a && !b;
      break;
    case Xor:
      bit = a != b;
      break;
    case Or:
      bit = a || b;
      break;
    case Nor:
      bit = !(a || b);
      break;
    case Orn:
      bit = a || !b;
      break;
    case Xnor:
      bit = a == b;
      break;
    }
    bits.push_back(bit);
  }
  for (uint64_t i = vc.vstart; i < vc.vl; ++i)
    cx.s.setMaskBit(in.rd, i, bits[i - vc.vstart]);
  return vc.done();
}

enum CountOp : uint16_t { Cpop, First };

llvm::Error execCount(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  const ExecInst &in = cx.in;
  uint64_t count = 0;
  int64_t first = -1;
  vc.forEachActive([&](uint64_t i) {
    if (!cx.s.maskBit(in.vs2, i))
      return;
    ++count;
    if (first < 0)
      first = int64_t(i);
  });
  cx.setX(in.rd, in.op == Cpop ? count : uint64_t(first));
  return vc.done();
}

enum ScanOp : uint16_t { BeforeFirst, IncludingFirst, OnlyFirst };

llvm::Error execScan(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  const ExecInst &in = cx.in;
  ScanOp op = ScanOp(in.op);
  std::vector<std::pair<uint64_t, bool>> bits;
  bool seen = false;
  vc.forEachActive([&](uint64_t i) {
    bool source = cx.s.maskBit(in.vs2, i);
    bool bit;
    if (seen)
      bit = false;
    else if (source)
      bit = op != BeforeFirst;
    else
      bit = op != OnlyFirst;
    seen |= source;
    bits.push_back({i, bit});
  });
  for (auto [i, bit] : bits)
    cx.s.setMaskBit(in.rd, i, bit);
  return vc.done();
}

llvm::Error execIota(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  if (llvm::Error error = vc.checkGroup(in.rd, int(vc.sewLog2)))
    return error;
  std::vector<uint8_t> source(cx.s.v(in.vs2), cx.s.v(in.vs2) + cx.s.getVLenB());
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    uint64_t sum = 0;
    vc.forEachActive([&](uint64_t i) {
      vc.set<T>(in.rd, i, T(sum));
      sum += (source[i / 8] >> (i % 8)) & 1;
    });
    return 0;
  });
  return vc.done();
}

} // namespace

void snr::target::riscv::addVectorMaskHandlers(HandlerTable &t) {
  t["VMAND_MM"] = {execLogical, And};
  t["VMNAND_MM"] = {execLogical, Nand};
  t["VMANDN_MM"] = {execLogical, Andn};
  t["VMXOR_MM"] = {execLogical, Xor};
  t["VMOR_MM"] = {execLogical, Or};
  t["VMNOR_MM"] = {execLogical, Nor};
  t["VMORN_MM"] = {execLogical, Orn};
  t["VMXNOR_MM"] = {execLogical, Xnor};
  t["VCPOP_M"] = {execCount, Cpop};
  t["VFIRST_M"] = {execCount, First};
  t["VMSBF_M"] = {execScan, BeforeFirst};
  t["VMSIF_M"] = {execScan, IncludingFirst};
  t["VMSOF_M"] = {execScan, OnlyFirst};
  t["VIOTA_M"] = {execIota};
}
