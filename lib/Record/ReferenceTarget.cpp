//===- ReferenceTarget.cpp - A device stand-in ----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Sim/FunctionalCore.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::record;

StepDebugger::~StepDebugger() = default;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

ReferenceTarget::ReferenceTarget(const LoadedProgram &program)
    : ReferenceTarget(program, sim::ArchState(program.initialState)) {}

ReferenceTarget::ReferenceTarget(const LoadedProgram &program,
                                 sim::ArchState &&initialState)
    : program(program), state(std::move(initialState)) {
  for (size_t i = 0; i < program.instructions.size(); ++i)
    indexOfPc[program.instructions[i].pc] = i;
  state.pc = program.entry;
}

llvm::Expected<arch::Instruction> ReferenceTarget::fetch() {
  if (state.halted)
    return makeError(llvm::formatv("the program halted at pc {0}", state.pc));
  auto it = indexOfPc.find(state.pc);
  if (it == indexOfPc.end())
    return makeError(
        llvm::formatv("pc {0} holds no instruction of the program", state.pc));
  return program.instructions[it->second];
}

llvm::Error ReferenceTarget::step() {
  llvm::Expected<arch::Instruction> inst = fetch();
  if (!inst)
    return inst.takeError();
  sim::StepResult result = sim::execute(*inst, state);
  if (!result.ok())
    return makeError(result.error);
  ++steps;
  return llvm::Error::success();
}

llvm::Expected<RegisterValue> ReferenceTarget::readRegister(arch::Reg reg) {
  if (reg.index >= arch::getNumRegs(reg.cls))
    return makeError("no register " + arch::formatReg(reg));
  RegisterValue value;
  switch (reg.cls) {
  case arch::RegClass::Scalar:
  case arch::RegClass::Pred:
  case arch::RegClass::Flag:
    value.scalar = state.readScalarLike(reg);
    break;
  default:
    value.lanes = state.readVectorLike(reg);
    break;
  }
  return value;
}

llvm::Error ReferenceTarget::readMemory(arch::MemSpace space, unsigned chip,
                                        uint64_t addr,
                                        llvm::MutableArrayRef<uint8_t> out) {
  const sim::SparseMemory *memory = state.findMemory(space, chip);
  uint64_t size = state.sizes.size(space);
  if (addr > size || out.size() > size - addr)
    return makeError(llvm::formatv("{0}[{1}, {2}) is outside the memory",
                                   arch::getMemSpaceName(space), addr,
                                   addr + out.size()));
  if (!memory) { // a remote chip never touched reads as zeros
    std::fill(out.begin(), out.end(), 0);
    return llvm::Error::success();
  }
  memory->read(addr, out);
  return llvm::Error::success();
}
