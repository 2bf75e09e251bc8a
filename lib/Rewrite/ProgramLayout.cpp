//===- ProgramLayout.cpp - Lay a program out with its DMAs moved ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/ProgramRewrite.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::rewrite;

ProgramLayout snr::rewrite::applyProgramRewrite(
    const record::LoadedProgram &program,
    llvm::ArrayRef<ProgramDecision> decisions, const RewriteTarget &target,
    llvm::ArrayRef<ProgramWaitDecision> waits) {
  const std::vector<Instruction> &insts = program.instructions;
  std::vector<std::vector<const ProgramMove *>> landing(insts.size());
  std::vector<bool> gone(insts.size(), false);
  // Sunk waits land first, in front of what DMA moves landed there (a DMA
  // issued there is not waited for by them); one per sync object.
  std::vector<llvm::SmallVector<const ProgramWaitDecision *, 1>> waitsLanding(
      insts.size());
  InstructionDesc desc;
  for (const ProgramWaitDecision &w : waits) {
    if (!w.move || w.dropped)
      continue;
    gone[w.wait] = true;
    if (!w.move->landing)
      continue;
    auto &here = waitsLanding[*w.move->landing];
    if (llvm::none_of(here, [&](const ProgramWaitDecision *other) {
          return other->sync == w.sync;
        }))
      here.push_back(&w);
  }
  llvm::DenseSet<size_t> applied;
  for (const ProgramDecision &d : decisions)
    if (d.move && !d.dropped)
      applied.insert(d.dma);
  for (const ProgramDecision &d : decisions) {
    if (!d.move || d.dropped)
      continue;
    assert(llvm::all_of(d.move->reusesFrom,
                        [&](size_t dma) { return applied.contains(dma); }) &&
           "a move is applied without the moves whose copies it reads");
    landing[d.move->landing].push_back(&*d.move);
    gone[d.move->dma] = true;
    if (d.move->takenWait)
      gone[*d.move->takenWait] = true;
    for (size_t r : d.move->removed)
      gone[r] = true;
  }
  ProgramLayout layout;
  layout.newPc.resize(insts.size());
  // Where a branch to each original goes: in front of what landed there.
  std::vector<uint64_t> branchPc(insts.size());
  uint64_t pc = 0;
  for (size_t i = 0; i < insts.size(); ++i) {
    branchPc[i] = pc;
    for (const ProgramWaitDecision *w : waitsLanding[i]) {
      layout.instructions.push_back(insts[w->wait]);
      layout.origin.push_back(w->wait);
      layout.inserted.push_back(true);
      layout.position.push_back(i);
      layout.instructions.back().pc = pc++;
    }
    for (const ProgramMove *move : landing[i])
      for (size_t b = 0; b < move->block.size(); ++b) {
        layout.instructions.push_back(move->block[b]);
        layout.origin.push_back(move->blockOrigin[b]);
        layout.inserted.push_back(true);
        layout.position.push_back(i);
        layout.instructions.back().pc = pc++;
      }
    layout.newPc[i] = pc;
    if (gone[i])
      continue;
    layout.instructions.push_back(insts[i]);
    layout.origin.push_back(i);
    layout.inserted.push_back(false);
    layout.position.push_back(i);
    layout.instructions.back().pc = pc++;
  }
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  for (size_t i = 0; i < insts.size(); ++i)
    indexOfPc[insts[i].pc] = i;
  for (Instruction &inst : layout.instructions) {
    target.describe(inst, /*executed=*/true, desc);
    if (desc.control == target::ControlKind::Branch && desc.branchTarget)
      target.setBranchTarget(inst,
                             branchPc[indexOfPc.lookup(*desc.branchTarget)]);
  }
  layout.entry = branchPc[indexOfPc.lookup(program.entry)];
  return layout;
}
