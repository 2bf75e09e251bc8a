//===- ExecVectorPermute.cpp - RVV moves, slides, gathers, compress -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RVV 1.0, section 16 (and vid.v): element 0 to and from a scalar register
// (vmv.x.s and vfmv.f.s run whatever vl is), slides (vslideup keeps vd's
// elements below the offset; vslidedown reads 0 past VLMAX), gathers (an
// index past VLMAX gives 0), vcompress (vd's elements past the packed ones
// kept) and whole-register moves. A source group is copied before vd is
// written, so an overlap (which RVV forbids for some) cannot feed results
// back.
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"
#include "FloatOps.h"

#include <vector>

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// The bytes of a register group, copied.
struct GroupCopy {
  std::vector<uint8_t> bytes;
  GroupCopy(const VectorContext &vc, unsigned reg, int eewLog2) {
    size_t size = size_t(vc.groupRegs(eewLog2)) * vc.s.getVLenB();
    bytes.assign(vc.s.v(reg), vc.s.v(reg) + size);
  }
  template <typename T> T get(uint64_t i) const {
    T value;
    std::memcpy(&value, bytes.data() + i * sizeof(T), sizeof(T));
    return value;
  }
};

/// The scalar operand of a .vx or .vf form, as an element of SEW bits: x
/// truncated, f through its NaN box at SEW 32.
uint64_t scalarElement(const VectorContext &vc, bool isFloat) {
  if (!isFloat)
    return vc.cx.x(vc.in.src[0]);
  uint64_t reg = vc.s.f[vc.in.src[0]];
  return vc.sewLog2 == 2 ? fp::unbox(reg) : reg;
}

enum MoveOp : uint16_t { XFromS, SFromX, FFromS, SFromF };

llvm::Error execScalarMove(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  const ExecInst &in = cx.in;
  MoveOp op = MoveOp(cx.in.op);
  bool isFloat = op == FFromS || op == SFromF;
  if (isFloat && vc.sewLog2 < 2)
    return cx.fail(llvm::formatv("a floating-point move at SEW {0} (Zvfh): "
                                 "the instruction traps",
                                 vc.sewBits()));
  unsigned bytes = vc.sewBytes();
  switch (op) {
  case XFromS: {
    uint64_t raw = 0;
    std::memcpy(&raw, cx.s.v(in.vs2), bytes);
    cx.setX(in.rd, uint64_t(signExtend(raw, 8 * bytes)));
    break;
  }
  case FFromS: {
    uint64_t raw = 0;
    std::memcpy(&raw, cx.s.v(in.vs2), bytes);
    cx.s.f[in.rd] = bytes == 4 ? fp::box(uint32_t(raw)) : raw;
    break;
  }
  case SFromX:
  case SFromF:
    if (!vc.empty()) {
      uint64_t value = scalarElement(vc, isFloat);
      std::memcpy(cx.s.v(in.rd), &value, bytes);
    }
    break;
  }
  return vc.done();
}

/// vmv<n>r.v: op is n. vstart counts SEW elements.
llvm::Error execWholeMove(ExecContext &cx) {
  const ExecInst &in = cx.in;
  unsigned regs = in.op;
  if (in.rd % regs || in.vs2 % regs)
    return cx.fail(llvm::formatv("v{0} and v{1} must start groups of {2} "
                                 "registers: the instruction traps",
                                 in.rd, in.vs2, regs));
  uint64_t from = 0;
  if (cx.s.vstart != 0) {
    llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
    if (!begun)
      return begun.takeError();
    from = cx.s.vstart * begun->sewBytes();
  }
  uint64_t total = uint64_t(regs) * cx.s.getVLenB();
  if (from < total)
    std::memmove(cx.s.v(in.rd) + from, cx.s.v(in.vs2) + from, total - from);
  cx.s.vstart = 0;
  return llvm::Error::success();
}

llvm::Error execVid(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  if (llvm::Error error = vc.checkGroup(cx.in.rd, int(vc.sewLog2)))
    return error;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    vc.forEachActive([&](uint64_t i) { vc.set<T>(cx.in.rd, i, T(i)); });
    return 0;
  });
  return vc.done();
}

/// Slides. op: the kind | Float (the vfslide1 forms) | Immediate offset.
enum SlideOp : uint16_t { Up, Down, Up1, Down1 };
enum : uint16_t { Float = 4, Immediate = 8 };

