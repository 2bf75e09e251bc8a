// An analysis plugin whose writeJson writes nothing: snr-replay fails
// before it writes any output.
#include "SnR/Analysis/AnalysisPlugin.h"

static std::unique_ptr<snr::sim::SimListener> createListener() {
  return std::make_unique<snr::sim::SimListener>();
}

static void writeJson(const snr::sim::SimListener &,
                      const snr::analysis::TraceInfo &, llvm::json::OStream &) {
}

extern "C" snr::analysis::AnalysisPluginInfo snrGetAnalysisPluginInfo() {
  return {SNR_ANALYSIS_PLUGIN_API_VERSION,
          SNR_VERSION_STRING,
          "no-json",
          createListener,
          nullptr,
          writeJson};
}
