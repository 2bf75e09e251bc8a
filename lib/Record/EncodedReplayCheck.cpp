//===- EncodedReplayCheck.cpp - A trace reproduces its device -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/EncodedReplayCheck.h"
#include "SnR/Record/IntervalSet.h"
#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Trace/EncodedTrace.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace snr;
using namespace snr::record;
using target::RegId;

namespace {

/// Every register an instruction of the replay writes and every byte it
/// stores, as the target describes the instruction's effects with the
/// state it runs from.
class Footprint : public replay::EncodedReplayListener {
public:
  explicit Footprint(const target::Target &target)
      : target(target), registers(unsigned(target.getRegisters().size())) {}

  llvm::Error beforeInstruction(const replay::ReplayStep &step) override {
    if (llvm::Error error = target.getEffects(step.inst, step.state, effects))
      return llvm::createStringError(
          llvm::formatv("instruction {0}: {1}", step.index,
                        llvm::toString(std::move(error))));
    for (RegId reg : effects.regWrites)
      registers.set(reg);
    for (const target::MemoryRange &range : effects.stores)
      stores[range.space].insert(range.addr, range.addr + range.bytes);
    return llvm::Error::success();
  }

  const target::Target &target;
  target::InstructionEffects effects;
  llvm::BitVector registers;
  std::map<target::SpaceId, IntervalSet> stores;
};

std::string formatBytes(llvm::ArrayRef<uint8_t> bytes) {
  if (bytes.size() <= 8) {
    uint64_t value = 0;
    for (size_t i = 0; i < bytes.size(); ++i)
      value |= uint64_t(bytes[i]) << (8 * i);
    return llvm::formatv("{0:x}", value).str();
  }
  // Wide registers as their bytes, least significant first, as traces
  // spell them.
  std::string text;
  for (uint8_t b : bytes)
    text += llvm::utohexstr(b, /*LowerCase=*/true, /*Width=*/2);
  return text;
}

llvm::Error mismatch(llvm::ArrayRef<std::string> differences, size_t total) {
  std::string text =
      "replay does not reproduce the device at the end of the window: ";
  for (size_t i = 0; i < differences.size(); ++i)
    text += (i ? "; " : "") + differences[i];
  if (total > differences.size())
    text += llvm::formatv("; and {0} more", total - differences.size()).str();
  return llvm::createStringError(text);
}

} // namespace

llvm::Expected<EncodedCheck> snr::record::checkEncodedReplay(
    llvm::StringRef fileBytes, llvm::StringRef fileName,
    const target::Target &target, StepDebugger &device, bool deviceEnded) {
  llvm::Expected<trace::EncodedTrace> written = trace::loadEncodedTrace(
      llvm::MemoryBufferRef(fileBytes, fileName), fileName);
  if (!written)
    return llvm::createStringError("the trace as written does not read back: " +
                                   llvm::toString(written.takeError()));
  Footprint footprint(target);
  llvm::Expected<replay::EncodedRun> run =
      replay::replayEncodedTrace(*written, target, {&footprint});
  if (!run)
    return run.takeError();
  EncodedCheck check;
  check.instructions = run->instructions;
  if (deviceEnded)
    return check;

  target::MachineState &state = *run->finalState;
  const target::RegisterMap &map = target.getRegisters();
  for (const trace::EncodedTrace::Register &r : written->registers)
    if (std::optional<RegId> reg = map.lookup(r.name))
      footprint.registers.set(*reg);
  if (std::optional<RegId> pc = map.lookup("pc"))
    footprint.registers.set(*pc);

  constexpr size_t kShown = 8;
  std::vector<std::string> differences;
  size_t total = 0;
  llvm::SmallVector<uint8_t, 64> theirs;
  for (unsigned reg : footprint.registers.set_bits()) {
    if (map.get(reg).name == "zero")
      continue;
    llvm::Expected<llvm::ArrayRef<uint8_t>> mine = state.read(reg);
    if (!mine)
      return mine.takeError();
    theirs.clear();
    if (llvm::Error error = device.readRegister(reg, theirs))
      return llvm::createStringError(
          "cannot read register '" + map.get(reg).name +
          "' to check it: " + llvm::toString(std::move(error)));
    ++check.registers;
    if (llvm::ArrayRef<uint8_t>(theirs) == *mine)
      continue;
    if (++total <= kShown)
      differences.push_back(llvm::formatv("register '{0}' is {1} in the "
                                          "replay, {2} on the device",
                                          map.get(reg).name, formatBytes(*mine),
                                          formatBytes(theirs))
                                .str());
  }

  std::vector<uint8_t> a, b;
  for (auto &[space, ranges] : footprint.stores) {
    llvm::Error error = llvm::Error::success();
    ranges.forEach([&](uint64_t begin, uint64_t end) {
      if (error)
        return;
      a.assign(end - begin, 0);
      b.assign(end - begin, 0);
      state.readMemory(space, begin, a);
      if ((error = device.readMemory(space, begin, b)))
        return;
      check.bytes += end - begin;
      size_t differing = 0, first = 0;
      for (size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i] && differing++ == 0)
          first = i;
      if (!differing)
        return;
      if (++total <= kShown)
        differences.push_back(
            llvm::formatv("{0}[{1:x}, {2:x}) differs in {3} byte(s), first "
                          "at {4:x}: {5:x2} in the replay, {6:x2} on the "
                          "device",
                          target.getSpaceName(space), begin, end, differing,
                          begin + first, a[first], b[first])
                .str());
    });
    if (error)
      return llvm::createStringError("cannot read the memory the trace wrote "
                                     "to check it: " +
                                     llvm::toString(std::move(error)));
  }
  if (total)
    return mismatch(differences, total);
  return check;
}
