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

#include "llvm/ADT/DenseMap.h"
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

/// A section of `rows` (keyed by what pairs them), ordered.
DiffSection finishSection(llvm::StringRef title, llvm::StringRef unit,
                          NamedMap<DiffRow> rows, bool higherIsBetter = false) {
  DiffSection result;
  result.title = title.str();
  result.unit = unit.str();
  result.higherIsBetter = higherIsBetter;
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

/// Builds a section from the same figures of both runs.
DiffSection section(llvm::StringRef title, llvm::StringRef unit,
                    const Figures &before, const Figures &after,
                    bool higherIsBetter = false) {
  NamedMap<DiffRow> rows;
  for (const auto &[name, value] : before) {
    rows[name].name = name;
    rows[name].before = value;
  }
  for (const auto &[name, value] : after) {
    rows[name].name = name;
    rows[name].after = value;
  }
  return finishSection(title, unit, std::move(rows), higherIsBetter);
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

/// A figure of one static instruction (its stall cycles, a static DMA's
/// stall), by PC.
struct PcFigure {
  std::string opcode, hlo;
  double value = 0;
};
using PcFigures = std::map<uint64_t, PcFigure>;

/// Where a run's per-PC figures are: an array of objects, their PC,
/// opcode (or every row's), HLO and value keys.
struct PcTable {
  llvm::StringRef path, pcKey, opcodeKey, opcode, hloKey, valueKey;
};

PcFigures pcFigures(const json::Object &metrics, const PcTable &table) {
  PcFigures figures;
  if (const json::Array *array = arrayAt(metrics, table.path))
    for (const json::Value &element : *array) {
      const json::Object *object = element.getAsObject();
      if (!object)
        continue;
      std::optional<int64_t> pc = object->getInteger(table.pcKey);
      std::optional<double> value = numberAt(*object, table.valueKey);
      if (!pc || *pc < 0 || !value)
        continue;
      PcFigure &figure = figures[uint64_t(*pc)];
      figure.opcode = table.opcodeKey.empty()
                          ? table.opcode.str()
                          : stringOr(*object, table.opcodeKey, "?");
      figure.hlo = stringOr(*object, table.hloKey);
      figure.value += *value;
    }
  return figures;
}

/// Stall cycles by static instruction: the static view's table when the
/// metrics have it, else the DMA waits' stalls from the DMA table (the only
/// per-PC stalls metrics.json had before it).
PcTable staticStallTable(const json::Object &metrics) {
  if (arrayAt(metrics, "static.instructions"))
    return {"static.instructions", "pc", "opcode", "", "hlo", "stall_cycles"};
  return {"dma.table", "wait_pc", "", "dma.wait", "wait_hlo", "stall"};
}
std::string describeSource(const PcTable &table) {
  if (table.path == "dma.table")
    return table.pcKey == "wait_pc"
               ? "dma.table (dma_wait stalls at each wait)"
               : "dma.table (folded by issue PC)";
  return table.path.str();
}

/// A figure per static dma.issue: the static view's, else folded from the
/// DMA table by issue PC.
PcTable staticDmaTable(const json::Object &metrics, llvm::StringRef field) {
  if (arrayAt(metrics, "static.dmas"))
    return {"static.dmas", "pc", "", "dma.issue", "hlo", field};
  return {"dma.table", "issue_pc", "", "dma.issue", "issue_hlo", field};
}

/// How the after run's PCs are taken to the before run's.
using ToBefore = llvm::function_ref<std::optional<uint64_t>(uint64_t)>;

/// The section of a per-PC figure: rows paired by the before run's PC, the
/// after run's PCs taken there by `toBefore`. A row says the PC it has
/// after when that differs ("pc 2009 -> 1762 dma.issue (fusion.1)"), and an
/// instruction only the after run has is "new".
DiffSection pcSection(llvm::StringRef title, const PcFigures &before,
                      const PcFigures &after, ToBefore toBefore) {
  NamedMap<DiffRow> rows;
  auto label = [](llvm::StringRef pcs, const PcFigure &figure) {
    return llvm::formatv("pc {0} {1} ({2})", pcs, figure.opcode, figure.hlo)
        .str();
  };
  for (const auto &[pc, figure] : before) {
    DiffRow &row = rows["pc " + std::to_string(pc)];
    row.name = label(std::to_string(pc), figure);
    row.before = figure.value;
  }
  for (const auto &[pc, figure] : after) {
    std::optional<uint64_t> original = toBefore(pc);
    if (!original) {
      DiffRow &row = rows["new " + std::to_string(pc)];
      row.name = "new " + label(std::to_string(pc), figure);
      row.after = figure.value;
      continue;
    }
    DiffRow &row = rows["pc " + std::to_string(*original)];
    std::string pcs = *original == pc
                          ? std::to_string(pc)
                          : llvm::formatv("{0} -> {1}", *original, pc).str();
    auto it = before.find(*original);
    row.name = label(pcs, it != before.end() ? it->second : figure);
    row.after = figure.value;
  }
  return finishSection(title, "cycles", std::move(rows));
}

/// Opcodes by PC of a run's static instructions, if its metrics have them.
std::optional<std::map<uint64_t, std::string>>
staticOpcodes(const json::Object &metrics) {
  if (!arrayAt(metrics, "static.instructions"))
    return std::nullopt;
  std::map<uint64_t, std::string> opcodes;
  for (const auto &[pc, figure] : pcFigures(
           metrics, {"static.instructions", "pc", "opcode", "", "hlo",
                     "executions"}))
    opcodes[pc] = figure.opcode;
  return opcodes;
}

/// The first PC at which the after run's instruction (taken to the before
/// run's PC) is another instruction than the before run's there, as a
/// sentence; empty if they agree.
std::string findMismatch(const std::map<uint64_t, std::string> &before,
                         const std::map<uint64_t, std::string> &after,
                         ToBefore toBefore) {
  for (const auto &[pc, opcode] : after) {
    std::optional<uint64_t> original = toBefore(pc);
    if (!original)
      continue;
    auto it = before.find(*original);
    if (it == before.end() || it->second == opcode)
      continue;
    if (*original == pc)
      return llvm::formatv("pc {0} is a {1} before and a {2} after", pc,
                           it->second, opcode);
    return llvm::formatv("pc {0}, which the pc_map takes to pc {1}, is a "
                         "{2} after, and pc {1} a {3} before",
                         pc, *original, opcode, it->second);
  }
  return "";
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
llvm::StringRef changeOf(const DiffSection &section, const DiffRow &row) {
  return row.delta() == 0            ? "unchanged"
         : section.isRegression(row) ? "regression"
                                     : "improvement";
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
  std::string text;
  {
    llvm::Expected<Selection> selection =
        Selection::compute(results, ReportOptions());
    // The whole trace is always a valid selection.
    assert(selection && "an unrestricted selection cannot fail");
    ReportFigures figures = computeFigures(results, *selection);
    json::Value metrics = buildMetrics(results, *selection, figures);
    // What no comparison reads goes: each small object of a json::Value
    // takes kilobytes, and a rewrite compares two runs of 600k
    // instructions while the program rewrite runs beside it.
    json::Object &object = *metrics.getAsObject();
    object.erase("suggestions");
    object.erase("bottlenecks");
    if (json::Object *statics = object.getObject("static"))
      if (json::Array *instructions = statics->getArray("instructions"))
        for (json::Value &instruction : *instructions)
          if (json::Object *fields = instruction.getAsObject())
            fields->erase("stalls");
    // Its strings may refer to the results' own (json::Value keeps a
    // StringRef as it is); a diff can outlive the results, so the metrics
    // are made to own every string: printed, then parsed back (the tree
    // printed gone first).
    llvm::raw_string_ostream os(text);
    writeJson(os, metrics, 0);
  }
  llvm::Expected<json::Value> owned = json::parse(text);
  if (!owned || !owned->getAsObject()) { // printed JSON always parses
    llvm::consumeError(owned.takeError());
    return {};
  }
  return std::move(*owned->getAsObject());
}

llvm::Expected<PcMap> report::readPcMap(llvm::StringRef path) {
  llvm::SmallString<128> file(path);
  if (llvm::sys::fs::is_directory(path))
    llvm::sys::path::append(file, "program-rewrite.json");
  auto fail = [&](const llvm::Twine &what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + file + "': " + what);
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    return fail("cannot read it: " + buffer.getError().message());
  llvm::Expected<json::Value> value = json::parse((*buffer)->getBuffer());
  if (!value)
    return fail("not JSON: " + llvm::toString(value.takeError()));
  const json::Object *object = value->getAsObject();
  if (!object || object->getString("format") != "snr-program-rewrite")
    return fail("not a program-rewrite.json (format \"snr-program-rewrite\", "
                "written by snr-replay --program --apply)");
  const json::Array *ranges = object->getArray("pc_map");
  if (!ranges)
    return fail("no pc_map (an snr-replay older than the pc_map wrote it)");
  PcMap map;
  map.file = std::string(file);
  for (auto [i, element] : llvm::enumerate(*ranges)) {
    const json::Object *range = element.getAsObject();
    std::optional<int64_t> b = range ? range->getInteger("before") : std::nullopt;
    std::optional<int64_t> a = range ? range->getInteger("after") : std::nullopt;
    std::optional<int64_t> n = range ? range->getInteger("count") : std::nullopt;
    if (!b || !a || !n || *b < 0 || *a < 0 || *n < 1 || *n > (1 << 30))
      return fail(llvm::formatv("pc_map[{0}] is not {{\"before\": PC, "
                                "\"after\": PC, \"count\": N >= 1}",
                                i));
    for (int64_t k = 0; k < *n; ++k)
      map.beforeToAfter.push_back({uint64_t(*b + k), uint64_t(*a + k)});
  }
  if (const json::Array *pcs = object->getArray("new_pcs"))
    for (const json::Value &pc : *pcs)
      if (std::optional<int64_t> p = pc.getAsInteger(); p && *p >= 0)
        map.newPcs.push_back(uint64_t(*p));
  llvm::sort(map.beforeToAfter);
  return std::move(map);
}

RunDiff report::diffRuns(const NamedMetrics &before,
                         const NamedMetrics &after, const PcMap *pcMap) {
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
  // Both runs' name for their HLOs (a RISC-V trace's functions), if they
  // agree on one.
  auto hloNoun = [](const json::Object &m) -> std::string {
    const json::Object *trace = m.getObject("trace");
    return trace ? stringOr(*trace, "hlo_noun", "HLO") : "HLO";
  };
  std::string noun = hloNoun(a) == hloNoun(b) ? hloNoun(a) : "HLO";
  diff.sections.push_back(
      section("Stall cycles by " + noun, "cycles",
              arrayFigures(a, "hlos", hloName, "stalls.total"),
              arrayFigures(b, "hlos", hloName, "stalls.total")));
  diff.sections.push_back(section("Cycles by " + noun + " (span)", "cycles",
                                  arrayFigures(a, "hlos", hloName, "cycles"),
                                  arrayFigures(b, "hlos", hloName, "cycles")));

  // The static instructions: paired by PC when the runs agree there,
  // else through the pc_map when it makes them agree.
  // The map goes from the original program to its rewrite; the runs may
  // come in either order.
  llvm::DenseMap<uint64_t, uint64_t> beforeOfAfter, afterOfBefore;
  if (pcMap)
    for (auto [b, a] : pcMap->beforeToAfter) {
      beforeOfAfter[a] = b;
      afterOfBefore[b] = a;
    }
  auto identity = [](uint64_t pc) -> std::optional<uint64_t> { return pc; };
  auto through = [](const llvm::DenseMap<uint64_t, uint64_t> &map,
                    uint64_t pc) -> std::optional<uint64_t> {
    auto it = map.find(pc);
    return it == map.end() ? std::nullopt
                           : std::optional<uint64_t>(it->second);
  };
  bool reversed = false;
  auto mapped = [&](uint64_t pc) {
    return through(reversed ? afterOfBefore : beforeOfAfter, pc);
  };
  std::optional<std::map<uint64_t, std::string>> opcodesA = staticOpcodes(a),
                                                 opcodesB = staticOpcodes(b);
  std::string unmatched;
  bool useMap = false;
  if (opcodesA && opcodesB) {
    std::string byPc = findMismatch(*opcodesA, *opcodesB, identity);
    if (!byPc.empty()) {
      std::string byMap =
          pcMap ? findMismatch(*opcodesA, *opcodesB, mapped) : std::string();
      if (pcMap && !byMap.empty()) {
        // The rewritten program's run first?
        reversed = true;
        if (findMismatch(*opcodesA, *opcodesB, mapped).empty())
          byMap.clear();
        else
          reversed = false;
      }
      if (pcMap && byMap.empty()) {
        useMap = true;
      } else if (pcMap) {
        unmatched = "the static instructions differ (" + byPc +
                    ") and the pc_map of " + pcMap->file +
                    " does not match them either (" + byMap + ")";
      } else {
        unmatched = "the static instructions differ (" + byPc +
                    "): the programs are not the same; for a program and its "
                    "rewrite, give the rewrite's pc_map (--pc-map "
                    "program-rewrite.json, or its run directory as the "
                    "first run)";
      }
    }
  }
  diff.matching = !unmatched.empty() ? "unmatched" : useMap ? "pc_map" : "pc";
  if (useMap)
    diff.pcMapFile = pcMap->file;
  ToBefore toBefore = useMap ? ToBefore(mapped) : ToBefore(identity);
  auto perPc = [&](llvm::StringRef title, const PcTable &tableA,
                   const PcTable &tableB) {
    DiffSection result;
    if (unmatched.empty())
      result = pcSection(title, pcFigures(a, tableA), pcFigures(b, tableB),
                         toBefore);
    result.title = title.str();
    result.unit = "cycles";
    result.unmatched = unmatched;
    std::string sourceA = describeSource(tableA),
                sourceB = describeSource(tableB);
    result.source = sourceA == sourceB ? sourceA : sourceA + " / " + sourceB;
    diff.sections.push_back(std::move(result));
  };
  perPc("Stall cycles by static instruction", staticStallTable(a),
        staticStallTable(b));
  perPc("DMA stall by static DMA", staticDmaTable(a, "stall"),
        staticDmaTable(b, "stall"));
  // An ISA without asynchronous copies (RISC-V) says so in dma.note, one
  // without a scratchpad in data_cache.note.
  auto sharedNote = [&](llvm::StringRef member) -> std::string {
    auto note = [&](const json::Object &m) -> std::string {
      const json::Object *object = m.getObject(member);
      return object ? stringOr(*object, "note", "") : "";
    };
    return note(a) == note(b) ? note(a) : "";
  };
  std::string noCopies = sharedNote("dma");
  if (!noCopies.empty())
    diff.sections.back().unmatched = noCopies;

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
  if (std::string noScratchpad = sharedNote("data_cache");
      !noScratchpad.empty())
    diff.sections.back().unmatched = noScratchpad;
  return diff;
}

void report::printRunDiff(const RunDiff &diff, llvm::raw_ostream &os,
                          unsigned maxRows) {
  os << "before: " << diff.before << "\nafter:  " << diff.after << "\n";
  if (diff.matching == "pc_map")
    os << "static instructions matched through the pc_map of "
       << diff.pcMapFile << "\n";
  os << "each change is after - before, and says whether it is an "
        "improvement or a regression\n";
  for (const DiffSection &section : diff.sections) {
    unsigned changed = llvm::count_if(
        section.rows, [](const DiffRow &row) { return row.delta() != 0; });
    os << "\n" << section.title;
    if (!section.source.empty())
      os << " [" << section.source << "]";
    os << ": ";
    if (!section.unmatched.empty()) {
      os << "not compared: " << section.unmatched << "\n";
      continue;
    }
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
      std::string delta = formatDelta(row, section.unit);
      os << "  " << llvm::left_justify(row.name, width)
         << llvm::formatv(" {0,12} -> {1,-12} {2} {3}\n",
                          formatSide(row.before, section.unit),
                          formatSide(row.after, section.unit),
                          llvm::left_justify(delta, 18),
                          changeOf(section, row));
    }
    if (hidden)
      os << "  ... " << hidden << " more (diff.json)\n";
    if (size_t unchanged = section.rows.size() - changed)
      os << "  (" << unchanged << " unchanged)\n";
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
                                  {"change", changeOf(section, row)}});
    }
    json::Object entry{{"title", section.title},
                       {"unit", section.unit},
                       {"higher_is_better", section.higherIsBetter},
                       {"rows", std::move(rows)}};
    if (!section.source.empty())
      entry["source"] = section.source;
    if (!section.unmatched.empty())
      entry["unmatched"] = section.unmatched;
    sections.push_back(std::move(entry));
  }
  return json::Object{
      {"format", "snr-diff"},
      {"version", 1},
      {"before", diff.before},
      {"after", diff.after},
      {"matching", diff.matching},
      {"pc_map", diff.pcMapFile.empty() ? json::Value(nullptr)
                                        : json::Value(diff.pcMapFile)},
      {"sections", std::move(sections)}};
}

