//===- TraceFormat.h - The SnR trace file format ----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The in-memory form of a trace file's header and records, shared by the
// reader, the writer, the recorder and the importer. The file format itself
// is documented in docs/trace-format.md and schema/snr-trace.schema.json.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACEFORMAT_H
#define SNR_TRACE_TRACEFORMAT_H

#include "SnR/Arch/ISA.h"
#include "SnR/Arch/Values.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace snr::trace {

inline constexpr const char *kFormatName = "snr-trace";
inline constexpr int kFormatVersion = 1;

/// Program counters [begin, end) belong to the high-level op `name`.
struct HloRange {
  uint64_t begin = 0, end = 0;
  std::string name;
  /// The name of the XLA instruction the region compiles (the program's
  /// `xla_name`, e.g. "fusion.12"), or empty.
  std::string xlaName;
};

/// Where the instruction at `pc` is in the program file (1-based).
struct LineEntry {
  uint64_t pc = 0;
  unsigned line = 0, column = 0;
};

/// The program's line table, as DWARF's .debug_line beside a binary: each
/// PC's op in the snr.program file. Optional (`line_table` in the header).
struct LineTable {
  /// The program file, as the recorder was given it.
  std::string file;
  /// Sorted by PC, one entry per PC.
  std::vector<LineEntry> entries;

  bool empty() const { return entries.empty(); }
  /// The entry of `pc`, or null.
  const LineEntry *lookup(uint64_t pc) const;
};

/// The first line of a trace file.
struct TraceHeader {
  int version = kFormatVersion;
  /// The ISA ("riscv64"); empty for the reference ISA, `snr`, whose traces
  /// name no ISA.
  std::string isa;
  /// The ISA's extensions as its toolchain spells them ("rv64gcv",
  /// "rv64i2p1_m2p0_..._v1p0"); empty if none was recorded.
  std::string isaString;
  /// Bytes per vector register (RISC-V's VLEN / 8), for an ISA whose vector
  /// width is a parameter.
  std::optional<uint64_t> vlenb;
  /// Name of the machine description the trace was recorded on.
  std::string machine;
  /// Name of the program (becomes the trace op's symbol).
  std::string program = "trace";
  uint64_t startPc = 0;
  /// Number of instruction records, if the writer knew it.
  std::optional<uint64_t> instructionCount;
  std::vector<HloRange> hloMap;
  /// The instructions were reordered by a rewrite: each keeps its PC, but
  /// the PCs no longer follow the control flow.
  bool reordered = false;
  /// PC -> file:line:col in the program (empty: none recorded).
  LineTable lineTable;

  /// The HLO name of `pc`, or null. Ranges are sorted by begin.
  const HloRange *lookupHlo(uint64_t pc) const;
};

/// What a trace recorded about an instruction's execution.
using RecordedOutcome = arch::RecordedOutcome;

/// A position in a trace file, 1-based.
struct SourcePos {
  unsigned line = 0, column = 0;
};

} // namespace snr::trace

#endif // SNR_TRACE_TRACEFORMAT_H
