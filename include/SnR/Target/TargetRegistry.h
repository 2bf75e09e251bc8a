//===- TargetRegistry.h - Every target SnR was built with -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Picks the target for a binary (its ELF machine) or for a trace (its `isa`
// field): the one place that knows which ISAs exist.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_TARGETREGISTRY_H
#define SNR_TARGET_TARGETREGISTRY_H

#include "SnR/Target/Target.h"

#include <memory>
#include <optional>

namespace snr::target {

/// The target of an ELF's machine (e_machine), with its ISA string and the
/// device's vector register width, if it has one.
llvm::Expected<std::unique_ptr<Target>>
createTargetForElf(unsigned machine, bool is64Bit, llvm::StringRef isaString,
                   std::optional<uint64_t> vlenb);

/// The target a trace's header names: its `isa` ("riscv64"), `isa_string`
/// and `vlenb`. The snr ISA is not made here (its traces name no target to
/// make: the snr reader and lib/Sim replay them).
llvm::Expected<std::unique_ptr<Target>>
createTargetForIsa(llvm::StringRef isa, llvm::StringRef isaString,
                   std::optional<uint64_t> vlenb);

/// The names of the ISAs SnR records and replays ("snr", "riscv64").
llvm::ArrayRef<llvm::StringRef> getTargetNames();

} // namespace snr::target

#endif // SNR_TARGET_TARGETREGISTRY_H
