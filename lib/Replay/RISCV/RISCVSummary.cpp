//===- RISCVSummary.cpp - The one-screen summary of a RISC-V run ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What snr-replay prints for a RISC-V trace: the model, the totals, the
// stall cycles by kind, what each of SnR's extra effects adds (the figures
// snr-time-riscv prints), the costliest lines and the suggestions, and where
// the files are.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/DmaStallAnalysis.h"
#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;

std::string snr::replay::riscv::getNoDmaNote() {
  using namespace snr::analysis;
  return describeMissing(DmaStallAnalysis::getInfo().needs);
}

namespace {
std::string signedText(int64_t value) {
  return (value >= 0 ? "+" : "") + std::to_string(value);
}
std::string percent(uint64_t part, uint64_t whole) {
  return whole ? llvm::formatv("{0:f1}%", 100.0 * part / whole).str() : "-";
}
std::string inDir(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}
} // namespace

void snr::replay::riscv::printSummary(const RISCVRun &run,
                                      llvm::StringRef outputDir,
                                      llvm::raw_ostream &os) {
  const TimingSummary &s = run.summary;
  os << llvm::formatv("trace: {0} (riscv64, VLEN {1}): {2} instruction(s) "
                      "replayed, no divergence{3}\n",
                      run.traceFile, run.vlenb * 8, run.replayedInstructions,
                      run.programEnded ? "; the program ended" : "");
  os << llvm::formatv("model: {0} (LLVM's scheduling model), {1}, issue "
                      "width {2}, VLEN {3}{4}\n",
                      run.cpu, run.outOfOrder ? "out of order" : "in order",
                      run.issueWidth, run.vlen,
                      run.likeMca ? "; --like-mca: SnR's extra effects off"
                                  : "");
  os << llvm::formatv("cycles: {0} (llvm-mca's Total Cycles: {1}), "
                      "instructions: {2}, IPC {3:f3}\n",
                      s.cycles, s.cycles + 1, s.instructions, run.getIPC());
  uint64_t total = 0;
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    total += s.stallCycles[kind];
  os << "stall cycles: " << total;
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    if (s.stallCycles[kind])
      os << ", " << getStallKindName(StallKind(kind)) << " "
         << s.stallCycles[kind];
  os << "\n";
  if (run.effects)
    os << llvm::formatv(
        "causes (cycles with it - cycles without it): taken branches {0} "
        "({1} taken, penalty {2}), actual vl {3} ({4} short-vl vector "
        "instruction(s)), calls at the model's latency {5}; like llvm-mca: "
        "{6} cycles\n",
        signedText(run.effects->takenBranches), s.takenBranches,
        run.options.takenBranchPenalty, signedText(run.effects->actualVL),
        s.shortVectorInstructions, signedText(run.effects->calls),
        run.effects->likeMcaCycles);
  else
    os << "causes: none measured (--like-mca times as llvm-mca does)\n";

  if (run.vectorConfigs)
    os << llvm::formatv("vsetvl: {0} executed: {1} changed SEW or LMUL, {2} "
                        "left vl, SEW and LMUL as they were\n",
                        run.vectorConfigs, run.vtypeChanges,
                        run.unchangedConfigs);
  std::vector<const StaticInstruction *> costliest = getCostliest(run, 5);
  if (!costliest.empty()) {
    os << "costliest instructions (own cycles, stall cycles):\n";
    for (const StaticInstruction *inst : costliest) {
      std::string where = inst->place.getShortText();
      if (where.empty())
        where = inst->place.function;
      os << llvm::formatv("  {0,8} {1,6} {2,6}  {3,-28} {4}\n",
                          llvm::formatv("{0:x}", inst->pc).str(),
                          inst->cycles, inst->stallCycles, inst->text, where);
    }
  }
  std::vector<LoadUseSuggestion> suggestions = getLoadUseSuggestions(run);
  if (!suggestions.empty()) {
    os << "suggestions:\n";
    for (const LoadUseSuggestion &suggestion :
         llvm::ArrayRef(suggestions).take_front(3)) {
      std::string where = suggestion.load->place.getShortText();
      os << llvm::formatv(
          "  {0} at {1}: its latency is exposed to its first use ({2}): "
          "{3} stall cycles ({4} of the run); {5}\n",
          suggestion.load->text,
          where.empty() ? llvm::formatv("{0:x}", suggestion.load->pc).str()
                        : where,
          suggestion.firstUse->text, suggestion.stallCycles,
          percent(suggestion.stallCycles, s.cycles), suggestion.getAdvice());
    }
  }
  os << "DMA: " << getNoDmaNote() << "\n";
  os << "report: " << inDir(outputDir, "report.html")
     << " (with metrics.json, remarks.opt.yaml, and timeline.json: open it "
        "in https://ui.perfetto.dev)\n";
}
