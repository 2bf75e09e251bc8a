//===- Svg.h - Hand-written SVG for the plots -------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A small SVG writer and the pieces every plot shares: linear scales, nice
// axis ticks, axes with labels, and legends. The documents are
// self-contained (no external styles, fonts or scripts), valid XML, and
// deterministic: coordinates are rounded to 0.1 and written in their
// shortest form. Every element that draws data carries class "data" (the
// HTML rendering test counts them) and may carry a <title> tooltip.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_SVG_H
#define SNR_REPORT_SVG_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace snr::report {

/// `text` with &, <, >, " and ' escaped, for XML and HTML.
std::string escapeXml(llvm::StringRef text);

/// A coordinate or length, rounded to 0.1, shortest form.
std::string formatCoord(double value);

/// Maps [domainBegin, domainEnd] linearly onto [rangeBegin, rangeEnd].
class LinearScale {
public:
  LinearScale(double domainBegin, double domainEnd, double rangeBegin,
              double rangeEnd)
      : d0(domainBegin), d1(domainEnd), r0(rangeBegin), r1(rangeEnd) {}
  double operator()(double value) const {
    return d1 == d0 ? r0 : r0 + (value - d0) * (r1 - r0) / (d1 - d0);
  }
  double getDomainBegin() const { return d0; }
  double getDomainEnd() const { return d1; }

private:
  double d0, d1, r0, r1;
};

/// At most about `maxTicks` round values (1, 2 or 5 times a power of ten
/// apart) in [begin, end].
std::vector<double> getNiceTicks(double begin, double end, unsigned maxTicks);

/// The colour of the `index`th series of a plot (a colour-blind-safe
/// palette, repeating).
llvm::StringRef getSeriesColor(unsigned index);

/// The rectangle the data is drawn in.
struct PlotArea {
  double left = 0, top = 0, width = 0, height = 0;
  double right() const { return left + width; }
  double bottom() const { return top + height; }
};

struct LegendEntry {
  enum Kind { Box, Line, DashedLine } kind = Box;
  std::string label;
  std::string color;
};

/// The rows SvgDocument::legend needs for `entries` in `width` pixels.
unsigned getLegendRows(llvm::ArrayRef<LegendEntry> entries, double width);

class SvgDocument {
public:
  /// Starts an <svg> with `id`, class "snr-plot", its size, a <title> and a
  /// visible title line at the top.
  SvgDocument(llvm::raw_ostream &os, llvm::StringRef id, double width,
              double height, llvm::StringRef title);
  SvgDocument(const SvgDocument &) = delete;
  SvgDocument &operator=(const SvgDocument &) = delete;
  /// Closes the <svg>.
  ~SvgDocument();

  /// Shapes. `cls` is the class attribute (empty: none), `tooltip` becomes
  /// a <title> child (empty: none), `extra` is written into the tag as is
  /// (attributes the caller formatted).
  void rect(double x, double y, double width, double height,
            llvm::StringRef fill, llvm::StringRef cls = {},
            llvm::StringRef tooltip = {}, llvm::StringRef extra = {});
  void line(double x1, double y1, double x2, double y2, llvm::StringRef stroke,
            double strokeWidth, llvm::StringRef cls = {},
            llvm::StringRef tooltip = {}, llvm::StringRef extra = {});
  void polyline(llvm::ArrayRef<std::pair<double, double>> points,
                llvm::StringRef stroke, double strokeWidth,
                llvm::StringRef cls = {}, llvm::StringRef tooltip = {},
                llvm::StringRef extra = {});
  void polygon(llvm::ArrayRef<std::pair<double, double>> points,
               llvm::StringRef fill, llvm::StringRef cls = {},
               llvm::StringRef tooltip = {}, llvm::StringRef extra = {});
  void text(double x, double y, llvm::StringRef text,
            llvm::StringRef anchor = "start", double size = 11,
            llvm::StringRef extra = {});
  void beginGroup(llvm::StringRef cls = {}, llvm::StringRef tooltip = {},
                  llvm::StringRef extra = {});
  void endGroup();
  /// Raw markup (for <defs>).
  llvm::raw_ostream &raw() { return os; }

  /// A horizontal axis under `area` with ticks and `label`; tick values are
  /// cycles.
  void xAxis(const PlotArea &area, const LinearScale &scale,
             llvm::StringRef label);
  /// A vertical axis left of `area` with ticks, horizontal grid lines and
  /// `label`; `percent` writes ticks as percentages of 1.
  void yAxis(const PlotArea &area, const LinearScale &scale,
             llvm::StringRef label, bool percent = false);
  /// Legend entries in rows from (x, y), wrapping before `maxRight`;
  /// returns the baseline of the last row.
  double legend(double x, double y, llvm::ArrayRef<LegendEntry> entries,
                double maxRight);
  /// A grey note in italics, e.g. "showing 200 of 5123 DMAs".
  void note(double x, double y, llvm::StringRef text,
            llvm::StringRef anchor = "start");

private:
  void attrs(llvm::StringRef cls, llvm::StringRef extra);
  void close(llvm::StringRef tag, llvm::StringRef tooltip);

  llvm::raw_ostream &os;
};

} // namespace snr::report

#endif // SNR_REPORT_SVG_H
