//===- EncodedReplayCheck.h - A trace reproduces its device -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// snr-record --verify for a target with a binary encoding, recorded over
// GDB's protocol: the remote analogue of ReplayCheck.h. The trace's bytes,
// exactly as the file will hold them, are read back and replayed from the
// snapshot alone on the target's semantics (every next PC and recorded
// value checked); then every register the trace touched (the snapshot's,
// and every one an instruction wrote, as the target describes its effects)
// and every byte it stored is compared with the device's value at the end
// of the window, read through the StepDebugger before the session ends.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_ENCODEDREPLAYCHECK_H
#define SNR_RECORD_ENCODEDREPLAYCHECK_H

#include "SnR/Record/StepDebugger.h"
#include "SnR/Target/Target.h"

#include "llvm/Support/Error.h"

namespace snr::record {

/// What a successful check compared.
struct EncodedCheck {
  uint64_t instructions = 0;
  /// Registers and stored bytes compared with the device (0 when it had
  /// ended).
  uint64_t registers = 0, bytes = 0;
};

/// Reads `fileBytes` (a trace as it will be written to `fileName`,
/// compressed or not) back, replays it on `target`, and compares the
/// result with `device`'s registers and memory. With `deviceEnded` (the
/// program exited at the end of the window) only the replay is checked.
llvm::Expected<EncodedCheck> checkEncodedReplay(llvm::StringRef fileBytes,
                                                llvm::StringRef fileName,
                                                const target::Target &target,
                                                StepDebugger &device,
                                                bool deviceEnded);

} // namespace snr::record

#endif // SNR_RECORD_ENCODEDREPLAYCHECK_H
