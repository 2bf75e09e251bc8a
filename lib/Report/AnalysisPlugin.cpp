//===- AnalysisPlugin.cpp - Analyses loaded from shared libraries ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/AnalysisPlugin.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"

using namespace snr;
using namespace snr::report;

static llvm::Error pluginError(llvm::StringRef path, const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "analysis plugin '" + path + "': " + what);
}

static bool isValidName(llvm::StringRef name) {
  return !name.empty() && name != "." && name != ".." &&
         llvm::all_of(name, [](char c) {
           return llvm::isAlnum(c) || c == '-' || c == '_' || c == '.';
         });
}

namespace {
/// A plugin's view as snr-replay renders it: its summary under a heading
/// with its name and library, its metrics under metrics.json's
/// "plugins.<name>" (so an earlier run's result cannot be taken for this
/// run's: metrics.json is rewritten or removed with the run).
class PluginView : public AnalysisView {
public:
  PluginView(std::unique_ptr<AnalysisView> view, std::string path)
      : view(std::move(view)), path(std::move(path)) {}

  llvm::StringRef getName() const override { return view->getName(); }
  void getAnalyses(llvm::SmallVectorImpl<const analysis::AnalysisInfo *>
                       &analyses) const override {
    view->getAnalyses(analyses);
  }

  void printSummary(const ViewContext &context,
                    llvm::raw_ostream &os) const override {
    std::string lines;
    llvm::raw_string_ostream stream(lines);
    view->printSummary(context, stream);
    if (lines.empty())
      return;
    os << "\n" << getName() << " (" << path << "):\n" << lines;
  }

  void addMetrics(const ViewContext &context,
                  llvm::json::Object &metrics) const override {
    llvm::json::Object own;
    view->addMetrics(context, own);
    if (own.empty())
      return;
    llvm::json::Value &plugins = metrics["plugins"];
    if (!plugins.getAsObject())
      plugins = llvm::json::Object();
    (*plugins.getAsObject())[getName()] = std::move(own);
  }

  void getHtmlNav(const ViewContext &context,
                  llvm::SmallVectorImpl<HtmlNavEntry> &entries) const override {
    view->getHtmlNav(context, entries);
  }
  void writeHtml(const ViewContext &context, HtmlPart part,
                 HtmlWriter &html) const override {
    view->writeHtml(context, part, html);
  }
  void getNotes(const analysis::ReplayResults &results,
                llvm::SmallVectorImpl<std::string> &notes) const override {
    view->getNotes(results, notes);
  }
  void printTest(const analysis::ReplayResults &results,
                 llvm::raw_ostream &os) const override {
    view->printTest(results, os);
  }

private:
  std::unique_ptr<AnalysisView> view;
  std::string path;
};
} // namespace

llvm::Error snr::report::loadAnalysisPlugin(llvm::StringRef path,
                                            AnalysisRegistry &registry) {
  std::string error;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                     &error);
  if (!library.isValid())
    return pluginError(path, "cannot load it: " + error);

  void *entry = library.getAddressOfSymbol("snrGetAnalysisPlugin");
  if (!entry) {
    // Version 1's entry point: there is no calling it safely.
    if (library.getAddressOfSymbol("snrGetAnalysisPluginInfo"))
      return pluginError(path,
                         "it was built for analysis plugin API "
                         "version 1, this SnR has version " +
                             llvm::Twine(SNR_ANALYSIS_PLUGIN_API_VERSION) +
                             "; rebuild it against this SnR");
    return pluginError(path, "it defines no snrGetAnalysisPlugin()");
  }
  AnalysisPluginInfo info =
      reinterpret_cast<decltype(snrGetAnalysisPlugin) *>(entry)();

  if (info.apiVersion != SNR_ANALYSIS_PLUGIN_API_VERSION)
    return pluginError(path, "it was built for analysis plugin API version " +
                                 llvm::Twine(info.apiVersion) +
                                 ", this SnR has version " +
                                 llvm::Twine(SNR_ANALYSIS_PLUGIN_API_VERSION) +
                                 "; rebuild it against this SnR");
  llvm::StringRef built = info.snrVersion ? info.snrVersion : "";
  if (built != SNR_VERSION_STRING)
    return pluginError(path, "it was built against SnR " +
                                 (built.empty() ? "(unknown)" : built) +
                                 ", this is SnR " SNR_VERSION_STRING
                                 "; rebuild it against this SnR");
  if (!info.registerAnalyses)
    return pluginError(path, "it has no registerAnalyses");

  AnalysisRegistry own;
  info.registerAnalyses(own);
  if (own.getViews().empty())
    return pluginError(path, "it registers no analysis");
  for (std::unique_ptr<AnalysisView> &view : own.takeViews()) {
    llvm::StringRef name = view->getName();
    if (!isValidName(name))
      return pluginError(path, "its analysis '" + name +
                                   "' must be named with letters, digits, "
                                   "'-', '_' and '.'");
    for (const AnalysisView *other : registry.getViews())
      if (other->getName() == name)
        return pluginError(path,
                           "there is an analysis named '" + name + "' already");
    registry.add(std::make_unique<PluginView>(std::move(view), path.str()));
  }
  return llvm::Error::success();
}
