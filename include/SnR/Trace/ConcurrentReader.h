//===- ConcurrentReader.h - Read a trace on a second thread -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// readTrace calls its consumer between lines, so parsing and consuming add
// up. When the consumer costs as much as the parser (building the IR of every
// instruction), readTraceConcurrently parses on a second thread and hands the
// records over in batches: the two overlap.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_CONCURRENTREADER_H
#define SNR_TRACE_CONCURRENTREADER_H

#include "SnR/Trace/TraceReader.h"

namespace snr::trace {

/// As readTrace: the same calls on `consumer`, in the same order, and the
/// same error. The consumer runs on the calling thread; the parser on a
/// second one, at most a few thousand records ahead.
llvm::Error readTraceConcurrently(llvm::MemoryBufferRef input,
                                  llvm::StringRef fileName,
                                  TraceConsumer &consumer,
                                  const ReaderOptions &options = {});

} // namespace snr::trace

#endif // SNR_TRACE_CONCURRENTREADER_H
