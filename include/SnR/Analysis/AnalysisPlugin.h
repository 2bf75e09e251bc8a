//===- AnalysisPlugin.h - Analyses loaded from shared libraries -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A user-written analysis, built against an installed SnR into a shared
// library, loads into `snr-replay --load-analysis=<lib.so>`. The library
// defines one entry point:
//
//   extern "C" LLVM_ATTRIBUTE_WEAK snr::analysis::AnalysisPluginInfo
//   snrGetAnalysisPluginInfo() {
//     return {SNR_ANALYSIS_PLUGIN_API_VERSION, SNR_VERSION_STRING,
//             "vector-stalls", createListener, printSummary, writeJson};
//   }
//
// snr-replay creates the plugin's listener once, replays the trace with it
// among its own analyses, then calls `printSummary` after its own summary
// (on the terminal and in summary.txt) and `writeJson` into metrics.json,
// as the member `plugins.<name>` (SnR/Report/PluginView.h).
//
// The plugin uses SnR through the symbols snr-replay exports: what it
// links (the simulator events, the ISA tables, TraceInfo) and LLVM's shared
// library. A plugin built against another SnR version is refused (the
// classes it derives from may differ).
//
// examples/out-of-tree-analysis is a complete one; docs/library.md says more.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_ANALYSISPLUGIN_H
#define SNR_ANALYSIS_ANALYSISPLUGIN_H

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/SimEvents.h"
#include "SnR/Support/VersionNumber.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
namespace json {
class OStream;
} // namespace json
} // namespace llvm

/// Bumped whenever AnalysisPluginInfo changes.
#define SNR_ANALYSIS_PLUGIN_API_VERSION 1

namespace snr::analysis {

/// What a plugin's entry point returns.
struct AnalysisPluginInfo {
  /// SNR_ANALYSIS_PLUGIN_API_VERSION, as the plugin was built.
  uint32_t apiVersion;
  /// SNR_VERSION_STRING, as the plugin was built.
  const char *snrVersion;
  /// The analysis' name: the summary's heading and its key in metrics.json's
  /// "plugins". Letters, digits, '-', '_' and '.'.
  const char *name;
  /// A new listener, for one replay.
  std::unique_ptr<sim::SimListener> (*createListener)();
  /// Prints the result for the summary, after the run (may be null).
  void (*printSummary)(const sim::SimListener &listener, const TraceInfo &info,
                       llvm::raw_ostream &os);
  /// Writes the result as one JSON value, after the run (may be null: then
  /// metrics.json has nothing of the plugin).
  void (*writeJson)(const sim::SimListener &listener, const TraceInfo &info,
                    llvm::json::OStream &json);
};

/// A plugin, loaded. The library stays loaded until the process ends.
class AnalysisPlugin {
public:
  /// Loads `path` and checks its entry point and versions.
  static llvm::Expected<AnalysisPlugin> load(llvm::StringRef path);

  llvm::StringRef getPath() const { return path; }
  llvm::StringRef getName() const { return info.name; }
  const AnalysisPluginInfo &getInfo() const { return info; }

private:
  AnalysisPlugin(std::string path, const AnalysisPluginInfo &info)
      : path(std::move(path)), info(info) {}

  std::string path;
  AnalysisPluginInfo info;
};

/// The plugins a tool was asked to load, with one listener each: what
/// snr-replay needs around analyzeTrace.
class LoadedAnalyses {
public:
  /// Loads every plugin of `paths` and creates its listener.
  static llvm::Expected<LoadedAnalyses> load(llvm::ArrayRef<std::string> paths);

  /// For AnalysisOptions::extraListeners; one per plugin, in the order of
  /// getPlugins().
  llvm::ArrayRef<sim::SimListener *> getListeners() const {
    return listenerPointers;
  }
  llvm::ArrayRef<AnalysisPlugin> getPlugins() const { return plugins; }
  bool empty() const { return plugins.empty(); }

private:
  llvm::SmallVector<AnalysisPlugin, 1> plugins;
  llvm::SmallVector<std::unique_ptr<sim::SimListener>, 1> listeners;
  llvm::SmallVector<sim::SimListener *, 1> listenerPointers;
};

} // namespace snr::analysis

/// The entry point every analysis plugin defines (with extern "C").
extern "C" ::snr::analysis::AnalysisPluginInfo snrGetAnalysisPluginInfo();

#endif // SNR_ANALYSIS_ANALYSISPLUGIN_H
