//===- FunctionalCore.cpp - Execute SnR instructions ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Values only: which operands an instruction has comes from the ISA table's
// layouts (and resolveAccesses from getMemoryAccesses), so adding an opcode
// means adding its arithmetic here and nothing about what it touches.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/FunctionalCore.h"

#include "SnR/Support/Limits.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>

using namespace snr;
using namespace snr::sim;
using arch::Opcode;

bool snr::sim::resolveAddress(const arch::MemOperand &operand,
                              const ArchState &state, uint64_t &addr) {
  int64_t value = arch::effectiveAddress(
      operand, operand.hasBase ? state.scalar[operand.base] : 0);
  if (value < 0)
    return false;
  addr = uint64_t(value);
  return true;
}

bool snr::sim::guardHolds(const arch::Instruction &inst,
                          const ArchState &state) {
  return !inst.guard.present ||
         state.pred[inst.guard.reg] != inst.guard.negated;
}

namespace {
/// The memory an operand names, as in assembly: "vmem", "rhbm<2>".
std::string formatSpace(const arch::MemOperand &operand) {
  std::string name = arch::getMemSpaceName(operand.space).str();
  if (operand.space == arch::MemSpace::RemoteHbm)
    name += "<" + std::to_string(operand.chip) + ">";
  return name;
}

/// A memory operand as written in assembly: "smem[s1 - 8]", "hbm[64]".
std::string formatOperand(const arch::MemOperand &operand) {
  std::string text = formatSpace(operand) + "[";
  if (!operand.hasBase)
    return text + std::to_string(operand.offset) + "]";
  text += arch::formatReg({arch::RegClass::Scalar, operand.base});
  if (operand.offset > 0)
    text += " + " + std::to_string(operand.offset);
  else if (operand.offset < 0)
    text += " - " + std::to_string(-operand.offset);
  return text + "]";
}

/// Resolves the accesses of an executed instruction into `out`; returns an
/// error message naming the first bad one.
std::string resolveExecuted(const arch::Instruction &inst,
                            const ArchState &state,
                            llvm::SmallVectorImpl<ResolvedAccess> &out) {
  llvm::SmallVector<arch::MemAccess, 2> accesses;
  arch::getMemoryAccesses(inst, accesses);
  unsigned align = arch::getAddressAlignment(inst.opcode);
  for (const arch::MemAccess &access : accesses) {
    const arch::MemOperand &operand = *access.operand;
    const char *role = access.isWrite ? "destination" : "source";
    uint64_t addr;
    if (!resolveAddress(operand, state, addr)) {
      if (!operand.hasBase)
        return llvm::formatv("{0} address {1} is negative", role,
                             formatOperand(operand))
            .str();
      return llvm::formatv(
                 "{0} address {1} = {2} is negative", role,
                 formatOperand(operand),
                 arch::effectiveAddress(operand, state.scalar[operand.base]))
          .str();
    }
    uint64_t size = state.sizes.size(operand.space);
    if (addr > size || access.bytes > size - addr)
      return llvm::formatv("{0} {1}[{2}, {3}) is outside {1} ({4} bytes)",
                           role, formatSpace(operand), addr,
                           addr + access.bytes, size)
          .str();
    if (addr % align != 0)
      return llvm::formatv("{0} address {1}[{2}] is not {3}-byte aligned",
                           role, formatSpace(operand), addr, align)
          .str();
    out.push_back({operand.space, operand.chip, addr, access.bytes,
                   access.isWrite});
  }
  return {};
}
} // namespace

std::string
snr::sim::resolveAccesses(const arch::Instruction &inst, const ArchState &state,
                          llvm::SmallVectorImpl<ResolvedAccess> &out) {
  if (!guardHolds(inst, state))
    return {};
  // All or nothing: a DMA whose source resolves but whose destination
  // faults must not leave the source behind in `out`.
  size_t before = out.size();
  std::string error = resolveExecuted(inst, state, out);
  if (!error.empty())
    out.truncate(before);
  return error;
}

