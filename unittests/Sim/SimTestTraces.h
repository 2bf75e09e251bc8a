//===- SimTestTraces.h - Built instruction lists for the simulator tests -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Instruction lists are built in code so a test can place an instruction at
// an exact cycle (with issue width 1 and unit latencies of 1, each nop takes
// one cycle).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_SIM_SIMTESTTRACES_H
#define SNR_UNITTESTS_SIM_SIMTESTTRACES_H

#include "SnR/Sim/Simulator.h"

#include <vector>

namespace snr::sim::simtest {
using arch::MemSpace;
using arch::Opcode;

/// The default machine, made simple: issue width 1, no taken-branch
/// penalty, every latency 1, Tb = 100, every link 64 B/cycle, no sharing.
inline MachineModel makeMachine() {
  MachineModel machine = getDefaultMachineModel();
  machine.issueWidth = 1;
  machine.branchTakenPenalty = 0;
  for (LatencySpec &spec : machine.latencies)
    spec = {1, 1};
  machine.dmaBaseLatency = 100;
  for (LinkSpec &link : machine.links)
    link.bytesPerCycle = 64;
  machine.groups.clear();
  return machine;
}

/// Builds a straight-line trace at consecutive PCs.
class TraceBuilder {
public:
  arch::Instruction &add(Opcode opcode) {
    arch::Instruction inst;
    inst.opcode = opcode;
    inst.pc = instructions.size();
    instructions.push_back(inst);
    outcomes.push_back({});
    return instructions.back();
  }
  void nops(unsigned count) {
    for (unsigned i = 0; i < count; ++i)
      add(Opcode::Nop);
  }
  void dma(MemSpace src, MemSpace dst, int64_t bytes, unsigned flag) {
    arch::Instruction &inst = add(Opcode::DmaIssue);
    inst.src.space = src;
    inst.dst.space = dst;
    inst.src.offset = inst.dst.offset = 4096 * int64_t(instructions.size());
    inst.imm = bytes;
    inst.flag = uint8_t(flag);
  }
  void wait(unsigned flag) { add(Opcode::DmaWait).flag = uint8_t(flag); }
  size_t next() const { return instructions.size(); }

  SimInput input() const { return {instructions, outcomes}; }

  std::vector<arch::Instruction> instructions;
  std::vector<arch::RecordedOutcome> outcomes;
};

} // namespace snr::sim::simtest

#endif // SNR_UNITTESTS_SIM_SIMTESTTRACES_H
