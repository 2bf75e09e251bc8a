//===- TraceTimer.cpp - Time a recorded RISC-V trace ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/TraceTimer.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

#include "llvm/ADT/DenseMap.h"

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

static constexpr uint32_t kUnknownVL = ~uint32_t(0);
static constexpr uint8_t kNoVType = 0xff;

//===----------------------------------------------------------------------===//
// TraceTimer
//===----------------------------------------------------------------------===//

struct TraceTimer::StaticInstruction {
  std::unique_ptr<RISCVInstruction> inst;
  bool readsVType = false;
  /// vsetvli or vsetivli: the vtype it sets is in its immediate.
  bool setsVTypeImmediate = false;
  const TimingDescriptor *scalar = nullptr;
  /// By vtype (vsew and vlmul bits).
  llvm::SmallVector<std::pair<unsigned, const TimingDescriptor *>, 2> vector;
};

TraceTimer::TraceTimer(TimingModel &model) : model(model) {}
TraceTimer::~TraceTimer() = default;

const RISCVInstruction &TraceTimer::getInstruction(size_t i) const {
  return *steps[i].inst->inst;
}

std::optional<VectorType> TraceTimer::getVectorType(size_t i) const {
  if (steps[i].vtype == kNoVType)
    return std::nullopt;
  return VectorType::decode(steps[i].vtype);
}

VectorType TraceTimer::getTimedVectorType(VectorType vtype, uint64_t vl,
                                          unsigned vlenb) {
  // LMUL >= SEW / ELEN, ELEN being 64 bits (8 bytes, log2 3).
  int smallest = std::max(-3, int(vtype.sewLog2) - 3);
  VectorType timed = vtype;
  for (int lmul = smallest; lmul < vtype.lmulLog2; ++lmul) {
    timed.lmulLog2 = lmul;
    if (timed.vlmax(vlenb) >= vl)
      return timed;
  }
  return vtype;
}

llvm::Error TraceTimer::prepare(const RecordedTrace &trace, size_t count) {
  const RISCVTarget &target = model.getTarget();
  vlenb = model.getVLen() ? model.getVLen() / 8 : trace.vlenb;
  statics.clear();
  steps.clear();
  size_t n = trace.instructions.size();
  if (count && count < n)
    n = count;
  steps.reserve(n);

  llvm::DenseMap<uint64_t, uint32_t> byPc;
  std::optional<VectorType> vtype;
  if (trace.vtype)
    vtype = VectorType::decode(*trace.vtype);
  // vl fits 32 bits: VLMAX is at most 65536 * 8 / 8 elements.
  uint32_t vl = trace.vl ? uint32_t(*trace.vl) : kUnknownVL;
  for (size_t i = 0; i < n; ++i) {
    const RecordedInstruction &recorded = trace.instructions[i];
    auto [found, inserted] = byPc.try_emplace(recorded.pc, statics.size());
    if (inserted) {
      uint8_t bytes[4];
      for (unsigned b = 0; b < recorded.size; ++b)
        bytes[b] = uint8_t(recorded.encoding >> (8 * b));
      llvm::Expected<std::unique_ptr<RISCVInstruction>> decoded = target.decode(
          recorded.pc, llvm::ArrayRef<uint8_t>(bytes, recorded.size));
      if (!decoded)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(), "instruction %zu: %s", i,
            llvm::toString(decoded.takeError()).c_str());
      auto entry = std::make_unique<StaticInstruction>();
      entry->readsVType = model.readsVType(**decoded);
      llvm::StringRef name = (*decoded)->getOpcodeName();
      entry->setsVTypeImmediate = name == "VSETVLI" || name == "VSETIVLI";
      entry->inst = std::move(*decoded);
      statics.push_back(std::move(entry));
    }
    const StaticInstruction &entry = *statics[found->second];
    Step step;
    step.inst = statics[found->second].get();
    step.taken = recorded.taken;
    step.vtype = vtype ? uint8_t(vtype->encode() & 0x3f) : kNoVType;
    step.vl = vl;
    steps.push_back(step);

    // What it leaves for the instructions after it.
    if (recorded.vtypeAfter) {
      vtype = VectorType::decode(*recorded.vtypeAfter);
    } else if (entry.setsVTypeImmediate) {
      const llvm::MCOperand &imm = entry.inst->getMCInst().getOperand(2);
      if (imm.isImm())
        vtype = VectorType::decode(uint64_t(imm.getImm()));
    }
    if (recorded.vlAfter)
      vl = uint32_t(*recorded.vlAfter);
  }
  return llvm::Error::success();
}

