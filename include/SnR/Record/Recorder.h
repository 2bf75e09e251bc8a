//===- Recorder.h - Algorithm 1: record a minimal trace ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Single-steps a device through the StepDebugger interface and records each
// instruction, saving a register or memory byte only when the trace reads it
// before anything in the trace wrote it. What an instruction reads and writes
// comes from the target's description of its effects (SnR/Target); values
// come from the device. Nothing here knows an ISA: each recorded step goes to
// a RecordingSink that writes it in the target's trace form.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_RECORDER_H
#define SNR_RECORD_RECORDER_H

#include "SnR/Record/StepDebugger.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace snr::record {

/// One executed instruction, as the recorder saw it.
struct RecordedStep {
  const target::DecodedInstruction &inst;
  const target::InstructionEffects &effects;
  /// The PC after it ran (as the device reports it).
  uint64_t nextPc;
  /// The values of `effects.recordAfter`, in that order, after it ran.
  llvm::ArrayRef<llvm::SmallVector<uint8_t, 8>> after;
};

/// Receives the recorded steps in order (a writer of a trace).
class RecordingSink {
public:
  virtual ~RecordingSink();
  virtual llvm::Error onStep(const RecordedStep &step) = 0;
};

/// The state the trace read before writing it, at the first instruction.
struct Snapshot {
  struct Register {
    target::RegId reg;
    std::vector<uint8_t> bytes;
  };
  struct Region {
    target::SpaceId space;
    uint64_t addr;
    std::vector<uint8_t> bytes;
  };
  /// Sorted by register id.
  std::vector<Register> registers;
  /// Sorted by space and address; adjacent regions merged.
  std::vector<Region> memory;
};

struct Recording {
  uint64_t startPc = 0;
  uint64_t instructions = 0;
  Snapshot snapshot;
  /// Why the recording stopped: `Stopped` when it recorded its count or
  /// the call returned (`returnedTo`); otherwise how the program ended.
  StopReason stop;
  /// With RecordRequest::untilReturn, the PC the call returned to, when it
  /// did: the instruction that returned is the last one recorded.
  std::optional<uint64_t> returnedTo;
  /// Requests sent to the device while recording.
  uint64_t roundTrips = 0;
};

/// Where a binary ISA's instruction bytes come from while recording: the
/// device's memory in `space` (read once per PC; the recorder caches what it
/// decoded).
class DebuggerCode : public target::CodeReader {
public:
  DebuggerCode(StepDebugger &debugger, target::SpaceId space = 0)
      : debugger(debugger), space(space) {}
  llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t pc, unsigned bytes) override;

private:
  StepDebugger &debugger;
  target::SpaceId space;
};

/// What to record from where the device stands.
struct RecordRequest {
  /// Instructions to record at most.
  uint64_t count = 0;
  /// The device is at the entry of a function: stop once that call returns
  /// (to the return address it was entered with, with the stack pointer
  /// back where it was, so a nested call of the same function does not
  /// count). Needs the target's call convention.
  bool untilReturn = false;
};

/// Records what `request` asks from the current PC (fewer instructions if
/// the program ends), handing each to `sink`. `code` gives instruction bytes
/// to the target's decoder.
llvm::Expected<Recording> record(StepDebugger &debugger,
                                 const target::Target &target,
                                 target::CodeReader &code,
                                 const RecordRequest &request,
                                 RecordingSink &sink);

} // namespace snr::record

#endif // SNR_RECORD_RECORDER_H
