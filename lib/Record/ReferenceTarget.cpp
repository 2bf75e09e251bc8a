//===- ReferenceTarget.cpp - A device stand-in ----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace snr;
using namespace snr::record;
using target::SnRTarget;

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

llvm::Expected<uint64_t> ReferenceTarget::readPc() { return state.pc; }

llvm::Expected<StopReason> ReferenceTarget::step() {
  if (state.halted)
    return makeError(llvm::formatv("the program halted at pc {0}", state.pc));
  auto it = indexOfPc.find(state.pc);
  if (it == indexOfPc.end())
    return makeError(
        llvm::formatv("pc {0} holds no instruction of the program", state.pc));
  sim::StepResult result = sim::execute(program.instructions[it->second], state);
  StopReason stop;
  if (!result.ok()) {
    // A fault: the device stops at the instruction, its state unchanged.
    stop.kind = StopReason::Kind::Signalled;
    stop.code = 11;
    stop.message = result.error;
    return stop;
  }
  ++steps;
  if (state.halted) {
    stop.kind = StopReason::Kind::Exited;
    stop.message = llvm::formatv("the program halted at pc {0}", state.pc);
  }
  return stop;
}

llvm::Error ReferenceTarget::readRegister(target::RegId id,
                                          llvm::SmallVectorImpl<uint8_t> &bytes) {
  arch::Reg reg = SnRTarget::getReg(id);
  if (reg.index >= arch::getNumRegs(reg.cls))
    return makeError(llvm::formatv("no register {0}", id));
  bytes.resize(SnRTarget::getRegisterBytes(reg.cls));
  if (arch::holdsLanes(reg.cls)) {
    const sim::Vector &lanes = state.readVectorLike(reg);
    std::memcpy(bytes.data(), lanes.data(), bytes.size());
  } else {
    // Little-endian, as wide as the register (a predicate is one byte).
    uint32_t value = uint32_t(state.readScalarLike(reg));
    for (size_t i = 0; i < bytes.size(); ++i)
      bytes[i] = uint8_t(value >> (8 * i));
  }
  return llvm::Error::success();
}

llvm::Error ReferenceTarget::writeRegister(target::RegId id,
                                           llvm::ArrayRef<uint8_t> bytes) {
  arch::Reg reg = SnRTarget::getReg(id);
  if (reg.index >= arch::getNumRegs(reg.cls) ||
      bytes.size() != SnRTarget::getRegisterBytes(reg.cls))
    return makeError(llvm::formatv("no register {0} of {1} bytes", id,
                                   bytes.size()));
  if (arch::holdsLanes(reg.cls)) {
    sim::Vector lanes;
    std::memcpy(lanes.data(), bytes.data(), bytes.size());
    state.writeVectorLike(reg, lanes);
    return llvm::Error::success();
  }
  uint32_t value = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    value |= uint32_t(bytes[i]) << (8 * i);
  int64_t scalar = reg.cls == arch::RegClass::Pred ? int64_t(value != 0)
                                                   : int64_t(int32_t(value));
  std::string problem = arch::validateRegisterValue(reg, scalar);
  if (!problem.empty())
    return makeError(problem);
  state.writeScalarLike(reg, scalar);
  return llvm::Error::success();
}

/// The memory of `space` if [addr, addr + bytes) lies inside it.
static llvm::Error checkRange(const sim::ArchState &state, target::SpaceId id,
                             uint64_t addr, uint64_t bytes) {
  auto [space, chip] = SnRTarget::getSpace(id);
  if (space == arch::MemSpace::RemoteHbm && chip >= arch::kMaxChips)
    return makeError(llvm::formatv("no address space {0}", id));
  uint64_t size = state.sizes.size(space);
  if (addr > size || bytes > size - addr)
    return makeError(llvm::formatv(
        "{0}[{1}, {2}) is outside the memory",
        SnRTarget().getSpaceName(id), addr, addr + bytes));
  return llvm::Error::success();
}

llvm::Error ReferenceTarget::readMemory(target::SpaceId id, uint64_t addr,
                                        llvm::MutableArrayRef<uint8_t> out) {
  if (llvm::Error error = checkRange(state, id, addr, out.size()))
    return error;
  auto [space, chip] = SnRTarget::getSpace(id);
  const sim::SparseMemory *memory = state.findMemory(space, chip);
  if (!memory) { // a remote chip never touched reads as zeros
    std::fill(out.begin(), out.end(), 0);
    return llvm::Error::success();
  }
  memory->read(addr, out);
  return llvm::Error::success();
}

llvm::Error ReferenceTarget::writeMemory(target::SpaceId id, uint64_t addr,
                                         llvm::ArrayRef<uint8_t> bytes) {
  if (llvm::Error error = checkRange(state, id, addr, bytes.size()))
    return error;
  auto [space, chip] = SnRTarget::getSpace(id);
  state.memory(space, chip).write(addr, bytes);
  return llvm::Error::success();
}
