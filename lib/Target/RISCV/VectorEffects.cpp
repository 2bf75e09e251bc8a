//===- VectorEffects.cpp - RVV arithmetic, masks, moves, permutations -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM's MC layer gives a vector instruction's operands as single registers
// (vadd.vv v8, v4, v6 names V8, V4, V6 whatever LMUL is) plus the implicit
// VL, VTYPE and FRM. What the instruction reads and writes follows from the
// run-time vtype and vl, and from the opcode's shape (OpcodeTable.h):
// operands are register groups of EMUL = EEW / SEW * LMUL registers;
// widening destinations and .w sources are 2*SEW wide, vzext/vsext.vf<n>
// sources SEW/n; reductions read vs1[0] and write vd[0], single registers;
// mask results are one register; vmv.x.s/vfmv.f.s read one register and
// vmv.s.x/vfmv.s.f write one; slides and gathers read the source elements
// their offsets and indices select. Only the elements [vstart, vl) that are
// active are touched; a destination keeping some old bytes is also read
// (VectorGroups.h).
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "VectorGroups.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// The instruction's elements [vstart, vl) and its mask.
struct Body {
  VectorState state;
  VectorOperands ops;
  std::optional<MaskBits> mask;
  uint64_t begin = 0, end = 0;

  bool empty() const { return begin >= end; }
  Active active(int64_t shift = 0) const {
    return {mask ? &*mask : nullptr, shift};
  }
  int sew() const { return int(state.type.sewLog2); }
  int lmul() const { return state.type.lmulLog2; }
};

llvm::Expected<Body> readBody(EffectsContext &cx) {
  Body body;
  llvm::Expected<VectorState> state = readVectorState(cx);
  if (!state)
    return state.takeError();
  body.state = *state;
  body.ops = classifyOperands(cx);
  body.begin = state->vstart;
  body.end = state->vl;
  if (!body.empty() && body.ops.masked) {
    llvm::Expected<MaskBits> mask = MaskBits::read(cx, 0);
    if (!mask)
      return mask.takeError();
    body.mask = std::move(*mask);
  }
  return body;
}

/// What every operating vector instruction adds: v0 as carry or merge
/// selector, the scalar sources, and the CSRs it reads or accrues into.
llvm::Error describeCommon(EffectsContext &cx, const Body &body) {
  if (body.ops.readsV0)
    cx.read(reg::v(0));
  if (llvm::Error error = readScalarSources(cx, body.ops))
    return error;
  const VectorOpcode &op = cx.info.vector;
  if (op.readsVxrm)
    cx.read(reg::VXRM);
  if (op.accruesVxsat) {
    cx.read(reg::VXSAT);
    cx.write(reg::VXSAT);
  }
  if (cx.desc.mayRaiseFPException()) {
    cx.read(reg::FFLAGS);
    cx.write(reg::FFLAGS);
  }
  return llvm::Error::success();
}

/// The group of v register operand `index` with EEW = SEW * 2^relLog2.
llvm::Expected<Group> operandGroup(EffectsContext &cx, const Body &body,
                                   unsigned index, int relLog2) {
  return makeGroup(cx, cx.vectorNumber(index), body.lmul() + relLog2,
                   body.sew() + relLog2);
}

/// Element i of the sources makes element i of vd.
llvm::Error describeElementwise(EffectsContext &cx, const Body &body) {
  const VectorOpcode &op = cx.info.vector;
  if (body.ops.dest < 0)
    return cx.cannotDescribe("it has no destination register");
  llvm::Expected<Group> dest =
      operandGroup(cx, body, unsigned(body.ops.dest), op.destLog2);
  if (!dest)
    return dest.takeError();
  writeElements(cx, *dest, body.begin, body.end, body.active());
  if (body.ops.destIsSource)
    readElements(cx, *dest, body.begin, body.end, body.active());
  int vs2 = body.ops.vs2();
  for (unsigned index : body.ops.vectorSources) {
    llvm::Expected<Group> source =
        operandGroup(cx, body, index, int(index) == vs2 ? op.vs2Log2 : 0);
    if (!source)
      return source.takeError();
    readElements(cx, *source, body.begin, body.end, body.active());
  }
  return describeCommon(cx, body);
}

