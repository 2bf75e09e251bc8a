//===- BytecodeChecksum.cpp - A checksum of a bytecode file ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/BytecodeChecksum.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <optional>
#include <string>

using namespace snr;
using llvm::StringRef;

namespace {

constexpr StringRef kMagic("ML\xef\x52", 4);
constexpr llvm::StringLiteral kTag = " snr-xxh3:";

/// A bytecode file's header: the magic, the version (a varint) and the
/// producer, NUL-terminated. Everything else is the body.
struct Header {
  StringRef before;   // magic and version
  StringRef producer; // without its NUL
  StringRef body;     // after the NUL
};

std::optional<Header> splitHeader(StringRef bytes) {
  if (!bytes.starts_with(kMagic) || bytes.size() <= kMagic.size())
    return std::nullopt;
  // MLIR's varint: the count of trailing zero bits of the first byte is the
  // count of bytes that follow (all 8 when it is zero).
  uint8_t first = bytes[kMagic.size()];
  size_t length = first == 0 ? 9 : llvm::countr_zero(first) + 1;
  size_t start = kMagic.size() + length;
  size_t end = bytes.find('\0', start);
  if (start > bytes.size() || end == StringRef::npos)
    return std::nullopt;
  return Header{bytes.take_front(start), bytes.slice(start, end),
                bytes.drop_front(end + 1)};
}

/// The body is hashed a MiB at a time, so that a writer can hash it as it
/// streams it: the checksum is the hash of the header's magic and version
/// followed by each chunk's hash.
constexpr size_t kChunkBytes = 1 << 20;

class ChecksumBuilder {
public:
  explicit ChecksumBuilder(StringRef before) : covered(before.str()) {}
  /// The next chunk of the body, all of kChunkBytes but the last.
  void addChunk(StringRef chunk) {
    uint64_t h = llvm::xxh3_64bits(chunk);
    covered.append(reinterpret_cast<const char *>(&h), sizeof(h));
  }
  uint64_t finish() const { return llvm::xxh3_64bits(covered); }

private:
  std::string covered;
};

uint64_t hash(const Header &header) {
  ChecksumBuilder checksum(header.before);
  for (size_t at = 0; at < header.body.size(); at += kChunkBytes)
    checksum.addChunk(header.body.substr(at, kChunkBytes));
  return checksum.finish();
}

/// Passes bytecode on to a file as it comes, hashing it on the way: the
/// header is held until its producer ends, the body a chunk at a time.
class ChecksummingStream : public llvm::raw_ostream {
public:
  explicit ChecksummingStream(llvm::raw_ostream &out) : out(out) {}
  ~ChecksummingStream() override { flush(); }

  /// The header, once it has gone by.
  const std::optional<Header> &getHeader() const { return header; }
  /// The checksum of everything written; nullopt if it was no bytecode.
  std::optional<uint64_t> finish() {
    flush();
    if (!checksum)
      return std::nullopt;
    if (!chunk.empty())
      checksum->addChunk(chunk);
    return checksum->finish();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    out.write(ptr, size);
    written += size;
    StringRef bytes(ptr, size);
    if (!header) {
      head.append(bytes.begin(), bytes.end());
      header = splitHeader(head);
      if (!header)
        return;
      checksum.emplace(header->before);
      bytes = header->body;
    }
    while (!bytes.empty()) {
      size_t take = std::min(bytes.size(), kChunkBytes - chunk.size());
      chunk.append(bytes.begin(), bytes.begin() + take);
      bytes = bytes.drop_front(take);
      if (chunk.size() == kChunkBytes) {
        checksum->addChunk(chunk);
        chunk.clear();
      }
    }
  }
  uint64_t current_pos() const override { return written; }

  llvm::raw_ostream &out;
  uint64_t written = 0;
  /// The bytes up to the producer's NUL; `header` points into it.
  std::string head;
  std::optional<Header> header;
  std::optional<ChecksumBuilder> checksum;
  std::string chunk;
};

} // namespace

void snr::writeWithBytecodeChecksum(StringRef bytes, llvm::raw_ostream &os) {
  std::optional<Header> header = splitHeader(bytes);
  if (!header) {
    os << bytes;
    return;
  }
  os << header->before << header->producer << kTag
     << llvm::format_hex_no_prefix(hash(*header), 16) << '\0' << header->body;
}

bool snr::writeChecksummedBytecode(
    llvm::raw_ostream &os,
    llvm::function_ref<bool(llvm::raw_ostream &, StringRef producer)> write) {
  // The producer MLIR's writer would give, then room for the checksum.
  std::string producer =
      ("MLIR" LLVM_VERSION_STRING + kTag + std::string(16, '0')).str();
  auto *file = os.get_kind() == llvm::raw_ostream::OStreamKind::OK_FDStream
                   ? static_cast<llvm::raw_fd_ostream *>(&os)
                   : nullptr;
  if (!file || !file->supportsSeeking()) {
    std::string bytes;
    llvm::raw_string_ostream buffer(bytes);
    if (!write(buffer, "MLIR" LLVM_VERSION_STRING))
      return false;
    writeWithBytecodeChecksum(bytes, os);
    return true;
  }
  uint64_t start = file->tell();
  ChecksummingStream stream(*file);
  if (!write(stream, producer))
    return false;
  std::optional<uint64_t> checksum = stream.finish();
  const std::optional<Header> &header = stream.getHeader();
  if (!checksum || !header->producer.ends_with(producer))
    return false;
  std::string digits;
  llvm::raw_string_ostream(digits)
      << llvm::format_hex_no_prefix(*checksum, 16);
  file->pwrite(digits.data(), digits.size(),
               start + header->before.size() + header->producer.size() -
                   digits.size());
  return true;
}

bool snr::hasBytecodeChecksum(StringRef bytes) {
  std::optional<Header> header = splitHeader(bytes);
  return header && header->producer.rfind(kTag) != StringRef::npos;
}

llvm::Error snr::checkBytecodeChecksum(StringRef bytes, StringRef name) {
  std::optional<Header> header = splitHeader(bytes);
  if (!header)
    return llvm::Error::success();
  size_t at = header->producer.rfind(kTag);
  if (at == StringRef::npos)
    return llvm::Error::success();
  StringRef digits = header->producer.drop_front(at + kTag.size());
  uint64_t stored;
  if (digits.size() != 16 || digits.getAsInteger(16, stored) ||
      stored != hash(*header))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        name + ": the file's bytes do not match their checksum (the file is "
               "corrupt; write it again from its source)");
  return llvm::Error::success();
}

llvm::Error snr::checkBytecodeFileChecksum(StringRef path) {
  llvm::sys::fs::file_status status;
  if (path == "-" || llvm::sys::fs::status(path, status) ||
      status.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::Error::success();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::Error::success();
  return checkBytecodeChecksum((*buffer)->getBuffer(), path);
}
