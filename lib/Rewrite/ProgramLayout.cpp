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
  // A rotated DMA's block at its loop's head runs on entry only: first,
  // skipped by the branches from inside the loop (`loopEnd`: the back-edge).
  std::vector<std::vector<const ProgramMove *>> entryOnly(insts.size());
  std::vector<size_t> loopEnd(insts.size(), 0);
  std::vector<std::vector<const ProgramMove::Rotation *>> rotations(
      insts.size());
  for (const ProgramDecision &d : decisions) {
    if (!d.move || d.dropped)
      continue;
    assert(llvm::all_of(d.move->reusesFrom,
                        [&](size_t dma) { return applied.contains(dma); }) &&
           "a move is applied without the moves whose copies it reads");
    if (d.isRotated()) {
      const ProgramMove::Rotation &r = *d.move->rotation;
      entryOnly[d.move->landing].push_back(&*d.move);
      loopEnd[d.move->landing] =
          std::max(loopEnd[d.move->landing], r.backEdge);
      rotations[r.landing].push_back(&r);
    } else {
      landing[d.move->landing].push_back(&*d.move);
    }
    gone[d.move->dma] = true;
    if (d.move->takenWait)
      gone[*d.move->takenWait] = true;
    for (size_t r : d.move->removed)
      gone[r] = true;
  }
  ProgramLayout layout;
  layout.newPc.resize(insts.size());
  // Where a branch to each original goes: in front of what landed there
  // (`loopPc`: for a branch from inside the loop, past what runs on entry).
  std::vector<uint64_t> branchPc(insts.size()), loopPc(insts.size());
  uint64_t pc = 0;
  auto emit = [&](const Instruction &inst, size_t origin, size_t at) {
    layout.instructions.push_back(inst);
    layout.origin.push_back(origin);
    layout.inserted.push_back(true);
    layout.position.push_back(at);
    layout.instructions.back().pc = pc++;
  };
  for (size_t i = 0; i < insts.size(); ++i) {
    branchPc[i] = pc;
    for (const ProgramMove *move : entryOnly[i])
      for (size_t b = 0; b < move->block.size(); ++b)
        emit(move->block[b], move->blockOrigin[b], i);
    loopPc[i] = pc;
    for (const ProgramWaitDecision *w : waitsLanding[i]) {
      layout.instructions.push_back(insts[w->wait]);
      layout.origin.push_back(w->wait);
      layout.inserted.push_back(true);
      layout.position.push_back(i);
      layout.instructions.back().pc = pc++;
    }
    for (const ProgramMove *move : landing[i])
      for (size_t b = 0; b < move->block.size(); ++b)
        emit(move->block[b], move->blockOrigin[b], i);
    for (const ProgramMove::Rotation *r : rotations[i])
      for (size_t b = 0; b < r->block.size(); ++b)
        emit(r->block[b], r->blockOrigin[b], i);
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
  for (size_t n = 0; n < layout.instructions.size(); ++n) {
    Instruction &inst = layout.instructions[n];
    target.describe(inst, /*executed=*/true, desc);
    if (desc.control != target::ControlKind::Branch || !desc.branchTarget)
      continue;
    size_t to = indexOfPc.lookup(*desc.branchTarget);
    size_t from = layout.origin[n];
    bool inLoop = !entryOnly[to].empty() && from >= to && from <= loopEnd[to];
    target.setBranchTarget(inst, inLoop ? loopPc[to] : branchPc[to]);
  }
  layout.entry = branchPc[indexOfPc.lookup(program.entry)];
  return layout;
}
