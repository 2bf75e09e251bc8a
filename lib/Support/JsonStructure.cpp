//===- JsonStructure.cpp - Bounds on a JSON document's shape --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/JsonStructure.h"

#include "SnR/Support/Limits.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using llvm::StringRef;

namespace {
/// One open object or array.
struct Frame {
  bool isObject;
  /// The key being read (objects) or the element's index (arrays).
  StringRef key;
  uint64_t index = 0;
  llvm::StringSet<> keys;
};

class Scanner {
public:
  Scanner(StringRef text, StringRef file, uint64_t maxDepth)
      : text(text), file(file), maxDepth(maxDepth),
        maxString(getLimits().maxStringBytes) {}

  llvm::Error run();

private:
  std::string path() const {
    std::string out;
    for (const Frame &frame : stack) {
      if (frame.isObject) {
        if (frame.key.empty())
          break;
        out += (out.empty() ? "" : ".") + frame.key.str();
      } else {
        out += llvm::formatv("[{0}]", frame.index).str();
      }
    }
    return out;
  }

  llvm::Error fail(size_t offset, const llvm::Twine &message) const {
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    std::string where = path();
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("{0}:{1}:{2}: {3}{4}", file, line, column,
                      where.empty() ? "" : where + ": ", message.str())
            .str());
  }

  /// Skips a string starting at `pos` (at the quote); returns its contents
  /// (escapes left as written) or nullopt on a syntax error.
  std::optional<StringRef> string() {
    size_t start = ++pos;
    while (pos < text.size() && text[pos] != '"')
      pos += text[pos] == '\\' ? 2 : 1;
    if (pos >= text.size())
      return std::nullopt;
    return text.slice(start, pos++);
  }

  StringRef text, file;
  uint64_t maxDepth, maxString;
  size_t pos = 0;
  llvm::SmallVector<Frame, 8> stack;
};

llvm::Error Scanner::run() {
  while (pos < text.size()) {
    char c = text[pos];
    switch (c) {
    case '{':
    case '[':
      if (stack.size() >= maxDepth)
        return fail(pos, limitMessage(llvm::formatv("nesting deeper than "
                                                    "{0} levels",
                                                    maxDepth),
                                      "max-nesting-depth", maxDepth));
      stack.push_back(Frame{c == '{', StringRef(), 0, {}});
      ++pos;
      break;
    case '}':
    case ']':
      if (stack.empty() || stack.back().isObject != (c == '}'))
        return llvm::Error::success(); // The parser says what is wrong.
      stack.pop_back();
      ++pos;
      break;
    case ',':
      if (!stack.empty() && !stack.back().isObject)
        ++stack.back().index;
      ++pos;
      break;
    case '"': {
      size_t start = pos;
      std::optional<StringRef> value = string();
      if (!value)
        return llvm::Error::success();
      if (value->size() > maxString)
        return fail(start, limitMessage(llvm::formatv("a string of {0} bytes",
                                                      value->size()),
                                        "max-string-bytes", maxString));
      // A string in an object is a key when a ':' follows it.
      if (stack.empty() || !stack.back().isObject)
        break;
      size_t next = text.find_first_not_of(" \t\r\n", pos);
      if (next == StringRef::npos || text[next] != ':')
        break;
      Frame &frame = stack.back();
      frame.key = *value;
      if (!frame.keys.insert(*value).second)
        return fail(start, "key '" + *value + "' is given twice");
      pos = next + 1;
      break;
    }
    default:
      ++pos;
      break;
    }
  }
  return llvm::Error::success();
}
} // namespace

llvm::Error snr::checkJsonStructure(StringRef text, StringRef file,
                                    uint64_t maxDepth) {
  return Scanner(text, file, maxDepth).run();
}

llvm::Error snr::checkJsonStructure(StringRef text, StringRef file) {
  return checkJsonStructure(text, file, getLimits().maxNestingDepth);
}
