//===- SimulateRISCV.h - Replay a riscv.trace and annotate its ops -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// --snr-simulate on a riscv.trace: the functional replay from the snapshot
// (replay::replayEncodedTrace), then the timing with an LLVM scheduling
// model (timing::TraceTimer), as snr-replay runs them on a trace file
// (lib/Replay/RISCV/RISCVRun.cpp), on the trace the ops hold
// (exportEncodedTrace); each riscv.inst gets its `replay` property.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TRANSFORMS_SIMULATERISCV_H
#define SNR_LIB_TRANSFORMS_SIMULATERISCV_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace snr {
namespace riscv {
class TraceOp;
} // namespace riscv

struct RISCVSimulateOptions {
  std::string cpu = "sifive-x280";
  bool likeMca = false;
  /// Replay the values and check them against the trace before timing.
  bool functional = true;
};

/// Replays and times `traceOp`, and annotates its instructions (replacing
/// earlier annotations). Failures (a divergence, an unknown CPU) are
/// diagnostics located at the op concerned; nothing is annotated then.
mlir::LogicalResult simulateRISCVTrace(riscv::TraceOp traceOp,
                                       const RISCVSimulateOptions &options);

} // namespace snr

#endif // SNR_LIB_TRANSFORMS_SIMULATERISCV_H
