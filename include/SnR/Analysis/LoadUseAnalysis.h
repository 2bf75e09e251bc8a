//===- LoadUseAnalysis.h - Loads whose latency is exposed -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A load whose value an instruction waited for (a register stall whose
// cause is the load: InstructionDesc::mayLoad, StallRole::Register) has its
// latency exposed to that use: nothing independent was scheduled between
// them. Per static load: the stall cycles its consumers spent waiting for
// it, how many stalls, and the consumer that waited most (its first use, in
// the sense that matters). The suggestion is to put independent work in
// between (unroll, software-pipeline the loop): the suggestion of an ISA
// without asynchronous copies, whose loads are the latency to hide.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_LOADUSEANALYSIS_H
#define SNR_ANALYSIS_LOADUSEANALYSIS_H

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"

#include <map>
#include <string>
#include <vector>

namespace snr::analysis {

/// A static load whose latency its uses waited for.
struct ExposedLoad {
  uint64_t pc = 0;
  /// Its first execution and that of the consumer that waited most on it.
  uint64_t loadIndex = 0, useIndex = 0;
  uint64_t usePc = 0;
  /// Register stall cycles its consumers spent on it, and stalls.
  uint64_t stallCycles = 0, stalls = 0;
  /// The advice: "schedule independent work between the load and its
  /// first use (unroll, or software-pipeline the loop)".
  static llvm::StringRef getAdvice();
};

class LoadUseAnalysis : public sim::SimListener {
public:
  /// Its registration (SnR/Analysis/AnalysisSet.h).
  static const AnalysisInfo &getInfo();
  explicit LoadUseAnalysis(const TraceInfo &info) : info(info) {}

  void onRunStart(const sim::RunInfo &run) override;
  void onIssue(const sim::IssueEvent &event) override;
  void onRunEnd(const sim::RunSummary &summary) override;

  /// Most stall cycles first (then by PC).
  std::vector<ExposedLoad> loads;

private:
  struct Consumer {
    uint64_t cycles = 0, firstIndex = 0;
  };
  struct Load {
    uint64_t firstIndex = 0, stallCycles = 0, stalls = 0;
    /// By consumer PC.
    std::map<uint64_t, Consumer> consumers;
  };
  const TraceInfo &info;
  sim::StallKind registerKind = sim::kNoStall;
  /// By load PC.
  std::map<uint64_t, Load> byPc;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_LOADUSEANALYSIS_H
