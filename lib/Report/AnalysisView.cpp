//===- AnalysisView.cpp - How an analysis renders itself ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/AnalysisView.h"

using namespace snr;
using namespace snr::report;

AnalysisView::~AnalysisView() = default;

AnalysisViewList snr::report::createBuiltinViews() {
  AnalysisViewList views;
#define SNR_ANALYSIS_VIEW(NAME) views.push_back(create##NAME());
#include "SnR/Report/AnalysisViews.def"
  return views;
}
