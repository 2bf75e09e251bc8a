//===- FunctionalRun.h - Run a generated program ----------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a generated program on the functional core, from its initial state to
// its halt, without building IR: how tests check that a workload never
// faults, and how snr-gen --run counts the instructions a recording of the
// whole program would hold.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_FUNCTIONALRUN_H
#define SNR_WORKLOADS_FUNCTIONALRUN_H

#include "SnR/Sim/ArchState.h"
#include "SnR/Workloads/GeneratedProgram.h"

#include "llvm/Support/Error.h"

namespace snr::workloads {

struct RunResult {
  /// Instructions executed, the halt included (a recording from the entry to
  /// the halt holds this many).
  uint64_t instructions = 0;
  /// Executed instructions per opcode.
  std::array<uint64_t, arch::kNumOpcodes> perOpcode{};
  /// DMA bytes moved.
  uint64_t dmaBytes = 0;
};

/// The machine state a loader would set up: the program's initial state.
sim::ArchState getInitialState(const GeneratedProgram &program);

/// Runs from pc 0 until the halt. Fails on a fault (with its pc and HLO) or
/// if the program has not halted after `maxSteps` instructions.
llvm::Expected<RunResult> runProgram(const GeneratedProgram &program,
                                     uint64_t maxSteps);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_FUNCTIONALRUN_H
