//===- AnalysisSet.cpp - How an analysis registers itself -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/AnalysisSet.h"
#include "SnR/Sim/ModelDescription.h"

using namespace snr;
using namespace snr::analysis;

AnalysisHolder::~AnalysisHolder() = default;

TargetFeature
snr::analysis::getTargetFeatures(const sim::ModelDescription &model) {
  return model.asyncCopies ? TargetFeature::AsyncCopies : TargetFeature::None;
}

std::string snr::analysis::describeMissing(TargetFeature missing) {
  if ((missing & TargetFeature::AsyncCopies) != TargetFeature::None)
    return "the ISA has no asynchronous copies";
  return {};
}

void *AnalysisSet::find(const AnalysisInfo &info) const {
  for (const Entry &entry : entries)
    if (entry.info == &info)
      return entry.holder->getObject();
  return nullptr;
}

void *AnalysisSet::require(const AnalysisInfo &info,
                           const AnalysisContext &context) {
  if (void *existing = find(info))
    return existing;
  if ((info.needs & ~context.target) != TargetFeature::None)
    return nullptr;
  for (const AnalysisInfo *dependency : info.dependencies)
    if (!require(*dependency, context))
      return nullptr;
  for (const AnalysisInfo *dependency : info.optionalDependencies)
    require(*dependency, context);
  entries.push_back({&info, info.create(context)});
  return entries.back().holder->getObject();
}

llvm::SmallVector<sim::SimListener *, 8> AnalysisSet::getListeners() const {
  llvm::SmallVector<sim::SimListener *, 8> listeners;
  for (const Entry &entry : entries)
    if (sim::SimListener *listener = entry.holder->getListener())
      listeners.push_back(listener);
  return listeners;
}

void AnalysisSet::finish(const AnalysisContext &context) const {
  for (const Entry &entry : entries)
    entry.holder->finish(*this, context);
}
