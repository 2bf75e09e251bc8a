//===- AnnotatedTraceWriter.h - The annotated trace as a file ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// snr-replay's annotated trace: the trace's IR with every op's replay
// annotation, as bytecode or text. Building the IR does not need the replay,
// so it starts on a second thread as soon as the trace is read and overlaps
// the replay; writing waits for both. The module is large and the tool exits
// right after, so it is not torn down op by op.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_ANNOTATEDTRACEWRITER_H
#define SNR_PIPELINE_ANNOTATEDTRACEWRITER_H

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Sim/TimingRecorder.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr {

class AnnotatedTraceWriter {
public:
  enum class Format { Bytecode, Text };

  /// Starts building the IR of `trace`, which must stay unchanged until
  /// waitForImport() returns.
  explicit AnnotatedTraceWriter(const trace::Trace &trace);
  ~AnnotatedTraceWriter();

  /// Waits until the IR is built: from then on the trace may be released
  /// (the IR is its copy).
  void waitForImport();

  /// Annotates every instruction with `run` (a replay of the same trace) and
  /// writes the module to `path` through a temporary file; bytecode by the
  /// writer `writer` chooses.
  llvm::Error write(const sim::TimingRecorder &run, llvm::StringRef path,
                    Format format,
                    BytecodeWriterKind writer = BytecodeWriterKind::OnePass);

  /// Frees the IR. The destructor leaves it to the process's exit (tearing
  /// it down takes time the exit does not need); a caller that goes on
  /// working after writing frees it here.
  void release();

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace snr

#endif // SNR_PIPELINE_ANNOTATEDTRACEWRITER_H
