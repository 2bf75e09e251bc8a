//===- Validate.cpp - Static invariants of SnR instructions ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Arch/ISA.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace snr::arch;

namespace {
bool fitsIn32Bits(int64_t value) {
  return value >= INT32_MIN && value <= int64_t(UINT32_MAX);
}

bool isShift(Opcode op) {
  return op == Opcode::ShlI || op == Opcode::ShrI || op == Opcode::SraI;
}

/// Checks a memory operand: its space is `expected` (unless null), its
/// offset is a multiple of `align`, and an absolute address is not negative.
std::string checkMem(const char *name, const MemOperand &mem,
                     std::optional<MemSpace> expected, unsigned align) {
  if (expected && mem.space != *expected)
    return llvm::formatv("'{0}' must be in {1}, but is in {2}", name,
                         getMemSpaceName(*expected),
                         getMemSpaceName(mem.space))
        .str();
  if (mem.offset % int64_t(align) != 0)
    return llvm::formatv("'{0}' offset {1} is not {2}-byte aligned", name,
                         mem.offset, align)
        .str();
  if (!mem.hasBase && mem.offset < 0)
    return llvm::formatv("'{0}' absolute address {1} is negative", name,
                         mem.offset)
        .str();
  return {};
}
} // namespace

bool snr::arch::isDmaLink(MemSpace src, MemSpace dst) {
  switch (src) {
  case MemSpace::Hbm:
    return true; // to vmem, smem, hbm and remote hbm
  case MemSpace::VMem:
    return dst == MemSpace::Hbm || dst == MemSpace::RemoteHbm;
  case MemSpace::SMem:
    return dst == MemSpace::Hbm;
  case MemSpace::RemoteHbm:
    return dst == MemSpace::Hbm || dst == MemSpace::VMem;
  }
  return false;
}

std::string snr::arch::validateInstruction(const Instruction &inst) {
  const OperandLayout &layout = getLayout(inst.opcode);
  if (inst.guard.present && inst.guard.reg >= getNumRegs(RegClass::Pred))
    return llvm::formatv("guard p{0} is out of range (p0-p{1})",
                         unsigned(inst.guard.reg),
                         getNumRegs(RegClass::Pred) - 1)
        .str();

  switch (getFormat(inst.opcode)) {
  case Format::SImm:
  case Format::PSImm:
    if (!fitsIn32Bits(inst.imm))
      return llvm::formatv("immediate {0} does not fit in 32 bits", inst.imm)
          .str();
    break;
  case Format::SSImm:
    if (isShift(inst.opcode) && (inst.imm < 0 || inst.imm > 31))
      return llvm::formatv("shift amount {0} is out of range [0, 31]",
                           inst.imm)
          .str();
    if (!fitsIn32Bits(inst.imm))
      return llvm::formatv("immediate {0} does not fit in 32 bits", inst.imm)
          .str();
    break;
  case Format::SLoad:
    return checkMem("addr", inst.src, MemSpace::SMem, layout.memBytes);
  case Format::VLoad:
    return checkMem("addr", inst.src, MemSpace::VMem, layout.memBytes);
  case Format::SStore:
    return checkMem("addr", inst.dst, MemSpace::SMem, layout.memBytes);
  case Format::VStore:
    return checkMem("addr", inst.dst, MemSpace::VMem, layout.memBytes);
  case Format::MxuPush:
    if (inst.imm < 0 || inst.imm >= int64_t(kMxuRows))
      return llvm::formatv("row {0} is out of range [0, {1}]", inst.imm,
                           kMxuRows - 1)
          .str();
    break;
  case Format::DmaIssue: {
    if (inst.imm <= 0 || inst.imm % kDmaGranule != 0)
      return llvm::formatv(
                 "size {0} must be a positive multiple of {1} bytes",
                 inst.imm, kDmaGranule)
          .str();
    if (inst.imm > kMaxDmaBytes)
      return llvm::formatv("size {0} exceeds the largest DMA ({1} bytes)",
                           inst.imm, kMaxDmaBytes)
          .str();
    if (!isDmaLink(inst.src.space, inst.dst.space))
      return llvm::formatv("no DMA link from {0} to {1}",
                           getMemSpaceName(inst.src.space),
                           getMemSpaceName(inst.dst.space))
          .str();
    std::string error = checkMem("src", inst.src, std::nullopt, kDmaGranule);
    if (error.empty())
      error = checkMem("dst", inst.dst, std::nullopt, kDmaGranule);
    return error;
  }
  case Format::Branch:
    if (inst.imm < 0)
      return llvm::formatv("branch target {0} is negative", inst.imm).str();
    break;
  default:
    break;
  }
  return {};
}

std::string snr::arch::validateRegisterValue(Reg reg, int64_t value) {
  switch (reg.cls) {
  case RegClass::Scalar:
    if (value < INT32_MIN || value > INT32_MAX)
      return llvm::formatv("value {0} does not fit a 32-bit scalar register",
                           value)
          .str();
    return {};
  case RegClass::Pred:
    if (value != 0 && value != 1)
      return llvm::formatv("value {0} is not a predicate value (0 or 1)",
                           value)
          .str();
    return {};
  case RegClass::Flag:
    if (value < 0 || value > INT32_MAX)
      return llvm::formatv("value {0} is not a count of outstanding DMAs",
                           value)
          .str();
    return {};
  default:
    return llvm::formatv("'{0}' holds a vector, not an integer",
                         formatReg(reg))
        .str();
  }
}

std::optional<std::pair<MemRegion, MemRegion>>
snr::arch::findOverlap(llvm::SmallVectorImpl<MemRegion> &regions) {
  llvm::sort(regions, [](const MemRegion &a, const MemRegion &b) {
    return std::tie(a.space, a.chip, a.begin, a.id) <
           std::tie(b.space, b.chip, b.begin, b.id);
  });
  for (size_t i = 1; i < regions.size(); ++i) {
    const MemRegion &prev = regions[i - 1], &cur = regions[i];
    if (prev.space == cur.space && prev.chip == cur.chip &&
        cur.begin < prev.end)
      return std::make_pair(prev, cur);
  }
  return std::nullopt;
}
