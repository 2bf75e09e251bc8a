//===- ReplayCheck.cpp - A trace reproduces its device --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ReplayCheck.h"
#include "SnR/Record/IntervalSet.h"
#include "SnR/Replay/Replay.h"
#include "SnR/Target/SnR/SnRTarget.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <map>
#include <set>

using namespace snr;
using namespace snr::record;

static llvm::Error mismatch(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "replay does not reproduce the device: " +
                                     message);
}

namespace {
/// Collects every register and memory byte the executed instructions of a
/// replay touch, as the replay resolves them.
class Footprint : public sim::SimListener {
public:
  void onRunStart(const sim::RunInfo &run) override {
    instructions = run.instructions;
  }
  void onIssue(const sim::IssueEvent &event) override {
    if (!event.executed)
      return;
    touched.clear();
    instructions->getRegisterAccesses(event.index, /*executed=*/true, touched,
                                      touched);
    for (target::RegId id : touched) {
      arch::Reg reg = target::SnRTarget::getReg(id);
      regs.insert({unsigned(reg.cls), reg.index});
    }
  }
  void onMemoryAccess(const sim::MemoryAccessEvent &a) override {
    auto [space, chip] = target::SnRTarget::getSpace(a.range.space);
    memory[{unsigned(space), chip}].insert(a.range.addr,
                                           a.range.addr + a.range.bytes);
  }

  std::set<std::pair<unsigned, unsigned>> regs;
  std::map<std::pair<unsigned, unsigned>, IntervalSet> memory;

private:
  const sim::InstructionTable *instructions = nullptr;
  llvm::SmallVector<target::RegId, 8> touched;
};
} // namespace

llvm::Error snr::record::checkReplay(const trace::Trace &trace,
                                     const sim::ArchState &deviceState) {
  // The functional core is the same on every machine; only the memory
  // sizes must be the device's.
  sim::MachineModel machine = sim::getDefaultMachineModel();
  machine.memory = deviceState.sizes;
  Footprint footprint;
  for (const trace::SnapshotRegister &r : trace.registers)
    footprint.regs.insert({unsigned(r.reg.cls), r.reg.index});
  llvm::Expected<replay::Run> run = replay::replay(trace, machine, {&footprint});
  if (!run)
    return run.takeError();
  const sim::ArchState &replay = *run->finalState;
  const auto &regs = footprint.regs;
  const auto &memory = footprint.memory;

  for (auto [cls, index] : regs) {
    arch::Reg reg{arch::RegClass(cls), uint8_t(index)};
    bool scalarLike = !arch::holdsLanes(reg.cls);
    // Lanes compare as bit patterns: a NaN equals itself, and -0.0 is not
    // +0.0 (float == would say the opposite of both).
    bool same = scalarLike ? replay.readScalarLike(reg) ==
                                 deviceState.readScalarLike(reg)
                           : std::memcmp(replay.readVectorLike(reg).data(),
                                         deviceState.readVectorLike(reg).data(),
                                         sizeof(sim::Vector)) == 0;
    if (!same)
      return mismatch("register " + arch::formatReg(reg) + " differs");
  }
  std::vector<uint8_t> a, b;
  for (auto &[key, ranges] : memory) {
    auto space = arch::MemSpace(key.first);
    const sim::SparseMemory *mine = replay.findMemory(space, key.second);
    const sim::SparseMemory *theirs = deviceState.findMemory(space, key.second);
    bool differs = false;
    uint64_t where = 0;
    ranges.forEach([&](uint64_t begin, uint64_t end) {
      if (differs)
        return;
      a.assign(end - begin, 0);
      b.assign(end - begin, 0);
      if (mine)
        mine->read(begin, a);
      if (theirs)
        theirs->read(begin, b);
      if (a != b) {
        differs = true;
        where = begin;
      }
    });
    if (differs)
      return mismatch(llvm::formatv("{0} bytes in the range starting at {1} "
                                    "differ",
                                    arch::getMemSpaceName(space), where));
  }
  return llvm::Error::success();
}

llvm::Error snr::record::checkWrittenReplay(llvm::StringRef fileBytes,
                                            llvm::StringRef fileName,
                                            const sim::ArchState &deviceState) {
  trace::ReaderOptions options;
  options.memorySizes = deviceState.sizes;
  llvm::Expected<trace::Trace> written = trace::loadTrace(
      llvm::MemoryBufferRef(fileBytes, fileName), fileName, options);
  if (!written)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the trace as written does not read back: " +
                                       llvm::toString(written.takeError()));
  return checkReplay(*written, deviceState);
}
