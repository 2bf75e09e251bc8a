//===- RewriteOutcome.h - What snr-replay --apply proved --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The two rewrites snr-replay --apply proves, as every output shows them:
//
// - the *trace rewrite* moves the DMAs of the recorded trace (each dynamic
//   instance on its own), proved by replaying the rewritten trace;
// - the *program rewrite* (with --program) moves the static dma.issues of
//   the snr.program, proved by re-recording the whole program.
//
// Both are gathered here once they are proved, and the summary, report.html,
// the remarks and the JSON files are written from them. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_REWRITEOUTCOME_H
#define SNR_REPORT_REWRITEOUTCOME_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Rewrite/ProveMoves.h"
#include "SnR/Rewrite/ProveProgram.h"
#include "SnR/Rewrite/Schedule.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace snr::report {

/// The trace rewrite, proved.
struct TraceRewriteOutcome {
  rewrite::ProvedRewrite proved;
  rewrite::DependencyBound bound;
  /// The replay of the rewritten trace, with every analysis; null if
  /// nothing moved.
  std::unique_ptr<analysis::ReplayResults> after;
  /// The rewritten trace in the run directory ("rewritten.jsonl.zst");
  /// empty if nothing moved.
  std::string rewrittenFile;
  /// --hoist-pcs or --hoist-hlo restricted it.
  bool selected = false;

  bool changed() const { return proved.plan.changed(); }
};

/// Original PCs [before, before + count) are PCs [after, after + count) of
/// the rewritten program.
struct PcMapRange {
  uint64_t before = 0, after = 0, count = 0;
};

/// The program rewrite, proved.
struct ProgramRewriteOutcome {
  /// The program file, as given.
  std::string programFile;
  rewrite::ProvedProgramRewrite proved;
  /// The original program's instructions, and each one's line in
  /// programFile (0: unknown) and HLO, by program index.
  std::vector<rewrite::Instruction> instructions;
  std::vector<unsigned> lines, columns;
  std::vector<std::string> hlos;
  /// Every original instruction the rewritten program still has, under its
  /// new PC (a moved DMA where it landed; a slice instruction the move
  /// removed, where its copy is), as ranges; and the PCs of the copies
  /// that stand for no removed original. Empty when nothing changed.
  std::vector<PcMapRange> pcMap;
  std::vector<uint64_t> newPcs;
  /// In the run directory, when the rewrite changed the program: the
  /// rewritten program, and its diff against the original (PCs ignored).
  std::string rewrittenFile, diffFile, diffHtmlFile;

  bool changed() const { return proved.changed(); }
  /// Whether the DMA of `d` moved in the kept rewrite.
  bool isMoved(const rewrite::ProgramDecision &d) const {
    return d.move && !d.dropped && proved.accepted;
  }
  /// Whether the wait of `w` moved in the kept rewrite.
  bool isMoved(const rewrite::ProgramWaitDecision &w) const {
    return w.move && !w.dropped && proved.accepted;
  }
  /// The new PC of the DMA of `d`, moved or not.
  uint64_t getNewPc(const rewrite::ProgramDecision &d) const;
  /// "prog.mlir:2070:5", or "pc 2009" without a line.
  std::string locate(size_t index) const;
};

/// What --apply proved: either, both or none.
struct RewriteOutcomes {
  const TraceRewriteOutcome *trace = nullptr;
  const ProgramRewriteOutcome *program = nullptr;
};

/// The pc_map of a program rewrite (see ProgramRewriteOutcome::pcMap).
void computePcMap(ProgramRewriteOutcome &outcome);

/// program-rewrite.json (docs/rewrite.md).
llvm::json::Value buildProgramRewriteJson(const ProgramRewriteOutcome &outcome);

/// snr-replay's lines on the program rewrite; `dir` is the run directory.
void printProgramRewrite(const ProgramRewriteOutcome &outcome,
                         llvm::StringRef dir, llvm::raw_ostream &os);
/// The wait moves (part of printProgramRewrite); nothing if no wait
/// moves.
void printProgramWaits(const ProgramRewriteOutcome &outcome,
                       llvm::raw_ostream &os);

/// A static change the rewrites made, for the report's first screen: one
/// per static dma.issue that moved, in the program rewrite if there is one
/// (what a compiler engineer adopts), else in the trace rewrite.
struct StaticChange {
  uint64_t pc = 0;
  std::string location; ///< "prog.mlir:2070:5", or empty
  std::string hlo;
  /// The DMA stall of its instances, before and after.
  uint64_t stallBefore = 0, stallAfter = 0;
  /// What moved, in a sentence.
  std::string what;
  /// Its new PC in the rewritten program (program rewrite only).
  std::optional<uint64_t> newPc;
  bool fromProgram = false;

  /// A move whose DMA stalls more afterwards (the rewrite as a whole is
  /// still proved faster).
  bool isHarmful() const { return stallAfter > stallBefore; }
};

/// The static changes, largest DMA-stall reduction first.
std::vector<StaticChange> getStaticChanges(const analysis::TraceInfo &info,
                                           const RewriteOutcomes &outcomes);

} // namespace snr::report

#endif // SNR_REPORT_REWRITEOUTCOME_H
