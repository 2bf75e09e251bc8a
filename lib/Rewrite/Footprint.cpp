//===- Footprint.cpp - What each instruction of a run touches -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/Footprint.h"
#include "SnR/Rewrite/HoistPlanner.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::rewrite;

EffectsTable::EffectsTable(const trace::Trace &trace,
                           const RewriteTarget &target,
                           const arch::MemorySizes &sizes) {
  size_t n = trace.instructions.size();
  readBegin.reserve(n + 1);
  writeBegin.reserve(n);
  loadBegin.reserve(n + 1);
  storeBegin.reserve(n);
  sync.reserve(n);
  executedBits.reserve(n);
  regs.reserve(3 * n);
  target.forEachEffects(
      trace, sizes, [&](size_t, const target::InstructionEffects &effects) {
        readBegin.push_back(uint32_t(regs.size()));
        regs.insert(regs.end(), effects.regReads.begin(),
                    effects.regReads.end());
        writeBegin.push_back(uint32_t(regs.size()));
        regs.insert(regs.end(), effects.regWrites.begin(),
                    effects.regWrites.end());
        loadBegin.push_back(uint32_t(ranges.size()));
        ranges.insert(ranges.end(), effects.loads.begin(), effects.loads.end());
        storeBegin.push_back(uint32_t(ranges.size()));
        ranges.insert(ranges.end(), effects.stores.begin(),
                      effects.stores.end());
        Sync s;
        if (effects.startsCopy)
          s = {SyncKind::Start, *effects.startsCopy};
        else if (effects.waitsForCopies)
          s = {SyncKind::Wait, *effects.waitsForCopies};
        sync.push_back(s);
        executedBits.push_back(effects.executed);
      });
  readBegin.push_back(uint32_t(regs.size()));
  loadBegin.push_back(uint32_t(ranges.size()));
}

void EffectsTable::reserveFor(const EffectsTable &from, size_t n) {
  readBegin.reserve(n + 1);
  writeBegin.reserve(n);
  loadBegin.reserve(n + 1);
  storeBegin.reserve(n);
  sync.reserve(n);
  executedBits.reserve(n);
  regs.reserve(from.regs.size());
  ranges.reserve(from.ranges.size());
}

void EffectsTable::appendFrom(const EffectsTable &from, uint64_t i,
                              llvm::ArrayRef<RegId> reads,
                              llvm::ArrayRef<RegId> writes, Sync s) {
  readBegin.push_back(uint32_t(regs.size()));
  llvm::append_range(regs, reads);
  writeBegin.push_back(uint32_t(regs.size()));
  llvm::append_range(regs, writes);
  // The bytes are the original's: a renamed register holds its value.
  loadBegin.push_back(uint32_t(ranges.size()));
  llvm::append_range(ranges, from.loads(i));
  storeBegin.push_back(uint32_t(ranges.size()));
  llvm::append_range(ranges, from.stores(i));
  sync.push_back(s);
  executedBits.push_back(from.executedBits[i]);
}

void EffectsTable::finishTable() {
  readBegin.push_back(uint32_t(regs.size()));
  loadBegin.push_back(uint32_t(ranges.size()));
}

EffectsTable::EffectsTable(const EffectsTable &from,
                           const trace::Trace &fromTrace,
                           const HoistPlan &order,
                           const RewriteTarget &target) {
  reserveFor(from, order.order.size());
  InstructionDesc desc;
  for (const PlannedInstruction &p : order.order) {
    uint64_t i = p.original;
    if (!p.isCopy && p.inst == fromTrace.instructions[i]) {
      appendFrom(from, i, from.reads(i), from.writes(i), from.sync[i]);
      continue;
    }
    target.describe(p.inst, from.executed(i), desc);
    Sync s = from.sync[i];
    if (from.executed(i)) {
      if (desc.startsCopy)
        s = {SyncKind::Start, *desc.startsCopy};
      else if (desc.waitsForCopies)
        s = {SyncKind::Wait, *desc.waitsForCopies};
    }
    appendFrom(from, i, desc.reads, desc.writes, s);
  }
  finishTable();
}

EffectsTable::EffectsTable(const EffectsTable &from,
                           llvm::ArrayRef<uint64_t> order) {
  reserveFor(from, order.size());
  for (uint64_t i : order)
    appendFrom(from, i, from.reads(i), from.writes(i), from.sync[i]);
  finishTable();
}
