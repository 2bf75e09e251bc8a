//===- Printable.cpp - Names from inputs, safe for a terminal -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Printable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

using namespace snr;
using llvm::StringRef;

namespace {
/// The length of the UTF-8 sequence at `at` if it is valid and no C1
/// control (U+0080-U+009F), else 0.
size_t printableSequence(StringRef text, size_t at) {
  auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.data() + at);
  unsigned length = llvm::getNumBytesForUTF8(*begin);
  if (length < 2 || at + length > text.size() ||
      !llvm::isLegalUTF8Sequence(begin, begin + length))
    return 0;
  // C1 controls are U+0080-U+009F: C2 80 - C2 9F.
  if (length == 2 && begin[0] == 0xC2 && begin[1] < 0xA0)
    return 0;
  return length;
}

void escapeByte(std::string &out, unsigned char c) {
  switch (c) {
  case '\n':
    out += "\\n";
    return;
  case '\r':
    out += "\\r";
    return;
  case '\t':
    out += "\\t";
    return;
  default:
    out += "\\x";
    out += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
    out += llvm::hexdigit(c & 15, /*LowerCase=*/true);
  }
}
} // namespace

bool snr::isPrintable(StringRef text) {
  for (size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7F)
        return false;
      ++i;
      continue;
    }
    size_t length = printableSequence(text, i);
    if (!length)
      return false;
    i += length;
  }
  return true;
}

std::string snr::printable(StringRef text) {
  if (isPrintable(text))
    return text.str();
  std::string out;
  out.reserve(text.size() + 16);
  for (size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7F)
        escapeByte(out, c);
      else
        out += char(c);
      ++i;
      continue;
    }
    if (size_t length = printableSequence(text, i)) {
      out.append(text.data() + i, length);
      i += length;
      continue;
    }
    // A C1 control, written as its code point; any other byte as itself.
    if (c == 0xC2 && i + 1 < text.size() &&
        (unsigned char)text[i + 1] >= 0x80 &&
        (unsigned char)text[i + 1] < 0xA0) {
      out += "\\u00";
      unsigned char code = text[i + 1];
      out += llvm::hexdigit(code >> 4, true);
      out += llvm::hexdigit(code & 15, true);
      i += 2;
      continue;
    }
    escapeByte(out, c);
    ++i;
  }
  return out;
}
