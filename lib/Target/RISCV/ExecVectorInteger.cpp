//===- ExecVectorInteger.cpp - RVV integer and fixed-point arithmetic -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// RVV 1.0, sections 11, 12 and 14.1-14.2: single-width, widening and
// narrowing integer arithmetic, extensions, add-with-carry, compares into a
// mask, merges and moves, fixed point (saturating, averaging with vxrm's
// rounding, vsmul, scaling shifts, vnclip; vxsat sticky), and the integer
// reductions. The second operand is vs1 (.vv), x[rs1] truncated to SEW
// (.vx) or the immediate (.vi: 5 bits, sign-extended except for shifts,
// which LLVM gives unsigned). Element i of every source is read before
// element i of the destination is written, in ascending order.
//
//===----------------------------------------------------------------------===//

#include "ExecVector.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

// clang-format off
enum IntOp : uint16_t {
  // Single width: vd[i] = op(vs2[i], b).
  Add, Sub, Rsub, And, Or, Xor, Sll, Srl, Sra, Minu, Min, Maxu, Max,
  Mul, Mulh, Mulhu, Mulhsu, Divu, Div, Remu, Rem,
  Saddu, Sadd, Ssubu, Ssub, Aaddu, Aadd, Asubu, Asub, Smul, Ssrl, Ssra,
  // vd[i] = b (vmv.v.*), or v0[i] ? b : vs2[i] (vmerge).
  Move, Merge,
  // Multiply-add: the destination is an operand.
  Macc, Nmsac, Madd, Nmsub,
  // vadc/vsbc: with v0 as carry or borrow.
  Adc, Sbc,
  // Widening (.vv/.vx; .wv/.wx with a wide vs2): 2*SEW results.
  Waddu, Wadd, Wsubu, Wsub, Wmulu, Wmul, Wmulsu,
  Wmaccu, Wmacc, Wmaccsu, Wmaccus,
  // Narrowing: a 2*SEW vs2.
  Nsrl, Nsra, Nclipu, Nclip,
  // Compares and carry-outs into a mask register.
  Mseq, Msne, Msltu, Mslt, Msleu, Msle, Msgtu, Msgt, Madc, Msbc,
  // Reductions: vd[0] = op(vs1[0], vs2[active]).
  Redsum, Redand, Redor, Redxor, Redminu, Redmin, Redmaxu, Redmax,
  Wredsumu, Wredsum,
};
// clang-format on

/// op | form << 8.
uint16_t encode(IntOp op, VectorForm form) { return uint16_t(op | form << 8); }
IntOp opOf(uint16_t code) { return IntOp(code & 0xff); }
VectorForm formOf(uint16_t code) { return VectorForm((code >> 8) & 0xf); }

/// The low bits of a * b (no promotion to int, whose overflow is
/// undefined).
template <typename T> T mulLow(T a, T b) {
  return T(uint64_t(a) * uint64_t(b));
}

/// The rounding increment of vxrm for dropping the low `d` bits of `v`.
uint64_t roundingIncrement(unsigned __int128 v, unsigned d, uint64_t vxrm) {
  if (d == 0)
    return 0;
  auto bit = [&](unsigned n) { return uint64_t(v >> n) & 1; };
  unsigned __int128 lowMask = (unsigned __int128)1 << d;
  bool lowerNonZero =
      d >= 2 && (v & (((unsigned __int128)1 << (d - 1)) - 1)) != 0;
  switch (vxrm & 3) {
  case 0: // rnu
    return bit(d - 1);
  case 1: // rne
    return bit(d - 1) & (lowerNonZero || bit(d));
  case 2: // rdn
    return 0;
  default: // rod
    return !bit(d) && (v & (lowMask - 1)) != 0;
  }
}

