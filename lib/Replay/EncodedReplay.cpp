//===- EncodedReplay.cpp - Replay a trace of another ISA ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Target/TargetRegistry.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::replay;
using target::RegId;

char EncodedReplayError::ID = 0;

void EncodedReplayError::log(llvm::raw_ostream &os) const {
  if (!fileName.empty()) {
    os << fileName;
    if (line)
      os << ':' << line << ":1";
    os << ": ";
  }
  os << "replay " << (diverged ? "diverges" : "fails") << " at instruction "
     << index << " (pc " << pc;
  if (!mnemonic.empty())
    os << ", '" << mnemonic << "'";
  os << "): " << what;
}

std::error_code EncodedReplayError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

EncodedReplayListener::~EncodedReplayListener() = default;

static llvm::Error traceError(const trace::EncodedTrace &trace,
                              trace::SourcePos pos,
                              const llvm::Twine &message) {
  return llvm::make_error<trace::TraceError>(trace.fileName, pos,
                                             message.str());
}

llvm::Error snr::replay::applySnapshot(const trace::EncodedTrace &trace,
                                       const target::Target &target,
                                       target::MachineState &state) {
  const target::RegisterMap &registers = target.getRegisters();
  // A register set twice under two names ("a0" and "x10").
  llvm::DenseMap<RegId, unsigned> setOn;
  for (const trace::EncodedTrace::Register &r : trace.registers) {
    std::optional<RegId> reg = registers.lookup(r.name);
    if (!reg)
      return traceError(trace, r.pos,
                        "'" + r.name + "' is not a register of " +
                            target.getName());
    const target::RegisterInfo &info = registers.get(*reg);
    if (r.bytes.size() != info.bytes)
      return traceError(
          trace, r.pos,
          llvm::formatv("'{0}' has {1} byte(s); {2}'s '{3}' is {4} bytes "
                        "wide{5}",
                        r.name, r.bytes.size(), target.getName(), info.name,
                        info.bytes,
                        info.file == "vr" ? " (the header's vlenb)" : ""));
    auto [it, inserted] = setOn.try_emplace(*reg, r.pos.line);
    if (!inserted)
      return traceError(trace, r.pos,
                        llvm::formatv("'{0}' is '{1}', which line {2} "
                                      "already set",
                                      r.name, info.name, it->second));
    if (info.name == "vlenb") {
      uint64_t value = 0;
      for (size_t i = 0; i < r.bytes.size() && i < 8; ++i)
        value |= uint64_t(r.bytes[i]) << (8 * i);
      if (trace.header.vlenb && value != *trace.header.vlenb)
        return traceError(trace, r.pos,
                          llvm::formatv("'vlenb' is {0}, but the header says "
                                        "{1}",
                                        value, *trace.header.vlenb));
    }
    state.writeRegister(*reg, r.bytes);
  }
  for (const trace::EncodedTrace::Region &m : trace.memory) {
    std::optional<target::SpaceId> space;
    std::string names;
    for (target::SpaceId s = 0; s < target.getNumSpaces(); ++s) {
      std::string name = target.getSpaceName(s);
      if (name == m.space)
        space = s;
      names += (names.empty() ? "" : ", ") + name;
    }
    if (!space)
      return traceError(trace, m.pos,
                        "'" + m.space + "' is not an address space of " +
                            target.getName() + " (" + names + ")");
    state.writeMemory(*space, m.addr, m.bytes);
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<target::Target>>
snr::replay::createTargetForTrace(const trace::EncodedTrace &trace) {
  llvm::Expected<std::unique_ptr<target::Target>> made =
      target::createTargetForIsa(trace.header.isa, trace.header.isaString,
                                 trace.header.vlenb);
  if (!made)
    return traceError(trace, {1, 1}, llvm::toString(made.takeError()));
  if (!(*made)->getSemantics())
    return traceError(trace, {1, 1},
                      "SnR has no functional model of " + (*made)->getName() +
                          " to replay the trace on");
  return std::move(*made);
}

namespace {

/// The instruction's bytes, for the target's decoder.
class EncodingReader : public target::CodeReader {
public:
  EncodingReader(uint64_t pc, llvm::ArrayRef<uint8_t> bytes)
      : pc(pc), bytes(bytes) {}
  llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t at, unsigned count) override {
    llvm::SmallVector<uint8_t, 4> out;
    for (uint64_t i = at - pc; i < bytes.size() && out.size() < count; ++i)
      out.push_back(bytes[i]);
    return out;
  }

private:
  uint64_t pc;
  llvm::ArrayRef<uint8_t> bytes;
};

/// The `after` values of the instruction being replayed.
class AfterValues : public target::RecordedValues {
public:
  std::optional<uint64_t> lookup(RegId reg) const override {
    for (const auto &[r, value] : values)
      if (r == reg)
        return value;
    return std::nullopt;
  }
  llvm::SmallVector<std::pair<RegId, uint64_t>, 4> values;
};

/// A static instruction: decoded and prepared once.
struct StaticInstruction {
  uint64_t word = 0;
  uint8_t size = 0;
  std::unique_ptr<target::DecodedInstruction> inst;
  std::unique_ptr<target::PreparedInstruction> prepared;
  std::string mnemonic;
};

class Replayer {
public:
  Replayer(const trace::EncodedTrace &trace, const target::Target &target,
           llvm::ArrayRef<EncodedReplayListener *> listeners)
      : trace(trace), target(target), semantics(*target.getSemantics()),
        listeners(listeners) {}

  llvm::Expected<EncodedRun> run();

private:
  llvm::Error fail(uint64_t index, const trace::EncodedTrace::Instruction &rec,
                   const StaticInstruction *inst, const llvm::Twine &what,
                   bool diverged) {
    return llvm::make_error<EncodedReplayError>(
        trace.fileName, rec.line, index, target.formatPc(rec.pc),
        inst ? inst->mnemonic : std::string(), what.str(), diverged);
  }
  /// The static instruction of `rec`, decoded and prepared on first use.
  llvm::Expected<StaticInstruction *>
  lookup(uint64_t index, const trace::EncodedTrace::Instruction &rec);

  const trace::EncodedTrace &trace;
  const target::Target &target;
  const target::Semantics &semantics;
  llvm::ArrayRef<EncodedReplayListener *> listeners;
  llvm::DenseMap<uint64_t, std::unique_ptr<StaticInstruction>> statics;
  /// The RegId of each `after` name (by its index in the trace).
  std::vector<std::optional<RegId>> afterRegs;
};

llvm::Expected<StaticInstruction *>
Replayer::lookup(uint64_t index, const trace::EncodedTrace::Instruction &rec) {
  std::unique_ptr<StaticInstruction> &slot = statics[rec.pc];
  if (slot) {
    if (slot->word != rec.word || slot->size != rec.size)
      return fail(index, rec, slot.get(),
                  llvm::formatv("the trace has another encoding at this pc "
                                "than before (self-modifying code is not "
                                "replayed)"),
                  false);
    return slot.get();
  }
  auto entry = std::make_unique<StaticInstruction>();
  entry->word = rec.word;
  entry->size = rec.size;
  llvm::SmallVector<uint8_t, 8> bytes = rec.bytes();
  EncodingReader reader(rec.pc, bytes);
  llvm::Expected<std::unique_ptr<target::DecodedInstruction>> decoded =
      target.decode(rec.pc, reader);
  if (!decoded)
    // The decoder's message names the PC and the bytes.
    return traceError(trace, {rec.line, 1},
                      llvm::formatv("instruction {0}: {1}", index,
                                    llvm::toString(decoded.takeError())));
  entry->inst = std::move(*decoded);
  entry->mnemonic = entry->inst->getMnemonic();
  if (entry->inst->size != rec.size)
    return fail(index, rec, entry.get(),
                llvm::formatv("'enc' has {0} byte(s), but they decode as a "
                              "{1}-byte instruction",
                              unsigned(rec.size), entry->inst->size),
                false);
  llvm::Expected<std::unique_ptr<target::PreparedInstruction>> prepared =
      semantics.prepare(*entry->inst);
  if (!prepared)
    return fail(index, rec, entry.get(), llvm::toString(prepared.takeError()),
                false);
  entry->prepared = std::move(*prepared);
  slot = std::move(entry);
  return slot.get();
}

llvm::Expected<EncodedRun> Replayer::run() {
  EncodedRun result;
  result.finalState = semantics.createState();
  target::MachineState &state = *result.finalState;
  if (llvm::Error error = applySnapshot(trace, target, state))
    return std::move(error);
  state.setPc(trace.header.startPc);

  afterRegs.resize(trace.afterNames.size());
  for (size_t i = 0; i < trace.afterNames.size(); ++i)
    afterRegs[i] = target.getRegisters().lookup(trace.afterNames[i]);

  for (EncodedReplayListener *listener : listeners)
    if (llvm::Error error = listener->onStart(state))
      return std::move(error);

  AfterValues after;
  target::StepResult step;
  size_t count = trace.instructions.size();
  for (uint64_t index = 0; index < count; ++index) {
    const trace::EncodedTrace::Instruction &rec = trace.instructions[index];
    if (step.ended)
      return fail(index, rec, nullptr,
                  llvm::formatv("the program ended at instruction {0}, the "
                                "instruction before it",
                                index - 1),
                  true);
    // The reader checked that each pc is the recorded next pc of the one
    // before; the replay checked its own against that.
    llvm::Expected<StaticInstruction *> found = lookup(index, rec);
    if (!found)
      return found.takeError();
    StaticInstruction &inst = **found;

    after.values.clear();
    for (const trace::EncodedTrace::After &a : trace.getAfter(rec)) {
      if (!afterRegs[a.name])
        return fail(index, rec, &inst,
                    "'after' names '" + trace.afterNames[a.name] +
                        "', which is not a register of " + target.getName(),
                    false);
      after.values.push_back({*afterRegs[a.name], a.value});
    }

    ReplayStep replayStep{index, rec, *inst.inst, state};
    for (EncodedReplayListener *listener : listeners)
      if (llvm::Error error = listener->beforeInstruction(replayStep))
        return std::move(error);

    step = target::StepResult();
    if (llvm::Error error =
            semantics.execute(*inst.prepared, state, after, step))
      return fail(index, rec, &inst, llvm::toString(std::move(error)), false);

    if (state.getPc() != rec.nextPc)
      return fail(index, rec, &inst,
                  "recorded next pc " + target.formatPc(rec.nextPc) +
                      ", computed " + target.formatPc(state.getPc()),
                  true);
    for (const auto &[reg, value] : after.values) {
      llvm::Expected<uint64_t> computed = state.readInteger(reg);
      if (!computed)
        return fail(index, rec, &inst, llvm::toString(computed.takeError()),
                    false);
      if (*computed != value)
        return fail(index, rec, &inst,
                    llvm::formatv("recorded {0} {1} after it, computed {2}",
                                  target.getRegisters().get(reg).name, value,
                                  *computed),
                    true);
    }

    for (EncodedReplayListener *listener : listeners)
      if (llvm::Error error = listener->afterInstruction(replayStep))
        return std::move(error);
  }
  result.instructions = count;
  result.staticInstructions = statics.size();
  result.ended = step.ended;
  return std::move(result);
}

} // namespace

llvm::Expected<EncodedRun> snr::replay::replayEncodedTrace(
    const trace::EncodedTrace &trace, const target::Target &target,
    llvm::ArrayRef<EncodedReplayListener *> listeners) {
  if (!target.getSemantics())
    return llvm::make_error<trace::TraceError>(
        trace.fileName, trace::SourcePos{1, 1},
        "SnR has no functional model of " + target.getName().str() +
            " to replay the trace on");
  if (!trace.header.isa.empty() && trace.header.isa != target.getName())
    return llvm::make_error<trace::TraceError>(
        trace.fileName, trace::SourcePos{1, 1},
        "the trace is of ISA '" + trace.header.isa + "', not " +
            target.getName().str());
  Replayer replayer(trace, target, listeners);
  return replayer.run();
}
