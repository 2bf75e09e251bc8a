//===- MlirNesting.cpp - Nesting depth of MLIR text, before parsing -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/MlirNesting.h"

#include "SnR/Support/Limits.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using llvm::StringRef;

namespace {
bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' || c == '-';
}
} // namespace

std::optional<size_t> snr::findNestingBeyond(StringRef text,
                                             uint64_t maxDepth) {
  llvm::SmallVector<char, 64> open;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      // A string: to its closing quote, escapes skipped.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i < e && text[i] != '\n')
          ++i;
      break;
    case '<':
      // The bracket of an attribute's or a type's parameters follows a
      // name; a bare '<' (a comparison in a custom syntax) nests nothing.
      if (i == 0 || !(isNameChar(text[i - 1]) || text[i - 1] == '<' ||
                      text[i - 1] == '>'))
        break;
      [[fallthrough]];
    case '(':
    case '[':
    case '{':
      if (open.size() >= maxDepth)
        return i;
      open.push_back(c);
      break;
    case '>':
      if (i > 0 && text[i - 1] == '-')
        break; // "->"
      if (!open.empty() && open.back() == '<')
        open.pop_back();
      break;
    case ')':
    case ']':
    case '}': {
      // Unclosed '<' inside are closed with it; a bracket that matches
      // nothing is the parser's to report (the scan goes on: nothing after
      // it is trusted to be shallow).
      char want = c == ')' ? '(' : c == ']' ? '[' : '{';
      size_t depth = open.size();
      while (depth && open[depth - 1] == '<')
        --depth;
      if (depth && open[depth - 1] == want)
        open.resize(depth - 1);
      break;
    }
    default:
      break;
    }
  }
  return std::nullopt;
}

llvm::Error snr::checkMlirNesting(StringRef text, StringRef name,
                                  uint64_t maxDepth) {
  std::optional<size_t> at = findNestingBeyond(text, maxDepth);
  if (!at)
    return llvm::Error::success();
  StringRef before = text.take_front(*at);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t column = lineStart == StringRef::npos ? *at + 1 : *at - lineStart;
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      llvm::formatv("{0}:{1}:{2}: {3}", name, line, column,
                    limitMessage(llvm::formatv("nesting deeper than {0} "
                                               "levels of brackets",
                                               maxDepth),
                                 "max-nesting-depth", maxDepth))
          .str());
}
