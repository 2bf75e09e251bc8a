//===- XmlChecker.h - A tiny XML well-formedness checker --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Enough of XML 1.0 to check the SVG the reports write: one root element,
// balanced tags, quoted and unique attributes, known entity references, no
// stray '<' or '&'. No DTDs, no CDATA, no processing instructions besides
// the XML declaration.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_REPORT_XMLCHECKER_H
#define SNR_UNITTESTS_REPORT_XMLCHECKER_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace snr::report::test {

/// "" if `text` is well-formed, otherwise what is wrong and at which offset.
std::string checkXml(llvm::StringRef text);

} // namespace snr::report::test

#endif // SNR_UNITTESTS_REPORT_XMLCHECKER_H
