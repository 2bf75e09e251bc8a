//===- TimingCheckpoints.cpp - Replay a trace's variants from checkpoints -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/TimingCheckpoints.h"
#include "SimulatorRun.h"

#include "llvm/ADT/ScopeExit.h"

#include <atomic>

using namespace snr;
using namespace snr::sim;
using detail::Run;

struct TimingCheckpoints::Impl {
  MachineModel machine;
  SimInput input;
  unsigned interval = 0;
  /// The state before instruction k * interval, for each k.
  std::vector<Run::Snapshot> checkpoints;
  /// The latest cycle an instruction from k * interval on is ready.
  std::vector<uint64_t> readyFrom;
  uint64_t totalCycles = 0;
  /// Read by bench/ only; a proof may replay variants on several threads.
  mutable std::atomic<uint64_t> stepped{0}, variants{0};
};

TimingCheckpoints::TimingCheckpoints(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
TimingCheckpoints::TimingCheckpoints(TimingCheckpoints &&) = default;
TimingCheckpoints &TimingCheckpoints::operator=(TimingCheckpoints &&) = default;
TimingCheckpoints::~TimingCheckpoints() = default;

uint64_t TimingCheckpoints::getTotalCycles() const { return impl->totalCycles; }
uint64_t TimingCheckpoints::getSteppedInstructions() const {
  return impl->stepped;
}
uint64_t TimingCheckpoints::getVariantInstructions() const {
  return impl->variants;
}

llvm::Expected<TimingCheckpoints> TimingCheckpoints::record(
    const MachineModel &machine, llvm::ArrayRef<arch::Instruction> instructions,
    llvm::ArrayRef<arch::RecordedOutcome> outcomes, unsigned interval) {
  assert(interval > 0 && instructions.size() == outcomes.size());
  auto impl = std::make_unique<Impl>();
  impl->machine = machine;
  impl->input = {instructions, outcomes, /*checkPcFlow=*/false};
  impl->interval = interval;
  Run run(impl->machine, {}, impl->input, nullptr);
  run.start();
  size_t count = instructions.size();
  std::vector<uint64_t> blockReady;
  for (size_t i = 0; i < count; ++i) {
    if (i % interval == 0) {
      impl->checkpoints.push_back(run.save());
      blockReady.push_back(0);
    }
    if (llvm::Error error = run.step(i, instructions[i], outcomes[i]))
      return std::move(error);
    blockReady.back() = std::max(blockReady.back(), run.getLastReady());
  }
  impl->totalCycles = run.finish().totalCycles;
  impl->readyFrom.assign(blockReady.size(), 0);
  uint64_t latest = 0;
  for (size_t k = blockReady.size(); k-- > 0;)
    impl->readyFrom[k] = latest = std::max(latest, blockReady[k]);
  return TimingCheckpoints(std::move(impl));
}

struct TimingCheckpoints::Variant::State {
  State(const Impl &trace)
      : trace(trace), run(trace.machine, {}, trace.input, nullptr) {}
  const Impl &trace;
  Run run;
  /// The variant's index of the next instruction.
  uint64_t next = 0;
  uint64_t first = 0;
  uint64_t stepped = 0;
};

TimingCheckpoints::Variant::Variant(std::unique_ptr<State> state)
    : state(std::move(state)) {}
TimingCheckpoints::Variant::Variant(Variant &&) = default;
TimingCheckpoints::Variant::~Variant() = default;

llvm::Expected<TimingCheckpoints::Variant>
TimingCheckpoints::beginVariant(uint64_t first) const {
  const Impl &d = *impl;
  assert(first < d.input.instructions.size());
  auto state = std::make_unique<Variant::State>(d);
  Run &run = state->run;
  run.start();
  // The same instructions as the trace until the window: from the last
  // checkpoint before it.
  uint64_t from = first / d.interval * d.interval;
  run.restore(d.checkpoints[from / d.interval]);
  for (uint64_t j = from; j < first; ++j)
    if (llvm::Error error =
            run.step(j, d.input.instructions[j], d.input.outcomes[j]))
      return std::move(error);
  state->stepped = first - from;
  state->next = first;
  state->first = first;
  return Variant(std::move(state));
}

llvm::Error
TimingCheckpoints::Variant::step(const arch::Instruction &inst,
                                 const arch::RecordedOutcome &outcome) {
  // The run's link instances are the trace's: a variant moves the trace's
  // copies, it starts none on another link.
  if (!state->run.hasLinkFor(inst))
    return llvm::createStringError(
        "a variant of the trace starts a copy on a link the trace never "
        "uses (at its instruction " +
        std::to_string(state->next) + ")");
  ++state->stepped;
  return state->run.step(state->next++, inst, outcome);
}

llvm::Expected<uint64_t> TimingCheckpoints::Variant::finish(uint64_t last) {
  const Impl &d = state->trace;
  Run &run = state->run;
  llvm::ArrayRef<arch::Instruction> base = d.input.instructions;
  llvm::ArrayRef<arch::RecordedOutcome> outcomes = d.input.outcomes;
  assert(state->first <= last && last < base.size());
  // The variant's index of the trace's instruction j after the window.
  int64_t shift = int64_t(state->next) - int64_t(last + 1);
  d.variants += base.size() + shift;
  llvm::scope_exit count([&] { d.stepped += state->stepped; });
  // Until the state is the trace's at one of its checkpoints, shifted.
  for (uint64_t j = last + 1; j < base.size(); ++j) {
    if (j % d.interval == 0) {
      const Run::Snapshot &there = d.checkpoints[j / d.interval];
      Run::Snapshot here = run.save();
      if (Run::sameShifted(here, there)) {
        // From here on every instruction is ready `delta` cycles after
        // the trace's.
        int64_t delta =
            int64_t(here.carried.lastIssue - there.carried.lastIssue);
        return std::max(here.carried.totalCycles,
                        uint64_t(int64_t(d.readyFrom[j / d.interval]) + delta));
      }
    }
    ++state->stepped;
    if (llvm::Error error = run.step(j + shift, base[j], outcomes[j]))
      return std::move(error);
  }
  return run.finish().totalCycles;
}