llvm::Expected<const TimingDescriptor *>
TraceTimer::getDescriptor(StaticInstruction &entry, const Step &step,
                          bool scaleWithVL, bool &shortVector) {
  shortVector = false;
  if (!entry.readsVType || step.vtype == kNoVType) {
    if (!entry.scalar) {
      llvm::Expected<const TimingDescriptor *> desc =
          model.getDescriptor(*entry.inst, std::nullopt);
      if (!desc)
        return desc.takeError();
      entry.scalar = *desc;
    }
    return entry.scalar;
  }
  auto lookup = [&](unsigned key) -> llvm::Expected<const TimingDescriptor *> {
    for (const auto &[k, desc] : entry.vector)
      if (k == key)
        return desc;
    llvm::Expected<const TimingDescriptor *> desc =
        model.getDescriptor(*entry.inst, VectorType::decode(key));
    if (!desc)
      return desc.takeError();
    entry.vector.push_back({key, *desc});
    return *desc;
  };
  llvm::Expected<const TimingDescriptor *> own = lookup(step.vtype);
  if (!own || !scaleWithVL || !(*own)->lmulSpecific || step.vl == kUnknownVL)
    return own;
  VectorType vtype = *VectorType::decode(step.vtype);
  VectorType timed = getTimedVectorType(vtype, step.vl, vlenb);
  if (timed.lmulLog2 == vtype.lmulLog2)
    return own;
  llvm::Expected<const TimingDescriptor *> smaller =
      lookup(unsigned(timed.encode() & 0x3f));
  if (!smaller)
    return smaller.takeError();
  if (!(*smaller)->lmulSpecific)
    return own;
  shortVector = true;
  return smaller;
}

llvm::Expected<TimingSummary>
TraceTimer::run(const TimingOptions &options,
                llvm::ArrayRef<TimingListener *> listeners) {
  TimingEngine engine(model, options, listeners);
  for (const Step &step : steps) {
    StaticInstruction &entry = *step.inst;
    bool shortVector;
    llvm::Expected<const TimingDescriptor *> desc =
        getDescriptor(entry, step, options.scaleWithVL, shortVector);
    if (!desc)
      return desc.takeError();
    engine.issue(entry.inst->pc, **desc, step.taken, shortVector);
  }
  return engine.finish();
}

llvm::Expected<EffectCosts>
TraceTimer::measureEffects(const TimingOptions &options,
                           const TimingSummary &summary) {
  auto without = [&](TimingOptions changed) -> llvm::Expected<int64_t> {
    llvm::Expected<TimingSummary> other = run(changed);
    if (!other)
      return other.takeError();
    return int64_t(summary.cycles) - int64_t(other->cycles);
  };
  TimingOptions noBranches = options, noVL = options, otherCalls = options;
  noBranches.takenBranches = false;
  noVL.scaleWithVL = false;
  otherCalls.mcaCallLatency = !options.mcaCallLatency;
  EffectCosts costs;
  for (auto [changed, cost] : {std::pair{noBranches, &costs.takenBranches},
                               {noVL, &costs.actualVL},
                               {otherCalls, &costs.calls}}) {
    llvm::Expected<int64_t> delta = without(changed);
    if (!delta)
      return delta.takeError();
    *cost = *delta;
  }
  llvm::Expected<TimingSummary> likeMca = run(TimingOptions::likeMca());
  if (!likeMca)
    return likeMca.takeError();
  costs.likeMcaCycles = likeMca->cycles;
  return costs;
}
