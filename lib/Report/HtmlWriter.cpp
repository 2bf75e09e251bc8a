//===- HtmlWriter.cpp - What report.html's sections write with ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/HtmlWriter.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Svg.h"
#include "SnR/Sim/SimEvents.h"

using namespace snr;
using namespace snr::report;

std::string snr::report::escapeLocation(llvm::StringRef location) {
  size_t colon = location.find(':');
  if (colon == llvm::StringRef::npos)
    return escapeXml(location);
  return escapeXml(location.take_front(colon)) + "<wbr>" +
         escapeXml(location.drop_front(colon));
}

void HtmlWriter::th(llvm::StringRef text, bool numeric) {
  os << (numeric ? "<th class=\"num\">" : "<th>") << escapeXml(text) << "</th>";
}

void HtmlWriter::td(llvm::StringRef text) {
  os << "<td>" << escapeXml(text) << "</td>";
}

void HtmlWriter::tdText(llvm::StringRef text) {
  os << "<td class=\"wrap\">" << escapeXml(text) << "</td>";
}

void HtmlWriter::tdNum(uint64_t value) {
  os << "<td class=\"num\" data-v=\"" << value << "\">" << formatCount(value)
     << "</td>";
}

void HtmlWriter::tdPercent(double fraction) {
  os << "<td class=\"num\" data-v=\"" << formatJsonNumber(roundTo(fraction, 6))
     << "\">" << formatPercent(fraction) << "</td>";
}

void HtmlWriter::tdPc(uint64_t index) {
  if (index == sim::kNoIndex || index >= info.getNumInstructions()) {
    os << "<td class=\"num\" data-v=\"-1\">-</td>";
    return;
  }
  uint64_t pc = info.getPc(index);
  os << "<td class=\"num\" data-v=\"" << pc << "\">" << info.formatPc(pc)
     << "</td>";
}

void HtmlWriter::tdNumSub(uint64_t value, llvm::StringRef sub) {
  os << "<td class=\"num\" data-v=\"" << value << "\">" << formatCount(value);
  if (!sub.empty())
    os << "<div class=\"sub\">" << escapeXml(sub) << "</div>";
  os << "</td>";
}

void HtmlWriter::tdSub(llvm::StringRef text, llvm::StringRef sub,
                       std::optional<uint64_t> sortKey) {
  os << "<td";
  if (sortKey)
    os << " data-v=\"" << *sortKey << "\"";
  os << ">" << escapeXml(text);
  if (!sub.empty())
    os << "<div class=\"sub\">" << escapeXml(sub) << "</div>";
  os << "</td>";
}

void HtmlWriter::card(llvm::StringRef value, llvm::StringRef key) {
  os << "<div class=\"card\"><div class=\"v\">" << escapeXml(value)
     << "</div><div class=\"k\">" << escapeXml(key) << "</div></div>\n";
}

double HtmlWriter::share(uint64_t part) const {
  return fig.cycles ? double(part) / double(fig.cycles) : 0;
}

std::string HtmlWriter::pcOf(uint64_t index) const {
  return index < info.getNumInstructions() ? info.formatPc(info.getPc(index))
                                           : "-";
}
