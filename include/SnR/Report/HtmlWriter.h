//===- HtmlWriter.h - What report.html's sections write with ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The stream of report.html and its table cells and cards, one markup for
// every view's sections (the style and the sorting script in HtmlReport.cpp
// rely on it: numeric cells carry their value in data-v).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_HTMLWRITER_H
#define SNR_REPORT_HTMLWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace snr::analysis {
struct TraceInfo;
} // namespace snr::analysis

namespace snr::report {

struct ReportFigures;

/// A location ("prog.mlir:2070:5") as HTML that may wrap only after its
/// file name and at the file name's own breaks, never inside a number.
std::string escapeLocation(llvm::StringRef location);

class HtmlWriter {
public:
  HtmlWriter(llvm::raw_ostream &os, const analysis::TraceInfo &info,
             const ReportFigures &figures)
      : os(os), info(info), fig(figures) {}

  /// A header cell; numeric ones are right-aligned.
  void th(llvm::StringRef text, bool numeric = false);
  void td(llvm::StringRef text);
  /// A cell of running text, which may wrap.
  void tdText(llvm::StringRef text);
  void tdNum(uint64_t value);
  void tdPercent(double fraction);
  /// The PC of instruction `index`, or "-" for none.
  void tdPc(uint64_t index);
  /// A number (sorting by it) over a smaller line that details it
  /// ("base 10 + transfer 2"): two figures in one column, so wide tables
  /// fit the page.
  void tdNumSub(uint64_t value, llvm::StringRef sub);
  /// Text over a smaller line; sorts by `sortKey` when given.
  void tdSub(llvm::StringRef text, llvm::StringRef sub,
             std::optional<uint64_t> sortKey = std::nullopt);
  /// A figure in large type over its name.
  void card(llvm::StringRef value, llvm::StringRef key);

  /// `part` as a fraction of the selection's cycles.
  double share(uint64_t part) const;
  /// The PC of instruction `index` as text, or "-".
  std::string pcOf(uint64_t index) const;

  llvm::raw_ostream &os;
  const analysis::TraceInfo &info;
  const ReportFigures &fig;
};

} // namespace snr::report

#endif // SNR_REPORT_HTMLWRITER_H
