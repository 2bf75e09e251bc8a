//===- XmlReader.cpp - A small XML reader for target descriptions ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/XmlReader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

using namespace snr::remote;
using llvm::StringRef;

StringRef XmlElement::getLocalName() const {
  size_t colon = StringRef(name).find(':');
  return colon == StringRef::npos ? StringRef(name)
                                  : StringRef(name).drop_front(colon + 1);
}

StringRef XmlElement::getPrefix() const {
  size_t colon = StringRef(name).find(':');
  return colon == StringRef::npos ? StringRef()
                                  : StringRef(name).take_front(colon);
}

std::optional<StringRef> XmlElement::getAttribute(StringRef key) const {
  for (const auto &[attrName, value] : attributes)
    if (attrName == key)
      return StringRef(value);
  return std::nullopt;
}

std::string snr::remote::describeXmlLocation(StringRef text,
                                             StringRef documentName,
                                             size_t offset) {
  offset = std::min(offset, text.size());
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  return (documentName + ":" + llvm::Twine(line) + ":" +
          llvm::Twine(offset - lineStart + 1) + " (offset " +
          llvm::Twine(offset) + ")")
      .str();
}

namespace {
class Parser {
public:
  Parser(StringRef text, StringRef name, const XmlLimits &limits)
      : text(text), name(name), limits(limits) {}

  llvm::Expected<std::unique_ptr<XmlElement>> parseDocument();

private:
  llvm::Error error(size_t at, const llvm::Twine &message) const {
    return llvm::createStringError(
        std::make_error_code(std::errc::illegal_byte_sequence),
        describeXmlLocation(text, name, at) + ": " + message);
  }
  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }
  bool lookingAt(StringRef s) const { return text.substr(pos).starts_with(s); }
  void skipSpace() {
    while (!atEnd() && llvm::isSpace(text[pos]))
      ++pos;
  }
  static bool isNameStart(char c) {
    return llvm::isAlpha(c) || c == '_' || c == ':' || (unsigned char)c >= 0x80;
  }
  static bool isNameChar(char c) {
    return isNameStart(c) || llvm::isDigit(c) || c == '-' || c == '.';
  }

  llvm::Expected<std::string> parseName(StringRef what);
  /// Skips comments, processing instructions and white space; with
  /// `allowDoctype`, also a `<!DOCTYPE>`.
  llvm::Error skipMisc(bool allowDoctype);
  llvm::Error skipComment();
  llvm::Error skipProcessingInstruction();
  llvm::Error skipDoctype();
  /// Decodes the reference at `pos` (just after `&`) into `out`.
  llvm::Error parseReference(std::string &out);
  llvm::Expected<std::unique_ptr<XmlElement>> parseElement(unsigned depth);

  StringRef text;
  StringRef name;
  const XmlLimits &limits;
  size_t pos = 0;
  size_t elements = 0;
  bool sawDoctype = false;
};
} // namespace

llvm::Expected<std::string> Parser::parseName(StringRef what) {
  size_t start = pos;
  if (!isNameStart(peek()))
    return error(pos, "expected " + what);
  while (!atEnd() && isNameChar(text[pos]))
    ++pos;
  return text.slice(start, pos).str();
}

llvm::Error Parser::skipComment() {
  size_t start = pos;
  size_t end = text.find("-->", pos + 4);
  if (end == StringRef::npos)
    return error(start, "unterminated comment");
  pos = end + 3;
  return llvm::Error::success();
}

llvm::Error Parser::skipProcessingInstruction() {
  size_t start = pos;
  size_t end = text.find("?>", pos + 2);
  if (end == StringRef::npos)
    return error(start, "unterminated processing instruction");
  pos = end + 2;
  return llvm::Error::success();
}

llvm::Error Parser::skipDoctype() {
  size_t start = pos;
  if (sawDoctype)
    return error(start, "a second <!DOCTYPE>");
  sawDoctype = true;
  pos += 9;
  // Up to the closing '>', skipping quoted literals and an internal subset
  // (with its own comments and quoted literals).
  bool inSubset = false;
  while (!atEnd()) {
    char c = text[pos];
    if (c == '"' || c == '\'') {
      size_t close = text.find(c, pos + 1);
      if (close == StringRef::npos)
        return error(pos, "unterminated quoted string in <!DOCTYPE>");
      pos = close + 1;
    } else if (inSubset && lookingAt("<!--")) {
      if (llvm::Error e = skipComment())
        return e;
    } else if (c == '[' && !inSubset) {
      inSubset = true;
      ++pos;
    } else if (c == ']' && inSubset) {
      inSubset = false;
      ++pos;
    } else if (c == '>' && !inSubset) {
      ++pos;
      return llvm::Error::success();
    } else {
      ++pos;
    }
  }
  return error(start, "unterminated <!DOCTYPE>");
}

llvm::Error Parser::skipMisc(bool allowDoctype) {
  while (true) {
    skipSpace();
    if (lookingAt("<!--")) {
      if (llvm::Error e = skipComment())
        return e;
    } else if (lookingAt("<?")) {
      if (llvm::Error e = skipProcessingInstruction())
        return e;
    } else if (allowDoctype && lookingAt("<!DOCTYPE")) {
      if (llvm::Error e = skipDoctype())
        return e;
    } else {
      return llvm::Error::success();
    }
  }
}

