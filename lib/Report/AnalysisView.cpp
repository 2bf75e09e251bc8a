//===- AnalysisView.cpp - How an analysis renders itself ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/AnalysisView.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::report;

AnalysisView::~AnalysisView() = default;

AnalysisViewList snr::report::createBuiltinViews() {
  AnalysisViewList views;
#define SNR_ANALYSIS_VIEW(NAME) views.push_back(create##NAME());
#include "SnR/Report/AnalysisViews.def"
  return views;
}

llvm::SmallVector<const AnalysisView *, 16>
snr::report::orderViews(const AnalysisViewList &builtin,
                        llvm::ArrayRef<const AnalysisView *> extraViews,
                        size_t *builtinEnd) {
  llvm::SmallVector<const AnalysisView *, 16> views;
  llvm::SmallVector<bool, 8> placed(extraViews.size(), false);
  for (const std::unique_ptr<AnalysisView> &view : builtin) {
    views.push_back(view.get());
    for (size_t i = 0; i < extraViews.size(); ++i)
      if (!placed[i] && extraViews[i]->getPlacement() == view->getName()) {
        views.push_back(extraViews[i]);
        placed[i] = true;
      }
  }
  if (builtinEnd)
    *builtinEnd = views.size();
  for (size_t i = 0; i < extraViews.size(); ++i)
    if (!placed[i])
      views.push_back(extraViews[i]);
  return views;
}

std::vector<const analysis::AnalysisInfo *>
snr::report::getViewAnalyses(llvm::ArrayRef<const AnalysisView *> views) {
  std::vector<const analysis::AnalysisInfo *> analyses;
  llvm::SmallVector<const analysis::AnalysisInfo *> own;
  for (const AnalysisView *view : views) {
    own.clear();
    view->getAnalyses(own);
    for (const analysis::AnalysisInfo *info : own)
      if (!llvm::is_contained(analyses, info))
        analyses.push_back(info);
  }
  return analyses;
}

void AnalysisRegistry::add(std::unique_ptr<AnalysisView> view) {
  pointers.push_back(view.get());
  views.push_back(std::move(view));
}

AnalysisViewList AnalysisRegistry::takeViews() {
  pointers.clear();
  return std::move(views);
}

std::vector<const analysis::AnalysisInfo *>
AnalysisRegistry::getAnalyses() const {
  AnalysisViewList builtin = createBuiltinViews();
  llvm::SmallVector<const AnalysisView *, 16> all;
  for (const std::unique_ptr<AnalysisView> &view : builtin)
    all.push_back(view.get());
  llvm::append_range(all, pointers);
  return getViewAnalyses(all);
}
