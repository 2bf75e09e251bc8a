//===- ExecScalar.cpp - RV64I, M, A, C, Zicsr, system calls ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The integer instructions, their compressed forms (LLVM decodes c.addi as
// C_ADDI with the same operands as ADDI, rd tied), loads and stores, LR/SC
// and AMOs, the CSRs SnR tracks, fences, and ecall under Linux's system
// call ABI (exit and exit_group end the program; write's result is the
// environment's and comes from the trace).
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

namespace {

// clang-format off
enum AluOp : uint16_t {
  Add, Sub, Sll, Slt, Sltu, Xor, Srl, Sra, Or, And,
  Mul, Mulh, Mulhsu, Mulhu, Div, Divu, Rem, Remu,
  AddW, SubW, SllW, SrlW, SraW, MulW, DivW, DivuW, RemW, RemuW,
};
// clang-format on

uint64_t alu(uint16_t op, uint64_t a, uint64_t b) {
  int64_t sa = int64_t(a), sb = int64_t(b);
  switch (AluOp(op)) {
  case Add:
    return a + b;
  case Sub:
    return a - b;
  case Sll:
    return a << (b & 63);
  case Slt:
    return sa < sb;
  case Sltu:
    return a < b;
  case Xor:
    return a ^ b;
  case Srl:
    return a >> (b & 63);
  case Sra:
    return uint64_t(sa >> (b & 63));
  case Or:
    return a | b;
  case And:
    return a & b;
  case Mul:
    return a * b;
  case Mulh:
    return uint64_t((__int128(sa) * __int128(sb)) >> 64);
  case Mulhsu:
    return uint64_t((__int128(sa) * __int128((unsigned __int128)b)) >> 64);
  case Mulhu:
    return uint64_t(((unsigned __int128)a * b) >> 64);
  case Div:
    if (b == 0)
      return ~uint64_t(0);
    if (sa == INT64_MIN && sb == -1)
      return a;
    return uint64_t(sa / sb);
  case Divu:
    return b == 0 ? ~uint64_t(0) : a / b;
  case Rem:
    if (b == 0)
      return a;
    if (sa == INT64_MIN && sb == -1)
      return 0;
    return uint64_t(sa % sb);
  case Remu:
    return b == 0 ? a : a % b;
  case AddW:
    return sext32(a + b);
  case SubW:
    return sext32(a - b);
  case SllW:
    return sext32(uint32_t(a) << (b & 31));
  case SrlW:
    return sext32(uint32_t(a) >> (b & 31));
  case SraW:
    return sext32(uint32_t(int32_t(a) >> (b & 31)));
  case MulW:
    return sext32(uint32_t(a) * uint32_t(b));
  case DivW: {
    int32_t x = int32_t(a), y = int32_t(b);
    if (y == 0)
      return ~uint64_t(0);
    if (x == INT32_MIN && y == -1)
      return sext32(uint32_t(x));
    return sext32(uint32_t(x / y));
  }
  case DivuW: {
    uint32_t x = uint32_t(a), y = uint32_t(b);
    return y == 0 ? ~uint64_t(0) : sext32(x / y);
  }
  case RemW: {
    int32_t x = int32_t(a), y = int32_t(b);
    if (y == 0)
      return sext32(uint32_t(x));
    if (x == INT32_MIN && y == -1)
      return 0;
    return sext32(uint32_t(x % y));
  }
  case RemuW: {
    uint32_t x = uint32_t(a), y = uint32_t(b);
    return y == 0 ? sext32(x) : sext32(x % y);
  }
  }
  return 0;
}

/// rd = x[src0] op x[src1].
llvm::Error execAluRR(ExecContext &cx) {
  const ExecInst &in = cx.in;
  cx.setX(in.rd, alu(in.op, cx.x(in.src[0]), cx.x(in.src[1])));
  return llvm::Error::success();
}

/// rd = x[src0] op imm (c.li and c.mv: src0 or the immediate is 0).
llvm::Error execAluRI(ExecContext &cx) {
  const ExecInst &in = cx.in;
  cx.setX(in.rd, alu(in.op, cx.x(in.src[0]), uint64_t(in.imm)));
  return llvm::Error::success();
}

enum UpperOp : uint16_t { Lui, Auipc };

llvm::Error execUpper(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t value = uint64_t(sext32(uint64_t(in.imm) << 12));
  cx.setX(in.rd, in.op == Auipc ? cx.s.pc + value : value);
  return llvm::Error::success();
}

/// Jumps: op 1 for c.jalr, whose link register is ra.
enum JumpOp : uint16_t { LinkRd, LinkRa };

llvm::Error execJal(ExecContext &cx) {
  const ExecInst &in = cx.in;
  cx.setX(in.rd, cx.s.pc + in.size);
  cx.nextPc = cx.s.pc + uint64_t(in.imm);
  return llvm::Error::success();
}

llvm::Error execJalr(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t target = (cx.x(in.src[0]) + uint64_t(in.imm)) & ~uint64_t(1);
  cx.setX(in.op == LinkRa ? 1 : in.rd, cx.s.pc + in.size);
  cx.nextPc = target;
  return llvm::Error::success();
}

enum BranchOp : uint16_t { Beq, Bne, Blt, Bge, Bltu, Bgeu };

llvm::Error execBranch(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t a = cx.x(in.src[0]), b = cx.x(in.src[1]);
  bool taken = false;
  switch (BranchOp(in.op)) {
  case Beq:
    taken = a == b;
    break;
  case Bne:
    taken = a != b;
    break;
  case Blt:
    taken = int64_t(a) < int64_t(b);
    break;
  case Bge:
    taken = int64_t(a) >= int64_t(b);
    break;
  case Bltu:
    taken = a < b;
    break;
  case Bgeu:
    taken = a >= b;
    break;
  }
  if (taken)
    cx.nextPc = cx.s.pc + uint64_t(in.imm);
  return llvm::Error::success();
}

/// Loads: the width in bytes, and whether the value is sign-extended.
enum LoadOp : uint16_t { Lb, Lh, Lw, Ld, Lbu, Lhu, Lwu };

llvm::Error execLoad(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base) + uint64_t(in.imm);
  static const uint8_t widths[] = {1, 2, 4, 8, 1, 2, 4};
  unsigned bytes = widths[in.op];
  uint64_t raw = 0;
  if (llvm::Error error =
          cx.load(addr, llvm::MutableArrayRef<uint8_t>(
                            reinterpret_cast<uint8_t *>(&raw), bytes)))
    return error;
  uint64_t value = raw;
  switch (LoadOp(in.op)) {
  case Lb:
    value = uint64_t(int64_t(int8_t(raw)));
    break;
  case Lh:
    value = uint64_t(int64_t(int16_t(raw)));
    break;
  case Lw:
    value = uint64_t(sext32(raw));
    break;
  default:
    break;
  }
  cx.setX(in.rd, value);
  return llvm::Error::success();
}