/// A SEW-bit element operation; `T` is the unsigned element type.
template <typename T> struct Element {
  static constexpr unsigned Bits = sizeof(T) * 8;
  using S = std::make_signed_t<T>;

  RISCVState &s;
  bool saturated = false;

  T binary(IntOp op, T a, T b) {
    S sa = S(a), sb = S(b);
    switch (op) {
    case Add:
      return T(a + b);
    case Sub:
      return T(a - b);
    case Rsub:
      return T(b - a);
    case And:
      return a & b;
    case Or:
      return a | b;
    case Xor:
      return a ^ b;
    case Sll:
      return T(uint64_t(a) << (b & (Bits - 1)));
    case Srl:
      return T(a >> (b & (Bits - 1)));
    case Sra:
      return T(sa >> (b & (Bits - 1)));
    case Minu:
      return a < b ? a : b;
    case Min:
      return sa < sb ? a : b;
    case Maxu:
      return a > b ? a : b;
    case Max:
      return sa > sb ? a : b;
    case Mul:
      return mulLow(a, b);
    case Mulh:
      return T((__int128(sa) * __int128(sb)) >> Bits);
    case Mulhu:
      return T(((unsigned __int128)a * b) >> Bits);
    case Mulhsu:
      return T((__int128(sa) * __int128(b)) >> Bits);
    case Divu:
      return b == 0 ? T(~T(0)) : T(a / b);
    case Div:
      if (b == 0)
        return T(~T(0));
      if (sa == std::numeric_limits<S>::min() && sb == -1)
        return a;
      return T(sa / sb);
    case Remu:
      return b == 0 ? a : T(a % b);
    case Rem:
      if (b == 0)
        return a;
      if (sa == std::numeric_limits<S>::min() && sb == -1)
        return 0;
      return T(sa % sb);
    case Saddu: {
      T r = T(a + b);
      if (r < a) {
        saturated = true;
        return T(~T(0));
      }
      return r;
    }
    case Sadd: {
      __int128 r = __int128(sa) + sb;
      return saturate(r);
    }
    case Ssubu:
      if (b > a) {
        saturated = true;
        return 0;
      }
      return T(a - b);
    case Ssub: {
      __int128 r = __int128(sa) - sb;
      return saturate(r);
    }
    case Aaddu:
    case Asubu: {
      unsigned __int128 r =
          op == Aaddu ? (unsigned __int128)a + b
                      : (unsigned __int128)a - b; // wraps: ok mod 2^128
      return T((r >> 1) + roundingIncrement(r, 1, s.vxrm));
    }
    case Aadd:
    case Asub: {
      __int128 r = op == Aadd ? __int128(sa) + sb : __int128(sa) - sb;
      return T((r >> 1) +
               __int128(roundingIncrement((unsigned __int128)r, 1, s.vxrm)));
    }
    case Smul: {
      if (sa == std::numeric_limits<S>::min() && sa == sb) {
        saturated = true;
        return T(std::numeric_limits<S>::max());
      }
      __int128 product = __int128(sa) * sb;
      __int128 r = (product >> (Bits - 1)) +
                   __int128(roundingIncrement((unsigned __int128)product,
                                              Bits - 1, s.vxrm));
      return saturate(r);
    }
    case Ssrl: {
      unsigned d = unsigned(b & (Bits - 1));
      return T((a >> d) + roundingIncrement(a, d, s.vxrm));
    }
    case Ssra: {
      unsigned d = unsigned(b & (Bits - 1));
      return T((sa >> d) + S(roundingIncrement(
                               (unsigned __int128)(__int128(sa)), d, s.vxrm)));
    }
    default:
      return 0;
    }
  }

  T saturate(__int128 r) {
    if (r > std::numeric_limits<S>::max()) {
      saturated = true;
      return T(std::numeric_limits<S>::max());
    }
    if (r < std::numeric_limits<S>::min()) {
      saturated = true;
      return T(std::numeric_limits<S>::min());
    }
    return T(r);
  }
};

/// The second operand of element i: vs1[i], x[rs1] or the immediate.
template <typename T> T secondOperand(const VectorContext &vc, uint64_t i) {
  switch (formOf(vc.in.op)) {
  case VV:
  case WV:
    return vc.get<T>(vc.in.vs1, i);
  case VX:
  case WX:
    return T(vc.cx.x(vc.in.src[0]));
  default:
    return T(vc.in.imm);
  }
}

