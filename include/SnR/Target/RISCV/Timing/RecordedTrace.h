//===- RecordedTrace.h - What the timing reads of a trace -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the timing needs of a recorded RISC-V trace (docs/trace-format.md,
// "Other ISAs"), taken from lib/Trace's reader (EncodedTrace.h): the
// header's isa_string, vlenb and hlo_map; the snapshot's vl and vtype; each
// instruction's pc, encoding, whether it fell through, and the vl and vtype
// recorded after it. A dozen bytes an instruction, which the timing runs
// over again for each effect it measures.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_RECORDEDTRACE_H
#define SNR_TARGET_RISCV_TIMING_RECORDEDTRACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr::trace {
struct EncodedTrace;
} // namespace snr::trace

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace snr::target::riscv::timing {

struct RecordedInstruction {
  uint64_t pc = 0;
  /// The instruction word (2 or 4 bytes: `size`).
  uint32_t encoding = 0;
  uint8_t size = 4;
  /// Control did not fall through (the trace has a next_pc).
  bool taken = false;
  /// vl and vtype as recorded after it (after a vsetvli, a fault-only-first
  /// load), when recorded.
  std::optional<uint64_t> vlAfter;
  std::optional<uint64_t> vtypeAfter;
};

struct RecordedTrace {
  std::string isaString;
  unsigned vlenb = 0;
  /// The header's hlo_map: the functions the window went through.
  struct Function {
    std::string name;
    uint64_t begin = 0, end = 0;
  };
  std::vector<Function> functions;
  /// vl and vtype in the snapshot, when the window reads them first.
  std::optional<uint64_t> vl;
  std::optional<uint64_t> vtype;
  std::vector<RecordedInstruction> instructions;

  /// The fields of `trace`, which lib/Trace has read and checked; an error
  /// if it is not a RISC-V trace with its vlenb.
  static llvm::Expected<RecordedTrace>
  fromEncodedTrace(const snr::trace::EncodedTrace &trace);
  /// Reads the trace at `path` (plain, gzip or zstd; "-" for standard
  /// input) with lib/Trace's reader; its errors say `file:line:column:
  /// message`.
  static llvm::Expected<RecordedTrace> read(llvm::StringRef path);

  /// How many instructions the window starts with that are in function
  /// `name` (its first visit: up to its return); an error if the trace
  /// names no such function.
  llvm::Expected<size_t> countInFunction(llvm::StringRef name) const;
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_RECORDEDTRACE_H