llvm::Error execStore(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base) + uint64_t(in.imm);
  uint64_t value = cx.x(in.src[0]);
  cx.store(addr, llvm::ArrayRef<uint8_t>(
                     reinterpret_cast<const uint8_t *>(&value), in.op));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// A: LR, SC, AMOs
//===----------------------------------------------------------------------===//

/// op: the access width in bytes.
llvm::Error execLoadReserved(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base);
  uint64_t value = 0;
  if (in.op == 4) {
    int32_t word;
    if (llvm::Error error = cx.loadValue(addr, word))
      return error;
    value = uint64_t(int64_t(word));
  } else if (llvm::Error error = cx.loadValue(addr, value)) {
    return error;
  }
  cx.s.reservation = {true, addr, value};
  cx.setX(in.rd, value);
  return llvm::Error::success();
}

llvm::Error execStoreConditional(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base);
  unsigned bytes = in.op;
  // Whether it succeeded is the trace's (the reservation may predate the
  // window); without it, QEMU's rule: the reserved address still holds
  // the value loaded.
  bool success = false;
  if (std::optional<uint64_t> rd =
          in.rd ? cx.recorded.lookup(reg::x(in.rd)) : std::nullopt) {
    success = *rd == 0;
  } else if (cx.s.reservation.valid && cx.s.reservation.addr == addr) {
    uint64_t current = 0;
    if (llvm::Error error =
            cx.load(addr, llvm::MutableArrayRef<uint8_t>(
                              reinterpret_cast<uint8_t *>(&current), bytes)))
      return error;
    uint64_t expected =
        bytes == 4 ? uint32_t(cx.s.reservation.value) : cx.s.reservation.value;
    success = current == expected;
  }
  cx.s.reservation.valid = false;
  if (success) {
    uint64_t value = cx.x(in.src[0]);
    cx.store(addr, llvm::ArrayRef<uint8_t>(
                       reinterpret_cast<const uint8_t *>(&value), bytes));
  }
  cx.setX(in.rd, success ? 0 : 1);
  return llvm::Error::success();
}

