//===- ExecVectorFloat.cpp - RVV floating point ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RVV 1.0, sections 13 and 14.3-14.4, for SEW 32 and 64 (SEW 16 is Zvfh's,
// which the machines SnR replays have not). The rounding mode is frm's (a
// reserved frm makes the instruction illegal); the flags of every element
// accrue into fflags. A .vf operand is f[rs1] read through its NaN box at
// SEW 32. Widening operations convert their SEW operands to 2*SEW exactly
// first, as QEMU does. The sums of vfredosum and vfredusum are both taken
// in element order, as QEMU 7.2 takes them. FloatOps.h says which
// operations are the host's.
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"
#include "FloatOps.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

// clang-format off
enum FloatOp : uint16_t {
  FAdd, FSub, FRsub, FMul, FDiv, FRdiv, FMin, FMax, FSgnj, FSgnjn, FSgnjx,
  FMacc, FNmacc, FMsac, FNmsac, FMadd, FNmadd, FMsub, FNmsub,
  FSqrt, FClass, FMerge, FMove,
  // Widening (.vv/.vf, .wv/.wf).
  FWadd, FWsub, FWmul, FWmacc, FWnmacc, FWmsac, FWnmsac,
  // Compares.
  Mfeq, Mfne, Mflt, Mfle, Mfgt, Mfge,
  // Reductions.
  FRedosum, FRedusum, FRedmax, FRedmin, FWredosum, FWredusum,
};
// clang-format on

uint16_t encode(FloatOp op, VectorForm form) {
  return uint16_t(op | form << 8);
}
FloatOp opOf(uint16_t code) { return FloatOp(code & 0xff); }
VectorForm formOf(uint16_t code) { return VectorForm((code >> 8) & 0xf); }

/// frm, for an instruction that rounds.
llvm::Expected<unsigned> frmOf(ExecContext &cx, bool hostArithmetic) {
  unsigned rm = unsigned(cx.s.frm);
  if (rm > fp::RMM)
    return cx.fail(llvm::formatv("frm is {0}, a reserved rounding mode: an "
                                 "illegal instruction",
                                 rm));
  if (hostArithmetic && rm == fp::RMM)
    return cx.fail("rounding mode rmm (to nearest, ties away from zero) is "
                   "not modelled for arithmetic: the host has no such mode");
  return rm;
}

/// Calls fn with a float (SEW 32) or a double (SEW 64).
template <typename Fn>
llvm::Error withFloat(VectorContext &vc, unsigned sewLog2, Fn fn) {
  if (sewLog2 == 2)
    return fn(float());
  if (sewLog2 == 3)
    return fn(double());
  return vc.cx.fail(llvm::formatv("vector floating point at SEW {0} (Zvfh "
                                  "or none): the instruction traps",
                                  8 << sewLog2));
}

/// The scalar operand f[rs1] as an element of type T.
template <typename T> T scalarOperand(const ExecContext &cx) {
  uint64_t reg = cx.s.f[cx.in.src[0]];
  if constexpr (std::is_same_v<T, float>)
    return fp::fromBits<float>(fp::unbox(reg));
  else
    return fp::fromBits<double>(reg);
}

template <typename T>
T getF(const VectorContext &vc, unsigned reg, uint64_t i) {
  return vc.get<T>(reg, i);
}