namespace {
int32_t wrap(int64_t value) { return int32_t(uint32_t(uint64_t(value))); }

int32_t scalarOp(Opcode op, int32_t a, int32_t b) {
  uint32_t ua = uint32_t(a), ub = uint32_t(b);
  switch (op) {
  case Opcode::Add:
  case Opcode::AddI:
    return int32_t(ua + ub);
  case Opcode::Sub:
    return int32_t(ua - ub);
  case Opcode::Mul:
  case Opcode::MulI:
    return int32_t(ua * ub);
  case Opcode::And:
  case Opcode::AndI:
    return int32_t(ua & ub);
  case Opcode::Or:
  case Opcode::OrI:
    return int32_t(ua | ub);
  case Opcode::Xor:
  case Opcode::XorI:
    return int32_t(ua ^ ub);
  case Opcode::Shl:
  case Opcode::ShlI:
    return int32_t(ua << (ub & 31));
  case Opcode::Shr:
  case Opcode::ShrI:
    return int32_t(ua >> (ub & 31));
  case Opcode::Sra:
  case Opcode::SraI:
    // Arithmetic shift of a negative number, written without relying on
    // implementation-defined behaviour.
    return a >= 0 ? int32_t(ua >> (ub & 31))
                  : int32_t(~(~ua >> (ub & 31)));
  default:
    return 0;
  }
}

bool compare(arch::CmpPredicate pred, int32_t a, int32_t b) {
  switch (pred) {
  case arch::CmpPredicate::Eq:
    return a == b;
  case arch::CmpPredicate::Ne:
    return a != b;
  case arch::CmpPredicate::Lt:
    return a < b;
  case arch::CmpPredicate::Le:
    return a <= b;
  case arch::CmpPredicate::Gt:
    return a > b;
  case arch::CmpPredicate::Ge:
    return a >= b;
  }
  return false;
}

float vectorOp(Opcode op, float a, float b) {
  switch (op) {
  case Opcode::VAdd:
    return a + b;
  case Opcode::VSub:
    return a - b;
  case Opcode::VMul:
    return a * b;
  case Opcode::VDiv:
    return a / b;
  case Opcode::VMax:
    return std::fmax(a, b);
  case Opcode::VMin:
    return std::fmin(a, b);
  default:
    return 0;
  }
}
} // namespace

