//===- AnalysisOptions.h - What one replay's analyses are asked -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The options of every analysis of a replay, and which analyses beyond the
// ones every replay computes (ReplayAnalyses.h) listen too. Their flags are
// declared once, for the tools and the passes alike, in
// SnR/Pipeline/Options.def. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_ANALYSISOPTIONS_H
#define SNR_ANALYSIS_ANALYSISOPTIONS_H

#include "SnR/Analysis/DataCacheAnalysis.h"
#include "SnR/Analysis/DependencyAnalysis.h"
#include "SnR/Analysis/Suggestions.h"
#include "SnR/Analysis/UtilizationAnalysis.h"

#include <functional>
#include <vector>

namespace snr::analysis {

struct AnalysisInfo;

struct AnalysisOptions {
  UtilizationOptions utilization;
  DataCacheOptions dataCache;
  DependencyOptions dependencies;
  SuggestionOptions suggestions;
  /// Called every so many instructions with (done, total), for a progress
  /// indicator. Owned (not a function_ref): options outlive the lambdas
  /// assigned to them.
  std::function<void(uint64_t, uint64_t)> progress;
  /// Registered analyses to replay besides those every replay computes
  /// (the views' and plugins' own; AnalysisSet.h), each after its
  /// dependencies.
  std::vector<const AnalysisInfo *> analyses;
  /// For what a rewrite plans on (lib/Rewrite): the dependencies keep only
  /// the edges their backtails read (DependencyOptions::backtailEdgesOnly)
  /// and the utilization does not listen. A rewrite round replays the
  /// trace it plans on this way: the same suggestions and backtails, at a
  /// fraction of the memory of a full replay.
  bool forRewrite = false;
};

} // namespace snr::analysis

#endif // SNR_ANALYSIS_ANALYSISOPTIONS_H
