//===- RunDiff.cpp - Comparing two replays' metrics -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RunDiff.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/Metrics.h"
#include "SnR/Report/Report.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/ReportOptions.h"
#include "SnR/Report/Selection.h"
#include "SnR/Report/Svg.h"
#include "SnR/Support/JsonStructure.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <map>

using namespace snr;
using namespace snr::report;
namespace json = llvm::json;

namespace {
/// The number at a dotted path ("totals.cycles"), if there is one.
std::optional<double> numberAt(const json::Object &object,
                               llvm::StringRef path) {
  const json::Object *current = &object;
  while (true) {
    auto [head, rest] = path.split('.');
    if (rest.empty())
      return current->getNumber(head);
    current = current->getObject(head);
    if (!current)
      return std::nullopt;
    path = rest;
  }
}
const json::Array *arrayAt(const json::Object &object, llvm::StringRef path) {
  auto [head, rest] = path.split('.');
  if (rest.empty())
    return object.getArray(head);
  const json::Object *inner = object.getObject(head);
  return inner ? arrayAt(*inner, rest) : nullptr;
}

/// Named figures of one run, in first-seen order.
template <typename T>
using NamedMap =
    llvm::MapVector<std::string, T, std::map<std::string, unsigned>>;
using Figures = NamedMap<double>;

/// Builds a section from the same figures of both runs.
DiffSection section(llvm::StringRef title, llvm::StringRef unit,
                    const Figures &before, const Figures &after,
                    bool higherIsBetter = false) {
  DiffSection result;
  result.title = title.str();
  result.unit = unit.str();
  result.higherIsBetter = higherIsBetter;
  NamedMap<DiffRow> rows;
  for (const auto &[name, value] : before) {
    rows[name].name = name;
    rows[name].before = value;
  }
  for (const auto &[name, value] : after) {
    rows[name].name = name;
    rows[name].after = value;
  }
  for (auto &entry : rows)
    result.rows.push_back(std::move(entry.second));
  // Regressions, largest first; improvements, largest first; unchanged.
  auto rank = [&](const DiffRow &row) {
    return row.delta() == 0 ? 2 : result.isRegression(row) ? 0 : 1;
  };
  llvm::stable_sort(result.rows, [&](const DiffRow &a, const DiffRow &b) {
    if (rank(a) != rank(b))
      return rank(a) < rank(b);
    return std::fabs(a.delta()) > std::fabs(b.delta());
  });
  return result;
}

/// Key/number pairs of an object (stalls.by_kind).
Figures objectFigures(const json::Object &metrics, llvm::StringRef path) {
  Figures figures;
  const json::Object *current = &metrics;
  llvm::StringRef rest = path;
  while (current && !rest.empty()) {
    auto [head, tail] = rest.split('.');
    current = current->getObject(head);
    rest = tail;
  }
  if (!current)
    return figures;
  std::vector<std::string> keys;
  for (const auto &entry : *current)
    keys.push_back(entry.first.str());
  llvm::sort(keys);
  for (const std::string &key : keys)
    if (std::optional<double> value = current->getNumber(key))
      figures[key] = *value;
  return figures;
}

/// One figure per element of an array: its `key` (string or number,
/// prefixed) names it, `value` (a dotted path) is the figure; elements with
/// the same name add up.
Figures arrayFigures(const json::Object &metrics, llvm::StringRef path,
                     llvm::function_ref<std::string(const json::Object &)> name,
                     llvm::StringRef value) {
  Figures figures;
  if (const json::Array *array = arrayAt(metrics, path))
    for (const json::Value &element : *array)
      if (const json::Object *object = element.getAsObject())
        if (std::optional<double> number = numberAt(*object, value)) {
          std::string key = name(*object);
          if (!key.empty())
            figures[key] += *number;
        }
  return figures;
}

std::string stringOr(const json::Object &object, llvm::StringRef key,
                     llvm::StringRef otherwise = "-") {
  if (std::optional<llvm::StringRef> text = object.getString(key))
    return text->str();
  return otherwise.str();
}
std::string pcName(const json::Object &object, llvm::StringRef pcKey,
                   llvm::StringRef what, llvm::StringRef hloKey) {
  std::optional<int64_t> pc = object.getInteger(pcKey);
  if (!pc)
    return "";
  return llvm::formatv("pc {0} {1} ({2})", *pc, what, stringOr(object, hloKey))
      .str();
}

/// Stall cycles by static instruction: the static view's table when the
/// metrics have it, else the DMA waits' stalls from the DMA table (the only
/// per-PC stalls metrics.json had before it).
Figures staticStalls(const json::Object &metrics, std::string &source) {
  if (arrayAt(metrics, "static.instructions")) {
    source = "static.instructions";
    return arrayFigures(
        metrics, "static.instructions",
        [](const json::Object &o) {
          return pcName(o, "pc", stringOr(o, "opcode", "?"), "hlo");
        },
        "stall_cycles");
  }
  source = "dma.table (dma_wait stalls at each wait)";
  return arrayFigures(
      metrics, "dma.table",
      [](const json::Object &o) {
        return pcName(o, "wait_pc", "dma.wait", "wait_hlo");
      },
      "stall");
}

/// A figure per static dma.issue: the static view's, else folded from the
/// DMA table by issue PC.
Figures staticDmas(const json::Object &metrics, llvm::StringRef field,
                   std::string &source) {
  bool folded = arrayAt(metrics, "static.dmas") != nullptr;
  source = folded ? "static.dmas" : "dma.table (folded by issue PC)";
  return arrayFigures(
      metrics, folded ? "static.dmas" : "dma.table",
      [&](const json::Object &o) {
        return pcName(o, folded ? "pc" : "issue_pc", "dma.issue",
                      folded ? "hlo" : "issue_hlo");
      },
      field);
}

std::string formatValue(double value, llvm::StringRef unit) {
  if (unit == "fraction")
    return formatPercent(value);
  if (value == std::floor(value) && std::fabs(value) < 1e18)
    return value < 0 ? "-" + formatCount(uint64_t(-value))
                     : formatCount(uint64_t(value));
  return llvm::formatv("{0:f2}", value).str();
}
std::string formatDelta(const DiffRow &row, llvm::StringRef unit) {
  double delta = row.delta();
  std::string text = (delta > 0 ? "+" : "") + formatValue(delta, unit);
  if (unit == "fraction")
    return text;
  if (row.before && *row.before != 0)
    text += llvm::formatv(" ({0}{1:f1}%)", delta > 0 ? "+" : "",
                          100.0 * delta / *row.before)
                .str();
  return text;
}
std::string formatSide(const std::optional<double> &value,
                       llvm::StringRef unit) {
  return value ? formatValue(*value, unit) : "-";
}
} // namespace

