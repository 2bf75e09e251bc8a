//===- TraceReader.h - Streaming reader of SnR traces -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Reads a trace file (plain, gzip or zstd) line by line and hands each record,
// fully checked, to a consumer. MLIR-free: the importer builds IR from the
// records, a replayer may build a flat table instead. The first error stops
// reading and is returned as a TraceError naming file, line and column.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACEREADER_H
#define SNR_TRACE_TRACEREADER_H

#include "SnR/Arch/Values.h"
#include "SnR/Support/Limits.h"
#include "SnR/Trace/TraceFormat.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace snr::trace {

/// Receives the records of a trace in file order: the header, then the
/// snapshot entries, then the instructions.
class TraceConsumer {
public:
  virtual ~TraceConsumer();
  virtual void onHeader(const TraceHeader &header) {}
  /// A scalar, predicate or flag register.
  virtual void onRegister(arch::Reg reg, int64_t value, SourcePos pos) {}
  /// A vector register, weight row or result slot.
  virtual void onVectorRegister(arch::Reg reg, const arch::Vector &lanes,
                                SourcePos pos) {}
  virtual void onMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                        llvm::ArrayRef<uint8_t> bytes, SourcePos pos) {}
  virtual void onInstruction(const arch::Instruction &inst,
                             const RecordedOutcome &outcome, SourcePos pos) {}
};

/// A located error in a trace file.
class TraceError : public llvm::ErrorInfo<TraceError> {
public:
  static char ID;
  TraceError(std::string file, SourcePos pos, std::string message)
      : file(std::move(file)), pos(pos), message(std::move(message)) {}
  /// "file:line:col: message"
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  std::string file;
  SourcePos pos;
  std::string message;
};

struct ReaderOptions {
  /// Sizes against which snapshot addresses are checked.
  arch::MemorySizes memorySizes;
  /// What a trace may hold (instructions, snapshot bytes, strings, line and
  /// input length): an input beyond them is an error at the line that goes
  /// beyond. The command line's, by default.
  Limits limits = getLimits();
};

/// Reads `input` (named `fileName` in errors) into `consumer`.
llvm::Error readTrace(llvm::MemoryBufferRef input, llvm::StringRef fileName,
                      TraceConsumer &consumer,
                      const ReaderOptions &options = {});

/// Opens and reads `path` ("-" for standard input).
llvm::Error readTraceFile(llvm::StringRef path, TraceConsumer &consumer,
                          const ReaderOptions &options = {});

} // namespace snr::trace

#endif // SNR_TRACE_TRACEREADER_H
