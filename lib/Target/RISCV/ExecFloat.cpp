//===- ExecFloat.cpp - The F and D extensions -----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Scalar floating point on the f registers (64 bits; a single is read
// through its NaN box: an f register whose upper half is not all ones reads
// as the canonical NaN, and a single is written boxed). The rounding mode is
// the instruction's, or frm's for `dyn`; a reserved one is an illegal
// instruction. Each instruction's flags accrue into fflags. FloatOps.h says
// which operations are the host's and which are computed here.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"
#include "FloatOps.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

/// The width of the operands: bit 0 of every op here.
enum : uint16_t { Single = 0, Double = 1 };

// clang-format off
enum ArithOp : uint16_t {
  FAdd, FSub, FMul, FDiv, FSqrt, FMin, FMax,
  FMadd, FMsub, FNmsub, FNmadd,
  FSgnj, FSgnjn, FSgnjx,
  FEq, FLt, FLe, FClass,
};
// clang-format on

template <typename T> T readF(const RISCVState &s, unsigned n) {
  if constexpr (std::is_same_v<T, float>)
    return fp::fromBits<float>(fp::unbox(s.f[n]));
  else
    return fp::fromBits<double>(s.f[n]);
}

template <typename T> void writeF(RISCVState &s, unsigned n, T value) {
  if constexpr (std::is_same_v<T, float>)
    s.f[n] = fp::box(fp::toBits(value));
  else
    s.f[n] = fp::toBits(value);
}

/// The instruction's rounding mode, frm's for dyn (7).
llvm::Expected<unsigned> roundingMode(ExecContext &cx) {
  unsigned rm = cx.in.rm == 7 ? unsigned(cx.s.frm) : cx.in.rm;
  if (rm > fp::RMM)
    return cx.fail(llvm::formatv("rounding mode {0} is reserved{1}: an "
                                 "illegal instruction",
                                 rm, cx.in.rm == 7 ? " (in frm)" : ""));
  return rm;
}

/// A rounding mode the host's arithmetic has.
llvm::Expected<unsigned> hostRoundingMode(ExecContext &cx) {
  llvm::Expected<unsigned> rm = roundingMode(cx);
  if (rm && *rm == fp::RMM)
    return cx.fail("rounding mode rmm (to nearest, ties away from zero) is "
                   "not modelled for arithmetic: the host has no such mode");
  return rm;
}

template <typename T> llvm::Error arith(ExecContext &cx, ArithOp op) {
  RISCVState &s = cx.s;
  const ExecInst &in = cx.in;
  T a = readF<T>(s, in.src[0]), b = readF<T>(s, in.src[1]),
    c = readF<T>(s, in.src[2]);
  unsigned flags = 0;
  switch (op) {
  case FMin:
  case FMax:
    writeF(s, in.rd, fp::minMax(a, b, op == FMax, flags));
    break;
  case FSgnj:
  case FSgnjn:
  case FSgnjx: {
    auto sign = fp::signBit<T>();
    auto bitsA = fp::toBits(a), bitsB = fp::toBits(b);
    auto signB = op == FSgnj    ? bitsB & sign
                 : op == FSgnjn ? ~bitsB & sign
                                : (bitsA ^ bitsB) & sign;
    writeF(s, in.rd, fp::fromBits<T>((bitsA & ~sign) | signB));
    break;
  }
  case FEq:
    cx.setX(in.rd, fp::equal(a, b, flags));
    break;
  case FLt:
  case FLe:
    cx.setX(in.rd, fp::less(a, b, op == FLe, flags));
    break;
  case FClass:
    cx.setX(in.rd, fp::classify(a));
    break;
  default: {
    llvm::Expected<unsigned> rm = hostRoundingMode(cx);
    if (!rm)
      return rm.takeError();
    T result;
    {
      fp::HostEnvironment env(*rm);
      switch (op) {
      case FAdd:
        result = fp::add(a, b);
        break;
      case FSub:
        result = fp::sub(a, b);
        break;
      case FMul:
        result = fp::mul(a, b);
        break;
      case FDiv:
        result = fp::div(a, b);
        break;
      case FSqrt:
        result = fp::sqrt(a);
        break;
      case FMadd:
        result = fp::fma(a, b, c, flags);
        break;
      case FMsub:
        result = fp::fma(a, b, fp::negate(c), flags);
        break;
      case FNmsub:
        result = fp::fma(fp::negate(a), b, c, flags);
        break;
      case FNmadd:
        result = fp::fma(fp::negate(a), b, fp::negate(c), flags);
        break;
      default:
        result = a;
        break;
      }
      flags |= env.flags();
    }
    writeF(s, in.rd, result);
    break;
  }
  }
  s.fflags |= flags;
  return llvm::Error::success();
}