llvm::Expected<NamedMetrics> report::readMetricsFile(llvm::StringRef path) {
  llvm::SmallString<128> file(path);
  if (llvm::sys::fs::is_directory(path))
    llvm::sys::path::append(file, kMetricsFile);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read '" + file +
                                       "': " + buffer.getError().message());
  llvm::Expected<json::Object> metrics =
      parseMetrics((*buffer)->getBuffer(), file);
  if (!metrics)
    return metrics.takeError();
  return NamedMetrics{path.str(), std::move(*metrics)};
}

llvm::Expected<json::Object> report::parseMetrics(llvm::StringRef text,
                                                  llvm::StringRef file) {
  // llvm::json parses by recursion and keeps the last of two equal keys:
  // bound the depth and reject repeated keys first.
  if (llvm::Error error = checkJsonStructure(text, file))
    return std::move(error);
  llvm::Expected<json::Value> value = json::parse(text);
  if (!value)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + file + "' is not JSON: " + llvm::toString(value.takeError()));
  json::Object *object = value->getAsObject();
  if (!object || object->getString("format") != kMetricsFormat)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + file +
                                       "' is not an SnR metrics.json "
                                       "(format \"snr-metrics\")");
  // A version this reader does not know may mean anything.
  std::optional<int64_t> version = object->getInteger("version");
  if (!version || *version != int64_t(kMetricsVersion))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + file + "' is metrics.json version " +
            (version ? std::to_string(*version) : std::string("(none)")) +
            "; this snr-diff reads version " +
            std::to_string(kMetricsVersion));
  // Every run has totals; a file without them compares as all zeros.
  const json::Object *totals = object->getObject("totals");
  if (!totals || !totals->getNumber("cycles") ||
      !totals->getNumber("instructions"))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + file + "' has no totals (totals.cycles and "
                     "totals.instructions): it holds no run to compare");
  return std::move(*object);
}