/// Single-width arithmetic, moves, merges, multiply-add, add-with-carry.
llvm::Error execSingle(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  IntOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  bool usesVs2 = op != Move;
  if (usesVs2)
    if (llvm::Error error = vc.checkGroup(in.vs2, sew))
      return error;
  if (form == VV)
    if (llvm::Error error = vc.checkGroup(op == Move ? in.vs2 : in.vs1, sew))
      return error;
  bool saturated = withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    Element<T> e{cx.s};
    for (uint64_t i = vc.vstart; i < vc.vl; ++i) {
      // vmerge, vadc and vsbc run on every element; v0 is their operand.
      bool all = op == Merge || op == Adc || op == Sbc;
      if (!all && !vc.active(i))
        continue;
      T b = op == Move && form == VV ? vc.get<T>(in.vs2, i)
                                     : secondOperand<T>(vc, i);
      T result;
      switch (op) {
      case Move:
        result = b;
        break;
      case Merge:
        result = cx.s.maskBit(0, i) ? b : vc.get<T>(in.vs2, i);
        break;
      case Adc:
        result = T(vc.get<T>(in.vs2, i) + b + T(cx.s.maskBit(0, i)));
        break;
      case Sbc:
        result = T(vc.get<T>(in.vs2, i) - b - T(cx.s.maskBit(0, i)));
        break;
      case Macc:
        result = T(mulLow(b, vc.get<T>(in.vs2, i)) + vc.get<T>(in.rd, i));
        break;
      case Nmsac:
        result = T(vc.get<T>(in.rd, i) - mulLow(b, vc.get<T>(in.vs2, i)));
        break;
      case Madd:
        result = T(mulLow(b, vc.get<T>(in.rd, i)) + vc.get<T>(in.vs2, i));
        break;
      case Nmsub:
        result = T(vc.get<T>(in.vs2, i) - mulLow(b, vc.get<T>(in.rd, i)));
        break;
      default:
        result = e.binary(op, vc.get<T>(in.vs2, i), b);
        break;
      }
      vc.set<T>(in.rd, i, result);
    }
    return e.saturated;
  });
  if (saturated)
    cx.s.vxsat = 1;
  return vc.done();
}

/// Widening: 2*SEW results from SEW sources (a 2*SEW vs2 for .w forms).
llvm::Error execWidening(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  IntOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  bool wideVs2 = form == WV || form == WX;
  int sew = int(vc.sewLog2);
  if (sew == 3)
    return cx.fail("a widening operation at SEW 64: the instruction traps");
  if (llvm::Error error = vc.checkGroup(in.rd, sew + 1))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, wideVs2 ? sew + 1 : sew))
    return error;
  if (form == VV || form == WV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    using W = typename Wider<T>::type;
    using S = std::make_signed_t<T>;
    using SW = std::make_signed_t<W>;
    vc.forEachActive([&](uint64_t i) {
      T b = secondOperand<T>(vc, i);
      W a = wideVs2 ? vc.get<W>(in.vs2, i) : W(vc.get<T>(in.vs2, i));
      W sa = wideVs2 ? a : W(SW(S(T(a)))); // sign-extended vs2
      W ub = W(b), sb = W(SW(S(b)));
      W result = 0;
      switch (op) {
      case Waddu:
        result = W(a + ub);
        break;
      case Wadd:
        result = W(sa + sb);
        break;
      case Wsubu:
        result = W(a - ub);
        break;
      case Wsub:
        result = W(sa - sb);
        break;
      // The products of sign- or zero-extended operands, modulo 2^(2*SEW).
      case Wmulu:
        result = mulLow(a, ub);
        break;
      case Wmul:
        result = mulLow(sa, sb);
        break;
      case Wmulsu:
        result = mulLow(sa, ub);
        break;
      // vwmacc* vd, vs1/rs1, vs2: vd += b * vs2.
      case Wmaccu:
        result = W(vc.get<W>(in.rd, i) + mulLow(ub, a));
        break;
      case Wmacc:
        result = W(vc.get<W>(in.rd, i) + mulLow(sb, sa));
        break;
      case Wmaccsu: // signed(vs1) * unsigned(vs2)
        result = W(vc.get<W>(in.rd, i) + mulLow(sb, a));
        break;
      case Wmaccus: // unsigned(rs1) * signed(vs2)
        result = W(vc.get<W>(in.rd, i) + mulLow(ub, sa));
        break;
      default:
        break;
      }
      vc.set<W>(in.rd, i, result);
    });
    return 0;
  });
  return vc.done();
}

