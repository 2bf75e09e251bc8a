//===- Simulator.cpp - The cycle-level reference model --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One pass over the trace, computing each instruction's issue cycle from the
// constraints that hold at its in-order slot, and taking the latest:
//
//   slot      = the previous issue cycle, or the next one if the bundle is full
//   branch    = a taken branch before it: its issue + 1 + refill penalty
//   scoreboard= every register it reads or writes is ready
//   unit      = its unit accepts a new instruction
//   fence     = every earlier instruction's result is ready
//   dma.wait  = every DMA outstanding on its flag has completed
//
// The stall is the number of cycles in which nothing issued before it (issue
// - previous issue - 1), charged to the constraint that bound last. No
// cycle-by-cycle ticking: the cost is per instruction, not per cycle.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/Simulator.h"
#include "SimulatorRun.h"
#include "SnR/Sim/DmaEngine.h"
#include "SnR/Sim/FunctionalCore.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Support/Limits.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "llvm/Support/FormatVariadic.h"

#include <optional>
#include <set>

using namespace snr;
using namespace snr::sim;

char DivergenceError::ID = 0;

void DivergenceError::log(llvm::raw_ostream &os) const { os << message; }

std::error_code DivergenceError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

SimListener::~SimListener() = default;

namespace {
/// Scoreboard slots: 32 per register class. DMA flags are not in it: the DMA
/// engine decides when a wait on them can go.
using arch::kNumRegSlots;
unsigned slotOf(arch::Reg reg) { return arch::getRegSlot(reg); }
using target::SnRTarget;
} // namespace

using detail::Run;

void Run::createLinkInstances() {
  // Every link of the machine, in its order; then the per-chip links once
  // per remote chip the trace reaches, chips in increasing order. Names are
  // thereby the same for the same trace and machine.
  std::set<unsigned> chips;
  for (const arch::Instruction &inst : input.instructions)
    if (inst.opcode == arch::Opcode::DmaIssue) {
      if (inst.src.space == arch::MemSpace::RemoteHbm)
        chips.insert(inst.src.chip);
      if (inst.dst.space == arch::MemSpace::RemoteHbm)
        chips.insert(inst.dst.chip);
    }
  nonRemoteInstance.assign(machine.links.size(), -1);
  perChipInstance.assign(machine.links.size(), {});
  for (unsigned spec = 0; spec < machine.links.size(); ++spec) {
    const LinkSpec &link = machine.links[spec];
    if (!link.perChip)
      nonRemoteInstance[spec] = engine.getLinkInstance(link.src, link.dst, 0);
  }
  for (unsigned spec = 0; spec < machine.links.size(); ++spec) {
    const LinkSpec &link = machine.links[spec];
    if (!link.perChip)
      continue;
    perChipInstance[spec].assign(arch::kMaxChips, -1);
    for (unsigned chip : chips)
      perChipInstance[spec][chip] =
          engine.getLinkInstance(link.src, link.dst, chip);
  }
  for (unsigned i = 0; i < engine.getNumLinkInstances(); ++i)
    linkNames.push_back(engine.getLinkInstanceName(i));
}

void Run::start() {
  createLinkInstances();
  if (notify) {
    model.emplace(describeSnRModel(machine));
    table.emplace(input.instructions, machine);
  }
  RunInfo info;
  info.model = model ? &*model : nullptr;
  info.instructions = table ? &*table : nullptr;
  info.functional = state != nullptr;
  info.linkNames = linkNames;
  for (SimListener *listener : listeners)
    listener->onRunStart(info);
  summary.instructions = input.instructions.size();
}

llvm::Expected<RunSummary> Run::simulate() {
  start();
  const size_t count = input.instructions.size();
  for (size_t i = 0; i < count; ++i)
    if (llvm::Error error = step(i, input.instructions[i], input.outcomes[i]))
      return std::move(error);
  return finish();
}

