//===- RunEvidence.h - A program's whole run, indexed -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The program rewrite decides legality on the evidence of a recording of the
// whole run (entry to halt): every dynamic instance of each static
// instruction, what each touched, which copies each wait covered, and when
// each register is next read or written. RunEvidence indexes one run for
// those questions, with the engine's shared pieces (EffectsTable,
// SyncTimeline, RegisterTimeline); it is computed once and shared by every
// plan made on the run (the proof plans again without the moves it drops).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_RUNEVIDENCE_H
#define SNR_REWRITE_RUNEVIDENCE_H

#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Rewrite/RegisterRenamer.h"
#include "SnR/Rewrite/SyncObjects.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace snr::rewrite {

/// When the replay of a whole run issued each instruction and completed
/// each copy: where a wait taken along with a copy's move may land without
/// stalling (ProgramRewrite.h).
struct RunTiming {
  /// Issue cycle of each instruction of the run, by trace index.
  std::vector<uint64_t> issue;
  /// Completion cycle of each copy, by the trace index of its start.
  llvm::DenseMap<size_t, uint64_t> complete;
  /// The link (an id of the replay's) each copy moved on, by the same.
  llvm::DenseMap<size_t, unsigned> link;
};

class RunEvidence {
public:
  /// `trace`: a recording of `program`'s whole run (checkWholeRun).
  RunEvidence(const record::LoadedProgram &program, const trace::Trace &trace,
              const RewriteTarget &target, const arch::MemorySizes &sizes);

  const record::LoadedProgram &program;
  const trace::Trace &trace;
  const RewriteTarget &target;
  /// Program index of each PC.
  llvm::DenseMap<uint64_t, size_t> indexOfPc;
  /// The effects of `trace`'s instructions.
  const EffectsTable effects;
  SyncTimeline sync;

  /// The runs of static instruction `s`, by trace index.
  llvm::ArrayRef<size_t> occurrencesOf(size_t s) const {
    return occurrences[s];
  }
  /// The static instruction run `k` executes.
  size_t staticOf(size_t k) const { return staticIndex[k]; }
  const RegisterTimeline &registers() const { return *registerTimeline; }

private:
  std::vector<size_t> staticIndex;
  std::vector<std::vector<size_t>> occurrences;
  std::unique_ptr<RegisterTimeline> registerTimeline;
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_RUNEVIDENCE_H
