//===- Printable.h - Names from inputs, safe for a terminal -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A trace's program name, a machine's name, an HLO name come from files
// anyone may have written. Printed raw, an ESC in one drives the terminal
// (clears it, retitles it, hides the rest of a line) and a newline forges a
// line of the summary. Text outputs therefore print such names through
// printable(), as the HTML report escapes them: every control character
// (C0, DEL and C1) and every byte that is not UTF-8 is written as an escape
// ("\x1b", "\n", "\u009b"); everything else, non-ASCII letters included, is
// left as it is. JSON outputs need nothing: JSON escapes control characters.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_PRINTABLE_H
#define SNR_SUPPORT_PRINTABLE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace snr {

/// `text` with its control characters and invalid bytes escaped.
std::string printable(llvm::StringRef text);

/// Whether printable(`text`) is `text`.
bool isPrintable(llvm::StringRef text);

} // namespace snr

#endif // SNR_SUPPORT_PRINTABLE_H
