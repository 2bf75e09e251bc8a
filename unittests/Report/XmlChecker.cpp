//===- XmlChecker.cpp - A tiny XML well-formedness checker ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "XmlChecker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <cctype>

using namespace snr;

namespace {
class Checker {
public:
  explicit Checker(llvm::StringRef text) : text(text) {}
  std::string run();

private:
  bool done() const { return pos >= text.size(); }
  char peek() const { return done() ? '\0' : text[pos]; }
  bool startsWith(llvm::StringRef s) const {
    return text.substr(pos).starts_with(s);
  }
  std::string fail(const std::string &what) const {
    return what + " at offset " + std::to_string(pos);
  }
  void skipSpace() {
    while (!done() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  bool readName(llvm::StringRef &name) {
    size_t start = pos;
    if (done() || !(std::isalpha((unsigned char)peek()) || peek() == '_' ||
                    peek() == ':'))
      return false;
    while (!done() && (std::isalnum((unsigned char)peek()) || peek() == '_' ||
                       peek() == ':' || peek() == '-' || peek() == '.'))
      ++pos;
    name = text.slice(start, pos);
    return true;
  }
  /// At '&': a known entity or a character reference.
  bool readReference() {
    size_t end = text.find(';', pos);
    if (end == llvm::StringRef::npos)
      return false;
    llvm::StringRef ref = text.slice(pos + 1, end);
    bool ok = ref == "amp" || ref == "lt" || ref == "gt" || ref == "quot" ||
              ref == "apos";
    if (!ok && ref.starts_with("#x"))
      ok = ref.size() > 2 &&
           llvm::all_of(ref.drop_front(2),
                        [](char c) { return std::isxdigit((unsigned char)c); });
    else if (!ok && ref.starts_with("#"))
      ok = ref.size() > 1 &&
           llvm::all_of(ref.drop_front(1),
                        [](char c) { return std::isdigit((unsigned char)c); });
    if (ok)
      pos = end + 1;
    return ok;
  }

  llvm::StringRef text;
  size_t pos = 0;
};
} // namespace

std::string Checker::run() {
  if (startsWith("<?xml")) {
    size_t end = text.find("?>", pos);
    if (end == llvm::StringRef::npos)
      return fail("unterminated XML declaration");
    pos = end + 2;
  }
  llvm::SmallVector<llvm::StringRef, 16> open;
  bool sawRoot = false;
  while (true) {
    // Character data up to the next tag.
    while (!done() && peek() != '<') {
      if (open.empty() && !std::isspace((unsigned char)peek()))
        return fail("text outside the root element");
      if (peek() == '&') {
        if (!readReference())
          return fail("bad entity reference");
        continue;
      }
      if (peek() == '>' && startsWith("]]>"))
        return fail("']]>' in text");
      ++pos;
    }
    if (done())
      break;
    if (startsWith("<!--")) {
      size_t end = text.find("-->", pos + 4);
      if (end == llvm::StringRef::npos)
        return fail("unterminated comment");
      pos = end + 3;
      continue;
    }
    if (startsWith("<!") || startsWith("<?"))
      return fail("unsupported markup");
    if (startsWith("</")) {
      pos += 2;
      llvm::StringRef name;
      if (!readName(name))
        return fail("bad end-tag name");
      if (open.empty() || open.back() != name)
        return fail("end tag </" + name.str() + "> does not match " +
                    (open.empty() ? std::string("nothing")
                                  : "<" + open.back().str() + ">"));
      open.pop_back();
      skipSpace();
      if (peek() != '>')
        return fail("expected '>'");
      ++pos;
      continue;
    }
    // A start tag.
    ++pos;
    llvm::StringRef name;
    if (!readName(name))
      return fail("bad tag name");
    if (open.empty() && sawRoot)
      return fail("a second root element <" + name.str() + ">");
    sawRoot = true;
    llvm::StringSet<> attributes;
    while (true) {
      size_t before = pos;
      skipSpace();
      if (startsWith("/>")) {
        pos += 2;
        break;
      }
      if (peek() == '>') {
        ++pos;
        open.push_back(name);
        break;
      }
      if (pos == before)
        return fail("expected whitespace before an attribute");
      llvm::StringRef attr;
      if (!readName(attr))
        return fail("bad attribute name in <" + name.str() + ">");
      if (!attributes.insert(attr).second)
        return fail("duplicate attribute '" + attr.str() + "'");
      skipSpace();
      if (peek() != '=')
        return fail("expected '=' after attribute '" + attr.str() + "'");
      ++pos;
      skipSpace();
      char quote = peek();
      if (quote != '"' && quote != '\'')
        return fail("unquoted attribute '" + attr.str() + "'");
      ++pos;
      while (!done() && peek() != quote) {
        if (peek() == '<')
          return fail("'<' in attribute '" + attr.str() + "'");
        if (peek() == '&') {
          if (!readReference())
            return fail("bad entity reference in attribute");
          continue;
        }
        ++pos;
      }
      if (done())
        return fail("unterminated attribute value");
      ++pos;
    }
  }
  if (!open.empty())
    return fail("<" + open.back().str() + "> is never closed");
  if (!sawRoot)
    return fail("no root element");
  return "";
}

std::string snr::report::test::checkXml(llvm::StringRef text) {
  return Checker(text).run();
}
