//===- VectorStalls.cpp - Vector-unit stall cycles per HLO ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An SnR analysis plugin: the cycles vector-unit instructions waited before
// issuing, per HLO and per stall kind. It names no ISA type: the run tells
// it which resource is "vector" and what its stall kinds are called.
//
//   snr-replay trace.jsonl -o out --load-analysis=VectorStalls.so
//
// prints a table after snr-replay's summary and puts its result into
// out/metrics.json, under plugins.vector-stalls.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisPlugin.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace snr;

namespace {
/// Stall cycles of one instruction, by kind.
using StallCycles = std::array<uint64_t, sim::kMaxStallKinds>;

/// Listens to issues; charges every stalled vector-unit instruction's
/// cycles to it. Results are grouped by HLO when reported (the listener sees
/// instruction indices; TraceInfo knows their HLOs).
class VectorStallListener : public sim::SimListener {
public:
  void onRunStart(const sim::RunInfo &run) override {
    vector = run.model->findResource("vector");
    kindNames.clear();
    for (const sim::StallKindInfo &kind : run.model->stallKinds)
      kindNames.push_back(kind.name);
  }
  void onIssue(const sim::IssueEvent &event) override {
    bool isVector = event.resource == vector;
    ++issued[isVector];
    if (!isVector || event.stall == 0)
      return;
    stalls[event.index][event.kind] += event.stall;
  }

  /// Per HLO (by id), its vector instructions' stall cycles, heaviest first.
  std::vector<std::pair<analysis::HloId, StallCycles>>
  byHlo(const analysis::TraceInfo &info) const {
    llvm::DenseMap<analysis::HloId, StallCycles> perHlo;
    for (const auto &[index, cycles] : stalls) {
      StallCycles &sum = perHlo[info.hloOf[index]];
      for (unsigned kind = 0; kind < sim::kMaxStallKinds; ++kind)
        sum[kind] += cycles[kind];
    }
    std::vector<std::pair<analysis::HloId, StallCycles>> sorted(perHlo.begin(),
                                                                perHlo.end());
    std::sort(sorted.begin(), sorted.end(), [&](const auto &a, const auto &b) {
      uint64_t ta = total(a.second), tb = total(b.second);
      if (ta != tb)
        return ta > tb;
      return info.getHloName(a.first) < info.getHloName(b.first);
    });
    return sorted;
  }

  static uint64_t total(const StallCycles &cycles) {
    uint64_t sum = 0;
    for (uint64_t c : cycles)
      sum += c;
    return sum;
  }

  /// Instructions issued on other units ([0]) and on the vector unit ([1]).
  uint64_t issued[2] = {0, 0};
  /// The run's stall kinds' names, by kind.
  std::vector<std::string> kindNames;

private:
  sim::ResourceId vector = sim::kNoResource;
  llvm::DenseMap<uint64_t, StallCycles> stalls;
};
} // namespace

static std::unique_ptr<sim::SimListener> createListener() {
  return std::make_unique<VectorStallListener>();
}

static void printSummary(const sim::SimListener &listener,
                         const analysis::TraceInfo &info,
                         llvm::raw_ostream &os) {
  const auto &stalls = static_cast<const VectorStallListener &>(listener);
  os << "  " << stalls.issued[1] << " vector instruction(s) of "
     << (stalls.issued[0] + stalls.issued[1]) << "\n";
  for (const auto &[hlo, cycles] : stalls.byHlo(info)) {
    os << "  " << llvm::left_justify(info.getHloName(hlo), 24)
       << llvm::format_decimal(VectorStallListener::total(cycles), 8)
       << " stall cycles";
    for (unsigned kind = 0; kind < stalls.kindNames.size(); ++kind)
      if (cycles[kind])
        os << ", " << stalls.kindNames[kind] << " " << cycles[kind];
    os << "\n";
  }
}

static void writeJson(const sim::SimListener &listener,
                      const analysis::TraceInfo &info,
                      llvm::json::OStream &json) {
  const auto &stalls = static_cast<const VectorStallListener &>(listener);
  json.object([&] {
    json.attribute("vector_instructions", stalls.issued[1]);
    json.attributeArray("hlos", [&] {
      for (const auto &[hlo, cycles] : stalls.byHlo(info))
        json.object([&, &cycles = cycles, hlo = hlo] {
          json.attribute("hlo", info.getHloName(hlo));
          json.attribute("stall_cycles", VectorStallListener::total(cycles));
          json.attributeObject("by_kind", [&] {
            for (unsigned kind = 0; kind < stalls.kindNames.size(); ++kind)
              if (cycles[kind])
                json.attribute(stalls.kindNames[kind], cycles[kind]);
          });
        });
    });
  });
}

extern "C" LLVM_ATTRIBUTE_WEAK analysis::AnalysisPluginInfo
snrGetAnalysisPluginInfo() {
  return {SNR_ANALYSIS_PLUGIN_API_VERSION,
          SNR_VERSION_STRING,
          "vector-stalls",
          createListener,
          printSummary,
          writeJson};
}