json::Object report::metricsOf(const analysis::ReplayResults &results) {
  llvm::Expected<Selection> selection =
      Selection::compute(results, ReportOptions());
  // The whole trace is always a valid selection.
  assert(selection && "an unrestricted selection cannot fail");
  ReportFigures figures = computeFigures(results, *selection);
  json::Value metrics = buildMetrics(results, *selection, figures);
  // Its strings may refer to the results' own (json::Value keeps a
  // StringRef as it is); a diff can outlive the results, so the metrics
  // are made to own every string: printed, then parsed back.
  std::string text;
  llvm::raw_string_ostream os(text);
  writeJson(os, metrics, 0);
  llvm::Expected<json::Value> owned = json::parse(text);
  if (!owned || !owned->getAsObject()) { // printed JSON always parses
    llvm::consumeError(owned.takeError());
    return {};
  }
  return std::move(*owned->getAsObject());
}

RunDiff report::diffRuns(const NamedMetrics &before,
                         const NamedMetrics &after) {
  RunDiff diff;
  diff.before = before.name;
  diff.after = after.name;
  const json::Object &a = before.metrics, &b = after.metrics;

  auto totals = [](const json::Object &m) {
    Figures figures;
    for (llvm::StringRef key : {"totals.cycles", "totals.instructions",
                                "stalls.total", "dma.totals.stall"})
      if (std::optional<double> value = numberAt(m, key))
        figures[key.str()] = *value;
    return figures;
  };
  diff.sections.push_back(section("Totals", "cycles", totals(a), totals(b)));
  diff.sections.push_back(section("Stall cycles by kind", "cycles",
                                  objectFigures(a, "stalls.by_kind"),
                                  objectFigures(b, "stalls.by_kind")));

  auto hloName = [](const json::Object &o) { return stringOr(o, "name"); };
  diff.sections.push_back(
      section("Stall cycles by HLO", "cycles",
              arrayFigures(a, "hlos", hloName, "stalls.total"),
              arrayFigures(b, "hlos", hloName, "stalls.total")));
  diff.sections.push_back(section("Cycles by HLO (span)", "cycles",
                                  arrayFigures(a, "hlos", hloName, "cycles"),
                                  arrayFigures(b, "hlos", hloName, "cycles")));

  std::string sourceA, sourceB;
  Figures stallsA = staticStalls(a, sourceA),
          stallsB = staticStalls(b, sourceB);
  DiffSection byPc =
      section("Stall cycles by static instruction", "cycles", stallsA, stallsB);
  byPc.source = sourceA == sourceB ? sourceA : sourceA + " / " + sourceB;
  diff.sections.push_back(std::move(byPc));

  Figures dmaA = staticDmas(a, "stall", sourceA),
          dmaB = staticDmas(b, "stall", sourceB);
  DiffSection dmas =
      section("DMA wait stall by static DMA", "cycles", dmaA, dmaB);
  dmas.source = sourceA == sourceB ? sourceA : sourceA + " / " + sourceB;
  diff.sections.push_back(std::move(dmas));

  auto unitName = [](const json::Object &o) { return stringOr(o, "name"); };
  Figures utilA =
              arrayFigures(a, "utilization.units", unitName, "busy_fraction"),
          utilB =
              arrayFigures(b, "utilization.units", unitName, "busy_fraction");
  for (auto [figures, metrics] : {std::pair(&utilA, &a), std::pair(&utilB, &b)})
    for (const auto &[name, value] : arrayFigures(
             *metrics, "utilization.links",
             [](const json::Object &o) {
               return "link " + stringOr(o, "name");
             },
             "busy_fraction"))
      (*figures)[name] = value;
  diff.sections.push_back(
      section("Utilization (busy fraction)", "fraction", utilA, utilB, true));

  auto cache = [](const json::Object &m) {
    Figures figures;
    for (llvm::StringRef key :
         {"peak_occupied_pages", "median_free_pages", "median_largest_free_run",
          "pages_ever_used", "wasted_bytes"})
      if (std::optional<double> value =
              numberAt(m, ("data_cache." + key).str()))
        figures[key.str()] = *value;
    // Fragmentation: free pages no contiguous buffer can use.
    std::optional<double> free = numberAt(m, "data_cache.median_free_pages");
    std::optional<double> run =
        numberAt(m, "data_cache.median_largest_free_run");
    if (free && run)
      figures["fragmented_free_pages"] = *free - *run;
    return figures;
  };
  diff.sections.push_back(
      section("Data cache (VMEM pages)", "pages", cache(a), cache(b)));
  return diff;
}

