//===- Limits.cpp - The bounds every SnR tool puts on its inputs ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Limits.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
namespace cl = llvm::cl;

namespace {
Limits &limits() {
  static Limits instance;
  return instance;
}
} // namespace

cl::OptionCategory &snr::getLimitsCategory() {
  static cl::OptionCategory category(
      "Limits on inputs (docs/limits.md; the same in every SnR tool)");
  return category;
}

// The options write into the one Limits instance. They are registered with
// this file, which every tool links through getLimits().
static cl::opt<uint64_t, /*ExternalStorage=*/true> maxInstructions(
    "max-instructions",
    cl::desc("most instructions a trace may hold (also the most entries of "
             "its line table and HLO map, and of its snapshot regions)"),
    cl::location(limits().maxInstructions), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxSnapshotBytes(
    "max-snapshot-bytes",
    cl::desc("most bytes of memory a trace's snapshot or a program's initial "
             "state may hold, all regions together"),
    cl::location(limits().maxSnapshotBytes), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true>
    maxStringBytes("max-string-bytes",
                   cl::desc("longest name or other string an input may give"),
                   cl::location(limits().maxStringBytes),
                   cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxDmas(
    "max-dmas",
    cl::desc("most DMAs a replay may issue (each is a row of the reports and "
             "a slice of the timeline)"),
    cl::location(limits().maxDmas), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxOutstandingDmas(
    "max-outstanding-dmas",
    cl::desc("most DMAs a replay keeps issued and not yet waited for"),
    cl::location(limits().maxOutstandingDmas), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxDmaBytes(
    "max-dma-bytes",
    cl::desc("most bytes of written memory the DMAs of a recording or a "
             "replay may copy from or onto, all together (memory never "
             "written is free)"),
    cl::location(limits().maxDmaBytes), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxNestingDepth(
    "max-nesting-depth",
    cl::desc("deepest nesting of JSON objects and arrays, and of MLIR "
             "regions, attributes and types, an input may have"),
    cl::location(limits().maxNestingDepth), cl::cat(getLimitsCategory()));
static cl::opt<uint64_t, true> maxInputBytes(
    "max-input-bytes",
    cl::desc("most bytes a trace's text may have, decompressed"),
    cl::location(limits().maxInputBytes), cl::cat(getLimitsCategory()));

const Limits &snr::getLimits() { return limits(); }

void snr::setLimits(const Limits &newLimits) { limits() = newLimits; }

uint64_t Limits::maxLineBytes() const {
  // A snapshot region's bytes are two hex digits each; 64 MiB more holds
  // the record around them, or a header's line table of a million static
  // instructions.
  uint64_t line = maxSnapshotBytes > (UINT64_MAX - (64u << 20)) / 2
                      ? UINT64_MAX
                      : 2 * maxSnapshotBytes + (64u << 20);
  return std::min(line, maxInputBytes);
}

void snr::applyLimitArguments(int argc, const char *const *argv) {
  struct Option {
    llvm::StringRef name;
    uint64_t &value;
  } options[] = {{"max-instructions", limits().maxInstructions},
                 {"max-snapshot-bytes", limits().maxSnapshotBytes},
                 {"max-string-bytes", limits().maxStringBytes},
                 {"max-dmas", limits().maxDmas},
                 {"max-outstanding-dmas", limits().maxOutstandingDmas},
                 {"max-dma-bytes", limits().maxDmaBytes},
                 {"max-nesting-depth", limits().maxNestingDepth},
                 {"max-input-bytes", limits().maxInputBytes}};
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      return;
    if (!arg.consume_front("--") && !arg.consume_front("-"))
      continue;
    auto [name, value] = arg.split('=');
    for (Option &option : options) {
      if (name != option.name)
        continue;
      if (value.empty() && !arg.contains('=') && i + 1 < argc)
        value = argv[i + 1];
      uint64_t parsed;
      if (!value.getAsInteger(0, parsed))
        option.value = parsed;
    }
  }
}

std::string snr::describeLimit(llvm::StringRef option, uint64_t value) {
  return llvm::formatv("--{0}={1}", option, value).str();
}

std::string snr::limitMessage(const llvm::Twine &what, llvm::StringRef option,
                              uint64_t limit) {
  return (what + ", more than " + describeLimit(option, limit) +
          " allows (raise it to read this input)")
      .str();
}
