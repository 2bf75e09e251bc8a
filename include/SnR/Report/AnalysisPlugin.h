//===- AnalysisPlugin.h - Analyses loaded from shared libraries -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A user-written analysis, built against an installed SnR into a shared
// library, loads into `snr-replay --load-analysis=<lib.so>`. It is
// registered as a built-in analysis is: its class registers itself
// (getInfo(), SnR/Analysis/AnalysisSet.h) and its view names it
// (SnR/Report/AnalysisView.h); where a built-in view is one line of
// AnalysisViews.def, a plugin's is added by its one entry point:
//
//   static void registerAnalyses(snr::report::AnalysisRegistry &registry) {
//     registry.add(std::make_unique<VectorStallsView>());
//   }
//   extern "C" LLVM_ATTRIBUTE_WEAK snr::report::AnalysisPluginInfo
//   snrGetAnalysisPlugin() {
//     return {SNR_ANALYSIS_PLUGIN_API_VERSION, SNR_VERSION_STRING,
//             registerAnalyses};
//   }
//
// snr-replay replays the trace once with the plugin's analyses among its
// own and renders each plugin view after the built-in ones: its summary
// lines under a heading with its name and the library's path (on the
// terminal and in summary.txt), its metrics.json members under
// `plugins.<name>`, its sections of report.html.
//
// The plugin uses SnR through the symbols snr-replay exports (the
// simulator events, the ISA tables, the analyses and the views) and LLVM's
// shared library. A plugin built against another SnR version is refused
// (the classes it derives from may differ).
//
// examples/out-of-tree-analysis is a complete one; docs/library.md says more.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_ANALYSISPLUGIN_H
#define SNR_REPORT_ANALYSISPLUGIN_H

#include "SnR/Report/AnalysisView.h"
#include "SnR/Support/VersionNumber.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

/// Bumped whenever AnalysisPluginInfo changes. Version 1 was a C interface
/// (snrGetAnalysisPluginInfo: a listener factory and print/JSON callbacks);
/// version 2 registers views, as the built-in analyses do.
#define SNR_ANALYSIS_PLUGIN_API_VERSION 2

namespace snr::report {

/// What a plugin's entry point returns.
struct AnalysisPluginInfo {
  /// SNR_ANALYSIS_PLUGIN_API_VERSION, as the plugin was built.
  uint32_t apiVersion;
  /// SNR_VERSION_STRING, as the plugin was built.
  const char *snrVersion;
  /// Adds the plugin's views to `registry` (AnalysisRegistry::add), as
  /// AnalysisViews.def adds the built-in ones. Each view's name is its
  /// summary heading and its key in metrics.json's "plugins": letters,
  /// digits, '-', '_' and '.', unique among the loaded plugins.
  void (*registerAnalyses)(AnalysisRegistry &registry);
};

/// Loads the plugin at `path` and adds its views to `registry`, each
/// rendering under its name as above. Fails, naming the library, if it
/// does not load, has no entry point, was built for another API or SnR
/// version, or registers no view or a badly named one. The library stays
/// loaded until the process ends.
llvm::Error loadAnalysisPlugin(llvm::StringRef path,
                               AnalysisRegistry &registry);

} // namespace snr::report

/// The entry point every analysis plugin defines (with extern "C").
extern "C" ::snr::report::AnalysisPluginInfo snrGetAnalysisPlugin();

#endif // SNR_REPORT_ANALYSISPLUGIN_H
