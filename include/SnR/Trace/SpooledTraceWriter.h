//===- SpooledTraceWriter.h - A trace written before its header -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A trace file starts with its header and snapshot, but a recorder knows
// them only at the end: the snapshot is what the recording read before it
// wrote, the header counts the instructions. Holding the instructions until
// then made a recorder's memory grow with --count (0.8 GB/s on an infinite
// loop). This writer takes each instruction line as it comes and spools it
// to a temporary file beside the output; finish() writes the header and the
// snapshot, then the spooled lines, through the output's compression, and
// removes the spool. Its memory is a buffer, whatever the count; the disk
// holds the uncompressed lines once more until the end.
//
//   auto spool = SpooledTraceWriter::create(outputPath);
//   for (each recorded step) (*spool)->addInstruction(inst, outcome);
//   (*spool)->finish(os, headerAndSnapshot, compression);
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_SPOOLEDTRACEWRITER_H
#define SNR_TRACE_SPOOLEDTRACEWRITER_H

#include "SnR/Trace/Compression.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace snr::trace {

class SpooledTraceWriter {
public:
  /// A writer whose spool is a temporary file beside `besidePath` (the
  /// file the trace will be written to: same file system, same free
  /// space), or in the system's temporary directory when `besidePath` is
  /// "-" (the output is standard output, a device or a pipe).
  static llvm::Expected<std::unique_ptr<SpooledTraceWriter>>
  create(llvm::StringRef besidePath);
  ~SpooledTraceWriter();

  /// Appends the record of one instruction, in the order executed.
  void addInstruction(const arch::Instruction &inst,
                      const RecordedOutcome &outcome);
  uint64_t getNumInstructions() const { return count; }
  /// The spool itself, for instruction lines another writer makes (an ISA
  /// with a binary encoding: record::EncodedTraceSink), each ending in a
  /// newline. They count as instructions only for the caller.
  llvm::raw_ostream &getLineStream() { return *spool; }

  /// Writes the trace to `sink`, compressed as `compression` says: the
  /// header of `snapshot` (its instruction count set to the spooled
  /// count), its registers and memory, then the spooled instructions
  /// (`snapshot` holds no instructions of its own). A write error of the
  /// spool (a full disk) is reported here. Call it once.
  llvm::Error finish(llvm::raw_ostream &sink, const Trace &snapshot,
                     Compression compression);
  /// The same for any trace: `writeHead` writes the header and the
  /// snapshot, then the spooled lines follow.
  llvm::Error finish(llvm::raw_ostream &sink,
                     llvm::function_ref<void(llvm::raw_ostream &)> writeHead,
                     Compression compression);

  /// Where the instruction lines are spooled.
  const std::string &getSpoolPath() const { return path; }

private:
  SpooledTraceWriter() = default;
  std::string path;
  int fd = -1;
  std::unique_ptr<llvm::raw_fd_ostream> spool;
  uint64_t count = 0;
};

} // namespace snr::trace

#endif // SNR_TRACE_SPOOLEDTRACEWRITER_H
