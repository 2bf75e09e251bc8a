//===- Recorder.cpp - Algorithm 1: record a minimal trace -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/Recorder.h"
#include "SnR/Record/IntervalSet.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace snr;
using namespace snr::record;
using target::RegId;
using target::SpaceId;

RecordingSink::~RecordingSink() = default;
StepDebugger::~StepDebugger() = default;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<StopReason> StepDebugger::runTo(uint64_t pc,
                                               uint64_t maxSteps) {
  for (uint64_t steps = 0;; ++steps) {
    llvm::Expected<uint64_t> current = readPc();
    if (!current)
      return current.takeError();
    if (*current == pc)
      return StopReason();
    if (steps == maxSteps)
      return makeError(llvm::formatv("pc {0} was not reached in {1} steps", pc,
                                     maxSteps));
    llvm::Expected<StopReason> stop = step();
    if (!stop || stop->ended())
      return stop;
  }
}

llvm::Expected<llvm::SmallVector<uint8_t, 4>>
DebuggerCode::readCode(uint64_t pc, unsigned bytes) {
  llvm::SmallVector<uint8_t, 4> code(bytes);
  if (llvm::Error error = debugger.readMemory(space, pc, code))
    return std::move(error);
  return code;
}

namespace {
/// The register values instructions' effects are computed from, read from
/// the device when first needed and kept until an instruction writes the
/// register: RISC-V's vl and vtype, read for every vector instruction,
/// cost a round trip only after a vsetvli. (The effects must list every
/// write anyway, or the snapshot would be wrong.)
class StepValues : public target::RegisterValues {
public:
  StepValues(StepDebugger &debugger, size_t numRegs)
      : debugger(debugger), cached(numRegs) {}

  llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) override {
    if (reg >= cached.size())
      return makeError(llvm::formatv("no register {0}", reg));
    if (!cached.test(reg)) {
      if (llvm::Error error = debugger.readRegister(reg, values[reg]))
        return std::move(error);
      cached.set(reg);
    }
    return llvm::ArrayRef<uint8_t>(values[reg]);
  }
  /// After a step: the registers it wrote have new values.
  void forget(llvm::ArrayRef<RegId> written) {
    for (RegId reg : written)
      if (reg < cached.size())
        cached.reset(reg);
  }

private:
  StepDebugger &debugger;
  llvm::BitVector cached;
  llvm::DenseMap<RegId, llvm::SmallVector<uint8_t, 8>> values;
};

/// Algorithm 1's bookkeeping: what the trace has written so far, and what it
/// has already saved.
class MinimalSnapshot {
public:
  MinimalSnapshot(StepDebugger &debugger, size_t numRegs)
      : debugger(debugger), written(numRegs), saved(numRegs) {}

  /// Saves `reg` if the trace has neither written nor saved it.
  llvm::Error useRegister(RegId reg, StepValues &values) {
    if (written.test(reg) || saved.test(reg))
      return llvm::Error::success();
    llvm::Expected<llvm::ArrayRef<uint8_t>> value = values.read(reg);
    if (!value)
      return value.takeError();
    saved.set(reg);
    registers.push_back({reg, std::vector<uint8_t>(value->begin(),
                                                   value->end())});
    return llvm::Error::success();
  }

  /// Saves the bytes of `range` the trace has neither written nor saved.
  llvm::Error useMemory(const target::MemoryRange &range) {
    Memory &memory = memories[range.space];
    // The gaps are collected first: saving one merges it into `saved`,
    // which must not change while forEachGap walks it.
    llvm::SmallVector<std::pair<uint64_t, uint64_t>, 4> gaps;
    memory.written.forEachGap(
        range.addr, range.addr + range.bytes, [&](uint64_t b, uint64_t e) {
          memory.saved.forEachGap(
              b, e, [&](uint64_t gb, uint64_t ge) { gaps.push_back({gb, ge}); });
        });
    for (auto [gb, ge] : gaps) {
      std::vector<uint8_t> data(ge - gb);
      if (llvm::Error error = debugger.readMemory(range.space, gb, data))
        return error;
      memory.saved.insert(gb, ge);
      regions.push_back({range.space, gb, std::move(data)});
    }
    return llvm::Error::success();
  }

