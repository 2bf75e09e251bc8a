//===- VectorMemoryEffects.cpp - RVV loads and stores ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM says a vector instruction may load or store, and names its data
// register, base, stride or index register; the footprint is written here
// (RVV 1.0, section 7), from x[rs1] and the run-time vtype, vl, vstart and
// mask. Element i of field f of a segment access is at
//   unit stride:  base + (i * nf + f) * EEW
//   strided:      base + i * x[rs2] + f * EEW
//   indexed:      base + index[i] + f * SEW   (index[i] zero-extended)
// and only active elements in [vstart, vl) are accessed. Whole-register
// accesses move nf * VLENB bytes whatever vtype and vl are; vlm.v/vsm.v move
// ceil(vl / 8) bytes. A fault-only-first load may stop at any element after
// the first: SnR describes the whole access, counts its destination as
// read, and has vl recorded after the step (InstructionEffects.h).
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "VectorGroups.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// Adds the access of `bytes` at `addr` to the loads or the stores,
/// extending the last range when it continues it.
void access(EffectsContext &cx, bool store, uint64_t addr, uint64_t bytes) {
  auto &ranges = store ? cx.effects.stores : cx.effects.loads;
  if (!ranges.empty() && ranges.back().addr + ranges.back().bytes == addr) {
    ranges.back().bytes += bytes;
    return;
  }
  ranges.push_back({0, addr, bytes});
}

/// vl<n>re<eew>.v and vs<n>r.v.
llvm::Error describeWholeRegister(EffectsContext &cx,
                                  const VectorOperands &ops) {
  const VectorOpcode &op = cx.info.vector;
  llvm::Expected<uint64_t> vstart = readVstart(cx);
  if (!vstart)
    return vstart.takeError();
  llvm::Expected<Group> data =
      makeGroup(cx, cx.vectorNumber(0), int(llvm::Log2_32(op.fields)),
                int(llvm::Log2_32(op.eewBytes)));
  if (!data)
    return data.takeError();
  uint64_t elements = uint64_t(op.fields) * cx.vlenb() / op.eewBytes;
  if (*vstart >= elements)
    return llvm::Error::success();
  llvm::Expected<uint64_t> base = cx.readX(unsigned(ops.base));
  if (!base)
    return base.takeError();
  uint64_t from = *base + *vstart * op.eewBytes;
  uint64_t bytes = (elements - *vstart) * op.eewBytes;
  if (op.isStore) {
    readElements(cx, *data, *vstart, elements);
    access(cx, true, from, bytes);
  } else {
    writeElements(cx, *data, *vstart, elements);
    access(cx, false, from, bytes);
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error snr::target::riscv::describeVectorMemory(EffectsContext &cx) {
  const VectorOpcode &op = cx.info.vector;
  if (llvm::Error error = cx.readImplicitUses())
    return error;
  VectorOperands ops = classifyOperands(cx);
  if (ops.base < 0)
    return cx.cannotDescribe("it has no base address register");
  if (op.kind == VectorKind::WholeRegister)
    return describeWholeRegister(cx, ops);

  llvm::Expected<VectorState> state = readVectorState(cx);
  if (!state)
    return state.takeError();
  unsigned dataReg = cx.vectorNumber(0);
  uint64_t begin = state->vstart, end = state->vl;

  if (op.kind == VectorKind::MaskMemory) {
    // vlm.v/vsm.v: ceil(vl / 8) bytes, one register.
    end = llvm::divideCeil(state->vl, 8);
    if (begin >= end)
      return llvm::Error::success();
    llvm::Expected<uint64_t> base = cx.readX(unsigned(ops.base));
    if (!base)
      return base.takeError();
    Group data{dataReg, 1, 1};
    if (op.isStore)
      readElements(cx, data, begin, end);
    else
      writeElements(cx, data, begin, end);
    access(cx, op.isStore, *base + begin, end - begin);
    return llvm::Error::success();
  }

  if (begin >= end)
    return llvm::Error::success();
  std::optional<MaskBits> mask;
  if (ops.masked) {
    llvm::Expected<MaskBits> bits = MaskBits::read(cx, 0);
    if (!bits)
      return bits.takeError();
    mask = std::move(*bits);
  }
  Active active{mask ? &*mask : nullptr, 0};

  int sew = int(state->type.sewLog2), lmul = state->type.lmulLog2;
  // The data's element width: the opcode's, or SEW for an indexed access.
  int dataLog2 =
      op.kind == VectorKind::Indexed ? sew : int(llvm::Log2_32(op.eewBytes));
  llvm::Expected<Group> data =
      makeGroup(cx, dataReg, lmul + dataLog2 - sew, dataLog2, op.fields);
  if (!data)
    return data.takeError();
  uint64_t eew = data->eewBytes, nf = op.fields;

  llvm::Expected<uint64_t> base = cx.readX(unsigned(ops.base));
  if (!base)
    return base.takeError();

  // Where element i starts; its nf fields follow it.
  uint64_t stride = nf * eew;
  std::optional<Group> indices;
  if (op.kind == VectorKind::Strided) {
    if (ops.scalarSources.empty())
      return cx.cannotDescribe("it has no stride register");
    llvm::Expected<uint64_t> x = cx.readX(ops.scalarSources[0]);
    if (!x)
      return x.takeError();
    stride = *x;
  } else if (op.kind == VectorKind::Indexed) {
    if (ops.vectorSources.size() != (op.isStore ? 2u : 1u))
      return cx.cannotDescribe("it has no index register");
    int indexLog2 = int(llvm::Log2_32(op.eewBytes));
    llvm::Expected<Group> group =
        makeGroup(cx, cx.vectorNumber(ops.vectorSources.back()),
                  lmul + indexLog2 - sew, indexLog2);
    if (!group)
      return group.takeError();
    indices = *group;
    readElements(cx, *indices, begin, end, active);
  }

  uint64_t indicesPerRegister = indices ? cx.vlenb() / indices->eewBytes : 0;
  for (uint64_t i = begin; i < end; ++i) {
    if (!active(i))
      continue;
    uint64_t addr = *base;
    if (indices) {
      RegId holder = reg::v(indices->first + unsigned(i / indicesPerRegister));
      llvm::Expected<llvm::ArrayRef<uint8_t>> bytes = cx.bytes(holder);
      if (!bytes)
        return bytes.takeError();
      uint64_t index = 0, at = (i % indicesPerRegister) * indices->eewBytes;
      for (unsigned b = 0; b < indices->eewBytes; ++b)
        index |= uint64_t((*bytes)[at + b]) << (8 * b);
      addr += index;
    } else {
      addr += i * stride;
    }
    access(cx, op.isStore, addr, nf * eew);
  }

  for (uint64_t f = 0; f < nf; ++f) {
    Group field = *data;
    field.first += unsigned(f) * data->regs;
    if (op.isStore) {
      readElements(cx, field, begin, end, active);
      continue;
    }
    writeElements(cx, field, begin, end, active);
    // vl may shrink to any element after the first: every destination
    // register of the access may keep old bytes.
    if (op.faultOnlyFirst)
      readElements(cx, field, begin, end, active);
  }
  if (op.faultOnlyFirst) {
    cx.effects.recordAfter.push_back(reg::VL);
    cx.effects.loadsMayStopAtFault = true;
  }
  return llvm::Error::success();
}
