//===- PluginView.h - Analysis plugins as views -----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// An analysis plugin (SnR/Analysis/AnalysisPlugin.h) renders through the
// same AnalysisView as the built-in analyses: its printSummary under a
// heading with its name and path, after the summary; its writeJson as
// metrics.json's "plugins" member, under its name (so an earlier run's
// result cannot be taken for this run's: metrics.json is rewritten or
// removed with the run). Plugins have no HTML.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_PLUGINVIEW_H
#define SNR_REPORT_PLUGINVIEW_H

#include "SnR/Report/AnalysisView.h"

#include "llvm/Support/Error.h"

namespace snr::analysis {
class LoadedAnalyses;
struct TraceInfo;
} // namespace snr::analysis

namespace snr::report {

/// One view per plugin of `plugins`, after their replay: calls each
/// plugin's writeJson once. Fails, naming the plugin, if one wrote no
/// valid JSON value.
llvm::Expected<AnalysisViewList>
createPluginViews(const analysis::LoadedAnalyses &plugins,
                  const analysis::TraceInfo &info);

} // namespace snr::report

#endif // SNR_REPORT_PLUGINVIEW_H