/// Narrowing shifts and clips: SEW results from a 2*SEW vs2.
llvm::Error execNarrowing(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  IntOp op = opOf(in.op);
  int sew = int(vc.sewLog2);
  if (sew == 3)
    return cx.fail("a narrowing operation at SEW 64: the instruction traps");
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, sew + 1))
    return error;
  if (formOf(in.op) == WV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  bool saturated = withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    using W = typename Wider<T>::type;
    using S = std::make_signed_t<T>;
    using SW = std::make_signed_t<W>;
    constexpr unsigned Bits = sizeof(T) * 8;
    bool sat = false;
    vc.forEachActive([&](uint64_t i) {
      W a = vc.get<W>(in.vs2, i);
      unsigned shift = unsigned(secondOperand<T>(vc, i) & (2 * Bits - 1));
      T result;
      switch (op) {
      case Nsrl:
        result = T(a >> shift);
        break;
      case Nsra:
        result = T(SW(a) >> shift);
        break;
      case Nclipu: {
        W r = W((a >> shift) + roundingIncrement(a, shift, cx.s.vxrm));
        if (r > W(T(~T(0)))) {
          sat = true;
          result = T(~T(0));
        } else {
          result = T(r);
        }
        break;
      }
      default: { // Nclip
        __int128 r = __int128(SW(a) >> shift) +
                     __int128(roundingIncrement(
                         (unsigned __int128)__int128(SW(a)), shift, cx.s.vxrm));
        if (r > std::numeric_limits<S>::max()) {
          sat = true;
          result = T(std::numeric_limits<S>::max());
        } else if (r < std::numeric_limits<S>::min()) {
          sat = true;
          result = T(std::numeric_limits<S>::min());
        } else {
          result = T(r);
        }
        break;
      }
      }
      vc.set<T>(in.rd, i, result);
    });
    return sat;
  });
  if (saturated)
    cx.s.vxsat = 1;
  return vc.done();
}

/// vzext.vf2/4/8, vsext.vf2/4/8: op = log2 of the factor, | 4 when signed.
llvm::Error execExtend(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  int factorLog2 = in.op & 3;
  bool isSigned = in.op & 4;
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.rd, sew))
    return error;
  if (llvm::Error error = vc.checkGroup(in.vs2, sew - factorLog2))
    return error;
  unsigned fromBytes = vc.sewBytes() >> factorLog2;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    vc.forEachActive([&](uint64_t i) {
      uint64_t raw = 0;
      std::memcpy(&raw, cx.s.v(in.vs2) + i * fromBytes, fromBytes);
      vc.set<T>(in.rd, i,
                T(isSigned ? uint64_t(signExtend(raw, fromBytes * 8)) : raw));
    });
    return 0;
  });
  return vc.done();
}

/// Compares and carry-outs: bit i of the mask vd.
llvm::Error execCompare(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  IntOp op = opOf(in.op);
  VectorForm form = formOf(in.op);
  int sew = int(vc.sewLog2);
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  if (form == VV)
    if (llvm::Error error = vc.checkGroup(in.vs1, sew))
      return error;
  // vmadc/vmsbc with v0 as carry (the .vvm forms): the VM form bit.
  bool carryIn = (in.op >> 12) & 1;
  // The results are kept aside: vd may be a source (vmseq.vv v8, v8, v9 at
  // LMUL 1 is legal), and element i's sources precede element i's bit, but
  // bit i lands in a byte that holds the bits of later elements' sources.
  llvm::SmallVector<std::pair<uint64_t, bool>, 64> bits;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    using S = std::make_signed_t<T>;
    for (uint64_t i = vc.vstart; i < vc.vl; ++i) {
      bool all = op == Madc || op == Msbc;
      if (!all && !vc.active(i))
        continue;
      T a = vc.get<T>(in.vs2, i);
      T b = secondOperand<T>(vc, i);
      bool bit = false;
      switch (op) {
      case Mseq:
        bit = a == b;
        break;
      case Msne:
        bit = a != b;
        break;
      case Msltu:
        bit = a < b;
        break;
      case Mslt:
        bit = S(a) < S(b);
        break;
      case Msleu:
        bit = a <= b;
        break;
      case Msle:
        bit = S(a) <= S(b);
        break;
      case Msgtu:
        bit = a > b;
        break;
      case Msgt:
        bit = S(a) > S(b);
        break;
      case Madc: {
        T carry = carryIn ? T(cx.s.maskBit(0, i)) : T(0);
        T sum = T(a + b);
        bit = sum < a || T(sum + carry) < sum;
        break;
      }
      case Msbc: {
        T borrow = carryIn ? T(cx.s.maskBit(0, i)) : T(0);
        bit = a < b || (a == b && borrow);
        break;
      }
      default:
        break;
      }
      bits.push_back({i, bit});
    }
    return 0;
  });
  for (auto [i, bit] : bits)
    cx.s.setMaskBit(in.rd, i, bit);
  return vc.done();
}