/// vd[0] = vs1[0] op vs2[active elements]: vd and vs1 single registers.
llvm::Error describeReduction(EffectsContext &cx, const Body &body) {
  const VectorOpcode &op = cx.info.vector;
  if (body.ops.vectorSources.size() != 2 || body.ops.dest < 0)
    return cx.cannotDescribe("its operands are not vd, vs2, vs1");
  if (body.sew() + op.destLog2 > 3)
    return cx.cannotDescribe("a widening reduction of 64-bit elements: "
                             "the instruction traps");
  llvm::Expected<Group> vs2 =
      operandGroup(cx, body, body.ops.vectorSources[0], 0);
  if (!vs2)
    return vs2.takeError();
  readElements(cx, *vs2, body.begin, body.end, body.active());
  cx.read(reg::v(cx.vectorNumber(body.ops.vectorSources[1])));
  // Element 0 of vd is written, its other elements kept.
  unsigned vd = cx.vectorNumber(unsigned(body.ops.dest));
  cx.read(reg::v(vd));
  cx.write(reg::v(vd));
  return describeCommon(cx, body);
}

/// Compares, vmadc and vmsbc: a mask register from element-wise sources.
llvm::Error describeMaskCompare(EffectsContext &cx, const Body &body) {
  for (unsigned index : body.ops.vectorSources) {
    llvm::Expected<Group> source = operandGroup(cx, body, index, 0);
    if (!source)
      return source.takeError();
    readElements(cx, *source, body.begin, body.end, body.active());
  }
  writeMaskBits(cx, cx.vectorNumber(unsigned(body.ops.dest)), body.begin,
                body.end, body.active());
  return describeCommon(cx, body);
}

/// vmand.mm ..., vmsbf.m ...: mask registers to a mask register.
llvm::Error describeMaskToMask(EffectsContext &cx, const Body &body) {
  for (unsigned index : body.ops.vectorSources)
    cx.read(reg::v(cx.vectorNumber(index)));
  writeMaskBits(cx, cx.vectorNumber(unsigned(body.ops.dest)), body.begin,
                body.end, body.active());
  return describeCommon(cx, body);
}

/// viota.m vd, vs2: a mask register to a group of SEW elements.
llvm::Error describeIota(EffectsContext &cx, const Body &body) {
  for (unsigned index : body.ops.vectorSources)
    cx.read(reg::v(cx.vectorNumber(index)));
  llvm::Expected<Group> dest =
      operandGroup(cx, body, unsigned(body.ops.dest), 0);
  if (!dest)
    return dest.takeError();
  writeElements(cx, *dest, body.begin, body.end, body.active());
  return describeCommon(cx, body);
}

/// vslideup, vslidedown, vslide1up, vslide1down (and the .vf forms).
llvm::Error describeSlide(EffectsContext &cx, const Body &body) {
  VectorKind kind = cx.info.vector.kind;
  if (body.ops.vectorSources.size() != 1)
    return cx.cannotDescribe("its operands are not vd, vs2, and an offset");
  uint64_t offset = 1;
  if (kind == VectorKind::SlideUp || kind == VectorKind::SlideDown) {
    if (!body.ops.scalarSources.empty()) {
      llvm::Expected<uint64_t> x = cx.readX(body.ops.scalarSources[0]);
      if (!x)
        return x.takeError();
      offset = *x;
    } else if (body.ops.immediate >= 0) {
      offset = uint64_t(cx.mc.getOperand(body.ops.immediate).getImm());
    }
  }
  llvm::Expected<Group> dest =
      operandGroup(cx, body, unsigned(body.ops.dest), 0);
  if (!dest)
    return dest.takeError();
  llvm::Expected<Group> source =
      operandGroup(cx, body, body.ops.vectorSources[0], 0);
  if (!source)
    return source.takeError();
  uint64_t vlmax = body.state.vlmax;
  bool up = kind == VectorKind::SlideUp || kind == VectorKind::Slide1Up;
  // Destination element i comes from source element i - offset (up) or
  // i + offset (down); below the offset, a slide up keeps vd's elements,
  // and past VLMAX a slide down reads zeros.
  uint64_t begin = body.begin;
  if (up && kind == VectorKind::SlideUp)
    begin = std::max(begin, offset);
  writeElements(cx, *dest, begin, body.end, body.active());
  if (up) {
    uint64_t from = std::max(begin, offset);
    if (from < body.end)
      readElements(cx, *source, from - offset, body.end - offset,
                   body.active(int64_t(offset)));
  } else if (offset < vlmax) {
    uint64_t to = kind == VectorKind::Slide1Down ? body.end - 1 : body.end;
    if (body.begin < to)
      readElements(cx, *source, body.begin + offset,
                   std::min(to + offset, vlmax), body.active(-int64_t(offset)));
  }
  return describeCommon(cx, body);
}

