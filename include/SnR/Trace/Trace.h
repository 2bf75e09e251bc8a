//===- Trace.h - A trace in memory, as a flat table -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A whole trace as plain data: header, snapshot, and the instruction table
// with each instruction's recorded outcome and line in the file. The recorder
// produces one; replay consumes one without building IR.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACE_H
#define SNR_TRACE_TRACE_H

#include "SnR/Arch/Values.h"
#include "SnR/Trace/TraceFormat.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace snr::trace {

struct SnapshotRegister {
  arch::Reg reg;
  int64_t value = 0;    ///< scalar, predicate, flag
  arch::Vector lanes{};  ///< vector, weight row, result slot
};

struct SnapshotMemory {
  arch::MemSpace space;
  unsigned chip = 0;
  uint64_t addr = 0;
  std::vector<uint8_t> bytes;
};

struct Trace {
  TraceHeader header;
  std::vector<SnapshotRegister> registers;
  std::vector<SnapshotMemory> memory;
  std::vector<arch::Instruction> instructions;
  std::vector<RecordedOutcome> outcomes;
  /// Line of each instruction in its file (0 when not read from a file).
  std::vector<unsigned> lines;
  /// Name of the file it was read from, for messages.
  std::string fileName;

  /// Writes the trace format (header count and start PC as they are).
  void write(llvm::raw_ostream &os) const;
  /// Writes `header`, then this trace's snapshot: what comes before the
  /// instruction lines (a spooled recording writes them after).
  void writeHead(llvm::raw_ostream &os, const TraceHeader &header) const;
};

class TraceConsumer;
struct ReaderOptions;
/// Hands the records of `trace` to `consumer` as the reader would: header,
/// snapshot entries, instructions (positions from `trace.lines`).
void feedRecords(const Trace &trace, TraceConsumer &consumer);

/// Reads a whole trace file into memory.
llvm::Expected<Trace> loadTrace(llvm::StringRef path);
/// Reads a whole trace, the bytes of a file named `fileName`, into memory.
llvm::Expected<Trace> loadTrace(llvm::MemoryBufferRef input,
                                llvm::StringRef fileName,
                                const ReaderOptions &options);

} // namespace snr::trace

#endif // SNR_TRACE_TRACE_H
