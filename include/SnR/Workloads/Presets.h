//===- Presets.h - Named parameter sets of known size -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Parameter sets measured to record a given number of instructions from the
// entry to the halt (docs/workloads.md lists the measured counts), so a
// benchmark can ask for "a 600k-instruction decoder" by name.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_PRESETS_H
#define SNR_WORKLOADS_PRESETS_H

#include "SnR/Workloads/Workload.h"

#include "llvm/ADT/ArrayRef.h"

namespace snr::workloads {

struct Preset {
  const char *name;
  const char *description;
  WorkloadKind kind;
  DecoderOptions decoder;
  CollectiveOptions collective;
};

llvm::ArrayRef<Preset> getPresets();
const Preset *lookupPreset(llvm::StringRef name);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_PRESETS_H