llvm::Error execSlide(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  SlideOp kind = SlideOp(in.op & 3);
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  if ((in.op & Float) && sew < 2)
    return cx.fail("a floating-point slide at SEW 8 or 16: the instruction "
                   "traps");
  uint64_t offset = 1;
  if (kind == Up || kind == Down)
    offset = in.op & Immediate ? uint64_t(in.imm) : cx.x(in.src[0]);
  GroupCopy source(vc, in.vs2, sew);
  uint64_t scalar =
      kind == Up1 || kind == Down1 ? scalarElement(vc, in.op & Float) : 0;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    for (uint64_t i = vc.vstart; i < vc.vl; ++i) {
      if (!vc.active(i))
        continue;
      switch (kind) {
      case Up:
      case Up1:
        if (i >= offset)
          vc.set<T>(in.rd, i, source.get<T>(i - offset));
        else if (kind == Up1)
          vc.set<T>(in.rd, i, T(scalar));
        break;
      case Down:
        vc.set<T>(in.rd, i,
                  offset < vc.vlmax && i + offset < vc.vlmax
                      ? source.get<T>(i + offset)
                      : T(0));
        break;
      case Down1:
        vc.set<T>(in.rd, i, i + 1 < vc.vl ? source.get<T>(i + 1) : T(scalar));
        break;
      }
    }
    return 0;
  });
  return vc.done();
}

/// vrgather.vv/vx/vi and vrgatherei16.vv. op: the form (VV, VX, VI), | 16
/// for 16-bit indices.
llvm::Error execGather(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  VectorForm form = VectorForm(in.op & 15);
  bool ei16 = in.op & 16;
  int sew = int(vc.sewLog2);
  int indexLog2 = ei16 ? 1 : sew;
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  if (form == VV)
    if (llvm::Error error = vc.checkGroup(in.vs1, indexLog2))
      return error;
  GroupCopy source(vc, in.vs2, sew);
  std::optional<GroupCopy> indices;
  if (form == VV)
    indices.emplace(vc, in.vs1, indexLog2);
  uint64_t scalarIndex = form == VX ? cx.x(in.src[0]) : uint64_t(in.imm);
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    vc.forEachActive([&](uint64_t i) {
      uint64_t index = scalarIndex;
      if (indices)
        index = ei16 ? indices->get<uint16_t>(i) : uint64_t(indices->get<T>(i));
      vc.set<T>(in.rd, i, index < vc.vlmax ? source.get<T>(index) : T(0));
    });
    return 0;
  });
  return vc.done();
}

/// vcompress.vm vd, vs2, vs1.
llvm::Error execCompress(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.vstart != 0)
    return cx.fail("vcompress.vm with vstart not 0: the instruction traps");
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  GroupCopy source(vc, in.vs2, sew);
  std::vector<uint8_t> selected(cx.s.v(in.vs1),
                                cx.s.v(in.vs1) + cx.s.getVLenB());
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    uint64_t packed = 0;
    for (uint64_t i = 0; i < vc.vl; ++i)
      if ((selected[i / 8] >> (i % 8)) & 1)
        vc.set<T>(in.rd, packed++, source.get<T>(i));
    return 0;
  });
  return vc.done();
}

} // namespace

void snr::target::riscv::addVectorPermuteHandlers(HandlerTable &t) {
  t["VMV_X_S"] = {execScalarMove, XFromS};
  t["VMV_S_X"] = {execScalarMove, SFromX};
  t["VFMV_F_S"] = {execScalarMove, FFromS};
  t["VFMV_S_F"] = {execScalarMove, SFromF};
  for (unsigned n : {1, 2, 4, 8})
    t["VMV" + std::to_string(n) + "R_V"] = {execWholeMove, uint16_t(n)};
  t["VID_V"] = {execVid};
  t["VSLIDEUP_VX"] = {execSlide, Up};
  t["VSLIDEUP_VI"] = {execSlide, Up | Immediate};
  t["VSLIDEDOWN_VX"] = {execSlide, Down};
  t["VSLIDEDOWN_VI"] = {execSlide, Down | Immediate};
  t["VSLIDE1UP_VX"] = {execSlide, Up1};
  t["VSLIDE1DOWN_VX"] = {execSlide, Down1};
  t["VFSLIDE1UP_VF"] = {execSlide, Up1 | Float};
  t["VFSLIDE1DOWN_VF"] = {execSlide, Down1 | Float};
  t["VRGATHER_VV"] = {execGather, VV};
  t["VRGATHER_VX"] = {execGather, VX};
  t["VRGATHER_VI"] = {execGather, VI};
  t["VRGATHEREI16_VV"] = {execGather, uint16_t(VV | 16)};
  t["VCOMPRESS_VM"] = {execCompress};
}
