//===- VectorGroups.cpp - Vector register groups and elements -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "VectorGroups.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/MC/MCInstrDesc.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace snr::target;
using namespace snr::target::riscv;

llvm::Expected<uint64_t> snr::target::riscv::readVstart(EffectsContext &cx) {
  cx.read(reg::VSTART);
  llvm::Expected<uint64_t> vstart = cx.value(reg::VSTART);
  if (vstart && *vstart != 0)
    cx.write(reg::VSTART);
  return vstart;
}

llvm::Expected<VectorState>
snr::target::riscv::readVectorState(EffectsContext &cx) {
  VectorState state;
  llvm::Expected<uint64_t> vtype = cx.value(reg::VTYPE);
  if (!vtype)
    return vtype.takeError();
  std::optional<VectorType> type = VectorType::decode(*vtype);
  if (!type)
    return cx.cannotDescribe(llvm::formatv(
        "vtype {0:x} is illegal (vill): the instruction traps", *vtype));
  state.type = *type;
  llvm::Expected<uint64_t> vl = cx.value(reg::VL);
  if (!vl)
    return vl.takeError();
  state.vl = *vl;
  state.vlmax = type->vlmax(cx.vlenb());
  // vsetvl* never makes vl exceed VLMAX; values that do come from a broken
  // state, and would make the footprint huge.
  if (state.vl > state.vlmax)
    return cx.cannotDescribe(
        llvm::formatv("vl {0} exceeds VLMAX {1} of vtype {2:x}: a state no "
                      "machine reaches",
                      state.vl, state.vlmax, *vtype));
  llvm::Expected<uint64_t> vstart = readVstart(cx);
  if (!vstart)
    return vstart.takeError();
  state.vstart = *vstart;
  return state;
}

llvm::Expected<MaskBits> MaskBits::read(EffectsContext &cx, unsigned vreg) {
  cx.read(reg::v(vreg));
  llvm::Expected<llvm::ArrayRef<uint8_t>> bytes = cx.bytes(reg::v(vreg));
  if (!bytes)
    return bytes.takeError();
  MaskBits mask;
  // A copy: the values' storage need not outlive the next read.
  mask.bytes.assign(bytes->begin(), bytes->end());
  return mask;
}

uint64_t MaskBits::count(uint64_t begin, uint64_t end) const {
  uint64_t n = 0;
  for (uint64_t i = begin; i < end; ++i)
    n += test(i);
  return n;
}

llvm::Expected<Group> snr::target::riscv::makeGroup(EffectsContext &cx,
                                                    unsigned first,
                                                    int emulLog2, int eewLog2,
                                                    unsigned fields) {
  if (eewLog2 < 0 || eewLog2 > 3)
    return cx.cannotDescribe(llvm::formatv(
        "an element width of {0} bits, which RVV reserves", 8 << eewLog2));
  if (emulLog2 < -3 || emulLog2 > 3)
    return cx.cannotDescribe(
        llvm::formatv("a register group of LMUL 2^{0}, which RVV reserves: "
                      "the instruction traps",
                      emulLog2));
  Group group;
  group.first = first;
  group.regs = emulLog2 > 0 ? 1u << emulLog2 : 1u;
  group.eewBytes = 1u << eewLog2;
  if (first % group.regs != 0 || first + group.regs * fields > 32 ||
      group.regs * fields > 8)
    return cx.cannotDescribe(llvm::formatv(
        "v{0} cannot start {1} group(s) of {2} register(s): the instruction "
        "traps",
        first, fields, group.regs));
  return group;
}

