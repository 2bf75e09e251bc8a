//===- ProgramLoader.h - snr.program -> a device's program ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_PROGRAMLOADER_H
#define SNR_RECORD_PROGRAMLOADER_H

#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Trace/TraceFormat.h"

#include "mlir/Support/LLVM.h"

namespace snr {
class ProgramOp;

namespace record {
/// Decodes a program op for the reference target: its instructions, entry,
/// initial state (its snapshot, if it has one) and HLO map. Fails, with an
/// error on the offending op, if the snapshot does not fit the memories.
mlir::FailureOr<LoadedProgram>
loadProgram(ProgramOp program, const sim::MemorySizes &sizes,
            std::vector<trace::HloRange> &hloMap);
} // namespace record
} // namespace snr

#endif // SNR_RECORD_PROGRAMLOADER_H
