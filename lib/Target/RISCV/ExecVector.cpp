//===- ExecVector.cpp - The vector state, and vsetvli ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// vsetvli, vsetivli and vsetvl as QEMU 7.2's helper computes them: an
// illegal vtype (vill, reserved bits, SEW past ELEN 64, LMUL reserved or
// too small for SEW) sets vtype to vill alone and vl to 0; otherwise vl =
// min(AVL, VLMAX), AVL being x[rs1], the immediate, VLMAX (rs1 = x0, rd not
// x0) or the current vl (both x0).
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"

using namespace snr::target;
using namespace snr::target::riscv;

llvm::Expected<VectorContext> VectorContext::begin(ExecContext &cx) {
  VectorContext vc{cx, cx.s, cx.in, {}};
  std::optional<VectorType> type = VectorType::decode(cx.s.vtype);
  if (!type)
    return cx.fail(llvm::formatv("vtype {0:x} is illegal (vill): the "
                                 "instruction traps",
                                 cx.s.vtype));
  vc.type = *type;
  vc.sewLog2 = type->sewLog2;
  vc.lmulLog2 = type->lmulLog2;
  vc.vlmax = type->vlmax(cx.s.getVLenB());
  vc.vl = cx.s.vl;
  vc.vstart = cx.s.vstart;
  if (vc.vl > vc.vlmax)
    return cx.fail(llvm::formatv("vl {0} exceeds VLMAX {1} of vtype {2:x}: a "
                                 "state no machine reaches",
                                 vc.vl, vc.vlmax, cx.s.vtype));
  return vc;
}

llvm::Error VectorContext::checkGroup(unsigned reg, int eewLog2,
                                      unsigned fields) const {
  int emul = lmulLog2 + eewLog2 - int(sewLog2);
  if (eewLog2 < 0 || eewLog2 > 3)
    return cx.fail(llvm::formatv(
        "an element width of {0} bits, which RVV reserves: the instruction "
        "traps",
        8 << std::max(eewLog2, -3)));
  if (emul < -3 || emul > 3)
    return cx.fail(
        llvm::formatv("a register group of EMUL 2^{0}, which RVV reserves: "
                      "the instruction traps",
                      emul));
  unsigned regs = emul > 0 ? 1u << emul : 1u;
  if (reg % regs != 0 || reg + regs * fields > 32 || regs * fields > 8)
    return cx.fail(llvm::formatv(
        "v{0} cannot start {1} group(s) of {2} register(s): the instruction "
        "traps",
        reg, fields, regs));
  return llvm::Error::success();
}

namespace {

enum ConfigOp : uint16_t { Vsetvli, Vsetivli, Vsetvl };

llvm::Error execVsetvl(ExecContext &cx) {
  const ExecInst &in = cx.in;
  RISCVState &s = cx.s;
  uint64_t vtype = in.op == Vsetvl     ? cx.x(in.src[1])
                   : in.op == Vsetivli ? uint64_t(in.imm2)
                                       : uint64_t(in.imm);
  uint64_t avl;
  if (in.op == Vsetivli)
    avl = uint64_t(in.imm);
  else if (in.src[0] != 0)
    avl = cx.x(in.src[0]);
  else if (in.rd != 0)
    avl = ~uint64_t(0);
  else
    avl = s.vl;
  std::optional<VectorType> type = VectorType::decode(vtype);
  s.vstart = 0;
  if (!type) {
    s.vtype = uint64_t(1) << 63;
    s.vl = 0;
    cx.setX(in.rd, 0);
    return llvm::Error::success();
  }
  uint64_t vlmax = type->vlmax(s.getVLenB());
  s.vtype = vtype;
  s.vl = std::min(avl, vlmax);
  cx.setX(in.rd, s.vl);
  return llvm::Error::success();
}

} // namespace

void snr::target::riscv::addVectorHandlers(HandlerTable &t) {
  t["VSETVLI"] = {execVsetvl, Vsetvli};
  t["VSETIVLI"] = {execVsetvl, Vsetivli};
  t["VSETVL"] = {execVsetvl, Vsetvl};
  addVectorMemoryHandlers(t);
  addVectorIntegerHandlers(t);
  addVectorFloatHandlers(t);
  addVectorPermuteHandlers(t);
  addVectorMaskHandlers(t);
}
