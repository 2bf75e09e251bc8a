//===- PluginView.cpp - Analysis plugins as views -------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/PluginView.h"
#include "SnR/Analysis/AnalysisPlugin.h"
#include "SnR/Analysis/ReplayAnalyses.h"

#include "llvm/Support/JSON.h"

#include <optional>

using namespace snr;
using namespace snr::report;

namespace {
class PluginView : public AnalysisView {
public:
  PluginView(const analysis::AnalysisPlugin &plugin,
             const sim::SimListener &listener,
             std::optional<llvm::json::Value> json)
      : plugin(plugin), listener(listener), json(std::move(json)) {}

  llvm::StringRef getName() const override { return plugin.getName(); }

  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override {
    if (!plugin.getInfo().printSummary)
      return;
    os << "\n" << plugin.getName() << " (" << plugin.getPath() << "):\n";
    plugin.getInfo().printSummary(listener, context.results.info, os);
  }

  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override {
    if (!json)
      return;
    llvm::json::Value &plugins = metrics["plugins"];
    if (!plugins.getAsObject())
      plugins = llvm::json::Object();
    (*plugins.getAsObject())[plugin.getName()] = *json;
  }

private:
  const analysis::AnalysisPlugin &plugin;
  const sim::SimListener &listener;
  /// What the plugin's writeJson wrote, if it has one.
  std::optional<llvm::json::Value> json;
};
} // namespace

llvm::Expected<AnalysisViewList>
snr::report::createPluginViews(const analysis::LoadedAnalyses &plugins,
                               const analysis::TraceInfo &info) {
  AnalysisViewList views;
  for (auto [plugin, listener] :
       llvm::zip_equal(plugins.getPlugins(), plugins.getListeners())) {
    std::optional<llvm::json::Value> json;
    if (auto writeJson = plugin.getInfo().writeJson) {
      // Written once, here: metrics.json may be built more than once.
      std::string text;
      {
        llvm::raw_string_ostream os(text);
        llvm::json::OStream stream(os);
        writeJson(*listener, info, stream);
      }
      llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
      if (!value)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "analysis plugin '" + plugin.getPath() +
                "': its writeJson wrote no valid JSON value: " +
                llvm::toString(value.takeError()));
      json = std::move(*value);
    }
    views.push_back(
        std::make_unique<PluginView>(plugin, *listener, std::move(json)));
  }
  return std::move(views);
}