  void wroteRegister(RegId reg) { written.set(reg); }
  void wroteMemory(const target::MemoryRange &range) {
    memories[range.space].written.insert(range.addr, range.addr + range.bytes);
  }

  /// The snapshot, sorted, with adjacent regions merged.
  Snapshot finish() {
    Snapshot snapshot;
    llvm::sort(registers,
               [](const auto &a, const auto &b) { return a.reg < b.reg; });
    llvm::sort(regions, [](const auto &a, const auto &b) {
      return std::tie(a.space, a.addr) < std::tie(b.space, b.addr);
    });
    for (Snapshot::Region &region : regions) {
      Snapshot::Region *last =
          snapshot.memory.empty() ? nullptr : &snapshot.memory.back();
      if (last && last->space == region.space &&
          last->addr + last->bytes.size() == region.addr)
        last->bytes.insert(last->bytes.end(), region.bytes.begin(),
                           region.bytes.end());
      else
        snapshot.memory.push_back(std::move(region));
    }
    snapshot.registers = std::move(registers);
    return snapshot;
  }

private:
  struct Memory {
    IntervalSet written, saved;
  };

  StepDebugger &debugger;
  llvm::BitVector written, saved;
  std::map<SpaceId, Memory> memories;
  std::vector<Snapshot::Register> registers;
  std::vector<Snapshot::Region> regions;
};
} // namespace

