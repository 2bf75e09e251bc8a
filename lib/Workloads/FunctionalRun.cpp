//===- FunctionalRun.cpp - Run a generated program ------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/FunctionalRun.h"
#include "SnR/Sim/FunctionalCore.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr;
using namespace snr::workloads;

sim::ArchState
snr::workloads::getInitialState(const GeneratedProgram &program) {
  sim::ArchState state;
  for (const RegisterInit &init : program.registers)
    state.writeScalarLike(init.reg, init.value);
  std::vector<uint8_t> fill;
  for (const MemoryInit &init : program.memory) {
    sim::SparseMemory &memory = state.memory(init.space, init.chip);
    if (!init.isSplat()) {
      memory.write(init.addr, init.bytes);
      continue;
    }
    // Splats in pieces, so a large region needs no buffer of its size.
    constexpr uint64_t kPiece = 1 << 16;
    fill.assign(std::min(kPiece, init.size), init.splat);
    for (uint64_t done = 0; done < init.size; done += kPiece) {
      uint64_t n = std::min(kPiece, init.size - done);
      memory.write(init.addr + done,
                   llvm::ArrayRef<uint8_t>(fill).take_front(n));
    }
  }
  return state;
}

llvm::Expected<RunResult>
snr::workloads::runProgram(const GeneratedProgram &program, uint64_t maxSteps) {
  sim::ArchState state = getInitialState(program);
  RunResult result;
  const auto &code = program.instructions;
  while (!state.halted) {
    if (state.pc >= code.size())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("control reached pc {0}, past the program", state.pc));
    if (result.instructions == maxSteps)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("the program did not halt within {0} instructions",
                        maxSteps));
    const arch::Instruction &inst = code[state.pc];
    sim::StepResult step = sim::execute(inst, state);
    if (!step.ok())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("pc {0} ({1}, {2}): {3}", inst.pc,
                        arch::getMnemonic(inst.opcode), program.getHlo(inst.pc),
                        step.error));
    ++result.instructions;
    ++result.perOpcode[size_t(inst.opcode)];
    if (step.executed && inst.opcode == arch::Opcode::DmaIssue)
      result.dmaBytes += uint64_t(inst.imm);
  }
  return result;
}
