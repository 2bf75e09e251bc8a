//===- Schedule.h - Knobs that make a schedule good or bad ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every workload is laid out by a good compiler unless a knob asks for one of
// the inefficiencies SnR exists to find. All default to off: the default
// program is the efficient one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_SCHEDULE_H
#define SNR_WORKLOADS_SCHEDULE_H

namespace snr::workloads {

struct ScheduleOptions {
  /// Issue each block's DMA at the bottom of the previous iteration, right
  /// before the WAIT that consumes it, instead of a block ahead at the top.
  /// The same double buffers are used, so hoisting the DMA back is legal.
  bool lateDma = false;
  /// Issue the independent setup DMAs one at a time, each followed by its
  /// WAIT, instead of all together followed by one WAIT.
  bool serialSetup = false;
  /// Do not prefetch the first block of the next HLO's weights (or KV cache)
  /// while the current HLO computes; the next HLO issues it at its start.
  bool noPrefetch = false;
  /// Allocate VMEM first-fit in request order instead of keeping persistent
  /// buffers and per-HLO scratch apart.
  bool fragmentingAllocator = false;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_SCHEDULE_H
