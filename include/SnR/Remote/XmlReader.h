//===- XmlReader.h - A small XML reader for target descriptions -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Just enough XML for GDB's target descriptions, with no external library:
// elements, attributes (either quote), character data, the five predefined
// entities and character references, CDATA sections, comments, processing
// instructions (the `<?xml?>` declaration), and a `<!DOCTYPE>` (with an
// internal subset) that is skipped. Namespaces are not interpreted: a name
// keeps its prefix ("xi:include"), so an undeclared prefix, as in QEMU's
// descriptions, is not an error. Input comes from a stub, so everything is
// bounded (size, depth, elements) and every error gives the document, line,
// column and byte offset.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_XMLREADER_H
#define SNR_REMOTE_XMLREADER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace snr::remote {

struct XmlElement {
  /// The name as written, prefix included ("xi:include").
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<std::unique_ptr<XmlElement>> children;
  /// The character data directly inside, entities decoded, concatenated.
  std::string text;
  /// The offset of its `<` in the document, for errors.
  size_t offset = 0;

  /// The name without its prefix ("include").
  llvm::StringRef getLocalName() const;
  /// The prefix, empty when there is none ("xi").
  llvm::StringRef getPrefix() const;
  std::optional<llvm::StringRef> getAttribute(llvm::StringRef name) const;
};

struct XmlLimits {
  /// The largest document, in bytes.
  size_t maxBytes = 1 << 20;
  /// The deepest nesting of elements.
  unsigned maxDepth = 64;
  /// The most elements in a document.
  size_t maxElements = 100000;
};

/// Parses `text` into its root element. `documentName` names it in errors:
/// "target.xml:3:14 (offset 57): expected '=' after attribute 'name'".
llvm::Expected<std::unique_ptr<XmlElement>>
parseXml(llvm::StringRef text, llvm::StringRef documentName,
         const XmlLimits &limits = {});

/// "NAME:LINE:COLUMN (offset N)" for `offset` in `text` (lines and columns
/// count from 1, columns in bytes).
std::string describeXmlLocation(llvm::StringRef text,
                                llvm::StringRef documentName, size_t offset);

} // namespace snr::remote

#endif // SNR_REMOTE_XMLREADER_H
