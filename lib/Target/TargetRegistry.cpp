//===- TargetRegistry.cpp - Every target SnR was built with ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/TargetRegistry.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::target;

llvm::Expected<std::unique_ptr<Target>>
snr::target::createTargetForElf(unsigned machine, bool is64Bit,
                                llvm::StringRef isaString,
                                std::optional<uint64_t> vlenb) {
  if (machine == llvm::ELF::EM_RISCV) {
    if (!is64Bit)
      return llvm::createStringError(
          "a 32-bit RISC-V ELF: SnR's RISC-V target is riscv64");
    if (!vlenb)
      return llvm::createStringError(
          "the device does not say its vector length (no 'vlenb' register "
          "in its target description); run QEMU with a vector unit, e.g. "
          "-cpu rv64,v=true,vlen=128");
    llvm::Expected<std::unique_ptr<riscv::RISCVTarget>> target =
        riscv::RISCVTarget::create(isaString.empty() ? "rv64gcv" : isaString,
                                   unsigned(*vlenb));
    if (!target)
      return target.takeError();
    return std::unique_ptr<Target>(std::move(*target));
  }
  return llvm::createStringError(llvm::formatv(
      "the ELF's machine ({0}) is not an ISA SnR knows (snr, riscv64)",
      machine));
}

llvm::Expected<std::unique_ptr<Target>>
snr::target::createTargetForIsa(llvm::StringRef isa, llvm::StringRef isaString,
                                std::optional<uint64_t> vlenb) {
  if (isa == "riscv64") {
    if (!vlenb)
      return llvm::createStringError(
          "a riscv64 trace must say its vector register width ('vlenb' in "
          "its header)");
    if (*vlenb > 8192)
      return llvm::createStringError(
          llvm::formatv("vlenb {0} is not a vector register width for "
                        "riscv64 (a power of two bytes, VLEN up to 65536 "
                        "bits)",
                        *vlenb));
    llvm::Expected<std::unique_ptr<riscv::RISCVTarget>> target =
        riscv::RISCVTarget::create(isaString.empty() ? "rv64gcv" : isaString,
                                   unsigned(*vlenb));
    if (!target)
      return target.takeError();
    return std::unique_ptr<Target>(std::move(*target));
  }
  return llvm::createStringError(
      llvm::formatv("the ISA '{0}' is not one SnR knows (snr, riscv64)", isa));
}

llvm::ArrayRef<llvm::StringRef> snr::target::getTargetNames() {
  static const llvm::StringRef kNames[] = {"snr", "riscv64"};
  return kNames;
}
