//===- RewriteTarget.cpp - What the rewrite asks of an ISA ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/RewriteTarget.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::rewrite;

RewriteTarget::~RewriteTarget() = default;

std::string RewriteTarget::formatRegister(RegId reg) const {
  return getTarget().getRegisters().get(reg).name;
}

std::string RewriteTarget::getRegisterFileName(RegId reg) const {
  return getTarget().getRegisters().get(reg).file;
}

std::string RewriteTarget::formatRange(const MemoryRange &range) const {
  return llvm::formatv("{0}[{1}, {2})", getTarget().getSpaceName(range.space),
                       range.addr, range.addr + range.bytes)
      .str();
}
