//===- Svg.cpp - Hand-written SVG for the plots ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Svg.h"
#include "SnR/Report/Format.h"

#include <cmath>

using namespace snr;
using namespace snr::report;

std::string snr::report::escapeXml(llvm::StringRef text) {
  std::string result;
  result.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      result += "&amp;";
      break;
    case '<':
      result += "&lt;";
      break;
    case '>':
      result += "&gt;";
      break;
    case '"':
      result += "&quot;";
      break;
    case '\'':
      result += "&#39;";
      break;
    default:
      // Control characters are not allowed in XML 1.0.
      if ((unsigned char)c < 0x20 && c != '\n' && c != '\t' && c != '\r')
        result += ' ';
      else
        result += c;
    }
  }
  return result;
}

std::string snr::report::formatCoord(double value) {
  return formatJsonNumber(roundTo(value, 1));
}

std::vector<double> snr::report::getNiceTicks(double begin, double end,
                                              unsigned maxTicks) {
  std::vector<double> ticks;
  if (!(end > begin) || maxTicks == 0) {
    ticks.push_back(begin);
    return ticks;
  }
  double rough = (end - begin) / maxTicks;
  double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * power;
    if (step >= rough)
      break;
  }
  double first = std::ceil(begin / step) * step;
  for (unsigned i = 0;; ++i) {
    double v = first + i * step;
    if (v > end + step * 1e-9)
      break;
    ticks.push_back(std::fabs(v) < step * 1e-9 ? 0 : v);
  }
  return ticks;
}

SvgDocument::SvgDocument(llvm::raw_ostream &os, llvm::StringRef id,
                         double width, double height, llvm::StringRef title)
    : os(os) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" << escapeXml(id)
     << "\" class=\"snr-plot\" width=\"" << formatCoord(width)
     << "\" height=\"" << formatCoord(height) << "\" viewBox=\"0 0 "
     << formatCoord(width) << ' ' << formatCoord(height)
     << "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n";
  os << "<title>" << escapeXml(title) << "</title>\n";
  rect(0, 0, width, height, "#ffffff");
  text(width / 2, 18, title, "middle", 14, "font-weight=\"bold\"");
}

SvgDocument::~SvgDocument() { os << "</svg>\n"; }

void SvgDocument::attrs(llvm::StringRef cls, llvm::StringRef extra) {
  if (!cls.empty())
    os << " class=\"" << escapeXml(cls) << '"';
  if (!extra.empty())
    os << ' ' << extra;
}

void SvgDocument::close(llvm::StringRef tag, llvm::StringRef tooltip) {
  if (tooltip.empty()) {
    os << "/>\n";
    return;
  }
  os << "><title>" << escapeXml(tooltip) << "</title></" << tag << ">\n";
}

void SvgDocument::rect(double x, double y, double width, double height,
                       llvm::StringRef fill, llvm::StringRef cls,
                       llvm::StringRef tooltip, llvm::StringRef extra) {
  os << "<rect x=\"" << formatCoord(x) << "\" y=\"" << formatCoord(y)
     << "\" width=\"" << formatCoord(std::max(width, 0.0)) << "\" height=\""
     << formatCoord(std::max(height, 0.0)) << "\" fill=\"" << fill << '"';
  attrs(cls, extra);
  close("rect", tooltip);
}

void SvgDocument::line(double x1, double y1, double x2, double y2,
                       llvm::StringRef stroke, double strokeWidth,
                       llvm::StringRef cls, llvm::StringRef tooltip,
                       llvm::StringRef extra) {
  os << "<line x1=\"" << formatCoord(x1) << "\" y1=\"" << formatCoord(y1)
     << "\" x2=\"" << formatCoord(x2) << "\" y2=\"" << formatCoord(y2)
     << "\" stroke=\"" << stroke << "\" stroke-width=\""
     << formatCoord(strokeWidth) << '"';
  attrs(cls, extra);
  close("line", tooltip);
}

static void writePoints(llvm::raw_ostream &os,
                        llvm::ArrayRef<std::pair<double, double>> points) {
  os << " points=\"";
  for (size_t i = 0; i < points.size(); ++i)
    os << (i ? " " : "") << formatCoord(points[i].first) << ','
       << formatCoord(points[i].second);
  os << '"';
}

void SvgDocument::polyline(llvm::ArrayRef<std::pair<double, double>> points,
                           llvm::StringRef stroke, double strokeWidth,
                           llvm::StringRef cls, llvm::StringRef tooltip,
                           llvm::StringRef extra) {
  os << "<polyline fill=\"none\" stroke=\"" << stroke << "\" stroke-width=\""
     << formatCoord(strokeWidth) << '"';
  writePoints(os, points);
  attrs(cls, extra);
  close("polyline", tooltip);
}

