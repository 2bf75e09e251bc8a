//===- FileSizeSignal.cpp - A file-size limit is an I/O error -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/FileSizeSignal.h"

#include "llvm/Support/Signals.h"

#include <csignal>

void snr::ignoreFileSizeSignal() {
  // Installs LLVM's handlers now (without adding a callback), so a later
  // InitLLVM does not install them over the SIG_IGN below.
  llvm::sys::SetInterruptFunction(nullptr);
#ifdef SIGXFSZ
  std::signal(SIGXFSZ, SIG_IGN);
#endif
}
