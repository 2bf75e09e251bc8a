//===- Recorder.h - Algorithm 1: record a minimal trace ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Single-steps a device through the StepDebugger interface and records each
// instruction, saving a register or memory byte only when the trace reads it
// before anything in the trace wrote it. What an instruction reads and writes
// comes from the ISA table; addresses come from the device's registers.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_RECORDER_H
#define SNR_RECORD_RECORDER_H

#include "SnR/Record/StepDebugger.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace snr::record {

/// Steps until the instruction at the PC satisfies `stop` (without executing
/// it). Fails if the program halts or faults first, or after `maxSteps`.
llvm::Error runUntil(StepDebugger &debugger,
                     llvm::function_ref<bool(const arch::Instruction &)> stop,
                     uint64_t maxSteps);

/// Receives each recorded instruction as it is recorded.
using InstructionSink = llvm::function_ref<void(
    const arch::Instruction &, const trace::RecordedOutcome &)>;

/// Records up to `count` instructions from the current PC (fewer if the
/// program halts). Fills the trace's snapshot and instruction table, and the
/// header's start_pc and instruction count; the caller names the machine,
/// the program and the HLO map. With a `sink`, the instructions go to it
/// instead of the table (trace::SpooledTraceWriter spools them to disk), so
/// memory does not grow with `count`.
llvm::Expected<trace::Trace> recordTrace(StepDebugger &debugger,
                                         uint64_t count,
                                         InstructionSink sink = {});

} // namespace snr::record

#endif // SNR_RECORD_RECORDER_H
