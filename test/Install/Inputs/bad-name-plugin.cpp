// An analysis plugin whose view's name cannot be a key of metrics.json's
// plugins: snr-replay refuses it before it replays anything.
#include "SnR/Report/AnalysisPlugin.h"

namespace {
class BadNameView : public snr::report::AnalysisView {
public:
  llvm::StringRef getName() const override { return "bad name"; }
};
} // namespace

static void registerAnalyses(snr::report::AnalysisRegistry &registry) {
  registry.add(std::make_unique<BadNameView>());
}

extern "C" snr::report::AnalysisPluginInfo snrGetAnalysisPlugin() {
  return {SNR_ANALYSIS_PLUGIN_API_VERSION, SNR_VERSION_STRING,
          registerAnalyses};
}
