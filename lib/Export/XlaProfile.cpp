//===- XlaProfile.cpp - A replay as XLA's latency profile -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Export/XlaProfile.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/ReportFigures.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace snr;
using namespace snr::exporter;

namespace {
/// A text-format string literal.
std::string quote(llvm::StringRef text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}
} // namespace

void exporter::writeXlaProfile(const analysis::ReplayResults &results,
                               llvm::raw_ostream &os,
                               const XlaProfileOptions &options) {
  const analysis::TraceInfo &info = results.info;
  const sim::ModelDescription &machine = results.model;
  // The XLA instruction's name when the program gives one (the HLO
  // region's xla_name), which XLA matches against its module; else SnR's
  // HLO name.
  auto name = [&](analysis::HloId hlo) {
    llvm::StringRef xla = info.getXlaName(hlo);
    std::string text = (xla.empty() ? info.getHloName(hlo) : xla).str();
    return quote(
        options.fingerprint.empty() ? text : options.fingerprint + "::" + text);
  };
  unsigned named = llvm::count_if(
      info.xlaNames, [](const std::string &x) { return !x.empty(); });
  auto micros = [&](uint64_t cycles) {
    return llvm::formatv("{0:f6}", machine.cyclesToMicroseconds(cycles));
  };

  // An HLO's cost: its own cycles (metrics.json's hlos[].own_cycles), from
  // each of its instructions' issue to the next one's, so the costs add up
  // to the run.
  std::vector<uint64_t> cost(info.hloNames.size(), 0);
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i)
    if (info.hloOf[i] != analysis::kNoHlo)
      cost[info.hloOf[i]] += report::getOwnCycles(results, i);

  os << "# XLA ProfiledInstructionsProto (text format), written by "
        "snr-replay from\n# "
     << llvm::sys::path::filename(info.fileName) << " replayed on "
     << machine.name << " at " << llvm::formatv("{0}", machine.clockGhz)
     << " GHz: " << results.performance.totalCycles
     << " cycles. docs/exports.md\n# Names: " << named << " of "
     << info.hloNames.size()
     << " HLOs have the XLA instruction name the program gives (xla_name); "
        "the others SnR's HLO name,\n# which XLA finds only if its module "
        "has an instruction so named.\n";
  for (auto [hlo, cycles] : llvm::enumerate(cost))
    os << "costs {\n  name: " << name(hlo) << "\n  cost_us: " << micros(cycles)
       << "\n}\n";

  // A latency per pair of HLOs that DMAs were issued in and waited in
  // (different ones: within an HLO the wait is part of its cost): from the
  // first issue to the last completion.
  std::map<std::pair<analysis::HloId, analysis::HloId>,
           std::pair<uint64_t, uint64_t>>
      spans;
  for (const analysis::DmaRecord &dma : results.dmas.dmas) {
    if (!dma.crossesHlo() || dma.issueHlo == analysis::kNoHlo ||
        dma.waitHlo == analysis::kNoHlo)
      continue;
    auto [it, inserted] = spans.try_emplace({dma.issueHlo, dma.waitHlo},
                                            dma.issueCycle, dma.completeCycle);
    if (!inserted) {
      it->second.first = std::min(it->second.first, dma.issueCycle);
      it->second.second = std::max(it->second.second, dma.completeCycle);
    }
  }
  for (const auto &[pair, span] : spans)
    os << "latencies {\n  source: " << name(pair.first)
       << "\n  target: " << name(pair.second)
       << "\n  latency_us: " << micros(span.second - span.first) << "\n}\n";
}
