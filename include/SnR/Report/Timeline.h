//===- Timeline.h - timeline.json for Perfetto ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A replay as a Chrome trace-event file (the JSON object form, with
// "traceEvents"), which ui.perfetto.dev and chrome://tracing open. One
// process, "chip", with a track per unit (its instructions), a "stalls"
// track, and a track per DMA link (each DMA an async slice from issue to
// completion, its base latency and transfer nested inside), flows from each
// DMA's dma.issue to the dma.wait that covered it, and counters (each unit's and link's
// utilization, VMEM occupancy and largest free region) written only when
// they change.
//
// Timestamps are machine cycles written in the format's microsecond field:
// 1 us on the timeline is 1 cycle. They stay exact integers whatever the
// clock, so no rounding can make slices overlap or hide a one-cycle stall;
// "otherData" records the clock for converting. Beyond
// ReportOptions::maxInstructionSlices selected instructions, each unit's
// instructions are merged into one slice per busy stretch within an HLO
// (docs/reports.md).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_TIMELINE_H
#define SNR_REPORT_TIMELINE_H

#include "SnR/Report/ReportOptions.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::report {

class Selection;

/// What writeTimeline wrote.
struct TimelineStats {
  uint64_t events = 0;
  /// Whether unit slices were merged per busy stretch.
  bool merged = false;
  uint64_t instructionSlices = 0, stallSlices = 0, dmaSlices = 0, flows = 0,
           counters = 0;
};

TimelineStats writeTimeline(llvm::raw_ostream &os,
                            const analysis::ReplayResults &results,
                            const Selection &selection,
                            const ReportOptions &options);

} // namespace snr::report

#endif // SNR_REPORT_TIMELINE_H