/// Integer reductions: vd[0] = op(vs1[0], vs2[active i]); nothing when vl
/// is 0.
llvm::Error execReduction(ExecContext &cx) {
  llvm::Expected<VectorContext> begun = VectorContext::begin(cx);
  if (!begun)
    return begun.takeError();
  VectorContext &vc = *begun;
  if (vc.empty())
    return vc.done();
  const ExecInst &in = cx.in;
  IntOp op = opOf(in.op);
  bool widening = op == Wredsum || op == Wredsumu;
  int sew = int(vc.sewLog2);
  if (widening && sew == 3)
    return cx.fail("a widening reduction at SEW 64: the instruction traps");
  if (llvm::Error error = vc.checkGroup(in.vs2, sew))
    return error;
  withSew(vc.sewLog2, [&](auto tag) {
    using T = decltype(tag);
    using W = typename Wider<T>::type;
    using S = std::make_signed_t<T>;
    using SW = std::make_signed_t<W>;
    if (widening) {
      W acc = vc.get<W>(in.vs1, 0);
      vc.forEachActive([&](uint64_t i) {
        T a = vc.get<T>(in.vs2, i);
        acc = W(acc + (op == Wredsum ? W(SW(S(a))) : W(a)));
      });
      vc.set<W>(in.rd, 0, acc);
      return 0;
    }
    T acc = vc.get<T>(in.vs1, 0);
    vc.forEachActive([&](uint64_t i) {
      T a = vc.get<T>(in.vs2, i);
      switch (op) {
      case Redsum:
        acc = T(acc + a);
        break;
      case Redand:
        acc &= a;
        break;
      case Redor:
        acc |= a;
        break;
      case Redxor:
        acc ^= a;
        break;
      case Redminu:
        acc = std::min(acc, a);
        break;
      case Redmin:
        acc = S(a) < S(acc) ? a : acc;
        break;
      case Redmaxu:
        acc = std::max(acc, a);
        break;
      default: // Redmax
        acc = S(a) > S(acc) ? a : acc;
        break;
      }
    });
    vc.set<T>(in.rd, 0, acc);
    return 0;
  });
  return vc.done();
}

} // namespace