void SvgDocument::polygon(llvm::ArrayRef<std::pair<double, double>> points,
                          llvm::StringRef fill, llvm::StringRef cls,
                          llvm::StringRef tooltip, llvm::StringRef extra) {
  os << "<polygon fill=\"" << fill << '"';
  writePoints(os, points);
  attrs(cls, extra);
  close("polygon", tooltip);
}

void SvgDocument::text(double x, double y, llvm::StringRef text,
                       llvm::StringRef anchor, double size,
                       llvm::StringRef extra) {
  os << "<text x=\"" << formatCoord(x) << "\" y=\"" << formatCoord(y) << '"';
  if (anchor != "start")
    os << " text-anchor=\"" << anchor << '"';
  if (size != 11)
    os << " font-size=\"" << formatCoord(size) << '"';
  if (!extra.empty())
    os << ' ' << extra;
  os << '>' << escapeXml(text) << "</text>\n";
}

void SvgDocument::beginGroup(llvm::StringRef cls, llvm::StringRef tooltip,
                             llvm::StringRef extra) {
  os << "<g";
  attrs(cls, extra);
  os << ">\n";
  if (!tooltip.empty())
    os << "<title>" << escapeXml(tooltip) << "</title>\n";
}

void SvgDocument::endGroup() { os << "</g>\n"; }

void SvgDocument::xAxis(const PlotArea &area, const LinearScale &scale,
                        llvm::StringRef label) {
  line(area.left, area.bottom(), area.right(), area.bottom(), "#333333", 1);
  std::vector<double> ticks =
      getNiceTicks(scale.getDomainBegin(), scale.getDomainEnd(), 8);
  std::vector<std::string> labels = formatTickLabels(ticks);
  for (size_t i = 0; i < ticks.size(); ++i) {
    double x = scale(ticks[i]);
    line(x, area.bottom(), x, area.bottom() + 4, "#333333", 1);
    text(x, area.bottom() + 16, labels[i], "middle", 10);
  }
  text(area.left + area.width / 2, area.bottom() + 32, label, "middle");
}

void SvgDocument::yAxis(const PlotArea &area, const LinearScale &scale,
                        llvm::StringRef label, bool percent) {
  line(area.left, area.top, area.left, area.bottom(), "#333333", 1);
  std::vector<double> ticks =
      getNiceTicks(scale.getDomainBegin(), scale.getDomainEnd(), 5);
  std::vector<std::string> labels = formatTickLabels(ticks);
  for (size_t i = 0; i < ticks.size(); ++i) {
    double y = scale(ticks[i]);
    line(area.left, y, area.right(), y, "#e5e5e5", 1);
    line(area.left - 4, y, area.left, y, "#333333", 1);
    text(area.left - 6, y + 3.5,
         percent ? formatJsonNumber(roundTo(ticks[i] * 100, 1)) + "%"
                 : labels[i],
         "end", 10);
  }
  double x = area.left - 46, y = area.top + area.height / 2;
  text(x, y, label, "middle", 11,
       "transform=\"rotate(-90 " + formatCoord(x) + ' ' + formatCoord(y) +
           ")\"");
}

llvm::StringRef snr::report::getSeriesColor(unsigned index) {
  static constexpr const char *kColors[] = {
      "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  return kColors[index % (sizeof(kColors) / sizeof(kColors[0]))];
}

/// Sans-serif at 11px averages about 6.2px per character.
static double getLegendEntryWidth(const LegendEntry &entry) {
  return 16 + 6.2 * entry.label.size() + 14;
}

unsigned snr::report::getLegendRows(llvm::ArrayRef<LegendEntry> entries,
                                    double width) {
  unsigned rows = 1;
  double x = 0;
  for (const LegendEntry &entry : entries) {
    double w = getLegendEntryWidth(entry);
    if (x > 0 && x + w > width) {
      ++rows;
      x = 0;
    }
    x += w;
  }
  return rows;
}

double SvgDocument::legend(double x, double y,
                           llvm::ArrayRef<LegendEntry> entries,
                           double maxRight) {
  double left = x;
  for (const LegendEntry &entry : entries) {
    double width = getLegendEntryWidth(entry);
    if (x > left && x + width > maxRight) {
      x = left;
      y += 16;
    }
    switch (entry.kind) {
    case LegendEntry::Box:
      rect(x, y - 8, 12, 10, entry.color);
      break;
    case LegendEntry::Line:
      line(x, y - 3, x + 12, y - 3, entry.color, 2);
      break;
    case LegendEntry::DashedLine:
      line(x, y - 3, x + 12, y - 3, entry.color, 2, {}, {},
           "stroke-dasharray=\"3 2\"");
      break;
    }
    text(x + 16, y, entry.label);
    x += width;
  }
  return y;
}

void SvgDocument::note(double x, double y, llvm::StringRef text,
                       llvm::StringRef anchor) {
  this->text(x, y, text, anchor, 10, "fill=\"#666666\" font-style=\"italic\"");
}