/// Single-width arithmetic, fused multiply-adds, sqrt, class, merges.
llvm::Error execSingle(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  FloatOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (op != FMove)
    if (llvm::Error error = vc.checkGroup(in.vs2, sew))
      return error;
  if (form == VV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  bool rounds = !(op == FMin || op == FMax || op == FSgnj || op == FSgnjn ||
                  op == FSgnjx || op == FClass || op == FMerge || op == FMove);
  unsigned rm = fp::RNE;
  if (rounds) {
    llvm::Expected<unsigned> frm = frmOf(cx, true);
    if (!frm)
      return frm.takeError();
    rm = *frm;
  }
  return withFloat(vc, vc.sewLog2, [&](auto tag) -> llvm::Error {
    using T = decltype(tag);
    using Bits = typename fp::Traits<T>::Bits;
    unsigned flags = 0;
    fp::HostEnvironment env(rm);
    T scalar = form == VF ? scalarOperand<T>(cx) : T(0);
    for (uint64_t i = vc.vstart; i < vc.vl; ++i) {
      bool all = op == FMerge || op == FMove;
      if (!all && !vc.active(i))
        continue;
      T b = form == VF ? scalar : getF<T>(vc, in.vs1, i);
      if (op == FMove) {
        vc.set<T>(in.rd, i, b);
        continue;
      }
      T a = getF<T>(vc, in.vs2, i);
      T result;
      switch (op) {
      case FAdd:
        result = fp::add(a, b);
        break;
      case FSub:
        result = fp::sub(a, b);
        break;
      case FRsub:
        result = fp::sub(b, a);
        break;
      case FMul:
        result = fp::mul(a, b);
        break;
      case FDiv:
        result = fp::div(a, b);
        break;
      case FRdiv:
        result = fp::div(b, a);
        break;
      case FMin:
      case FMax:
        result = fp::minMax(a, b, op == FMax, flags);
        break;
      case FSgnj:
      case FSgnjn:
      case FSgnjx: {
        Bits sign = fp::signBit<T>(), bitsA = fp::toBits(a),
             bitsB = fp::toBits(b);
        Bits signB = op == FSgnj    ? bitsB & sign
                     : op == FSgnjn ? ~bitsB & sign
                                    : (bitsA ^ bitsB) & sign;
        result = fp::fromBits<T>((bitsA & ~sign) | signB);
        break;
      }
      case FMacc:
        result = fp::fma(b, a, getF<T>(vc, in.rd, i), flags);
        break;
      case FNmacc:
        result =
            fp::fma(fp::negate(b), a, fp::negate(getF<T>(vc, in.rd, i)), flags);
        break;
      case FMsac:
        result = fp::fma(b, a, fp::negate(getF<T>(vc, in.rd, i)), flags);
        break;
      case FNmsac:
        result = fp::fma(fp::negate(b), a, getF<T>(vc, in.rd, i), flags);
        break;
      case FMadd:
        result = fp::fma(b, getF<T>(vc, in.rd, i), a, flags);
        break;
      case FNmadd:
        result =
            fp::fma(fp::negate(b), getF<T>(vc, in.rd, i), fp::negate(a), flags);
        break;
      case FMsub:
        result = fp::fma(b, getF<T>(vc, in.rd, i), fp::negate(a), flags);
        break;
      case FNmsub:
        result = fp::fma(fp::negate(b), getF<T>(vc, in.rd, i), a, flags);
        break;
      case FSqrt:
        result = fp::sqrt(a);
        break;
      case FClass:
        result = fp::fromBits<T>(Bits(fp::classify(a)));
        break;
      case FMerge:
        result = cx.s.maskBit(0, i) ? b : a;
        break;
      default:
        result = a;
        break;
      }
      vc.set<T>(in.rd, i, result);
    }
    cx.s.fflags |= flags | (rounds ? env.flags() : 0);
    return vc.done();
  });
}

/// Widening arithmetic: 2*SEW results; SEW operands widened exactly first.
llvm::Error execWidening(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  FloatOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  if (vc.sewLog2 != 2)
    return cx.fail(llvm::formatv("widening floating point at SEW {0}: only "
                                 "SEW 32 (to 64) is modelled",
                                 vc.sewBits()));
  bool wideVs2 = form == WV || form == WF;
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew + 1))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, wideVs2 ? sew + 1 : sew))
    return error;
  if (form == VV || form == WV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  llvm::Expected<unsigned> rm = frmOf(cx, true);
  if (!rm)
    return rm.takeError();
  unsigned flags = 0;
  fp::HostEnvironment env(*rm);
  bool scalarForm = form == VF || form == WF;
  double scalar = scalarForm ? fp::widen(scalarOperand<float>(cx)) : 0;
  vc.forEachActive([&](uint64_t i) {
    double a = wideVs2 ? vc.get<double>(in.vs2, i)
                       : fp::widen(vc.get<float>(in.vs2, i));
    double b = scalarForm ? scalar : fp::widen(vc.get<float>(in.vs1, i));
    double result;
    switch (op) {
    case FWadd:
      result = fp::add(a, b);
      break;
    case FWsub:
      result = fp::sub(a, b);
      break;
    case FWmul:
      result = fp::mul(a, b);
      break;
    case FWmacc:
      result = fp::fma(b, a, vc.get<double>(in.rd, i), flags);
      break;
    case FWnmacc:
      result = fp::fma(fp::negate(b), a, fp::negate(vc.get<double>(in.rd, i)),
                       flags);
      break;
    case FWmsac:
      result = fp::fma(b, a, fp::negate(vc.get<double>(in.rd, i)), flags);
      break;
    default: // FWnmsac
      result = fp::fma(fp::negate(b), a, vc.get<double>(in.rd, i), flags);
      break;
    }
    vc.set<double>(in.rd, i, result);
  });
  cx.s.fflags |= flags | env.flags();
  return vc.done();
}