void report::writeRunDiffHtml(const RunDiff &diff, llvm::raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>SnR diff</title>\n<style>\nbody { font-family: sans-serif; "
        "margin: 24px; }\ntable { border-collapse: collapse; margin-bottom: "
        "16px; }\nth, td { border-bottom: 1px solid #ddd; padding: 3px 8px; "
        "}\ntd.num { text-align: right; font-variant-numeric: tabular-nums; "
        "}\ntr.regression td.d { color: #b00020; }\ntr.improvement td.d { "
        "color: #1b7a2f; }\n.note { color: #666; font-style: italic; }\n"
        "</style>\n</head>\n<body>\n<h1>SnR diff</h1>\n";
  os << "<p>Before: <code>" << escapeXml(diff.before)
     << "</code><br>After: <code>" << escapeXml(diff.after) << "</code></p>\n";
  if (diff.matching == "pc_map")
    os << "<p>Static instructions matched through the pc_map of <code>"
       << escapeXml(diff.pcMapFile)
       << "</code>: a row names an instruction by its PC before, and its PC "
          "after when that differs.</p>\n";
  os << "<p>Each table lists regressions first (red), then improvements "
        "(green), the largest first; each change is after &minus; before. "
        "The rows that did not change are folded.</p>\n";
  auto rowHtml = [&](const DiffSection &section, const DiffRow &row) {
    llvm::StringRef change = changeOf(section, row);
    os << "<tr class=\"" << change << "\"><td>" << escapeXml(row.name)
       << "</td><td class=\"num\">" << formatSide(row.before, section.unit)
       << "</td><td class=\"num\">" << formatSide(row.after, section.unit)
       << "</td><td class=\"num d\">"
       << (row.delta() == 0 ? std::string("=")
                            : escapeXml(formatDelta(row, section.unit)))
       << "</td><td class=\"d\">" << change << "</td></tr>\n";
  };
  auto tableHead = [&] {
    os << "<table>\n<thead><tr><th></th><th>before</th><th>after</th>"
          "<th>after &minus; before</th><th></th></tr></thead>\n<tbody>\n";
  };
  for (const DiffSection &section : diff.sections) {
    os << "<h2>" << escapeXml(section.title) << "</h2>\n";
    if (!section.source.empty())
      os << "<p>From <code>" << escapeXml(section.source) << "</code>.</p>\n";
    if (!section.unmatched.empty()) {
      os << "<p class=\"note\">Not compared: " << escapeXml(section.unmatched)
         << ".</p>\n";
      continue;
    }
    size_t changed = llvm::count_if(
        section.rows, [](const DiffRow &row) { return row.delta() != 0; });
    if (changed) {
      tableHead();
      for (const DiffRow &row : section.rows)
        if (row.delta() != 0)
          rowHtml(section, row);
      os << "</tbody>\n</table>\n";
    }
    if (changed == section.rows.size()) {
      if (section.rows.empty())
        os << "<p class=\"note\">None in either run.</p>\n";
      continue;
    }
    os << "<details><summary>" << section.rows.size() - changed
       << " unchanged</summary>\n";
    tableHead();
    for (const DiffRow &row : section.rows)
      if (row.delta() == 0)
        rowHtml(section, row);
    os << "</tbody>\n</table>\n</details>\n";
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
