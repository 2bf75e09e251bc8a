//===- BytecodeChecksum.cpp - A checksum of a bytecode file ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/BytecodeChecksum.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

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

uint64_t hash(const Header &header) {
  std::string covered = header.before.str();
  // The body is most of the file: hash it once and fold in the header.
  uint64_t body = llvm::xxh3_64bits(header.body);
  covered.append(reinterpret_cast<const char *>(&body), sizeof(body));
  return llvm::xxh3_64bits(covered);
}

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
