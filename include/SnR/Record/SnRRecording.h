//===- SnRRecording.h - Record the snr ISA into its trace -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Algorithm 1 (Recorder.h) for the reference ISA: instructions come from the
// program the device runs (the snr ISA has no binary encoding), and each
// recorded step becomes an instruction of trace::Trace with its outcome (the
// guard's value, whether a branch was taken). The same code records from the
// device in this process and from snr-target over GDB's protocol, so both
// give the same trace.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_SNRRECORDING_H
#define SNR_RECORD_SNRRECORDING_H

#include "SnR/Record/Recorder.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace snr::record {

/// Steps until the PC satisfies `stop` (without executing the instruction
/// there). Fails if the program ends or faults first, or after `maxSteps`.
llvm::Error runUntil(StepDebugger &debugger,
                     llvm::function_ref<bool(uint64_t pc)> stop,
                     uint64_t maxSteps);

/// Records up to `count` instructions of `program` from the debugger's
/// current PC (fewer if the program halts). Fills the trace's snapshot and
/// instruction table, and the header's start_pc and instruction count; the
/// caller names the machine, the program and the HLO map. `recording`, if
/// given, receives what the recorder saw (why it stopped, round trips).
/// With a `sink`, the instructions go to it instead of the table
/// (trace::SpooledTraceWriter spools them to disk), so memory does not grow
/// with `count`.
using InstructionSink = llvm::function_ref<void(
    const arch::Instruction &, const trace::RecordedOutcome &)>;
llvm::Expected<trace::Trace>
recordTrace(StepDebugger &debugger, llvm::ArrayRef<arch::Instruction> program,
            uint64_t count, Recording *recording = nullptr,
            InstructionSink sink = {});

} // namespace snr::record

#endif // SNR_RECORD_SNRRECORDING_H
