//===- RISCVDialect.cpp - Recorded RISC-V executions ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/RISCV/RISCVDialect.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/ADT/StringMap.h"

#include <map>
#include <mutex>

using namespace snr;
using namespace snr::riscv;

#include "SnR/Dialect/RISCV/RISCVDialect.cpp.inc"

void RISCVDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "SnR/Dialect/RISCV/RISCVOps.cpp.inc"
      >();
}

llvm::Expected<const target::riscv::RISCVTarget *>
snr::riscv::getTarget(llvm::StringRef isa, unsigned vlenb) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, unsigned>,
                  std::unique_ptr<target::riscv::RISCVTarget>>
      targets;
  std::lock_guard<std::mutex> lock(mutex);
  auto key = std::make_pair(isa.str(), vlenb);
  auto it = targets.find(key);
  if (it != targets.end())
    return it->second.get();
  llvm::Expected<std::unique_ptr<target::riscv::RISCVTarget>> target =
      target::riscv::RISCVTarget::create(isa, vlenb);
  if (!target)
    return target.takeError();
  return (targets[key] = std::move(*target)).get();
}