llvm::Expected<Recording> snr::record::record(StepDebugger &debugger,
                                              const target::Target &target,
                                              target::CodeReader &code,
                                              const RecordRequest &request,
                                              RecordingSink &sink) {
  size_t numRegs = target.getRegisters().size();
  MinimalSnapshot snapshot(debugger, numRegs);
  StepValues values(debugger, numRegs);
  // Decoded once per PC: a loop's instructions are fetched once.
  llvm::DenseMap<uint64_t, std::unique_ptr<target::DecodedInstruction>>
      decoded;
  target::InstructionEffects effects;
  llvm::SmallVector<llvm::SmallVector<uint8_t, 8>, 2> after;
  Recording recording;
  uint64_t roundTripsBefore = debugger.getRoundTrips();

  llvm::Expected<uint64_t> pc = debugger.readPc();
  if (!pc)
    return pc.takeError();
  recording.startPc = *pc;

  // The call to record: where it returns to, and the stack pointer it was
  // entered with (read through the value cache, not into the snapshot: the
  // recorder reads them, not the program).
  std::optional<target::CallConvention> call;
  uint64_t returnAddress = 0, entryStack = 0;
  if (request.untilReturn) {
    call = target.getCallConvention();
    if (!call)
      return makeError("the " + target.getName().str() +
                       " ISA has no calls to record until they return");
    llvm::Expected<uint64_t> ra = values.readInteger(call->returnAddress);
    llvm::Expected<uint64_t> sp =
        ra ? values.readInteger(call->stackPointer) : 0;
    if (!ra || !sp)
      return makeError("cannot read the call's return address and stack "
                       "pointer: " +
                       llvm::toString(ra ? sp.takeError() : ra.takeError()));
    returnAddress = *ra;
    entryStack = *sp;
  }

  for (uint64_t i = 0; i < request.count; ++i) {
    std::unique_ptr<target::DecodedInstruction> &slot = decoded[*pc];
    if (!slot) {
      llvm::Expected<std::unique_ptr<target::DecodedInstruction>> inst =
          target.decode(*pc, code);
      if (!inst)
        return inst.takeError();
      slot = std::move(*inst);
    }
    const target::DecodedInstruction &inst = *slot;
    std::string where = "pc " + target.formatPc(inst.pc) + ": ";

    // What it reads, from the registers as they are before the step.
    if (llvm::Error error = target.getEffects(inst, values, effects))
      return makeError(where + llvm::toString(std::move(error)));
    for (RegId reg : effects.regReads)
      if (llvm::Error error = snapshot.useRegister(reg, values))
        return makeError(where + "cannot read register '" +
                         target.getRegisters().get(reg).name + "': " +
                         llvm::toString(std::move(error)));
    // Loads that may stop at a fault (RISC-V's fault-only-first) are read
    // after the step, at the footprint the step executed: the end of the
    // largest one may not be readable.
    llvm::ArrayRef<target::MemoryRange> loadsBefore = effects.loads;
    if (effects.loadsMayStopAtFault)
      loadsBefore = {};
    for (const target::MemoryRange &range : loadsBefore)
      if (llvm::Error error = snapshot.useMemory(range)) {
        // Memory the device cannot read is most likely an access that
        // faults: let the device say so, in its words.
        llvm::Expected<StopReason> fault = debugger.step();
        if (fault && fault->kind == StopReason::Kind::Signalled) {
          llvm::consumeError(std::move(error));
          return makeError(where + "the device faulted: " + fault->message);
        }
        llvm::consumeError(fault.takeError());
        return makeError(
            where +
            llvm::formatv("cannot read what '{0}' reads from the device "
                          "({1}[{2}, {3})): {4}",
                          inst.getMnemonic(), target.getSpaceName(range.space),
                          range.addr, range.addr + range.bytes,
                          llvm::toString(std::move(error))));
      }

    llvm::Expected<StopReason> stop = debugger.step();
    if (!stop)
      return makeError(where + "cannot step the device: " +
                       llvm::toString(stop.takeError()));
    if (stop->kind == StopReason::Kind::Signalled)
      return makeError(where + "the device faulted: " + stop->message);

    values.forget(effects.regWrites);
    if (effects.loadsMayStopAtFault && !stop->ended()) {
      // A load changes no memory: the bytes it read are still there. Its
      // footprint is asked again with the registers it left (vl).
      target::InstructionEffects executed;
      if (llvm::Error error = target.getEffects(inst, values, executed))
        return makeError(where + llvm::toString(std::move(error)));
      for (const target::MemoryRange &range : executed.loads)
        if (llvm::Error error = snapshot.useMemory(range))
          return makeError(where + "cannot read what '" + inst.getMnemonic() +
                           "' read from the device: " +
                           llvm::toString(std::move(error)));
    }
    for (RegId reg : effects.regWrites)
      snapshot.wroteRegister(reg);
    for (const target::MemoryRange &range : effects.stores)
      snapshot.wroteMemory(range);

    // What the replay checks it against: the next PC, and the values the
    // target asks for (vl after a vsetvli). An instruction that cannot
    // change the control flow falls through: the device is asked only
    // after the others (a round trip saved on most steps; a fault would
    // have stopped the program with a signal).
    uint64_t nextPc = inst.pc + inst.size;
    after.clear();
    if (!stop->ended()) {
      if (effects.control != target::ControlKind::None) {
        pc = debugger.readPc();
        if (!pc)
          return makeError(where + "cannot read the next pc: " +
                           llvm::toString(pc.takeError()));
        nextPc = *pc;
      } else {
        pc = nextPc;
      }
      for (RegId reg : effects.recordAfter) {
        llvm::Expected<llvm::ArrayRef<uint8_t>> value = values.read(reg);
        if (!value)
          return makeError(where + "cannot read register '" +
                           target.getRegisters().get(reg).name +
                           "' after it: " + llvm::toString(value.takeError()));
        after.emplace_back(value->begin(), value->end());
      }
    }
    if (llvm::Error error = sink.onStep({inst, effects, nextPc, after}))
      return std::move(error);
    ++recording.instructions;
    if (stop->ended()) {
      recording.stop = std::move(*stop);
      break;
    }
    // The call returned: control went to its return address with the stack
    // as it was entered (deeper, it is a nested call of the same function).
    if (call && effects.control != target::ControlKind::None &&
        nextPc == returnAddress) {
      llvm::Expected<uint64_t> sp = values.readInteger(call->stackPointer);
      if (!sp)
        return makeError(where + "cannot read the stack pointer: " +
                         llvm::toString(sp.takeError()));
      if (*sp >= entryStack) {
        recording.returnedTo = nextPc;
        break;
      }
    }
  }
  recording.snapshot = snapshot.finish();
  recording.roundTrips = debugger.getRoundTrips() - roundTripsBefore;
  return std::move(recording);
}
