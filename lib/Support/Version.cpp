//===- Version.cpp - SnR's version and the commit it was built from -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The only file that includes the generated VCSRevision.h: a new commit
// rebuilds it and relinks the tools, nothing else.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Version.h"
#include "SnR/Support/VCSRevision.h"
#include "SnR/Support/VersionNumber.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

llvm::StringRef snr::getSnRVersion() { return SNR_VERSION_STRING; }

llvm::StringRef snr::getSnRRevision() { return SNR_REVISION; }

void snr::registerSnRVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "SnR (Snap & Replay):\n  SnR version " << getSnRVersion()
       << "\n  git commit " << getSnRRevision() << "\n";
  });
}