/// op: ArithOp << 1 | width.
llvm::Error execArith(ExecContext &cx) {
  ArithOp op = ArithOp(cx.in.op >> 1);
  return cx.in.op & Double ? arith<double>(cx, op) : arith<float>(cx, op);
}

/// fcvt to an integer: op = width | signed << 1 | 64-bit result << 2.
llvm::Error execToInteger(ExecContext &cx) {
  const ExecInst &in = cx.in;
  llvm::Expected<unsigned> rm = roundingMode(cx);
  if (!rm)
    return rm.takeError();
  bool isSigned = in.op & 2;
  unsigned bits = in.op & 4 ? 64 : 32;
  unsigned flags = 0;
  uint64_t result = in.op & Double
                        ? fp::toInteger(readF<double>(cx.s, in.src[0]),
                                        isSigned, bits, *rm, flags)
                        : fp::toInteger(readF<float>(cx.s, in.src[0]), isSigned,
                                        bits, *rm, flags);
  // RV64 sign-extends a 32-bit result, fcvt.wu's too.
  if (bits == 32)
    result = uint64_t(sext32(result));
  cx.setX(in.rd, result);
  cx.s.fflags |= flags;
  return llvm::Error::success();
}

/// fcvt from an integer: op as execToInteger's (the integer's width and
/// signedness).
llvm::Error execFromInteger(ExecContext &cx) {
  const ExecInst &in = cx.in;
  llvm::Expected<unsigned> rm = roundingMode(cx);
  if (!rm)
    return rm.takeError();
  bool isSigned = in.op & 2;
  uint64_t value = cx.x(in.src[0]);
  if (!(in.op & 4))
    value = isSigned ? uint64_t(sext32(value)) : uint32_t(value);
  bool negative = isSigned && int64_t(value) < 0;
  uint64_t magnitude = negative ? uint64_t(0) - value : value;
  unsigned flags = 0;
  if (in.op & Double)
    writeF(cx.s, in.rd,
           fp::fromInteger<double>(magnitude, negative, *rm, flags));
  else
    writeF(cx.s, in.rd,
           fp::fromInteger<float>(magnitude, negative, *rm, flags));
  cx.s.fflags |= flags;
  return llvm::Error::success();
}

/// fcvt.s.d (op Single: the result's width) and fcvt.d.s.
llvm::Error execConvertFloat(ExecContext &cx) {
  const ExecInst &in = cx.in;
  unsigned flags = 0;
  if (in.op == Double) {
    // Exact: no rounding.
    fp::HostEnvironment env(fp::RNE);
    double result = fp::widen(readF<float>(cx.s, in.src[0]));
    flags |= env.flags();
    writeF(cx.s, in.rd, result);
  } else {
    llvm::Expected<unsigned> rm = hostRoundingMode(cx);
    if (!rm)
      return rm.takeError();
    fp::HostEnvironment env(*rm);
    float result = fp::narrow(readF<double>(cx.s, in.src[0]));
    flags |= env.flags();
    writeF(cx.s, in.rd, result);
  }
  cx.s.fflags |= flags;
  return llvm::Error::success();
}

enum MoveOp : uint16_t { XFromW, WFromX, XFromD, DFromX };

