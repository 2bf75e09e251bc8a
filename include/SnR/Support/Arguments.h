//===- Arguments.h - Command-line checks every SnR tool makes ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// LLVM's command-line parser takes `--machine=` as the option given with an
// empty value, which a tool cannot tell from the option not given at all:
// `snr-replay t.jsonl --machine= -o out` replayed on the default machine as
// if nothing had been said. Every SnR tool therefore rejects, before it
// parses its options, an argument that is empty and an option whose `=`
// gives no value.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_ARGUMENTS_H
#define SNR_SUPPORT_ARGUMENTS_H

#include "llvm/Support/Error.h"

namespace snr {

/// An error naming the first empty argument or `--option=` without a value
/// in `argv` (after the program name; after "--" only empty arguments).
llvm::Error checkArguments(int argc, const char *const *argv);

} // namespace snr

#endif // SNR_SUPPORT_ARGUMENTS_H
