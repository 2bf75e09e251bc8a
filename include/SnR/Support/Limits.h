//===- Limits.h - The bounds every SnR tool puts on its inputs --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// No input should make a tool take minutes or gigabytes, or crash it: a
// 33 KB trace can announce a 1 GiB string, a 252-byte program a 16 GiB
// memory image, a 20 KB file nesting 10,000 deep. Every reader therefore
// checks what it is given against these limits, and an input beyond one is
// an error that names the file, where in it, and the option that raises the
// limit. The options are declared here, once, and every tool has them under
// the same names (docs/limits.md):
//
//   --max-instructions=N       instructions in a trace (and its header's
//                              announced count, its line table and HLO map)
//   --max-snapshot-bytes=N     bytes of memory a trace's snapshot or a
//                              program's initial state holds, all regions
//                              together
//   --max-string-bytes=N       a name or other string of an input
//   --max-dmas=N               DMAs a replay issues (each is a row of the
//                              reports, a slice of the timeline)
//   --max-outstanding-dmas=N   DMAs issued and not yet waited for
//   --max-dma-bytes=N          bytes of written memory the DMAs of a run
//                              copy from or onto, together
//   --max-nesting-depth=N      nesting of JSON objects and arrays, MLIR
//                              regions, attributes and types
//   --max-input-bytes=N        the decompressed text of a trace
//
// The defaults keep any input of less than 1 MB within 30 s and 2 GB of
// memory in every tool. Library code reads getLimits(): the command line's
// values in a tool, the defaults elsewhere (a test may set its own with
// setLimits()).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_LIMITS_H
#define SNR_SUPPORT_LIMITS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace snr {

struct Limits {
  uint64_t maxInstructions = 1000000;
  uint64_t maxSnapshotBytes = uint64_t(256) << 20;
  uint64_t maxStringBytes = 1024;
  uint64_t maxDmas = 16384;
  uint64_t maxOutstandingDmas = 4096;
  uint64_t maxDmaBytes = uint64_t(1) << 30;
  uint64_t maxNestingDepth = 256;
  uint64_t maxInputBytes = uint64_t(1) << 30;

  /// The longest line a trace may have: a snapshot region's hex digits (two
  /// per byte) and room for the header's line table and HLO map.
  uint64_t maxLineBytes() const;
};

/// The limits in force: the defaults, or what the command line set.
const Limits &getLimits();
/// Replaces them (for tests and embedders; tools use the options).
void setLimits(const Limits &limits);

/// The category the limit options are listed in; tools pass it to
/// cl::HideUnrelatedOptions with their own so that --help shows them.
llvm::cl::OptionCategory &getLimitsCategory();

/// Sets the limits that `argv` gives (--max-...=N or --max-... N) before the
/// command line is parsed, for a tool whose driver parses it late
/// (snr-translate's checks run before mlirTranslateMain). A value that is no
/// number is left for the parser to report.
void applyLimitArguments(int argc, const char *const *argv);

/// The option's spelling and value, for messages: "--max-instructions=2500000".
std::string describeLimit(llvm::StringRef option, uint64_t value);

/// An error saying that `what` is beyond the limit of `option` (its current
/// value `limit`): "<what>, more than --<option>=<limit> allows (raise it to
/// read this input)".
std::string limitMessage(const llvm::Twine &what, llvm::StringRef option,
                         uint64_t limit);

} // namespace snr

#endif // SNR_SUPPORT_LIMITS_H