StepResult snr::sim::execute(const arch::Instruction &inst, ArchState &state,
                             llvm::SmallVectorImpl<ResolvedAccess> *accessesOut) {
  StepResult result;
  if (arch::fallsOffTheEnd(inst, guardHolds(inst, state))) {
    result.executed = guardHolds(inst, state);
    result.error = llvm::formatv("pc {0} falls through past the last address "
                                 "(pc 0 does not follow it)",
                                 inst.pc)
                       .str();
    return result;
  }
  if (!guardHolds(inst, state)) {
    result.executed = false;
    state.pc = arch::getNextPc(inst, /*executed=*/false);
    return result;
  }

  // Faults are found before anything changes.
  llvm::SmallVector<ResolvedAccess, 2> local;
  llvm::SmallVectorImpl<ResolvedAccess> &accesses =
      accessesOut ? *accessesOut : local;
  size_t firstAccess = accesses.size();
  if (arch::getLayout(inst.opcode).mem != arch::MemRole::None) {
    result.error = resolveAccesses(inst, state, accesses);
    if (!result.ok())
      return result;
  }
  auto access = [&](unsigned i) -> const ResolvedAccess & {
    return accesses[firstAccess + i];
  };

  auto &s = state.scalar;
  auto &v = state.vector;
  switch (inst.opcode) {
  case Opcode::MovI:
    s[inst.rd] = wrap(inst.imm);
    break;
  case Opcode::Mov:
    s[inst.rd] = s[inst.rs1];
    break;
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Shl:
  case Opcode::Shr:
  case Opcode::Sra:
    s[inst.rd] = scalarOp(inst.opcode, s[inst.rs1], s[inst.rs2]);
    break;
  case Opcode::AddI:
  case Opcode::MulI:
  case Opcode::AndI:
  case Opcode::OrI:
  case Opcode::XorI:
  case Opcode::ShlI:
  case Opcode::ShrI:
  case Opcode::SraI:
    s[inst.rd] = scalarOp(inst.opcode, s[inst.rs1], wrap(inst.imm));
    break;
  case Opcode::Cmp:
    state.pred[inst.rd] = compare(inst.cmp, s[inst.rs1], s[inst.rs2]);
    break;
  case Opcode::CmpI:
    state.pred[inst.rd] = compare(inst.cmp, s[inst.rs1], wrap(inst.imm));
    break;

  case Opcode::Ld: {
    uint8_t bytes[4];
    state.smem.read(access(0).addr, bytes);
    uint32_t word = uint32_t(bytes[0]) | uint32_t(bytes[1]) << 8 |
                    uint32_t(bytes[2]) << 16 | uint32_t(bytes[3]) << 24;
    s[inst.rd] = int32_t(word);
    break;
  }
  case Opcode::St: {
    uint32_t word = uint32_t(s[inst.rs1]);
    uint8_t bytes[4] = {uint8_t(word), uint8_t(word >> 8), uint8_t(word >> 16),
                        uint8_t(word >> 24)};
    state.smem.write(access(0).addr, bytes);
    break;
  }
  case Opcode::VLd: {
    uint8_t bytes[arch::kVectorBytes];
    state.vmem.read(access(0).addr, bytes);
    std::memcpy(v[inst.rd].data(), bytes, sizeof(bytes));
    break;
  }
  case Opcode::VSt: {
    uint8_t bytes[arch::kVectorBytes];
    std::memcpy(bytes, v[inst.rs1].data(), sizeof(bytes));
    state.vmem.write(access(0).addr, bytes);
    break;
  }

  case Opcode::VAdd:
  case Opcode::VSub:
  case Opcode::VMul:
  case Opcode::VDiv:
  case Opcode::VMax:
  case Opcode::VMin: {
    Vector out;
    for (unsigned i = 0; i < arch::kVectorLanes; ++i)
      out[i] = vectorOp(inst.opcode, v[inst.rs1][i], v[inst.rs2][i]);
    v[inst.rd] = out;
    break;
  }
  case Opcode::VMov:
    v[inst.rd] = v[inst.rs1];
    break;
  case Opcode::VExp: {
    Vector out;
    for (unsigned i = 0; i < arch::kVectorLanes; ++i)
      out[i] = std::exp(v[inst.rs1][i]);
    v[inst.rd] = out;
    break;
  }
  case Opcode::VRecip: {
    Vector out;
    for (unsigned i = 0; i < arch::kVectorLanes; ++i)
      out[i] = 1.0f / v[inst.rs1][i];
    v[inst.rd] = out;
    break;
  }
  case Opcode::VRedSum:
  case Opcode::VRedMax: {
    // Lane order is fixed (0 to 15) so the sum is the same on every run.
    const Vector &in = v[inst.rs1];
    float acc = in[0];
    for (unsigned i = 1; i < arch::kVectorLanes; ++i)
      acc = inst.opcode == Opcode::VRedSum ? acc + in[i] : std::fmax(acc, in[i]);
    v[inst.rd].fill(acc);
    break;
  }
  case Opcode::VSplat:
    v[inst.rd].fill(inst.fimm);
    break;
  case Opcode::VBcast:
    v[inst.rd].fill(float(s[inst.rs1]));
    break;

  case Opcode::MxuPush:
    state.weight[size_t(inst.imm)] = v[inst.rs1];
    break;
  case Opcode::MxuMatmul: {
    const Vector &in = v[inst.rs1];
    Vector out;
    for (unsigned j = 0; j < arch::kVectorLanes; ++j) {
      float acc = 0.0f;
      for (unsigned k = 0; k < arch::kMxuRows; ++k)
        acc += in[k] * state.weight[k][j];
      out[j] = acc;
    }
    state.result[inst.rd] = out;
    break;
  }
  case Opcode::MxuPop:
    v[inst.rd] = state.result[inst.rs1];
    break;

  case Opcode::DmaIssue: {
    // The flag counts outstanding DMAs; at its limit the issue faults (before
    // anything changes) rather than wrapping.
    if (state.flag[inst.flag] == INT32_MAX) {
      result.error = llvm::formatv("flag f{0} already counts {1} outstanding "
                                   "DMAs, the most it can hold",
                                   unsigned(inst.flag), INT32_MAX)
                         .str();
      accesses.resize(firstAccess);
      return result;
    }
    const ResolvedAccess &src = access(0), &dst = access(1);
    const SparseMemory *from = state.findMemory(src.space, src.chip);
    SparseMemory &to = state.memory(dst.space, dst.chip);
    // What the copy costs is the written memory it reads or overwrites
    // (never-written pages read as zeros, free): together it is bounded.
    uint64_t cost = (from ? from->writtenBytesIn(src.addr, src.bytes) : 0) +
                    to.writtenBytesIn(dst.addr, dst.bytes);
    uint64_t limit = getLimits().maxDmaBytes;
    if (cost > limit - std::min(limit, state.dmaBytes)) {
      result.error = limitMessage(
          llvm::formatv("the DMAs copy more than {0} bytes of written memory "
                        "together (this one {1}, after {2})",
                        limit, cost, state.dmaBytes),
          "max-dma-bytes", limit);
      accesses.resize(firstAccess);
      return result;
    }
    state.dmaBytes += cost;
    if (from)
      to.copy(dst.addr, *from, src.addr, src.bytes);
    else // a remote chip never touched reads as zeros
      to.write(dst.addr, std::vector<uint8_t>(src.bytes, 0));
    ++state.flag[inst.flag];
    break;
  }
  case Opcode::DmaWait:
    state.flag[inst.flag] = 0;
    break;

  case Opcode::Br:
    result.taken = true;
    break;
  case Opcode::Halt:
    state.halted = true;
    break;
  case Opcode::Fence:
  case Opcode::Nop:
    break;
  }
  state.pc = arch::getNextPc(inst, /*executed=*/true);
  return result;
}

std::string snr::sim::compareWithRecord(const StepResult &result,
                                        std::optional<bool> recordedExecuted,
                                        std::optional<bool> recordedTaken,
                                        uint64_t modelNextPc,
                                        std::optional<uint64_t> recordedNextPc) {
  if (recordedExecuted && *recordedExecuted != result.executed)
    return llvm::formatv("the trace recorded its guard as {0}, the model "
                         "computed {1}",
                         *recordedExecuted, result.executed)
        .str();
  if (recordedTaken && *recordedTaken != result.taken)
    return llvm::formatv("the trace recorded the branch as {0}, the model "
                         "computed {1}",
                         *recordedTaken ? "taken" : "not taken",
                         result.taken ? "taken" : "not taken")
        .str();
  if (recordedNextPc && *recordedNextPc != modelNextPc)
    return llvm::formatv("the model continues at pc {0}, the trace at pc {1}",
                         modelNextPc, *recordedNextPc)
        .str();
  return {};
}