llvm::Error Run::step(uint64_t i, const arch::Instruction &inst,
                      const arch::RecordedOutcome &recorded) {
  {
    // Values first: they decide whether the instruction takes effect.
    bool executed = recorded.executed.value_or(true);
    bool taken = arch::isBranch(inst.opcode) && executed;
    accesses.clear();
    if (state) {
      state->pc = inst.pc;
      StepResult result = execute(inst, *state, &accesses);
      if (!result.ok())
        return llvm::make_error<DivergenceError>(
            i, "the instruction faults in the model: " + result.error);
      std::optional<uint64_t> nextPc;
      if (i + 1 < input.instructions.size() && input.checkPcFlow)
        nextPc = input.instructions[i + 1].pc;
      std::string mismatch = compareWithRecord(
          result, recorded.executed, recorded.taken, state->pc, nextPc);
      if (!mismatch.empty())
        return llvm::make_error<DivergenceError>(i, mismatch);
      executed = result.executed;
      taken = result.taken;
    }

    // The in-order slot and every constraint on top of it.
    const arch::Unit unit = arch::getUnit(inst.opcode);
    const LatencySpec &latency =
        machine.getLatency(arch::getLatencyClass(inst.opcode));
    uint64_t slot = carried.issuedInCycle >= machine.issueWidth
                        ? carried.lastIssue + 1
                        : carried.lastIssue;
    // Cycles in which nothing issues before this instruction are its stall:
    // issuing in the next cycle (or in the same bundle) is not a stall.
    const uint64_t idleFrom = i == 0 ? 0 : carried.lastIssue + 1;
    earliest = slot;
    binding = SnRStall::None;
    bindingCause = kNoIndex;
    consider(carried.redirect, SnRStall::Branch, carried.redirectCause);

    reads.clear();
    writes.clear();
    arch::getRegisterAccesses(inst, executed, reads, writes);
    for (arch::Reg reg : reads)
      if (reg.cls != arch::RegClass::Flag)
        consider(carried.ready[slotOf(reg)], SnRStall::Scoreboard,
                 carried.producer[slotOf(reg)]);
    for (arch::Reg reg : writes) // WAW: one pending write per register
      if (reg.cls != arch::RegClass::Flag)
        consider(carried.ready[slotOf(reg)], SnRStall::Scoreboard,
                 carried.producer[slotOf(reg)]);
    if (executed) {
      consider(carried.unitFree[unsigned(unit)], SnRStall::UnitBusy,
               carried.unitLast[unsigned(unit)]);
      if (inst.opcode == arch::Opcode::Fence)
        consider(carried.maxReady, SnRStall::Fence, carried.maxReadyIndex);
    }

    // A wait goes when the DMAs on its flag are done.
    uint64_t issue = earliest;
    DmaWaitEvent wait;
    bool isWait = executed && inst.opcode == arch::Opcode::DmaWait;
    if (isWait) {
      wait.index = i;
      wait.sync = inst.flag;
      wait.readyCycle = earliest;
      waited.assign(carried.outstanding[inst.flag].begin(),
                    carried.outstanding[inst.flag].end());
      carried.outstanding[inst.flag].clear();
      uint64_t complete = 0;
      for (uint32_t id : waited) {
        uint64_t done = engine.waitFor(id);
        if (done >= complete) { // ties: the later DMA carries the stall
          complete = done;
          wait.charged = id;
        }
      }
      wait.dmas = waited;
      carried.outstandingCount -= waited.size();
      if (!waited.empty()) {
        const DmaTransfer &charged = engine.get(wait.charged);
        if (complete > earliest) {
          // The split covers the wait's idle issue cycles, as its stall
          // does: none before idleFrom (it could have shared the previous
          // instruction's cycle but not gone earlier than it).
          uint64_t from = std::max(earliest, idleFrom);
          // The wait is reached where its idle cycles start, so that
          // base = base end - reached and transfer = completion - the later
          // of the two, as metrics.json reports them, at every issue width.
          wait.readyCycle = from;
          uint64_t baseEnd = std::min(charged.baseEndCycle, complete);
          wait.baseStall = baseEnd > from ? baseEnd - from : 0;
          wait.transferStall =
              complete > from ? complete - from - wait.baseStall : 0;
          issue = complete;
          binding = SnRStall::DmaWait;
          bindingCause = notify ? dmaIndex[wait.charged] : kNoIndex;
        } else {
          wait.slack = earliest - complete;
        }
      }
      wait.issueCycle = issue;
    }

    // Issue.
    uint64_t readyAt = issue + (executed ? latency.latency : 1);
    if (issue == carried.lastIssue && i != 0) {
      ++carried.issuedInCycle;
    } else {
      carried.lastIssue = issue;
      carried.issuedInCycle = 1;
    }
    for (arch::Reg reg : writes)
      if (reg.cls != arch::RegClass::Flag) {
        carried.ready[slotOf(reg)] = readyAt;
        carried.producer[slotOf(reg)] = i;
      }
    if (executed) {
      carried.unitFree[unsigned(unit)] = issue + latency.interval;
      carried.unitLast[unsigned(unit)] = i;
    }
    if (readyAt > carried.maxReady) {
      carried.maxReady = readyAt;
      carried.maxReadyIndex = i;
    }
    if (taken) {
      carried.redirect = issue + 1 + machine.branchTakenPenalty;
      carried.redirectCause = i;
    }

    if (notify) {
      IssueEvent event;
      event.index = i;
      event.cycle = issue;
      event.ready = readyAt;
      bool stalled = issue > idleFrom;
      event.stall = stalled ? issue - idleFrom : 0;
      event.kind = stalled ? binding : StallKind(SnRStall::None);
      event.cause = stalled ? bindingCause : kNoIndex;
      event.resource = getUnitResource(unit);
      event.executed = executed;
      for (SimListener *listener : listeners)
        listener->onIssue(event);
      if (executed) {
        ResourceBusyEvent busy{getUnitResource(unit), 0, i, issue,
                               issue + latency.interval};
        for (SimListener *listener : listeners)
          listener->onResourceBusy(busy);
      }
      for (const ResolvedAccess &access : accesses) {
        MemoryAccessEvent event{
            i,
            issue,
            {SnRTarget::getSpaceId(access.space, access.chip), access.addr,
             access.bytes},
            access.isWrite,
            inst.opcode == arch::Opcode::DmaIssue};
        for (SimListener *listener : listeners)
          listener->onMemoryAccess(event);
      }
      if (isWait)
        for (SimListener *listener : listeners)
          listener->onDmaWait(wait);
    }

    if (executed && inst.opcode == arch::Opcode::DmaIssue) {
      // Each DMA in flight is a record here and in every listener: their
      // number is bounded (a waited DMA's record goes at its wait).
      if (engine.getNumIssued() >= maxDmas)
        return llvm::make_error<DivergenceError>(
            i, limitMessage(llvm::formatv("the trace issues more than {0} "
                                          "DMAs",
                                          maxDmas),
                            "max-dmas", maxDmas),
            /*limit=*/true);
      if (carried.outstandingCount >= maxOutstanding)
        return llvm::make_error<DivergenceError>(
            i,
            limitMessage(llvm::formatv("{0} DMAs are issued and not yet "
                                       "waited for",
                                       carried.outstandingCount + 1),
                         "max-outstanding-dmas", maxOutstanding),
            /*limit=*/true);
      ++carried.outstandingCount;
      unsigned spec = unsigned(machine.findLink(inst.src.space, inst.dst.space));
      const LinkSpec &link = machine.links[spec];
      unsigned chip = inst.dst.space == arch::MemSpace::RemoteHbm
                          ? inst.dst.chip
                          : inst.src.chip;
      unsigned instance = unsigned(link.perChip ? perChipInstance[spec][chip]
                                                : nonRemoteInstance[spec]);
      uint32_t id = engine.issue(instance, uint64_t(inst.imm), issue);
      if (notify)
        dmaIndex.push_back(i);
      carried.outstanding[inst.flag].push_back(id);
      if (notify) {
        DmaIssueEvent event;
        event.id = id;
        event.index = i;
        event.sync = inst.flag;
        event.link = instance;
        event.bytes = uint64_t(inst.imm);
        event.issueCycle = issue;
        event.baseEndCycle = engine.get(id).baseEndCycle;
        event.src = {SnRTarget::getSpaceId(inst.src.space, inst.src.chip), 0,
                     event.bytes};
        event.dst = {SnRTarget::getSpaceId(inst.dst.space, inst.dst.chip), 0,
                     event.bytes};
        if (accesses.size() == 2) {
          event.src.addr = accesses[0].addr;
          event.dst.addr = accesses[1].addr;
        }
        for (SimListener *listener : listeners)
          listener->onDmaIssue(event);
      }
    }

    // The waited DMAs are no longer asked about: their records go.
    if (isWait)
      for (uint32_t id : waited)
        engine.release(id);

    carried.lastRetire = std::max(carried.lastRetire, readyAt);
    if (notify)
      for (SimListener *listener : listeners)
        listener->onRetire({i, carried.lastRetire});
    carried.totalCycles = std::max(carried.totalCycles, readyAt);
    lastReady = readyAt;
  }
  return llvm::Error::success();
}