namespace {
/// For each register of `group` holding elements of [begin, end): its
/// number, whether an element there is active, and whether all of its
/// elements are in [begin, end) and active.
template <typename Fn>
void forEachRegister(unsigned vlenb, const Group &group, uint64_t begin,
                     uint64_t end, Active active, Fn fn) {
  if (begin >= end)
    return;
  uint64_t perRegister = vlenb / group.eewBytes;
  uint64_t firstReg = begin / perRegister, lastReg = (end - 1) / perRegister;
  for (uint64_t k = firstReg; k <= lastReg && k < group.regs; ++k) {
    uint64_t regBegin = k * perRegister, regEnd = regBegin + perRegister;
    uint64_t lo = std::max(begin, regBegin), hi = std::min(end, regEnd);
    bool any = false, all = true;
    if (!active.mask) {
      any = true;
    } else {
      for (uint64_t i = lo; i < hi; ++i) {
        bool on = active(i);
        any |= on;
        all &= on;
      }
    }
    fn(group.first + unsigned(k), any,
       any && all && lo == regBegin && hi == regEnd);
  }
}
} // namespace

void snr::target::riscv::readElements(EffectsContext &cx, const Group &group,
                                      uint64_t begin, uint64_t end,
                                      Active active) {
  forEachRegister(cx.vlenb(), group, begin, end, active,
                  [&](unsigned vreg, bool any, bool) {
                    if (any)
                      cx.read(reg::v(vreg));
                  });
}

void snr::target::riscv::writeElements(EffectsContext &cx, const Group &group,
                                       uint64_t begin, uint64_t end,
                                       Active active) {
  forEachRegister(cx.vlenb(), group, begin, end, active,
                  [&](unsigned vreg, bool any, bool whole) {
                    if (!any)
                      return;
                    cx.write(reg::v(vreg));
                    if (!whole)
                      cx.read(reg::v(vreg));
                  });
}

void snr::target::riscv::writeMaskBits(EffectsContext &cx, unsigned vreg,
                                       uint64_t begin, uint64_t end,
                                       Active active) {
  // One bit per element: a group of one register of 1/8-byte elements.
  uint64_t bits = uint64_t(cx.vlenb()) * 8;
  end = std::min(end, bits);
  if (begin >= end)
    return;
  bool any = !active.mask, all = true;
  if (active.mask)
    for (uint64_t i = begin; i < end; ++i) {
      bool on = active(i);
      any |= on;
      all &= on;
    }
  if (!any)
    return;
  cx.write(reg::v(vreg));
  if (!(all && begin == 0 && end == bits))
    cx.read(reg::v(vreg));
}

VectorOperands snr::target::riscv::classifyOperands(EffectsContext &cx) {
  VectorOperands ops;
  unsigned defs = cx.desc.getNumDefs();
  for (unsigned i = 0, e = cx.mc.getNumOperands(); i < e; ++i) {
    const llvm::MCOperand &operand = cx.mc.getOperand(i);
    if (operand.isImm()) {
      if (ops.immediate < 0)
        ops.immediate = int(i);
      continue;
    }
    if (!operand.isReg())
      continue;
    if (i < defs) {
      ops.dest = int(i);
      continue;
    }
    if (cx.desc.getOperandConstraint(i, llvm::MCOI::TIED_TO) >= 0) {
      ops.destIsSource = true;
      continue;
    }
    if (cx.isMask(i)) {
      ops.masked = operand.getReg().isValid();
      continue;
    }
    if (cx.isV0Operand(i)) {
      ops.readsV0 = true;
      continue;
    }
    if (i < cx.desc.getNumOperands() &&
        cx.desc.operands()[i].OperandType == llvm::MCOI::OPERAND_MEMORY) {
      ops.base = int(i);
      continue;
    }
    if (cx.entry(operand.getReg()).isVector)
      ops.vectorSources.push_back(i);
    else
      ops.scalarSources.push_back(i);
  }
  return ops;
}

llvm::Error snr::target::riscv::readScalarSources(EffectsContext &cx,
                                                  const VectorOperands &ops) {
  for (unsigned i : ops.scalarSources)
    if (llvm::Error error = cx.readMC(cx.mc.getOperand(i).getReg()))
      return error;
  return llvm::Error::success();
}
