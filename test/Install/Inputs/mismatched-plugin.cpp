// An analysis plugin built for another plugin API (API) or SnR version
// (SNR): snr-replay refuses it.
#include "SnR/Report/AnalysisPlugin.h"

#ifndef API
#define API SNR_ANALYSIS_PLUGIN_API_VERSION
#endif
#ifndef SNR
#define SNR SNR_VERSION_STRING
#endif

static void registerAnalyses(snr::report::AnalysisRegistry &) {}

extern "C" snr::report::AnalysisPluginInfo snrGetAnalysisPlugin() {
  return {API, SNR, registerAnalyses};
}
