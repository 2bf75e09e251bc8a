// An analysis plugin built for another plugin API (API) or SnR version
// (SNR): snr-replay refuses it.
#include "SnR/Analysis/AnalysisPlugin.h"

#ifndef API
#define API SNR_ANALYSIS_PLUGIN_API_VERSION
#endif
#ifndef SNR
#define SNR SNR_VERSION_STRING
#endif

static std::unique_ptr<snr::sim::SimListener> createListener() {
  return std::make_unique<snr::sim::SimListener>();
}

extern "C" snr::analysis::AnalysisPluginInfo snrGetAnalysisPluginInfo() {
  return {API, SNR, "mismatched", createListener, nullptr, nullptr};
}