/// vrgather.vv/vx/vi, vrgatherei16.vv: vd[i] = vs2[index i], 0 past VLMAX.
llvm::Error describeGather(EffectsContext &cx, const Body &body) {
  const VectorOpcode &op = cx.info.vector;
  if (body.ops.vectorSources.empty())
    return cx.cannotDescribe("it has no source register");
  llvm::Expected<Group> dest =
      operandGroup(cx, body, unsigned(body.ops.dest), 0);
  if (!dest)
    return dest.takeError();
  llvm::Expected<Group> source =
      operandGroup(cx, body, body.ops.vectorSources[0], 0);
  if (!source)
    return source.takeError();
  writeElements(cx, *dest, body.begin, body.end, body.active());
  uint64_t perRegister = cx.vlenb() >> body.sew();
  auto readSourceElement = [&](uint64_t index) {
    if (index < body.state.vlmax)
      cx.read(reg::v(source->first + unsigned(index / perRegister)));
  };
  Active active = body.active();
  bool anyActive = false;
  for (uint64_t i = body.begin; i < body.end && !anyActive; ++i)
    anyActive = active(i);
  if (op.scalarIndex) {
    uint64_t index = 0;
    if (!body.ops.scalarSources.empty()) {
      llvm::Expected<uint64_t> x = cx.readX(body.ops.scalarSources[0]);
      if (!x)
        return x.takeError();
      index = *x;
    } else if (body.ops.immediate >= 0) {
      index = uint64_t(cx.mc.getOperand(body.ops.immediate).getImm());
    }
    if (anyActive)
      readSourceElement(index);
    return describeCommon(cx, body);
  }
  if (body.ops.vectorSources.size() != 2)
    return cx.cannotDescribe("its operands are not vd, vs2, vs1");
  // The indices: SEW wide, or 16 bits for vrgatherei16.
  int indexLog2 = op.eewBytes == 2 ? 1 - body.sew() : 0;
  llvm::Expected<Group> indices =
      operandGroup(cx, body, body.ops.vectorSources[1], indexLog2);
  if (!indices)
    return indices.takeError();
  readElements(cx, *indices, body.begin, body.end, active);
  unsigned indexBytes = indices->eewBytes;
  uint64_t indicesPerRegister = cx.vlenb() / indexBytes;
  for (uint64_t i = body.begin; i < body.end; ++i) {
    if (!active(i))
      continue;
    RegId holder = reg::v(indices->first + unsigned(i / indicesPerRegister));
    llvm::Expected<llvm::ArrayRef<uint8_t>> bytes = cx.bytes(holder);
    if (!bytes)
      return bytes.takeError();
    uint64_t index = 0, at = (i % indicesPerRegister) * indexBytes;
    for (unsigned b = 0; b < indexBytes; ++b)
      index |= uint64_t((*bytes)[at + b]) << (8 * b);
    readSourceElement(index);
  }
  return describeCommon(cx, body);
}

/// vcompress.vm vd, vs2, vs1: the elements of vs2 whose vs1 bit is set,
/// packed into vd's first elements; vd's other elements kept.
llvm::Error describeCompress(EffectsContext &cx, const Body &body) {
  if (body.ops.vectorSources.size() != 2)
    return cx.cannotDescribe("its operands are not vd, vs2, vs1");
  if (body.begin != 0)
    return cx.cannotDescribe("vstart is not 0: the instruction traps");
  llvm::Expected<MaskBits> selected =
      MaskBits::read(cx, cx.vectorNumber(body.ops.vectorSources[1]));
  if (!selected)
    return selected.takeError();
  llvm::Expected<Group> source =
      operandGroup(cx, body, body.ops.vectorSources[0], 0);
  if (!source)
    return source.takeError();
  llvm::Expected<Group> dest =
      operandGroup(cx, body, unsigned(body.ops.dest), 0);
  if (!dest)
    return dest.takeError();
  readElements(cx, *source, 0, body.end, Active{&*selected, 0});
  writeElements(cx, *dest, 0, selected->count(0, body.end));
  return describeCommon(cx, body);
}

