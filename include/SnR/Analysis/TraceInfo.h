//===- TraceInfo.h - What analyses know of a trace besides events -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The static facts every analysis and report needs about the replayed trace:
// its instructions as the target and the timing model describe them
// (SnR/Sim/InstructionTable.h), the HLO each came from (interned; for a
// binary ISA, the function), where each is in the trace file and in the
// source (an snr program's line table, a binary's DWARF), so results can
// be grouped by HLO and located by line.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_TRACEINFO_H
#define SNR_ANALYSIS_TRACEINFO_H

#include "SnR/Sim/InstructionTable.h"
#include "SnR/Trace/TraceFormat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace snr::sim {
struct MachineModel;
} // namespace snr::sim

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::analysis {

/// Index of an HLO name in TraceInfo::hloNames; kNoHlo for instructions the
/// trace's HLO map does not cover.
using HloId = uint32_t;
inline constexpr HloId kNoHlo = ~HloId(0);

/// Where each PC is in the source: the snr program's line table (one
/// file), or a binary's DWARF line table (a file per compilation unit and
/// header).
struct SourceTable {
  struct Entry {
    uint64_t pc = 0;
    uint32_t file = 0; ///< into `files`
    unsigned line = 0, column = 0;
  };
  /// As the program or the compiler named them (often absolute).
  std::vector<std::string> files;
  /// Sorted by PC, one entry per PC.
  std::vector<Entry> entries;

  bool empty() const { return entries.empty(); }
  /// The entry of `pc`, or null.
  const Entry *lookup(uint64_t pc) const;
  llvm::StringRef getFile(const Entry &entry) const {
    return files[entry.file];
  }
  /// The table of an snr program (trace::LineTable), one file.
  static SourceTable fromLineTable(const trace::LineTable &table);
};

struct TraceInfo {
  std::string fileName;
  std::string program;
  std::string machine;
  /// The instructions, in trace order.
  std::shared_ptr<const sim::InstructionTable> instructions;
  /// Distinct HLO names in order of first execution.
  std::vector<std::string> hloNames;
  /// What the trace's HLOs are, for the reports' prose: "HLO" (an
  /// accelerator program's fusions), "function" (a binary's); and their
  /// plural.
  std::string hloNoun = "HLO", hloNounPlural = "HLOs";
  /// The name of the instructions outside every HLO: "(no hlo)", "(no
  /// function)".
  std::string noHloName = "(no hlo)";
  /// Each HLO's XLA instruction name (the hlo_map's xla_name), or empty.
  std::vector<std::string> xlaNames;
  /// The HLO of each instruction.
  std::vector<HloId> hloOf;
  /// The trace-file line of each instruction (0 when unknown).
  std::vector<unsigned> lines;
  /// The program's line table, when the trace carries one (or snr-replay
  /// --program supplied it, or the binary's DWARF for another ISA).
  SourceTable lineTable;

  /// Interns the HLO map of `trace`; `instructions` refers into it, timed
  /// on `machine` (the embedded default without one).
  static TraceInfo fromTrace(const trace::Trace &trace,
                             const sim::MachineModel &machine);
  static TraceInfo fromTrace(const trace::Trace &trace);

  uint64_t getNumInstructions() const {
    return instructions ? instructions->size() : 0;
  }
  uint64_t getPc(uint64_t index) const { return instructions->getPc(index); }
  const sim::InstructionDesc &getDesc(uint64_t index) const {
    return instructions->getDesc(index);
  }
  llvm::StringRef getMnemonic(uint64_t index) const {
    return instructions->getMnemonic(index);
  }
  /// Instruction `index` as assembly text ("vle32.v v8, (a0)"; the
  /// mnemonic where the table has no more).
  std::string getText(uint64_t index) const;
  /// A PC as the target writes it: "12" (snr), "0x10654" (RISC-V).
  std::string formatPc(uint64_t pc) const;
  /// Register and address space names.
  const target::Target &getTarget() const { return instructions->getTarget(); }

  /// "fusion.1", or noHloName.
  llvm::StringRef getHloName(HloId id) const;
  /// The XLA instruction HLO `id` compiles ("fusion.12"), or empty.
  llvm::StringRef getXlaName(HloId id) const {
    return id < xlaNames.size() ? llvm::StringRef(xlaNames[id])
                                : llvm::StringRef();
  }
  /// The id of the HLO named `name`, or an error that lists the trace's
  /// HLOs (for options that name one).
  llvm::Expected<HloId> lookupHlo(llvm::StringRef name) const;
  /// "prog.mlir:45:5" (the file's name without its directory), where the
  /// program has the instruction at `pc`, or empty without a line table
  /// entry.
  std::string locatePc(uint64_t pc) const;
  /// Where instruction `index` is, naming the file: "prog.mlir:45:5" in
  /// the program when the line table has its PC, else "t.jsonl:40" in the
  /// trace, or empty.
  std::string locate(uint64_t index) const;
  /// "pc 12 (prog.mlir:45:5)", "pc 12 (t.jsonl:40)" or "pc 12", for
  /// messages (the PC as the target writes it: "pc 0x10654").
  std::string describe(uint64_t index) const;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_TRACEINFO_H
