//===- TargetRegistry.cpp - Every target SnR was built with ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/TargetRegistry.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::target;

llvm::Expected<std::unique_ptr<Target>>
snr::target::createTargetForElf(unsigned machine, bool is64Bit,
                                llvm::StringRef isaString,
                                std::optional<uint64_t> vlenb) {
  if (machine == llvm::ELF::EM_RISCV)
    return llvm::createStringError(
        "RISC-V is not among the targets this SnR was built with");
  return llvm::createStringError(llvm::formatv(
      "the ELF's machine ({0}) is not an ISA SnR knows (snr, riscv64)",
      machine));
}

llvm::ArrayRef<llvm::StringRef> snr::target::getTargetNames() {
  static const llvm::StringRef kNames[] = {"snr"};
  return kNames;
}
