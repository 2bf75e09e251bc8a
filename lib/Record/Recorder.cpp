//===- Recorder.cpp - Algorithm 1: record a minimal trace -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/Recorder.h"
#include "SnR/Record/IntervalSet.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace snr;
using namespace snr::record;

llvm::Error snr::record::runUntil(
    StepDebugger &debugger,
    llvm::function_ref<bool(const arch::Instruction &)> stop,
    uint64_t maxSteps) {
  for (uint64_t steps = 0;; ++steps) {
    llvm::Expected<arch::Instruction> inst = debugger.fetch();
    if (!inst)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "the break point was never reached: " +
              llvm::toString(inst.takeError()));
    if (stop(*inst))
      return llvm::Error::success();
    if (steps == maxSteps)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("the break point was not reached in {0} steps",
                        maxSteps));
    if (llvm::Error error = debugger.step())
      return error;
  }
}

namespace {
/// Algorithm 1's bookkeeping: what the trace has written so far, and what it
/// has already saved.
class MinimalSnapshot {
public:
  explicit MinimalSnapshot(StepDebugger &debugger) : debugger(debugger) {}

  /// Reads `reg` from the device; saves it if the trace has not written it.
  llvm::Expected<RegisterValue> use(arch::Reg reg) {
    llvm::Expected<RegisterValue> value = debugger.readRegister(reg);
    if (value && !written.contains(key(reg)) && saved.insert(key(reg)).second)
      registers.push_back({reg, value->scalar, value->lanes});
    return value;
  }

  /// Saves the bytes of [addr, addr + bytes) the trace has neither written
  /// nor saved yet.
  llvm::Error useMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                        uint64_t bytes) {
    Memory &memory = memories[{unsigned(space), chip}];
    llvm::Error error = llvm::Error::success();
    (void)bool(error);
    // The gaps are collected first: saving one merges it into `saved`,
    // which must not change while forEachGap walks it.
    llvm::SmallVector<std::pair<uint64_t, uint64_t>, 4> gaps;
    memory.written.forEachGap(addr, addr + bytes, [&](uint64_t b, uint64_t e) {
      memory.saved.forEachGap(
          b, e, [&](uint64_t gb, uint64_t ge) { gaps.push_back({gb, ge}); });
    });
    for (auto [gb, ge] : gaps) {
      std::vector<uint8_t> data(ge - gb);
      if ((error = debugger.readMemory(space, chip, gb, data)))
        return error;
      memory.saved.insert(gb, ge);
      regions.push_back({space, chip, gb, std::move(data)});
    }
    return error;
  }

  void wroteRegister(arch::Reg reg) { written.insert(key(reg)); }
  void wroteMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                   uint64_t bytes) {
    memories[{unsigned(space), chip}].written.insert(addr, addr + bytes);
  }

  /// Moves the snapshot into `trace`, sorted and with adjacent regions merged.
  void finish(trace::Trace &trace) {
    llvm::sort(registers, [](const auto &a, const auto &b) {
      return a.reg < b.reg;
    });
    llvm::sort(regions, [](const auto &a, const auto &b) {
      return std::tie(a.space, a.chip, a.addr) <
             std::tie(b.space, b.chip, b.addr);
    });
    for (trace::SnapshotMemory &region : regions) {
      trace::SnapshotMemory *last =
          trace.memory.empty() ? nullptr : &trace.memory.back();
      if (last && last->space == region.space && last->chip == region.chip &&
          last->addr + last->bytes.size() == region.addr)
        last->bytes.insert(last->bytes.end(), region.bytes.begin(),
                           region.bytes.end());
      else
        trace.memory.push_back(std::move(region));
    }
    trace.registers = std::move(registers);
  }

private:
  static unsigned key(arch::Reg reg) {
    return unsigned(reg.cls) << 8 | reg.index;
  }
  struct Memory {
    IntervalSet written, saved;
  };

  StepDebugger &debugger;
  llvm::DenseSet<unsigned> written, saved;
  std::map<std::pair<unsigned, unsigned>, Memory> memories;
  std::vector<trace::SnapshotRegister> registers;
  std::vector<trace::SnapshotMemory> regions;
};

