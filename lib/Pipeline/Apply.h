//===- Apply.h - snr-replay --apply: both rewrites, proved ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_PIPELINE_APPLY_H
#define SNR_LIB_PIPELINE_APPLY_H

#include "SnR/Pipeline/ReplayPipeline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace snr {
namespace analysis {
struct ReplayResults;
} // namespace analysis
namespace report {
class AnalysisView;
class RunDirectory;
struct ReportOptions;
} // namespace report
namespace sim {
struct MachineModel;
} // namespace sim
namespace trace {
struct Trace;
} // namespace trace

namespace pipeline {
class Progress;

/// --apply: rewrites the trace (and, with --program, the program on a
/// thread of its own), proves both, writes their files and the report,
/// summary and remarks with them. On failure the run directory's marker
/// says why and the error is returned.
llvm::Error
applyRewrites(const ReplayPipelineOptions &options, const trace::Trace &trace,
              const analysis::ReplayResults &results,
              const sim::MachineModel &machine,
              const report::ReportOptions &reportOptions,
              llvm::ArrayRef<const report::AnalysisView *> pluginViews,
              report::RunDirectory &run, Progress &progress);

} // namespace pipeline
} // namespace snr

#endif // SNR_LIB_PIPELINE_APPLY_H