void report::printRunDiff(const RunDiff &diff, llvm::raw_ostream &os,
                          unsigned maxRows) {
  os << "before: " << diff.before << "\nafter:  " << diff.after << "\n";
  for (const DiffSection &section : diff.sections) {
    unsigned changed = llvm::count_if(
        section.rows, [](const DiffRow &row) { return row.delta() != 0; });
    os << "\n" << section.title;
    if (!section.source.empty())
      os << " [" << section.source << "]";
    os << ": ";
    if (!changed) {
      os << (section.rows.empty() ? "none in either run" : "unchanged") << "\n";
      continue;
    }
    os << changed << " changed\n";
    size_t width = 0;
    for (const DiffRow &row : section.rows)
      width = std::max(width, row.name.size());
    // At most `maxRows` regressions and as many improvements.
    unsigned shown[2] = {0, 0}, hidden = 0;
    for (const DiffRow &row : section.rows) {
      if (row.delta() == 0)
        break;
      unsigned &count = shown[section.isRegression(row) ? 0 : 1];
      if (maxRows && count == maxRows) {
        ++hidden;
        continue;
      }
      ++count;
      os << "  " << (section.isRegression(row) ? '-' : '+') << ' '
         << llvm::left_justify(row.name, width)
         << llvm::formatv(" {0,12} -> {1,-12} {2}\n",
                          formatSide(row.before, section.unit),
                          formatSide(row.after, section.unit),
                          formatDelta(row, section.unit));
    }
    if (hidden)
      os << "  ... " << hidden << " more (diff.json)\n";
  }
}

llvm::Error report::writeRewriteDiff(const analysis::ReplayResults &before,
                                     const analysis::ReplayResults &after,
                                     llvm::StringRef afterName,
                                     llvm::StringRef dir,
                                     llvm::raw_ostream *print) {
  RunDiff diff = diffRuns({before.info.fileName, metricsOf(before)},
                          {afterName.str(), metricsOf(after)});
  if (print) {
    *print << "\nbefore -> after the rewrite (diff.json, diff.html):\n";
    printRunDiff(diff, *print, 3);
  }
  return writeRunDiffFiles(diff, dir);
}

json::Value report::runDiffToJSON(const RunDiff &diff) {
  json::Array sections;
  for (const DiffSection &section : diff.sections) {
    json::Array rows;
    for (const DiffRow &row : section.rows) {
      auto side = [](const std::optional<double> &v) -> json::Value {
        return v ? json::Value(roundTo(*v, 6)) : json::Value(nullptr);
      };
      rows.push_back(json::Object{{"name", row.name},
                                  {"before", side(row.before)},
                                  {"after", side(row.after)},
                                  {"delta", roundTo(row.delta(), 6)},
                                  {"change", row.delta() == 0 ? "unchanged"
                                             : section.isRegression(row)
                                                 ? "regression"
                                                 : "improvement"}});
    }
    json::Object entry{{"title", section.title},
                       {"unit", section.unit},
                       {"higher_is_better", section.higherIsBetter},
                       {"rows", std::move(rows)}};
    if (!section.source.empty())
      entry["source"] = section.source;
    sections.push_back(std::move(entry));
  }
  return json::Object{{"format", "snr-diff"},
                      {"version", 1},
                      {"before", diff.before},
                      {"after", diff.after},
                      {"sections", std::move(sections)}};
}

