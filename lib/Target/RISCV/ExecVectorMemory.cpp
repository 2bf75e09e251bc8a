//===- ExecVectorMemory.cpp - RVV loads and stores ------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RVV 1.0, section 7. Field f of element i of a segment access is at
//   unit stride:  base + (i * nf + f) * EEW
//   strided:      base + i * x[rs2] + f * EEW
//   indexed:      base + index[i] + f * SEW   (index[i] zero-extended)
// and goes to element i of the f-th register group of the data. Only the
// active elements of [vstart, vl) are accessed, in ascending order (the
// order QEMU 7.2 uses, which decides what overlapping stores leave).
// Whole-register accesses move nf * VLENB bytes whatever vtype and vl are;
// vlm.v/vsm.v move ceil(vl / 8) bytes. A fault-only-first load stops where
// the trace says it did: the vl recorded after it, which the replay takes
// (a page the device could not read is the environment's; the snapshot has
// only the bytes read).
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// vl<n>re<eew>.v and vs<n>r.v.
llvm::Error wholeRegister(ExecContext &cx) {
  const ExecInst &in = cx.in;
  const VectorOpcode &op = in.info->vector;
  RISCVState &s = cx.s;
  unsigned vlenb = s.getVLenB();
  unsigned reg = op.isStore ? in.vs3 : in.rd;
  if (reg % op.fields != 0)
    return cx.fail(llvm::formatv("v{0} cannot start a group of {1} "
                                 "registers: the instruction traps",
                                 reg, op.fields));
  uint64_t total = uint64_t(op.fields) * vlenb;
  uint64_t from = s.vstart * op.eewBytes;
  uint64_t base = cx.x(in.base);
  s.vstart = 0;
  if (from >= total)
    return llvm::Error::success();
  uint8_t *bytes = s.v(reg) + from;
  if (op.isStore) {
    cx.store(base + from, llvm::ArrayRef<uint8_t>(bytes, total - from));
    return llvm::Error::success();
  }
  return cx.load(base + from,
                 llvm::MutableArrayRef<uint8_t>(bytes, total - from));
}

/// vlm.v and vsm.v: ceil(vl / 8) bytes, unmasked.
llvm::Error maskMemory(VectorContext &vc) {
  ExecContext &cx = vc.cx;
  const ExecInst &in = vc.in;
  bool store = in.info->vector.isStore;
  unsigned reg = store ? in.vs3 : in.rd;
  uint64_t end = (vc.vl + 7) / 8, begin = vc.vstart;
  if (begin < end) {
    uint64_t base = cx.x(in.base);
    uint8_t *bytes = vc.s.v(reg) + begin;
    if (store)
      cx.store(base + begin, llvm::ArrayRef<uint8_t>(bytes, end - begin));
    else if (llvm::Error error =
                 cx.load(base + begin,
                         llvm::MutableArrayRef<uint8_t>(bytes, end - begin)))
      return error;
  }
  return vc.done();
}