struct PendingAccess {
  arch::MemSpace space;
  unsigned chip;
  uint64_t addr, bytes;
  bool isWrite;
};
} // namespace

llvm::Expected<trace::Trace> snr::record::recordTrace(StepDebugger &debugger,
                                                      uint64_t count,
                                                      InstructionSink sink) {
  trace::Trace trace;
  uint64_t recorded = 0;
  MinimalSnapshot snapshot(debugger);
  for (uint64_t i = 0; i < count; ++i) {
    llvm::Expected<arch::Instruction> fetched = debugger.fetch();
    if (!fetched)
      return fetched.takeError();
    const arch::Instruction &inst = *fetched;
    if (i == 0)
      trace.header.startPc = inst.pc;

    // The guard is read first; a false guard reads nothing else.
    trace::RecordedOutcome outcome;
    bool ran = true;
    if (inst.guard.present) {
      auto guard = snapshot.use({arch::RegClass::Pred, inst.guard.reg});
      if (!guard)
        return guard.takeError();
      ran = (guard->scalar != 0) != inst.guard.negated;
      outcome.executed = ran;
    }
    if (arch::isBranch(inst.opcode))
      outcome.taken = ran;

    llvm::SmallVector<PendingAccess, 2> accesses;
    if (ran) {
      llvm::SmallVector<arch::Reg, 8> reads;
      arch::getRegisterReads(inst, reads);
      for (arch::Reg reg : reads)
        if (auto value = snapshot.use(reg); !value)
          return value.takeError();
      // Addresses from the registers as they are before the step.
      llvm::SmallVector<arch::MemAccess, 2> memAccesses;
      arch::getMemoryAccesses(inst, memAccesses);
      for (const arch::MemAccess &access : memAccesses) {
        int32_t baseValue = 0;
        if (access.operand->hasBase) {
          auto base = debugger.readRegister(
              {arch::RegClass::Scalar, access.operand->base});
          if (!base)
            return base.takeError();
          baseValue = int32_t(base->scalar);
        }
        int64_t addr = arch::effectiveAddress(*access.operand, baseValue);
        // A bad address faults in step() below, with the device's message.
        if (addr < 0)
          continue;
        accesses.push_back({access.operand->space, access.operand->chip,
                            uint64_t(addr), access.bytes, access.isWrite});
      }
      for (const PendingAccess &a : accesses)
        if (!a.isWrite)
          if (llvm::Error error =
                  snapshot.useMemory(a.space, a.chip, a.addr, a.bytes)) {
            // Memory the device cannot read is most likely an access that
            // faults: let the device say so, in its words.
            if (llvm::Error fault = debugger.step()) {
              llvm::consumeError(std::move(error));
              return llvm::createStringError(
                  llvm::inconvertibleErrorCode(),
                  llvm::formatv("pc {0}: the device faulted: {1}", inst.pc,
                                llvm::toString(std::move(fault))));
            }
            return llvm::createStringError(
                llvm::inconvertibleErrorCode(),
                llvm::formatv("pc {0}: cannot read what '{1}' reads from the "
                              "device: {2}",
                              inst.pc, arch::getMnemonic(inst.opcode),
                              llvm::toString(std::move(error))));
          }
    }

    if (llvm::Error error = debugger.step())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("pc {0}: the device faulted: {1}", inst.pc,
                        llvm::toString(std::move(error))));

    if (ran) {
      llvm::SmallVector<arch::Reg, 4> writes;
      arch::getRegisterWrites(inst, writes);
      for (arch::Reg reg : writes)
        snapshot.wroteRegister(reg);
      for (const PendingAccess &a : accesses)
        if (a.isWrite)
          snapshot.wroteMemory(a.space, a.chip, a.addr, a.bytes);
    }
    ++recorded;
    if (sink) {
      sink(inst, outcome);
    } else {
      trace.instructions.push_back(inst);
      trace.outcomes.push_back(outcome);
    }
    if (inst.opcode == arch::Opcode::Halt && ran)
      break;
  }
  snapshot.finish(trace);
  trace.header.instructionCount = recorded;
  return trace;
}