/// Compares into a mask register (vmfne is true for unordered operands).
llvm::Error execCompare(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  FloatOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  if (form == VV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  llvm::SmallVector<std::pair<uint64_t, bool>, 64> bits;
  unsigned flags = 0;
  if (llvm::Error error =
          withFloat(vc, vc.sewLog2, [&](auto tag) -> llvm::Error {
            using T = decltype(tag);
            T scalar = form == VF ? scalarOperand<T>(cx) : T(0);
            vc.forEachActive([&](uint64_t i) {
              T a = vc.get<T>(in.vs2, i);
              T b = form == VF ? scalar : vc.get<T>(in.vs1, i);
              bool bit;
              switch (op) {
              case Mfeq:
                bit = fp::equal(a, b, flags);
                break;
              case Mfne:
                bit = !fp::equal(a, b, flags);
                break;
              case Mflt:
                bit = fp::less(a, b, false, flags);
                break;
              case Mfle:
                bit = fp::less(a, b, true, flags);
                break;
              case Mfgt:
                bit = fp::less(b, a, false, flags);
                break;
              default: // Mfge
                bit = fp::less(b, a, true, flags);
                break;
              }
              bits.push_back({i, bit});
            });
            return llvm::Error::success();
          }))
    return error;
  for (auto [i, bit] : bits)
    cx.s.setMaskBit(in.rd, i, bit);
  cx.s.fflags |= flags;
  return vc.done();
}

/// Reductions: vd[0] = vs1[0] op vs2[active i], in element order.
llvm::Error execReduction(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  FloatOp op = opOf(in.op);
  if (llvm::Error error = vc.checkGroup(in.vs2, int(vc.sewLog2)))
    return error;
  bool sum = op != FRedmax && op != FRedmin;
  unsigned rm = fp::RNE;
  if (sum) {
    llvm::Expected<unsigned> frm = frmOf(cx, true);
    if (!frm)
      return frm.takeError();
    rm = *frm;
  }
  unsigned flags = 0;
  fp::HostEnvironment env(rm);
  if (op == FWredosum || op == FWredusum) {
    if (vc.sewLog2 != 2)
      return cx.fail(llvm::formatv("a widening floating-point reduction at "
                                   "SEW {0}: only SEW 32 is modelled",
                                   vc.sewBits()));
    double acc = vc.get<double>(in.vs1, 0);
    vc.forEachActive([&](uint64_t i) {
      acc = fp::add(acc, fp::widen(vc.get<float>(in.vs2, i)));
    });
    vc.set<double>(in.rd, 0, acc);
  } else if (llvm::Error error =
                 withFloat(vc, vc.sewLog2, [&](auto tag) -> llvm::Error {
                   using T = decltype(tag);
                   T acc = vc.get<T>(in.vs1, 0);
                   vc.forEachActive([&](uint64_t i) {
                     T a = vc.get<T>(in.vs2, i);
                     acc = sum ? fp::add(acc, a)
                               : fp::minMax(acc, a, op == FRedmax, flags);
                   });
                   vc.set<T>(in.rd, 0, acc);
                   return llvm::Error::success();
                 })) {
    return error;
  }
  cx.s.fflags |= flags | env.flags();
  return vc.done();
}

/// Conversions. op: the kind, | Widen or Narrow.
// clang-format off
enum ConvertKind : uint16_t {
  ToUnsigned, ToSigned, ToUnsignedRtz, ToSignedRtz, FromUnsigned, FromSigned,
  FloatToFloat, FloatToFloatOdd
};
// clang-format on
enum : uint16_t { Single = 0, Widen = 16, Narrow = 32 };

llvm::Error execConvert(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  ConvertKind kind = ConvertKind(in.op & 15);
  int sew = int(vc.sewLog2);
  int destLog2 = sew + (in.op & Widen ? 1 : 0);
  int srcLog2 = sew + (in.op & Narrow ? 1 : 0);
  if (destLog2 > 3 || srcLog2 > 3)
    return cx.fail("a widening or narrowing conversion at SEW 64: the "
                   "instruction traps");
  if (llvm::Error error = vc.checkGroup(in.rd, destLog2))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, srcLog2))
    return error;
  bool fromInteger = kind == FromUnsigned || kind == FromSigned;
  bool toInteger = kind <= ToSignedRtz;
  int floatLog2 = fromInteger ? destLog2 : srcLog2;
  if (floatLog2 < 2 || (kind >= FloatToFloat && destLog2 < 2))
    return cx.fail(llvm::formatv("a conversion with {0}-bit floating point "
                                 "(Zvfh): the instruction traps",
                                 8 << std::min(floatLog2, destLog2)));
  bool rtz = kind == ToUnsignedRtz || kind == ToSignedRtz;
  // Narrowing f.f rounds on the host; widening is exact.
  bool host = kind == FloatToFloat && (in.op & Narrow);
  llvm::Expected<unsigned> frm = frmOf(cx, host);
  if (!frm)
    return frm.takeError();
  unsigned rm = rtz ? unsigned(fp::RTZ) : *frm;
  if (kind == FloatToFloatOdd)
    rm = fp::RTZ;
  unsigned flags = 0;
  fp::HostEnvironment env(kind >= FloatToFloat ? rm : unsigned(fp::RNE));
  unsigned srcBytes = 1u << srcLog2, destBytes = 1u << destLog2;
  vc.forEachActive([&](uint64_t i) {
    uint64_t raw = 0, out = 0;
    std::memcpy(&raw, cx.s.v(in.vs2) + i * srcBytes, srcBytes);
    if (toInteger) {
      bool isSigned = kind == ToSigned || kind == ToSignedRtz;
      out = srcLog2 == 2 ? fp::toInteger(fp::fromBits<float>(uint32_t(raw)),
                                         isSigned, 8 * destBytes, rm, flags)
                         : fp::toInteger(fp::fromBits<double>(raw), isSigned,
                                         8 * destBytes, rm, flags);
    } else if (fromInteger) {
      bool negative = kind == FromSigned && signExtend(raw, 8 * srcBytes) < 0;
      // Negated as unsigned: INT64_MIN's magnitude is 2^63.
      uint64_t magnitude =
          negative ? 0 - uint64_t(signExtend(raw, 8 * srcBytes)) : raw;
      out = destLog2 == 2
                ? fp::toBits(
                      fp::fromInteger<float>(magnitude, negative, rm, flags))
                : fp::toBits(
                      fp::fromInteger<double>(magnitude, negative, rm, flags));
    } else if (destLog2 > srcLog2) {
      out = fp::toBits(fp::widen(fp::fromBits<float>(uint32_t(raw))));
    } else {
      double value = fp::fromBits<double>(raw);
      float result = fp::narrow(value);
      if (kind == FloatToFloatOdd && !fp::isNaN(result) &&
          double(result) != value && !std::isinf(result))
        result = fp::fromBits<float>(fp::toBits(result) | 1);
      out = fp::toBits(result);
    }
    std::memcpy(cx.s.v(in.rd) + i * destBytes, &out, destBytes);
  });
  cx.s.fflags |= flags | env.flags();
  return vc.done();
}

} // namespace