llvm::Error execVectorMemory(ExecContext &cx) {
  const ExecInst &in = cx.in;
  const VectorOpcode &op = in.info->vector;
  if (op.kind == VectorKind::WholeRegister)
    return wholeRegister(cx);
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (op.kind == VectorKind::MaskMemory)
    return maskMemory(vc);

  unsigned nf = op.fields;
  bool indexed = op.kind == VectorKind::Indexed;
  // The data's element width: the opcode's, or SEW for an indexed access.
  int dataLog2 = indexed ? int(vc.sewLog2) : int(llvm::Log2_32(op.eewBytes));
  unsigned eew = 1u << dataLog2;
  unsigned dataReg = op.isStore ? in.vs3 : in.rd;
  if (llvm::Error error = vc.checkGroup(dataReg, dataLog2, nf))
    return error;
  int indexLog2 = int(llvm::Log2_32(op.eewBytes));
  if (indexed)
    if (llvm::Error error = vc.checkGroup(in.vs2, indexLog2))
      return error;
  uint64_t vl = vc.vl;
  if (op.faultOnlyFirst) {
    // Where the load stopped is the environment's: the trace records it.
    if (std::optional<uint64_t> recorded = cx.recorded.lookup(reg::VL)) {
      if (*recorded > vl || (*recorded <= vc.vstart && vc.vstart < vl))
        return cx.fail(llvm::formatv(
            "the trace records vl {0} after this fault-only-first load, "
            "which can stop only after element {1} and before its vl {2}",
            *recorded, vc.vstart, vl));
      vl = *recorded;
    }
  }
  if (vc.vstart >= vl) {
    if (op.faultOnlyFirst)
      cx.s.vl = vl;
    return vc.done();
  }

  uint64_t base = cx.x(in.base);
  unsigned fieldRegs = vc.groupRegs(dataLog2);
  uint64_t stride = uint64_t(nf) * eew;
  if (op.kind == VectorKind::Strided)
    stride = cx.x(in.src[0]);

  // Unit stride, unmasked, one field: one access.
  if (op.kind == VectorKind::UnitStride && nf == 1 && !in.masked) {
    uint64_t from = vc.vstart * eew, bytes = (vl - vc.vstart) * eew;
    uint8_t *data = cx.s.v(dataReg) + from;
    if (op.isStore) {
      cx.store(base + from, llvm::ArrayRef<uint8_t>(data, bytes));
    } else if (llvm::Error error = cx.load(
                   base + from, llvm::MutableArrayRef<uint8_t>(data, bytes))) {
      return error;
    }
  } else {
    for (uint64_t i = vc.vstart; i < vl; ++i) {
      if (!vc.active(i))
        continue;
      uint64_t addr;
      if (indexed) {
        uint64_t index = 0;
        std::memcpy(&index, cx.s.v(in.vs2) + i * op.eewBytes, op.eewBytes);
        addr = base + index;
      } else {
        addr = base + i * stride;
      }
      for (unsigned f = 0; f < nf; ++f) {
        uint8_t *element = cx.s.v(dataReg + f * fieldRegs) + i * eew;
        uint64_t at = addr + uint64_t(f) * eew;
        if (op.isStore)
          cx.store(at, llvm::ArrayRef<uint8_t>(element, eew));
        else if (llvm::Error error =
                     cx.load(at, llvm::MutableArrayRef<uint8_t>(element, eew)))
          return error;
      }
    }
  }
  if (op.faultOnlyFirst)
    cx.s.vl = vl;
  return vc.done();
}

} // namespace

void snr::target::riscv::addVectorMemoryHandlers(HandlerTable &t) {
  for (unsigned eew : {8, 16, 32, 64}) {
    std::string e = std::to_string(eew);
    for (const char *dir : {"L", "S"}) {
      std::string d = dir;
      t["V" + d + "E" + e + "_V"] = {execVectorMemory};
      t["V" + d + "SE" + e + "_V"] = {execVectorMemory};
      for (const char *order : {"U", "O"}) {
        t["V" + d + order + "XEI" + e + "_V"] = {execVectorMemory};
        for (unsigned nf = 2; nf <= 8; ++nf)
          t["V" + d + order + "XSEG" + std::to_string(nf) + "EI" + e + "_V"] = {
              execVectorMemory};
      }
      for (unsigned nf = 2; nf <= 8; ++nf) {
        std::string n = std::to_string(nf);
        t["V" + d + "SEG" + n + "E" + e + "_V"] = {execVectorMemory};
        t["V" + d + "SSEG" + n + "E" + e + "_V"] = {execVectorMemory};
      }
    }
    t["VLE" + e + "FF_V"] = {execVectorMemory};
    for (unsigned nf = 2; nf <= 8; ++nf)
      t["VLSEG" + std::to_string(nf) + "E" + e + "FF_V"] = {execVectorMemory};
    for (unsigned n : {1, 2, 4, 8})
      t["VL" + std::to_string(n) + "RE" + e + "_V"] = {execVectorMemory};
  }
  for (unsigned n : {1, 2, 4, 8})
    t["VS" + std::to_string(n) + "R_V"] = {execVectorMemory};
  t["VLM_V"] = {execVectorMemory};
  t["VSM_V"] = {execVectorMemory};
}
