//===- Options.cpp - The options tools and passes share -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/Options.h"
#include "SnR/Analysis/AnalysisOptions.h"
#include "SnR/Rewrite/HoistPlanner.h"

using namespace snr;
using namespace snr::pipeline;

std::string OptionName::spell(OptionSpelling spelling) const {
  if (spelling == OptionSpelling::Pass)
    return passArg;
  return std::string("--") + toolArg;
}

llvm::Expected<analysis::AnalysisOptions>
AnalysisOptionValues::getAnalysisOptions(OptionSpelling spelling) const {
  if (llvm::Error error = analysis::checkCacheWindows(
          cacheWindows, optionNames::cacheWindows.spell(spelling)))
    return std::move(error);
  analysis::AnalysisOptions options;
  options.utilization.windowCycles = windowCycles;
  options.dataCache.windows = cacheWindows;
  options.dependencies.maxSlice = maxSlice;
  return std::move(options);
}

llvm::Expected<rewrite::HoistOptions>
RewriteOptionValues::getHoistOptions(OptionSpelling spelling) const {
  std::optional<rewrite::DependenceModel> dependenceModel =
      rewrite::lookupDependenceModel(model);
  if (!dependenceModel)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   optionNames::model.spell(spelling) + " '" +
                                       model +
                                       "' is not 'relaxed' or 'conservative'");
  rewrite::HoistOptions options;
  options.model = *dependenceModel;
  options.maxDistance = maxDistance;
  options.pcs = pcs;
  options.hlo = hlo;
  options.hoist = hoist;
  options.parallelize = parallelize;
  options.keepLinkOrder = !ignoreLinkOrder;
  return std::move(options);
}