void report::writeRunDiffHtml(const RunDiff &diff, llvm::raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>SnR diff</title>\n<style>\nbody { font-family: sans-serif; "
        "margin: 24px; }\ntable { border-collapse: collapse; margin-bottom: "
        "16px; }\nth, td { border-bottom: 1px solid #ddd; padding: 3px 8px; "
        "}\ntd.num { text-align: right; font-variant-numeric: tabular-nums; "
        "}\ntr.regression td.d { color: #b00020; }\ntr.improvement td.d { "
        "color: #1b7a2f; }\n</style>\n</head>\n<body>\n<h1>SnR diff</h1>\n";
  os << "<p>Before: <code>" << escapeXml(diff.before)
     << "</code><br>After: <code>" << escapeXml(diff.after)
     << "</code></p>\n<p>Each table lists regressions first (red), then "
        "improvements (green), the largest first, then what did not "
        "change.</p>\n";
  for (const DiffSection &section : diff.sections) {
    os << "<h2>" << escapeXml(section.title) << "</h2>\n";
    if (!section.source.empty())
      os << "<p>From <code>" << escapeXml(section.source) << "</code>.</p>\n";
    os << "<table>\n<thead><tr><th></th><th>before</th><th>after</th>"
          "<th>change</th></tr></thead>\n<tbody>\n";
    for (const DiffRow &row : section.rows) {
      llvm::StringRef cls = row.delta() == 0            ? "unchanged"
                            : section.isRegression(row) ? "regression"
                                                        : "improvement";
      os << "<tr class=\"" << cls << "\"><td>" << escapeXml(row.name)
         << "</td><td class=\"num\">" << formatSide(row.before, section.unit)
         << "</td><td class=\"num\">" << formatSide(row.after, section.unit)
         << "</td><td class=\"num d\">"
         << (row.delta() == 0 ? std::string("=")
                              : escapeXml(formatDelta(row, section.unit)))
         << "</td></tr>\n";
    }
    os << "</tbody>\n</table>\n";
  }
  os << "</body>\n</html>\n";
}

llvm::Error report::writeRunDiffFiles(const RunDiff &diff,
                                      llvm::StringRef dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '" + dir +
                                           "': " + ec.message());
  auto inDir = [&](llvm::StringRef name) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    return std::string(path);
  };
  if (llvm::Error error =
          writeFileAtomically(inDir("diff.json"), [&](llvm::raw_ostream &os) {
            os << llvm::formatv("{0:2}", runDiffToJSON(diff)) << "\n";
            return llvm::Error::success();
          }))
    return error;
  return writeFileAtomically(inDir("diff.html"), [&](llvm::raw_ostream &os) {
    writeRunDiffHtml(diff, os);
    return llvm::Error::success();
  });
}

void report::printRunSummary(llvm::ArrayRef<NamedMetrics> runs,
                             llvm::raw_ostream &os) {
  struct Column {
    const char *title, *path;
    bool fraction;
  };
  static const Column columns[] = {
      {"cycles", "totals.cycles", false},
      {"instructions", "totals.instructions", false},
      {"stall", "stalls.total", false},
      {"dma_wait", "stalls.by_kind.dma_wait", false},
      {"dmas", "dma.totals.dmas", false},
      {"dma stall", "dma.totals.stall", false},
      {"peak pages", "data_cache.peak_occupied_pages", false},
  };
  size_t width = 3;
  for (const NamedMetrics &run : runs)
    width = std::max(width, run.name.size());
  os << llvm::left_justify("run", width);
  for (const Column &column : columns)
    os << llvm::formatv(" {0,13}", column.title);
  os << llvm::formatv(" {0,13}\n", "matrix busy");
  std::vector<double> sums(std::size(columns), 0);
  for (const NamedMetrics &run : runs) {
    os << llvm::left_justify(run.name, width);
    for (auto [i, column] : llvm::enumerate(columns)) {
      std::optional<double> value = numberAt(run.metrics, column.path);
      sums[i] += value.value_or(0);
      os << llvm::formatv(" {0,13}", formatSide(value, "cycles"));
    }
    Figures units = arrayFigures(
        run.metrics, "utilization.units",
        [](const json::Object &o) { return stringOr(o, "name"); },
        "busy_fraction");
    auto matrix = units.find("matrix");
    os << llvm::formatv(" {0,13}\n", matrix == units.end()
                                         ? std::string("-")
                                         : formatPercent(matrix->second));
  }
  if (runs.size() > 1) {
    os << llvm::left_justify("total", width);
    for (double sum : sums)
      os << llvm::formatv(" {0,13}", formatValue(sum, "cycles"));
    os << "\n";
  }
}
