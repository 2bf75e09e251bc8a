//===- Annotate.h - Write a replay's timing onto trace ops ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The replay annotation --snr-simulate writes on every instruction (its
// `replay` property, SnR/Dialect/ReplayAnnotation.h),
// written from a TimingRecorder after the run, so the simulator never touches
// IR. Shared by the pass and by snr-replay's annotated output.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_ANNOTATE_H
#define SNR_PIPELINE_ANNOTATE_H

#include "SnR/Sim/TimingRecorder.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace snr {

/// Annotates `ops[i]` (the op of trace instruction i) with what `run`
/// recorded for it, replacing earlier annotations.
void annotateTiming(llvm::ArrayRef<mlir::Operation *> ops,
                    const sim::TimingRecorder &run);

} // namespace snr

#endif // SNR_PIPELINE_ANNOTATE_H