llvm::Error Parser::parseReference(std::string &out) {
  size_t start = pos - 1;
  size_t semicolon = text.find(';', pos);
  if (semicolon == StringRef::npos || semicolon - pos > 12)
    return error(start, "'&' does not start an entity reference");
  StringRef entity = text.slice(pos, semicolon);
  pos = semicolon + 1;
  if (entity == "lt")
    out += '<';
  else if (entity == "gt")
    out += '>';
  else if (entity == "amp")
    out += '&';
  else if (entity == "quot")
    out += '"';
  else if (entity == "apos")
    out += '\'';
  else if (entity.consume_front("#")) {
    unsigned radix = entity.consume_front("x") ? 16 : 10;
    uint32_t code = 0;
    if (entity.empty() || entity.getAsInteger(radix, code) || code == 0 ||
        code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
      return error(start, "invalid character reference");
    char buffer[4];
    char *end = buffer;
    if (!llvm::ConvertCodePointToUTF8(code, end))
      return error(start, "invalid character reference");
    out.append(buffer, end);
  } else {
    return error(start, "unknown entity '&" + entity + ";'");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<XmlElement>>
Parser::parseElement(unsigned depth) {
  size_t start = pos;
  if (depth > limits.maxDepth)
    return error(start,
                 "elements nested deeper than " + llvm::Twine(limits.maxDepth));
  if (++elements > limits.maxElements)
    return error(start,
                 "more than " + llvm::Twine(limits.maxElements) + " elements");
  auto element = std::make_unique<XmlElement>();
  element->offset = start;
  ++pos; // '<'
  llvm::Expected<std::string> tag = parseName("an element name after '<'");
  if (!tag)
    return tag.takeError();
  element->name = std::move(*tag);

  // Attributes, then '>' or '/>'.
  while (true) {
    size_t before = pos;
    skipSpace();
    if (lookingAt("/>")) {
      pos += 2;
      return std::move(element);
    }
    if (peek() == '>') {
      ++pos;
      break;
    }
    if (atEnd())
      return error(start, "unterminated start tag <" + element->name + ">");
    if (before == pos)
      return error(pos, "expected white space, '>' or '/>' in <" +
                            element->name + ">");
    size_t attrStart = pos;
    llvm::Expected<std::string> attr = parseName("an attribute name");
    if (!attr)
      return attr.takeError();
    if (element->getAttribute(*attr))
      return error(attrStart, "attribute '" + *attr + "' given twice");
    skipSpace();
    if (peek() != '=')
      return error(pos, "expected '=' after attribute '" + *attr + "'");
    ++pos;
    skipSpace();
    char quote = peek();
    if (quote != '"' && quote != '\'')
      return error(pos,
                   "expected a quoted value for attribute '" + *attr + "'");
    ++pos;
    std::string value;
    while (true) {
      if (atEnd())
        return error(attrStart,
                     "unterminated value of attribute '" + *attr + "'");
      char c = text[pos++];
      if (c == quote)
        break;
      if (c == '<')
        return error(pos - 1, "'<' in the value of attribute '" + *attr + "'");
      if (c == '&') {
        if (llvm::Error e = parseReference(value))
          return std::move(e);
        continue;
      }
      value += c;
    }
    element->attributes.emplace_back(std::move(*attr), std::move(value));
  }

  // Content, up to the matching end tag.
  while (true) {
    if (atEnd())
      return error(start, "<" + element->name + "> is never closed");
    char c = text[pos];
    if (c == '&') {
      ++pos;
      if (llvm::Error e = parseReference(element->text))
        return std::move(e);
    } else if (c != '<') {
      element->text += c;
      ++pos;
    } else if (lookingAt("</")) {
      size_t endStart = pos;
      pos += 2;
      llvm::Expected<std::string> endTag =
          parseName("an element name after '</'");
      if (!endTag)
        return endTag.takeError();
      if (*endTag != element->name)
        return error(endStart, "</" + *endTag + "> closes <" + element->name +
                                   "> (opened at " +
                                   describeXmlLocation(text, name, start) +
                                   ")");
      skipSpace();
      if (peek() != '>')
        return error(pos, "expected '>' to end </" + *endTag + ">");
      ++pos;
      return std::move(element);
    } else if (lookingAt("<!--")) {
      if (llvm::Error e = skipComment())
        return std::move(e);
    } else if (lookingAt("<![CDATA[")) {
      size_t end = text.find("]]>", pos + 9);
      if (end == StringRef::npos)
        return error(pos, "unterminated CDATA section");
      element->text += text.slice(pos + 9, end);
      pos = end + 3;
    } else if (lookingAt("<?")) {
      if (llvm::Error e = skipProcessingInstruction())
        return std::move(e);
    } else if (lookingAt("<!")) {
      return error(pos,
                   "unexpected markup declaration in <" + element->name + ">");
    } else {
      llvm::Expected<std::unique_ptr<XmlElement>> child =
          parseElement(depth + 1);
      if (!child)
        return child.takeError();
      element->children.push_back(std::move(*child));
    }
  }
}

llvm::Expected<std::unique_ptr<XmlElement>> Parser::parseDocument() {
  if (text.size() > limits.maxBytes)
    return error(0, "the document has " + llvm::Twine(text.size()) +
                        " bytes, more than the limit of " +
                        llvm::Twine(limits.maxBytes));
  if (text.starts_with("\xEF\xBB\xBF"))
    pos = 3;
  if (llvm::Error e = skipMisc(/*allowDoctype=*/true))
    return std::move(e);
  if (atEnd())
    return error(pos, "no root element");
  if (peek() != '<')
    return error(pos, "text before the root element");
  llvm::Expected<std::unique_ptr<XmlElement>> root = parseElement(1);
  if (!root)
    return root.takeError();
  if (llvm::Error e = skipMisc(/*allowDoctype=*/false))
    return std::move(e);
  if (!atEnd())
    return error(pos,
                 "content after the root element </" + (*root)->name + ">");
  return root;
}

llvm::Expected<std::unique_ptr<XmlElement>>
snr::remote::parseXml(StringRef text, StringRef documentName,
                      const XmlLimits &limits) {
  return Parser(text, documentName, limits).parseDocument();
}
