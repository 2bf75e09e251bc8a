//===- StaticView.h - The replay by static PC, for every output -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the terminal summary, metrics.json and the HTML report show of the
// StaticInstructionAnalysis: the per-static-PC and per-static-DMA tables,
// the suggestions and parallel groups folded by static PC, and the
// bottleneck chains. One wording for all of them:
//
//   "DMA at pc 2312 in layer0.mlp.up, 8 instances, saves 8,048 cycles"
//   "vld pc 132 -> vmul pc 140 (latency 8): 12,400 cycles over 310 executions"
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_STATICVIEW_H
#define SNR_REPORT_STATICVIEW_H

#include "SnR/Report/ReportOptions.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::analysis {
struct Bottleneck;
struct ReplayResults;
struct StaticDma;
struct StaticParallelGroup;
} // namespace snr::analysis

namespace snr::report {

class Selection;
struct ReportFigures;

/// metrics.json's "static" object (per static instruction, DMA and
/// parallel group) and its "bottlenecks" object.
llvm::json::Object buildStaticMetrics(const analysis::ReplayResults &results,
                                      const Selection &selection);
llvm::json::Object
buildBottleneckMetrics(const analysis::ReplayResults &results);

/// "vld pc 132 -> vmul pc 140 (register, latency 8): 12,400 cycles over
/// 310 executions"; a producer at or after its consumer ran in the previous
/// iteration of their loop ("dma.issue pc 2009 -> dma.wait pc 1754 (DMA
/// wait, previous iteration): ..."); a DMA wait's cycles are its wait stall,
/// followed by the DMA stall (base latency + transfer) when that differs.
std::string describeBottleneck(const analysis::ReplayResults &results,
                               const analysis::Bottleneck &bottleneck);
/// "DMA at pc 2312 in layer0.mlp.up, 8 instances, saves 8,048 cycles".
std::string describeStaticDma(const analysis::ReplayResults &results,
                              const analysis::StaticDma &dma);
/// "2 DMAs at pc 10, 20 in fusion.1, 4 instances, issuing them together
/// saves 300 cycles" (each PC once: "2 DMAs at pc 2009" in a loop body).
std::string describeStaticGroup(const analysis::ReplayResults &results,
                                const analysis::StaticParallelGroup &group);

/// The summary's suggestion, parallel-group and bottleneck lines, grouped by
/// static PC.
void printStaticSummary(const analysis::ReplayResults &results,
                        const Selection &selection, const ReportFigures &fig,
                        llvm::raw_ostream &os, const ReportOptions &options);

} // namespace snr::report

#endif // SNR_REPORT_STATICVIEW_H
