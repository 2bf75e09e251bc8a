//===- ReplayCheck.h - A trace reproduces its device ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_REPLAYCHECK_H
#define SNR_RECORD_REPLAYCHECK_H

#include "SnR/Sim/ArchState.h"
#include "SnR/Trace/Trace.h"

#include "llvm/Support/Error.h"

namespace snr::record {

/// Replays `trace` functionally from its snapshot alone and checks it against
/// the device that was recorded: the same PC sequence and outcomes, and, for
/// every register and memory byte the trace touched, the same final value as
/// `deviceState` (the device's state after the recorded instructions).
llvm::Error checkReplay(const trace::Trace &trace,
                        const sim::ArchState &deviceState);

/// Checks what a reader of the file gets: reads `fileBytes`, a trace exactly
/// as it will be written to `fileName` (compressed or not), back with the
/// trace reader and checks the result with checkReplay. A writer that loses
/// bits (a NaN's payload, say) fails here, where checking the table it was
/// given would not.
llvm::Error checkWrittenReplay(llvm::StringRef fileBytes,
                               llvm::StringRef fileName,
                               const sim::ArchState &deviceState);

} // namespace snr::record

#endif // SNR_RECORD_REPLAYCHECK_H
