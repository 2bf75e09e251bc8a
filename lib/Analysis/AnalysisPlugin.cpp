//===- AnalysisPlugin.cpp - Analyses loaded from shared libraries ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisPlugin.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace snr;
using namespace snr::analysis;

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

llvm::Expected<AnalysisPlugin> AnalysisPlugin::load(llvm::StringRef path) {
  std::string error;
  llvm::sys::DynamicLibrary library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                     &error);
  if (!library.isValid())
    return pluginError(path, "cannot load it: " + error);

  void *entry = library.getAddressOfSymbol("snrGetAnalysisPluginInfo");
  if (!entry)
    return pluginError(path, "it defines no snrGetAnalysisPluginInfo()");
  AnalysisPluginInfo info =
      reinterpret_cast<decltype(snrGetAnalysisPluginInfo) *>(entry)();

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
  if (!info.name || !isValidName(info.name))
    return pluginError(path, "its name must be letters, digits, '-', '_' "
                             "and '.'");
  if (!info.createListener)
    return pluginError(path, "it has no createListener");
  return AnalysisPlugin(path.str(), info);
}

llvm::Expected<LoadedAnalyses>
LoadedAnalyses::load(llvm::ArrayRef<std::string> paths) {
  LoadedAnalyses loaded;
  for (const std::string &path : paths) {
    llvm::Expected<AnalysisPlugin> plugin = AnalysisPlugin::load(path);
    if (!plugin)
      return plugin.takeError();
    for (const AnalysisPlugin &other : loaded.plugins)
      if (other.getName() == plugin->getName())
        return pluginError(path, "'" + other.getPath() +
                                     "' is an analysis named '" +
                                     plugin->getName() + "' already");
    std::unique_ptr<sim::SimListener> listener =
        plugin->getInfo().createListener();
    if (!listener)
      return pluginError(path, "createListener returned no listener");
    loaded.listenerPointers.push_back(listener.get());
    loaded.listeners.push_back(std::move(listener));
    loaded.plugins.push_back(std::move(*plugin));
  }
  return std::move(loaded);
}

void LoadedAnalyses::printSummaries(const TraceInfo &info,
                                    llvm::raw_ostream &os) const {
  for (auto [plugin, listener] : llvm::zip_equal(plugins, listeners)) {
    if (!plugin.getInfo().printSummary)
      continue;
    os << "\n" << plugin.getName() << " (" << plugin.getPath() << "):\n";
    plugin.getInfo().printSummary(*listener, info, os);
  }
}

llvm::Error LoadedAnalyses::writeJson(const TraceInfo &info,
                                      llvm::StringRef outputDir) const {
  for (auto [plugin, listener] : llvm::zip_equal(plugins, listeners)) {
    if (!plugin.getInfo().writeJson)
      continue;
    llvm::SmallString<128> path(outputDir);
    llvm::sys::path::append(path, plugin.getName() + ".json");
    std::error_code ec;
    llvm::raw_fd_ostream file(path, ec, llvm::sys::fs::OF_TextWithCRLF);
    if (ec)
      return pluginError(plugin.getPath(),
                         "cannot write '" + path + "': " + ec.message());
    {
      llvm::json::OStream json(file, /*IndentSize=*/2);
      plugin.getInfo().writeJson(*listener, info, json);
    }
    file << "\n";
    if (file.has_error())
      return pluginError(plugin.getPath(), "cannot write '" + path +
                                               "': " + file.error().message());
  }
  return llvm::Error::success();
}