bool Run::hasLinkFor(const arch::Instruction &inst) const {
  if (inst.opcode != arch::Opcode::DmaIssue)
    return true;
  int spec = machine.findLink(inst.src.space, inst.dst.space);
  if (spec < 0)
    return false;
  if (!machine.links[spec].perChip)
    return nonRemoteInstance[spec] >= 0;
  unsigned chip = inst.dst.space == arch::MemSpace::RemoteHbm ? inst.dst.chip
                                                              : inst.src.chip;
  return chip < perChipInstance[spec].size() &&
         perChipInstance[spec][chip] >= 0;
}

RunSummary Run::finish() {
  summary.totalCycles = carried.totalCycles;
  // DMAs never waited for still run to completion, for the timeline.
  engine.drain();
  summary.lastDmaCycle = engine.getLastCompleteCycle();
  for (SimListener *listener : listeners)
    listener->onRunEnd(summary);
  return summary;
}

Run::Snapshot Run::save() const {
  assert(!notify && !state && "only a timing-only run is saved");
  return {carried, engine.save()};
}

void Run::restore(const Snapshot &snapshot) {
  assert(!notify && !state && "only a timing-only run is restored");
  carried = snapshot.carried;
  engine.restore(snapshot.engine);
}

bool Run::sameShifted(const Snapshot &x, const Snapshot &y) {
  const Carried &a = x.carried, &b = y.carried;
  // Whatever constrains the next issue does so only if later than the last
  // one (the slot is never earlier): compare how much later.
  auto late = [](uint64_t cycle, uint64_t present) {
    return cycle > present ? cycle - present : 0;
  };
  auto sameLate = [&](uint64_t inA, uint64_t inB) {
    return late(inA, a.lastIssue) == late(inB, b.lastIssue);
  };
  if (a.issuedInCycle != b.issuedInCycle ||
      a.outstandingCount != b.outstandingCount ||
      a.outstanding != b.outstanding || !sameLate(a.redirect, b.redirect) ||
      !sameLate(a.maxReady, b.maxReady))
    return false;
  for (unsigned r = 0; r < arch::kNumRegSlots; ++r)
    if (!sameLate(a.ready[r], b.ready[r]))
      return false;
  for (unsigned u = 0; u < arch::kNumUnits; ++u)
    if (!sameLate(a.unitFree[u], b.unitFree[u]))
      return false;
  return DmaEngine::sameShifted(x.engine, a.lastIssue, y.engine, b.lastIssue,
                                int64_t(a.lastIssue - b.lastIssue));
}

llvm::Expected<RunSummary> Simulator::run(const SimInput &input,
                                          ArchState *state) {
  assert(input.instructions.size() == input.outcomes.size());
  Run run(machine, listeners, input, state);
  return run.simulate();
}
