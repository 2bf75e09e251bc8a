//===- Version.h - SnR version and git commit ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_VERSION_H
#define SNR_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace snr {

/// SnR's version, from the project's CMake declaration ("0.1.0").
llvm::StringRef getSnRVersion();

/// The git commit SnR was built from, or "unknown" when it was built outside
/// a git checkout.
llvm::StringRef getSnRRevision();

/// Makes the tool's `--version` print SnR's version and commit (after
/// LLVM's). Call before parsing the command line.
void registerSnRVersionPrinter();

} // namespace snr

#endif // SNR_SUPPORT_VERSION_H
