//===- SnRRecording.cpp - Record the snr ISA into its trace ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/SnRRecording.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace snr;
using namespace snr::record;
using target::SnRTarget;

llvm::Error snr::record::runUntil(StepDebugger &debugger,
                                  llvm::function_ref<bool(uint64_t)> stop,
                                  uint64_t maxSteps) {
  auto neverReached = [](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the break point was never reached: " +
                                       why);
  };
  for (uint64_t steps = 0;; ++steps) {
    llvm::Expected<uint64_t> pc = debugger.readPc();
    if (!pc)
      return pc.takeError();
    if (stop(*pc))
      return llvm::Error::success();
    if (steps == maxSteps)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("the break point was not reached in {0} steps",
                        maxSteps));
    llvm::Expected<StopReason> stopped = debugger.step();
    if (!stopped)
      return stopped.takeError();
    // A fault is said as the device says it; the caller locates it.
    if (stopped->kind == StopReason::Kind::Signalled)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     stopped->message);
    if (stopped->ended())
      return neverReached(stopped->message);
  }
}

namespace {
/// Each step as an instruction of the snr trace, with its outcome.
class SnRTraceBuilder : public RecordingSink {
public:
  SnRTraceBuilder(trace::Trace &trace, InstructionSink sink)
      : trace(trace), sink(sink) {}

  llvm::Error onStep(const RecordedStep &step) override {
    const arch::Instruction &inst =
        static_cast<const target::SnRInstruction &>(step.inst).inst;
    trace::RecordedOutcome outcome;
    if (inst.guard.present)
      outcome.executed = step.effects.executed;
    if (arch::isBranch(inst.opcode))
      outcome.taken = step.effects.executed;
    if (sink) {
      sink(inst, outcome);
    } else {
      trace.instructions.push_back(inst);
      trace.outcomes.push_back(outcome);
    }
    return llvm::Error::success();
  }

private:
  trace::Trace &trace;
  InstructionSink sink;
};

/// The snapshot in the trace's terms: scalar-like registers as integers,
/// the others as f32 lanes; memory by space and chip.
void setSnapshot(const Snapshot &snapshot, trace::Trace &trace) {
  for (const Snapshot::Register &entry : snapshot.registers) {
    trace::SnapshotRegister reg;
    reg.reg = SnRTarget::getReg(entry.reg);
    if (arch::holdsLanes(reg.reg.cls)) {
      std::memcpy(reg.lanes.data(), entry.bytes.data(),
                  std::min(entry.bytes.size(), sizeof(reg.lanes)));
    } else {
      uint32_t value = 0;
      for (size_t i = 0; i < entry.bytes.size() && i < 4; ++i)
        value |= uint32_t(entry.bytes[i]) << (8 * i);
      reg.value = reg.reg.cls == arch::RegClass::Pred
                      ? int64_t(value != 0)
                      : int64_t(int32_t(value));
    }
    trace.registers.push_back(reg);
  }
  for (const Snapshot::Region &region : snapshot.memory) {
    auto [space, chip] = SnRTarget::getSpace(region.space);
    trace.memory.push_back({space, chip, region.addr, region.bytes});
  }
}

/// The snr ISA has no encoding: the code is the program.
class NoCode : public target::CodeReader {
public:
  llvm::Expected<llvm::SmallVector<uint8_t, 4>> readCode(uint64_t,
                                                         unsigned) override {
    return llvm::SmallVector<uint8_t, 4>();
  }
};
} // namespace

llvm::Expected<trace::Trace>
snr::record::recordTrace(StepDebugger &debugger,
                         llvm::ArrayRef<arch::Instruction> program,
                         uint64_t count, Recording *recordingOut,
                         InstructionSink sink) {
  SnRTarget target(program);
  NoCode code;
  trace::Trace trace;
  SnRTraceBuilder builder(trace, sink);
  llvm::Expected<Recording> recording =
      record(debugger, target, code, RecordRequest{count}, builder);
  if (!recording)
    return recording.takeError();
  setSnapshot(recording->snapshot, trace);
  trace.header.startPc = recording->startPc;
  trace.header.instructionCount = recording->instructions;
  if (recordingOut) {
    recording->snapshot = Snapshot();
    *recordingOut = std::move(*recording);
  }
  return std::move(trace);
}