// clang-format off
enum AmoOp : uint16_t { Swap, AmoAdd, AmoXor, AmoAnd, AmoOr, Min, Max, Minu,
                        Maxu };
// clang-format on

/// op: the operation; the width comes from the opcode's access bytes.
llvm::Error execAmo(ExecContext &cx) {
  const ExecInst &in = cx.in;
  uint64_t addr = cx.x(in.base);
  unsigned bytes = in.info->accessBytes;
  uint64_t old = 0;
  if (llvm::Error error =
          cx.load(addr, llvm::MutableArrayRef<uint8_t>(
                            reinterpret_cast<uint8_t *>(&old), bytes)))
    return error;
  uint64_t src = cx.x(in.src[0]);
  if (bytes == 4) {
    old = uint64_t(sext32(old));
    src = uint64_t(sext32(src));
  }
  int64_t so = int64_t(old), ss = int64_t(src);
  uint64_t uo = bytes == 4 ? uint32_t(old) : old;
  uint64_t us = bytes == 4 ? uint32_t(src) : src;
  uint64_t result = 0;
  switch (AmoOp(in.op)) {
  case Swap:
    result = src;
    break;
  case AmoAdd:
    result = old + src;
    break;
  case AmoXor:
    result = old ^ src;
    break;
  case AmoAnd:
    result = old & src;
    break;
  case AmoOr:
    result = old | src;
    break;
  case Min:
    result = so < ss ? old : src;
    break;
  case Max:
    result = so > ss ? old : src;
    break;
  case Minu:
    result = uo < us ? old : src;
    break;
  case Maxu:
    result = uo > us ? old : src;
    break;
  }
  cx.store(addr, llvm::ArrayRef<uint8_t>(
                     reinterpret_cast<const uint8_t *>(&result), bytes));
  cx.setX(in.rd, old);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Zicsr
//===----------------------------------------------------------------------===//

enum CsrOp : uint16_t { Csrrw, Csrrs, Csrrc, Csrrwi, Csrrsi, Csrrci };

llvm::Error execCsr(ExecContext &cx) {
  const ExecInst &in = cx.in;
  RISCVState &s = cx.s;
  bool immediate = in.op >= Csrrwi;
  CsrOp kind = CsrOp(in.op % 3);
  uint64_t operand = immediate ? uint64_t(in.imm2) : cx.x(in.src[0]);
  bool operandIsZero = immediate ? in.imm2 == 0 : in.src[0] == 0;
  bool writes = kind == Csrrw || !operandIsZero;
  uint64_t number = uint64_t(in.imm);
  uint64_t old = 0;
  switch (number) {
  case 0x001:
    old = s.fflags;
    break;
  case 0x002:
    old = s.frm;
    break;
  case 0x003:
    old = s.frm << 5 | s.fflags;
    break;
  case 0x008:
    old = s.vstart;
    break;
  case 0x009:
    old = s.vxsat;
    break;
  case 0x00a:
    old = s.vxrm;
    break;
  case 0x00f:
    old = s.vxrm << 1 | s.vxsat;
    break;
  case 0xc20:
    old = s.vl;
    break;
  case 0xc21:
    old = s.vtype;
    break;
  case 0xc22:
    old = s.getVLenB();
    break;
  default:
    return cx.fail(llvm::formatv("CSR {0:x3} is not one SnR models", number));
  }
  uint64_t value = kind == Csrrw   ? operand
                   : kind == Csrrs ? old | operand
                                   : old & ~operand;
  if (writes) {
    switch (number) {
    case 0x001:
      s.fflags = value & 0x1f;
      break;
    case 0x002:
      s.frm = value & 7;
      break;
    case 0x003:
      s.frm = (value >> 5) & 7;
      s.fflags = value & 0x1f;
      break;
    case 0x008:
      // QEMU keeps log2(VLEN) bits.
      s.vstart = value & (uint64_t(s.getVLenB()) * 8 - 1);
      break;
    case 0x009:
      s.vxsat = value & 1;
      break;
    case 0x00a:
      s.vxrm = value & 3;
      break;
    case 0x00f:
      s.vxrm = (value >> 1) & 3;
      s.vxsat = value & 1;
      break;
    default:
      return cx.fail(llvm::formatv(
          "it writes CSR {0:x3}, which is read-only: an illegal instruction",
          number));
    }
  }
  cx.setX(in.rd, old);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// System
//===----------------------------------------------------------------------===//

llvm::Error execNop(ExecContext &) { return llvm::Error::success(); }

llvm::Error execEcall(ExecContext &cx) {
  uint64_t number = cx.x(17);
  switch (number) {
  case 93: // exit
  case 94: // exit_group
    cx.result.ended = true;
    return llvm::Error::success();
  case 64: { // write: what it returns is the environment's
    std::optional<uint64_t> a0 = cx.recorded.lookup(reg::x(10));
    if (!a0)
      return cx.fail("the trace does not record what the write system call "
                     "returned (a0 after it)");
    cx.setX(10, *a0);
    return llvm::Error::success();
  }
  default:
    return cx.fail(llvm::formatv("system call {0} is not modelled (only "
                                 "exit, exit_group and write are)",
                                 number));
  }
}

llvm::Error execEbreak(ExecContext &cx) {
  return cx.fail("a breakpoint trap, which a debugger handles");
}

} // namespace

void snr::target::riscv::addScalarHandlers(HandlerTable &t) {
  auto add = [&](std::initializer_list<llvm::StringRef> names, ExecFn fn,
                 uint16_t op = 0) {
    for (llvm::StringRef name : names)
      t[name] = {fn, op};
  };
  add({"ADD", "C_ADD"}, execAluRR, Add);
  add({"SUB", "C_SUB"}, execAluRR, Sub);
  add({"SLL"}, execAluRR, Sll);
  add({"SLT"}, execAluRR, Slt);
  add({"SLTU"}, execAluRR, Sltu);
  add({"XOR", "C_XOR"}, execAluRR, Xor);
  add({"SRL"}, execAluRR, Srl);
  add({"SRA"}, execAluRR, Sra);
  add({"OR", "C_OR"}, execAluRR, Or);
  add({"AND", "C_AND"}, execAluRR, And);
  add({"MUL"}, execAluRR, Mul);
  add({"MULH"}, execAluRR, Mulh);
  add({"MULHSU"}, execAluRR, Mulhsu);
  add({"MULHU"}, execAluRR, Mulhu);
  add({"DIV"}, execAluRR, Div);
  add({"DIVU"}, execAluRR, Divu);
  add({"REM"}, execAluRR, Rem);
  add({"REMU"}, execAluRR, Remu);
  add({"ADDW", "C_ADDW"}, execAluRR, AddW);
  add({"SUBW", "C_SUBW"}, execAluRR, SubW);
  add({"SLLW"}, execAluRR, SllW);
  add({"SRLW"}, execAluRR, SrlW);
  add({"SRAW"}, execAluRR, SraW);
  add({"MULW"}, execAluRR, MulW);
  add({"DIVW"}, execAluRR, DivW);
  add({"DIVUW"}, execAluRR, DivuW);
  add({"REMW"}, execAluRR, RemW);
  add({"REMUW"}, execAluRR, RemuW);

  add({"ADDI", "C_ADDI", "C_ADDI16SP", "C_ADDI4SPN", "C_LI", "C_MV", "C_NOP",
       "C_ADDI_HINT_IMM_ZERO", "C_NOP_HINT", "C_LI_HINT", "C_MV_HINT"},
      execAluRI, Add);
  add({"SLTI"}, execAluRI, Slt);
  add({"SLTIU"}, execAluRI, Sltu);
  add({"XORI"}, execAluRI, Xor);
  add({"ORI"}, execAluRI, Or);
  add({"ANDI", "C_ANDI"}, execAluRI, And);
  add({"SLLI", "C_SLLI", "C_SLLI_HINT"}, execAluRI, Sll);
  add({"SRLI", "C_SRLI"}, execAluRI, Srl);
  add({"SRAI", "C_SRAI"}, execAluRI, Sra);
  add({"ADDIW", "C_ADDIW"}, execAluRI, AddW);
  add({"SLLIW"}, execAluRI, SllW);
  add({"SRLIW"}, execAluRI, SrlW);
  add({"SRAIW"}, execAluRI, SraW);

  add({"LUI", "C_LUI", "C_LUI_HINT"}, execUpper, Lui);
  add({"AUIPC"}, execUpper, Auipc);
  add({"JAL", "C_J"}, execJal);
  add({"JALR", "C_JR"}, execJalr, LinkRd);
  add({"C_JALR"}, execJalr, LinkRa);
  add({"BEQ", "C_BEQZ"}, execBranch, Beq);
  add({"BNE", "C_BNEZ"}, execBranch, Bne);
  add({"BLT"}, execBranch, Blt);
  add({"BGE"}, execBranch, Bge);
  add({"BLTU"}, execBranch, Bltu);
  add({"BGEU"}, execBranch, Bgeu);

  add({"LB"}, execLoad, Lb);
  add({"LH", "C_LH"}, execLoad, Lh);
  add({"LW", "C_LW", "C_LWSP"}, execLoad, Lw);
  add({"LD", "C_LD", "C_LDSP"}, execLoad, Ld);
  add({"LBU", "C_LBU"}, execLoad, Lbu);
  add({"LHU", "C_LHU"}, execLoad, Lhu);
  add({"LWU"}, execLoad, Lwu);
  add({"SB", "C_SB"}, execStore, 1);
  add({"SH", "C_SH"}, execStore, 2);
  add({"SW", "C_SW", "C_SWSP"}, execStore, 4);
  add({"SD", "C_SD", "C_SDSP"}, execStore, 8);

  for (llvm::StringRef order : {"", "_AQ", "_RL", "_AQRL"}) {
    t[("LR_W" + order).str()] = {execLoadReserved, 4};
    t[("LR_D" + order).str()] = {execLoadReserved, 8};
    t[("SC_W" + order).str()] = {execStoreConditional, 4};
    t[("SC_D" + order).str()] = {execStoreConditional, 8};
    static const std::pair<const char *, AmoOp> amos[] = {
        {"AMOSWAP", Swap},  {"AMOADD", AmoAdd}, {"AMOXOR", AmoXor},
        {"AMOAND", AmoAnd}, {"AMOOR", AmoOr},   {"AMOMIN", Min},
        {"AMOMAX", Max},    {"AMOMINU", Minu},  {"AMOMAXU", Maxu}};
    for (auto [name, op] : amos)
      for (llvm::StringRef width : {"_W", "_D"})
        t[(name + width + order).str()] = {execAmo, op};
  }

  add({"CSRRW"}, execCsr, Csrrw);
  add({"CSRRS"}, execCsr, Csrrs);
  add({"CSRRC"}, execCsr, Csrrc);
  add({"CSRRWI"}, execCsr, Csrrwi);
  add({"CSRRSI"}, execCsr, Csrrsi);
  add({"CSRRCI"}, execCsr, Csrrci);

  add({"FENCE", "FENCE_I", "FENCE_TSO"}, execNop);
  add({"ECALL"}, execEcall);
  add({"EBREAK", "C_EBREAK"}, execEbreak);
}