void snr::target::riscv::addVectorIntegerHandlers(HandlerTable &t) {
  struct Entry {
    const char *base;
    IntOp op;
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
  add(execSingle,
      {{"VADD", Add, {VV, VX, VI}},   {"VSUB", Sub, {VV, VX}},
       {"VRSUB", Rsub, {VX, VI}},     {"VAND", And, {VV, VX, VI}},
       {"VOR", Or, {VV, VX, VI}},     {"VXOR", Xor, {VV, VX, VI}},
       {"VSLL", Sll, {VV, VX, VI}},   {"VSRL", Srl, {VV, VX, VI}},
       {"VSRA", Sra, {VV, VX, VI}},   {"VMINU", Minu, {VV, VX}},
       {"VMIN", Min, {VV, VX}},       {"VMAXU", Maxu, {VV, VX}},
       {"VMAX", Max, {VV, VX}},       {"VMUL", Mul, {VV, VX}},
       {"VMULH", Mulh, {VV, VX}},     {"VMULHU", Mulhu, {VV, VX}},
       {"VMULHSU", Mulhsu, {VV, VX}}, {"VDIVU", Divu, {VV, VX}},
       {"VDIV", Div, {VV, VX}},       {"VREMU", Remu, {VV, VX}},
       {"VREM", Rem, {VV, VX}},       {"VSADDU", Saddu, {VV, VX, VI}},
       {"VSADD", Sadd, {VV, VX, VI}}, {"VSSUBU", Ssubu, {VV, VX}},
       {"VSSUB", Ssub, {VV, VX}},     {"VAADDU", Aaddu, {VV, VX}},
       {"VAADD", Aadd, {VV, VX}},     {"VASUBU", Asubu, {VV, VX}},
       {"VASUB", Asub, {VV, VX}},     {"VSMUL", Smul, {VV, VX}},
       {"VSSRL", Ssrl, {VV, VX, VI}}, {"VSSRA", Ssra, {VV, VX, VI}},
       {"VMACC", Macc, {VV, VX}},     {"VNMSAC", Nmsac, {VV, VX}},
       {"VMADD", Madd, {VV, VX}},     {"VNMSUB", Nmsub, {VV, VX}}});
  // vmv.v.v/x/i; vmerge.vvm/vxm/vim; vadc/vsbc with carry.
  t["VMV_V_V"] = {execSingle, encode(Move, VV)};
  t["VMV_V_X"] = {execSingle, encode(Move, VX)};
  t["VMV_V_I"] = {execSingle, encode(Move, VI)};
  t["VMERGE_VVM"] = {execSingle, encode(Merge, VV)};
  t["VMERGE_VXM"] = {execSingle, encode(Merge, VX)};
  t["VMERGE_VIM"] = {execSingle, encode(Merge, VI)};
  t["VADC_VVM"] = {execSingle, encode(Adc, VV)};
  t["VADC_VXM"] = {execSingle, encode(Adc, VX)};
  t["VADC_VIM"] = {execSingle, encode(Adc, VI)};
  t["VSBC_VVM"] = {execSingle, encode(Sbc, VV)};
  t["VSBC_VXM"] = {execSingle, encode(Sbc, VX)};

  add(execWidening, {{"VWADDU", Waddu, {VV, VX, WV, WX}},
                     {"VWADD", Wadd, {VV, VX, WV, WX}},
                     {"VWSUBU", Wsubu, {VV, VX, WV, WX}},
                     {"VWSUB", Wsub, {VV, VX, WV, WX}},
                     {"VWMULU", Wmulu, {VV, VX}},
                     {"VWMUL", Wmul, {VV, VX}},
                     {"VWMULSU", Wmulsu, {VV, VX}},
                     {"VWMACCU", Wmaccu, {VV, VX}},
                     {"VWMACC", Wmacc, {VV, VX}},
                     {"VWMACCSU", Wmaccsu, {VV, VX}},
                     {"VWMACCUS", Wmaccus, {VX}}});
  add(execNarrowing, {{"VNSRL", Nsrl, {WV, WX, WI}},
                      {"VNSRA", Nsra, {WV, WX, WI}},
                      {"VNCLIPU", Nclipu, {WV, WX, WI}},
                      {"VNCLIP", Nclip, {WV, WX, WI}}});
  for (unsigned log2 : {1, 2, 3}) {
    std::string factor = std::to_string(1u << log2);
    t["VZEXT_VF" + factor] = {execExtend, uint16_t(log2)};
    t["VSEXT_VF" + factor] = {execExtend, uint16_t(log2 | 4)};
  }
  add(execCompare, {{"VMSEQ", Mseq, {VV, VX, VI}},
                    {"VMSNE", Msne, {VV, VX, VI}},
                    {"VMSLTU", Msltu, {VV, VX}},
                    {"VMSLT", Mslt, {VV, VX}},
                    {"VMSLEU", Msleu, {VV, VX, VI}},
                    {"VMSLE", Msle, {VV, VX, VI}},
                    {"VMSGTU", Msgtu, {VX, VI}},
                    {"VMSGT", Msgt, {VX, VI}},
                    {"VMADC", Madc, {VV, VX, VI}},
                    {"VMSBC", Msbc, {VV, VX}}});
  // The carry-in forms: the bit 12 of the op says v0 is the carry.
  t["VMADC_VVM"] = {execCompare, uint16_t(encode(Madc, VV) | 1 << 12)};
  t["VMADC_VXM"] = {execCompare, uint16_t(encode(Madc, VX) | 1 << 12)};
  t["VMADC_VIM"] = {execCompare, uint16_t(encode(Madc, VI) | 1 << 12)};
  t["VMSBC_VVM"] = {execCompare, uint16_t(encode(Msbc, VV) | 1 << 12)};
  t["VMSBC_VXM"] = {execCompare, uint16_t(encode(Msbc, VX) | 1 << 12)};

  for (auto [name, op] : std::initializer_list<std::pair<const char *, IntOp>>{
           {"VREDSUM_VS", Redsum},
           {"VREDAND_VS", Redand},
           {"VREDOR_VS", Redor},
           {"VREDXOR_VS", Redxor},
           {"VREDMINU_VS", Redminu},
           {"VREDMIN_VS", Redmin},
           {"VREDMAXU_VS", Redmaxu},
           {"VREDMAX_VS", Redmax},
           {"VWREDSUMU_VS", Wredsumu},
           {"VWREDSUM_VS", Wredsum}})
    t[name] = {execReduction, encode(op, VV)};
}