void snr::target::riscv::addVectorFloatHandlers(HandlerTable &t) {
  struct Entry {
    const char *base;
    FloatOp op;
    std::initializer_list<VectorForm> forms;
  };
  auto suffix = [](VectorForm form) -> const char * {
    static const char *const names[] = {"VV", "VX", "VI", "VF", "WV",
                                        "WX", "WI", "WF", "VM"};
    return names[form];
  };
  auto add = [&](ExecFn fn, std::initializer_list<Entry> entries) {
    for (const Entry &e : entries)
      for (VectorForm form : e.forms)
        t[(llvm::Twine(e.base) + "_" + suffix(form)).str()] = {
            fn, encode(e.op, form)};
  };
  add(execSingle, {{"VFADD", FAdd, {VV, VF}},
                   {"VFSUB", FSub, {VV, VF}},
                   {"VFRSUB", FRsub, {VF}},
                   {"VFMUL", FMul, {VV, VF}},
                   {"VFDIV", FDiv, {VV, VF}},
                   {"VFRDIV", FRdiv, {VF}},
                   {"VFMIN", FMin, {VV, VF}},
                   {"VFMAX", FMax, {VV, VF}},
                   {"VFSGNJ", FSgnj, {VV, VF}},
                   {"VFSGNJN", FSgnjn, {VV, VF}},
                   {"VFSGNJX", FSgnjx, {VV, VF}},
                   {"VFMACC", FMacc, {VV, VF}},
                   {"VFNMACC", FNmacc, {VV, VF}},
                   {"VFMSAC", FMsac, {VV, VF}},
                   {"VFNMSAC", FNmsac, {VV, VF}},
                   {"VFMADD", FMadd, {VV, VF}},
                   {"VFNMADD", FNmadd, {VV, VF}},
                   {"VFMSUB", FMsub, {VV, VF}},
                   {"VFNMSUB", FNmsub, {VV, VF}}});
  t["VFSQRT_V"] = {execSingle, encode(FSqrt, VV)};
  t["VFCLASS_V"] = {execSingle, encode(FClass, VV)};
  t["VFMERGE_VFM"] = {execSingle, encode(FMerge, VF)};
  t["VFMV_V_F"] = {execSingle, encode(FMove, VF)};
  // VV forms of FSqrt and FClass read no vs1: their form is the unary one.
  t["VFSQRT_V"].op = encode(FSqrt, VI);
  t["VFCLASS_V"].op = encode(FClass, VI);

  add(execWidening, {{"VFWADD", FWadd, {VV, VF, WV, WF}},
                     {"VFWSUB", FWsub, {VV, VF, WV, WF}},
                     {"VFWMUL", FWmul, {VV, VF}},
                     {"VFWMACC", FWmacc, {VV, VF}},
                     {"VFWNMACC", FWnmacc, {VV, VF}},
                     {"VFWMSAC", FWmsac, {VV, VF}},
                     {"VFWNMSAC", FWnmsac, {VV, VF}}});
  add(execCompare, {{"VMFEQ", Mfeq, {VV, VF}},
                    {"VMFNE", Mfne, {VV, VF}},
                    {"VMFLT", Mflt, {VV, VF}},
                    {"VMFLE", Mfle, {VV, VF}},
                    {"VMFGT", Mfgt, {VF}},
                    {"VMFGE", Mfge, {VF}}});
  for (auto [name, op] :
       std::initializer_list<std::pair<const char *, FloatOp>>{
           {"VFREDOSUM_VS", FRedosum},
           {"VFREDUSUM_VS", FRedusum},
           {"VFREDMAX_VS", FRedmax},
           {"VFREDMIN_VS", FRedmin},
           {"VFWREDOSUM_VS", FWredosum},
           {"VFWREDUSUM_VS", FWredusum}})
    t[name] = {execReduction, encode(op, VV)};

  struct Conversion {
    const char *name;
    uint16_t op;
  };
  static const Conversion conversions[] = {
      {"VFCVT_XU_F_V", ToUnsigned},
      {"VFCVT_X_F_V", ToSigned},
      {"VFCVT_RTZ_XU_F_V", ToUnsignedRtz},
      {"VFCVT_RTZ_X_F_V", ToSignedRtz},
      {"VFCVT_F_XU_V", FromUnsigned},
      {"VFCVT_F_X_V", FromSigned},
      {"VFWCVT_XU_F_V", ToUnsigned | Widen},
      {"VFWCVT_X_F_V", ToSigned | Widen},
      {"VFWCVT_RTZ_XU_F_V", ToUnsignedRtz | Widen},
      {"VFWCVT_RTZ_X_F_V", ToSignedRtz | Widen},
      {"VFWCVT_F_XU_V", FromUnsigned | Widen},
      {"VFWCVT_F_X_V", FromSigned | Widen},
      {"VFWCVT_F_F_V", FloatToFloat | Widen},
      {"VFNCVT_XU_F_W", ToUnsigned | Narrow},
      {"VFNCVT_X_F_W", ToSigned | Narrow},
      {"VFNCVT_RTZ_XU_F_W", ToUnsignedRtz | Narrow},
      {"VFNCVT_RTZ_X_F_W", ToSignedRtz | Narrow},
      {"VFNCVT_F_XU_W", FromUnsigned | Narrow},
      {"VFNCVT_F_X_W", FromSigned | Narrow},
      {"VFNCVT_F_F_W", FloatToFloat | Narrow},
      {"VFNCVT_ROD_F_F_W", FloatToFloatOdd | Narrow},
  };
  for (const Conversion &c : conversions)
    t[c.name] = {execConvert, c.op};
}
