//===- LineSource.h - Lines of a possibly compressed file -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Hands out the lines of a plain, gzip- or zstd-compressed buffer one at a
// time, decompressing in chunks, so reading a trace never holds more than a
// window of its text. Each line is followed by readable padding bytes (what
// simdjson needs to parse it in place).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_LINESOURCE_H
#define SNR_TRACE_LINESOURCE_H

#include "SnR/Trace/Compression.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstdlib>
#include <memory>
#include <vector>

namespace snr::trace {

class LineSource {
public:
  /// Extra readable bytes guaranteed after every line handed out.
  static constexpr size_t kPadding = 64;

  /// Lines of at most `maxLineBytes` bytes and text of at most
  /// `maxTotalBytes` (decompressed) are handed out; beyond either, next()
  /// fails with an error (see takeError).
  explicit LineSource(llvm::MemoryBufferRef input,
                      uint64_t maxLineBytes = UINT64_MAX,
                      uint64_t maxTotalBytes = UINT64_MAX);
  ~LineSource();

  Compression getCompression() const { return compression; }

  /// Sets `line` to the next line (without its newline) and returns true;
  /// returns false at the end of input or on an error (see takeError).
  bool next(llvm::StringRef &line);
  /// 1-based number of the line last returned.
  unsigned lineNumber() const { return lineNo; }
  /// A decompression error (truncated or corrupt stream) or a line or text
  /// beyond the limits, once next() failed.
  llvm::Error takeError();

  /// Produces decompressed bytes; one implementation per compression.
  class Decoder;

private:
  bool refill();
  void reserve(size_t bytes);

  llvm::MemoryBufferRef input;
  Compression compression = Compression::None;
  std::unique_ptr<Decoder> decoder;
  /// Decompressed text not yet handed out, grown with realloc (which moves
  /// a large block by remapping it, not by copying it) and never zeroed.
  struct FreeDeleter {
    void operator()(char *p) const { std::free(p); }
  };
  std::unique_ptr<char, FreeDeleter> window;
  size_t capacity = 0;
  size_t begin = 0, end = 0;
  /// Bytes after `begin` already searched for a newline.
  size_t scanned = 0;
  bool inputDone = false;
  unsigned lineNo = 0;
  uint64_t maxLineBytes, maxTotalBytes;
  /// Decompressed bytes so far.
  uint64_t totalBytes = 0;
  std::string error;
  /// A decoding error met after some bytes of the same chunk: the complete
  /// lines before it are served first, so it is located at its line.
  std::string deferredError;
};

} // namespace snr::trace

#endif // SNR_TRACE_LINESOURCE_H