/// vmv<n>r.v: whole registers, whatever vl and LMUL are.
llvm::Error describeWholeMove(EffectsContext &cx) {
  llvm::Expected<uint64_t> vstart = readVstart(cx);
  if (!vstart)
    return vstart.takeError();
  unsigned regs = cx.info.vector.fields;
  unsigned vd = cx.vectorNumber(0), vs2 = cx.vectorNumber(1);
  int eewLog2 = 0;
  if (*vstart != 0) {
    // vstart counts SEW elements.
    llvm::Expected<VectorState> state = readVectorState(cx);
    if (!state)
      return state.takeError();
    eewLog2 = int(state->type.sewLog2);
  }
  int regsLog2 = int(llvm::Log2_32(regs));
  llvm::Expected<Group> dest = makeGroup(cx, vd, regsLog2, eewLog2);
  if (!dest)
    return dest.takeError();
  llvm::Expected<Group> source = makeGroup(cx, vs2, regsLog2, eewLog2);
  if (!source)
    return source.takeError();
  uint64_t elements = uint64_t(regs) * cx.vlenb() >> eewLog2;
  writeElements(cx, *dest, *vstart, elements);
  readElements(cx, *source, *vstart, elements);
  return llvm::Error::success();
}

} // namespace

llvm::Error snr::target::riscv::describeVectorArithmetic(EffectsContext &cx) {
  if (llvm::Error error = cx.readImplicitUses())
    return error;
  if (llvm::Error error = cx.writeImplicitDefs())
    return error;
  VectorKind kind = cx.info.vector.kind;
  if (kind == VectorKind::WholeMove)
    return describeWholeMove(cx);

  llvm::Expected<Body> read = readBody(cx);
  if (!read)
    return read.takeError();
  Body &body = *read;

  // These run whatever vl and vstart are.
  if (kind == VectorKind::ScalarFromVector) {
    // vmv.x.s rd, vs2 / vfmv.f.s rd, vs2: element 0 of vs2.
    if (llvm::Error error = cx.writeMC(cx.mc.getOperand(0).getReg()))
      return error;
    cx.read(reg::v(cx.vectorNumber(1)));
    return llvm::Error::success();
  }
  if (kind == VectorKind::MaskCount) {
    // vcpop.m/vfirst.m rd, vs2: rd is written even when vl is 0.
    if (llvm::Error error = cx.writeMC(cx.mc.getOperand(0).getReg()))
      return error;
    if (!body.empty()) {
      for (unsigned index : body.ops.vectorSources)
        cx.read(reg::v(cx.vectorNumber(index)));
      if (body.ops.masked)
        cx.read(reg::v(0));
    }
    return llvm::Error::success();
  }

  // No element to update: nothing else is read or written.
  if (body.empty())
    return llvm::Error::success();
  if (body.ops.masked)
    cx.read(reg::v(0));

  switch (kind) {
  case VectorKind::Elementwise:
    return describeElementwise(cx, body);
  case VectorKind::Reduction:
    return describeReduction(cx, body);
  case VectorKind::MaskCompare:
    return describeMaskCompare(cx, body);
  case VectorKind::MaskLogical:
  case VectorKind::MaskScan:
    return describeMaskToMask(cx, body);
  case VectorKind::Iota:
    return describeIota(cx, body);
  case VectorKind::ScalarToVector: {
    // vmv.s.x vd, rs1 / vfmv.s.f vd, rs1: element 0 of vd, the rest kept.
    unsigned vd = cx.vectorNumber(0);
    cx.read(reg::v(vd));
    cx.write(reg::v(vd));
    return readScalarSources(cx, body.ops);
  }
  case VectorKind::SlideUp:
  case VectorKind::SlideDown:
  case VectorKind::Slide1Up:
  case VectorKind::Slide1Down:
    return describeSlide(cx, body);
  case VectorKind::Gather:
    return describeGather(cx, body);
  case VectorKind::Compress:
    return describeCompress(cx, body);
  default:
    return cx.cannotDescribe("not a vector arithmetic instruction");
  }
}
