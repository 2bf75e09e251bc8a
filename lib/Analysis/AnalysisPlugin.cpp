//===- AnalysisPlugin.cpp - Analyses loaded from shared libraries ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisPlugin.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"

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
