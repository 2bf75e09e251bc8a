//===- Footprint.cpp - What each instruction of a run touches -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/Footprint.h"
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
