//===- Compression.cpp - Writing gzip and zstd trace files ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/Compression.h"

#include <algorithm>
#include <cstring>
#include <vector>
#include <zlib.h>
#include <zstd.h>

using namespace snr;
using namespace snr::trace;

namespace {

constexpr size_t kBufferSize = 1 << 20;

/// A stream that hands what it buffers to a compressor a chunk at a time.
/// The compressed bytes go to `sink`; the first failure is kept and every
/// later write is dropped.
class CompressingStream : public llvm::raw_ostream {
public:
  explicit CompressingStream(llvm::raw_ostream &sink) : sink(sink) {
    SetBufferSize(kBufferSize);
  }

  /// Flushes what is buffered and ends the compressed stream.
  llvm::Error finish() {
    flush();
    if (error.empty())
      end();
    if (!error.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
    return llvm::Error::success();
  }

protected:
  virtual void compress(const char *data, size_t size) = 0;
  virtual void end() = 0;

  llvm::raw_ostream &sink;
  std::string error;
  std::vector<char> out = std::vector<char>(kBufferSize);

private:
  void write_impl(const char *data, size_t size) override {
    written += size;
    if (error.empty())
      compress(data, size);
  }
  uint64_t current_pos() const override { return written; }

  uint64_t written = 0;
};

class GzipStream : public CompressingStream {
public:
  explicit GzipStream(llvm::raw_ostream &sink) : CompressingStream(sink) {
    std::memset(&stream, 0, sizeof(stream));
    // 15 + 16: a gzip header and trailer, as `gzip` writes them.
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK)
      error = "cannot start gzip compression";
  }
  ~GzipStream() override {
    flush();
    deflateEnd(&stream);
  }

private:
  void compress(const char *data, size_t size) override {
    // zlib counts in 32 bits; feed a large write in pieces.
    constexpr size_t kPiece = size_t(1) << 30;
    for (size_t done = 0; done < size && error.empty(); done += kPiece) {
      stream.next_in =
          reinterpret_cast<Bytef *>(const_cast<char *>(data + done));
      stream.avail_in = unsigned(std::min(kPiece, size - done));
      run(Z_NO_FLUSH);
    }
  }
  void end() override { run(Z_FINISH); }

  void run(int flushMode) {
    int status;
    do {
      stream.next_out = reinterpret_cast<Bytef *>(out.data());
      stream.avail_out = unsigned(out.size());
      status = deflate(&stream, flushMode);
      if (status == Z_STREAM_ERROR) {
        error = "gzip compression failed";
        return;
      }
      sink.write(out.data(), out.size() - stream.avail_out);
    } while (stream.avail_out == 0 ||
             (flushMode == Z_FINISH && status != Z_STREAM_END));
  }

  z_stream stream;
};

class ZstdStream : public CompressingStream {
public:
  explicit ZstdStream(llvm::raw_ostream &sink)
      : CompressingStream(sink), context(ZSTD_createCCtx()) {
    if (!context)
      error = "cannot start zstd compression";
  }
  ~ZstdStream() override {
    flush();
    ZSTD_freeCCtx(context);
  }

private:
  void compress(const char *data, size_t size) override {
    ZSTD_inBuffer input{data, size, 0};
    while (error.empty() && input.pos < input.size)
      run(input, ZSTD_e_continue);
  }
  void end() override {
    ZSTD_inBuffer input{nullptr, 0, 0};
    // ZSTD_e_end returns how much is still to be flushed; 0 when done.
    while (error.empty() && run(input, ZSTD_e_end) != 0) {
    }
  }

  size_t run(ZSTD_inBuffer &input, ZSTD_EndDirective directive) {
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    size_t remaining = ZSTD_compressStream2(context, &output, &input, directive);
    if (ZSTD_isError(remaining)) {
      error = std::string("zstd compression failed: ") +
              ZSTD_getErrorName(remaining);
      return 0;
    }
    sink.write(out.data(), output.pos);
    return remaining;
  }

  ZSTD_CCtx *context;
};

} // namespace

Compression trace::compressionForFileName(llvm::StringRef fileName) {
  if (fileName.ends_with(".gz"))
    return Compression::Gzip;
  if (fileName.ends_with(".zst"))
    return Compression::Zstd;
  return Compression::None;
}

llvm::Error
trace::writeCompressed(llvm::raw_ostream &sink, Compression compression,
                       llvm::function_ref<void(llvm::raw_ostream &)> write) {
  switch (compression) {
  case Compression::None:
    write(sink);
    return llvm::Error::success();
  case Compression::Gzip: {
    GzipStream stream(sink);
    write(stream);
    return stream.finish();
  }
  case Compression::Zstd: {
    ZstdStream stream(sink);
    write(stream);
    return stream.finish();
  }
  }
  llvm_unreachable("unknown compression");
}