/// fmv: the bits, unchanged (fmv.x.w sign-extends the low 32, fmv.w.x
/// boxes them).
llvm::Error execMove(ExecContext &cx) {
  const ExecInst &in = cx.in;
  switch (MoveOp(in.op)) {
  case XFromW:
    cx.setX(in.rd, uint64_t(sext32(cx.s.f[in.src[0]])));
    break;
  case WFromX:
    cx.s.f[in.rd] = fp::box(uint32_t(cx.x(in.src[0])));
    break;
  case XFromD:
    cx.setX(in.rd, cx.s.f[in.src[0]]);
    break;
  case DFromX:
    cx.s.f[in.rd] = cx.x(in.src[0]);
    break;
  }
  return llvm::Error::success();
}

/// flw/fld (op: bytes): flw boxes the word.
llvm::Error execLoad(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base) + uint64_t(in.imm);
  if (in.op == 4) {
    uint32_t word;
    if (llvm::Error error = cx.loadValue(addr, word))
      return error;
    cx.s.f[in.rd] = fp::box(word);
  } else {
    uint64_t dword;
    if (llvm::Error error = cx.loadValue(addr, dword))
      return error;
    cx.s.f[in.rd] = dword;
  }
  return llvm::Error::success();
}

/// fsw/fsd (op: bytes): fsw stores the low 32 bits, boxed or not.
llvm::Error execStore(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base) + uint64_t(in.imm);
  uint64_t value = cx.s.f[in.src[0]];
  if (in.op == 4)
    cx.storeValue(addr, uint32_t(value));
  else
    cx.storeValue(addr, value);
  return llvm::Error::success();
}

} // namespace

void snr::target::riscv::addFloatHandlers(HandlerTable &t) {
  auto both = [&](llvm::StringRef base, ArithOp op) {
    t[(base + "_S").str()] = {execArith, uint16_t(op << 1 | Single)};
    t[(base + "_D").str()] = {execArith, uint16_t(op << 1 | Double)};
  };
  both("FADD", FAdd);
  both("FSUB", FSub);
  both("FMUL", FMul);
  both("FDIV", FDiv);
  both("FSQRT", FSqrt);
  both("FMIN", FMin);
  both("FMAX", FMax);
  both("FMADD", FMadd);
  both("FMSUB", FMsub);
  both("FNMSUB", FNmsub);
  both("FNMADD", FNmadd);
  both("FSGNJ", FSgnj);
  both("FSGNJN", FSgnjn);
  both("FSGNJX", FSgnjx);
  both("FEQ", FEq);
  both("FLT", FLt);
  both("FLE", FLe);
  both("FCLASS", FClass);

  // fcvt.<int>.<fp> and fcvt.<fp>.<int>.
  struct IntType {
    const char *name;
    uint16_t bits; // signed << 1 | 64-bit << 2
  };
  static const IntType ints[] = {{"W", 2}, {"WU", 0}, {"L", 2 | 4}, {"LU", 4}};
  for (const IntType &i : ints) {
    t[(llvm::Twine("FCVT_") + i.name + "_S").str()] = {execToInteger,
                                                       uint16_t(i.bits)};
    t[(llvm::Twine("FCVT_") + i.name + "_D").str()] = {
        execToInteger, uint16_t(i.bits | Double)};
    t[(llvm::Twine("FCVT_S_") + i.name).str()] = {execFromInteger,
                                                  uint16_t(i.bits)};
    t[(llvm::Twine("FCVT_D_") + i.name).str()] = {execFromInteger,
                                                  uint16_t(i.bits | Double)};
  }
  t["FCVT_S_D"] = {execConvertFloat, Single};
  t["FCVT_D_S"] = {execConvertFloat, Double};

  t["FMV_X_W"] = {execMove, XFromW};
  t["FMV_W_X"] = {execMove, WFromX};
  t["FMV_X_D"] = {execMove, XFromD};
  t["FMV_D_X"] = {execMove, DFromX};

  for (llvm::StringRef name : {"FLW", "C_FLW", "C_FLWSP"})
    t[name] = {execLoad, 4};
  for (llvm::StringRef name : {"FLD", "C_FLD", "C_FLDSP"})
    t[name] = {execLoad, 8};
  for (llvm::StringRef name : {"FSW", "C_FSW", "C_FSWSP"})
    t[name] = {execStore, 4};
  for (llvm::StringRef name : {"FSD", "C_FSD", "C_FSDSP"})
    t[name] = {execStore, 8};
}
