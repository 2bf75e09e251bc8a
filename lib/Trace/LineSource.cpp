//===- LineSource.cpp - Lines of a possibly compressed file ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/LineSource.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <zlib.h>
#include <zstd.h>

using namespace snr::trace;

namespace {
constexpr size_t kChunk = 1 << 20;

std::string tooLong(uint64_t maxLineBytes) {
  return llvm::formatv("the line is longer than {0} bytes, the most a line "
                       "may have (a snapshot region's hex digits, two per "
                       "byte of --max-snapshot-bytes, plus 64 MiB)",
                       maxLineBytes)
      .str();
}
} // namespace

/// Produces decompressed bytes from the input, a chunk at a time.
class LineSource::Decoder {
public:
  virtual ~Decoder() = default;
  /// Writes up to `capacity` bytes to `out`; returns how many, 0 at the end.
  /// Sets `error` on a corrupt or truncated stream.
  virtual size_t read(char *out, size_t capacity, std::string &error) = 0;
};

namespace {
class PlainDecoder : public LineSource::Decoder {
public:
  explicit PlainDecoder(llvm::StringRef data) : data(data) {}
  size_t read(char *out, size_t capacity, std::string &) override {
    size_t n = std::min(capacity, data.size() - pos);
    std::memcpy(out, data.data() + pos, n);
    pos += n;
    return n;
  }

private:
  llvm::StringRef data;
  size_t pos = 0;
};

class GzipDecoder : public LineSource::Decoder {
public:
  explicit GzipDecoder(llvm::StringRef data) {
    std::memset(&stream, 0, sizeof(stream));
    // 15 + 32: a gzip or zlib header, detected.
    inflateInit2(&stream, 15 + 32);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = unsigned(data.size());
  }
  ~GzipDecoder() override { inflateEnd(&stream); }

  size_t read(char *out, size_t capacity, std::string &error) override {
    if (finished)
      return 0;
    stream.next_out = reinterpret_cast<Bytef *>(out);
    stream.avail_out = unsigned(capacity);
    while (stream.avail_out > 0) {
      int status = inflate(&stream, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        // Concatenated gzip members form one stream (as gzip -c a b does).
        if (stream.avail_in == 0) {
          finished = true;
          break;
        }
        inflateReset(&stream);
        continue;
      }
      if (status == Z_BUF_ERROR || (status == Z_OK && stream.avail_in == 0 &&
                                    stream.avail_out > 0)) {
        // What was decoded before the error is returned with it.
        error = "truncated gzip stream: the input ends inside compressed data";
        break;
      }
      if (status != Z_OK) {
        error = std::string("corrupt gzip data: ") +
                (stream.msg ? stream.msg : "inflate failed");
        break;
      }
    }
    return capacity - stream.avail_out;
  }

private:
  z_stream stream;
  bool finished = false;
};

class ZstdDecoder : public LineSource::Decoder {
public:
  explicit ZstdDecoder(llvm::StringRef data)
      : stream(ZSTD_createDStream()), in{data.data(), data.size(), 0} {
    ZSTD_initDStream(stream);
  }
  ~ZstdDecoder() override { ZSTD_freeDStream(stream); }

  size_t read(char *out, size_t capacity, std::string &error) override {
    ZSTD_outBuffer output{out, capacity, 0};
    while (output.pos < output.size) {
      if (in.pos == in.size) {
        if (lastResult != 0)
          error = "truncated zstd stream: the input ends inside a frame";
        break;
      }
      lastResult = ZSTD_decompressStream(stream, &output, &in);
      if (ZSTD_isError(lastResult)) {
        error = std::string("corrupt zstd data: ") +
                ZSTD_getErrorName(lastResult);
        break;
      }
    }
    return output.pos;
  }

private:
  ZSTD_DStream *stream;
  ZSTD_inBuffer in;
  size_t lastResult = 0;
};
} // namespace

LineSource::LineSource(llvm::MemoryBufferRef input, uint64_t maxLineBytes,
                       uint64_t maxTotalBytes)
    : input(input), maxLineBytes(maxLineBytes), maxTotalBytes(maxTotalBytes) {
  llvm::StringRef data = input.getBuffer();
  if (data.starts_with("\x1f\x8b")) {
    compression = Compression::Gzip;
    decoder = std::make_unique<GzipDecoder>(data);
  } else if (data.starts_with("\x28\xb5\x2f\xfd")) {
    compression = Compression::Zstd;
    decoder = std::make_unique<ZstdDecoder>(data);
  } else {
    decoder = std::make_unique<PlainDecoder>(data);
  }
  reserve(kChunk + kPadding);
}

LineSource::~LineSource() = default;

void LineSource::reserve(size_t bytes) {
  char *grown = static_cast<char *>(std::realloc(window.release(), bytes));
  if (!grown)
    llvm::report_bad_alloc_error("cannot hold a line of the trace");
  window.reset(grown);
  capacity = bytes;
}

bool LineSource::refill() {
  // Keep the unfinished line; make room for at least a chunk after it.
  size_t pending = end - begin;
  // The line grows past what a line may be: stop before holding more.
  if (pending > maxLineBytes) {
    error = tooLong(maxLineBytes);
    return false;
  }
  std::memmove(window.get(), window.get() + begin, pending);
  begin = 0;
  end = pending;
  if (capacity < end + kChunk + kPadding)
    reserve(std::max(end + kChunk + kPadding, 2 * capacity));
  size_t n = decoder->read(window.get() + end, kChunk, error);
  end += n;
  totalBytes += n;
  if (totalBytes > maxTotalBytes) {
    error = llvm::formatv("the text is longer than {0} bytes{1}, more than "
                          "--max-input-bytes={0} allows (raise it to read "
                          "this input)",
                          maxTotalBytes,
                          compression == Compression::None
                              ? ""
                              : " once decompressed")
                .str();
    return false;
  }
  if (!error.empty() && n > 0) {
    deferredError = std::move(error);
    error.clear();
    inputDone = true;
    return true;
  }
  if (!error.empty())
    return false;
  if (n == 0)
    inputDone = true;
  return n > 0;
}

bool LineSource::next(llvm::StringRef &line) {
  if (!error.empty())
    return false;
  while (true) {
    const char *start = window.get() + begin;
    // Only what was not searched yet: a long line is searched once, not
    // once per chunk.
    const void *newline =
        std::memchr(start + scanned, '\n', end - begin - scanned);
    if (newline) {
      scanned = 0;
      size_t length = static_cast<const char *>(newline) - start;
      if (length > maxLineBytes) {
        error = tooLong(maxLineBytes);
        return false;
      }
      line = llvm::StringRef(start, length);
      begin += length + 1;
      ++lineNo;
      if (line.ends_with("\r"))
        line = line.drop_back();
      return true;
    }
    scanned = end - begin;
    if (inputDone || !refill()) {
      // The bytes after the last newline before a decoding error are not a
      // line: the error is at the line they start.
      if (!deferredError.empty())
        error = std::move(deferredError);
      if (!error.empty())
        return false;
      if (begin == end)
        return false;
      // A last line without a newline.
      if (end - begin > maxLineBytes) {
        error = tooLong(maxLineBytes);
        return false;
      }
      line = llvm::StringRef(window.get() + begin, end - begin);
      begin = end;
      scanned = 0;
      ++lineNo;
      return true;
    }
  }
}

llvm::Error LineSource::takeError() {
  if (error.empty())
    return llvm::Error::success();
  return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
}
