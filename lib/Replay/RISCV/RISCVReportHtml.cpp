//===- RISCVReportHtml.cpp - report.html of a RISC-V run ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The HTML report of a RISC-V run: self-contained (no script, no external
// file), the same figures as metrics.json: totals, what each effect adds,
// stalls by kind, utilization per resource, per function, per source line,
// the costliest instructions with their stall kinds, stalls by cause, the
// suggestions.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;

namespace {
std::string escape(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}
std::string percent(double fraction) {
  return llvm::formatv("{0:f1}%", 100.0 * fraction).str();
}
std::string hex(uint64_t pc) { return llvm::formatv("{0:x}", pc).str(); }
std::string signedText(int64_t value) {
  return (value >= 0 ? "+" : "") + std::to_string(value);
}
std::string kindsText(const StallCycles &cycles) {
  std::string text;
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    if (cycles[kind])
      text += (text.empty() ? "" : ", ") +
              getStallKindName(StallKind(kind)).str() + " " +
              std::to_string(cycles[kind]);
  return text.empty() ? "-" : text;
}
std::string placeText(const SourcePlace &place) {
  std::string where = place.getShortText();
  return where.empty() ? "-" : where;
}

class Table {
public:
  Table(llvm::raw_ostream &os, std::initializer_list<const char *> heads)
      : os(os) {
    os << "<table><tr>";
    for (const char *head : heads)
      os << "<th>" << head << "</th>";
    os << "</tr>\n";
  }
  ~Table() { os << "</table>\n"; }
  template <typename... Cells> void row(const Cells &...cells) {
    os << "<tr>";
    (cell(cells), ...);
    os << "</tr>\n";
  }

private:
  void cell(const std::string &text) { os << "<td>" << escape(text) << "</td>"; }
  void cell(const char *text) { cell(std::string(text)); }
  void cell(uint64_t n) { os << "<td class=n>" << n << "</td>"; }
  void cell(unsigned n) { cell(uint64_t(n)); }
  llvm::raw_ostream &os;
};
} // namespace

void snr::replay::riscv::writeReportHtml(const RISCVRun &run,
                                         llvm::raw_ostream &os) {
  const TimingSummary &s = run.summary;
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>SnR "
        "report: "
     << escape(run.traceFile) << "</title>\n<style>\n"
     << "body{font-family:sans-serif;margin:2em;max-width:70em}"
        "table{border-collapse:collapse;margin:.5em 0 1.5em}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
        "td.n{text-align:right;font-variant-numeric:tabular-nums}"
        "code{font-size:95%}"
        ".note{color:#555}p{overflow-wrap:anywhere}\n</style></head><body>\n";
  os << "<h1>SnR report: " << escape(run.traceFile) << "</h1>\n";
  os << "<p>RISC-V (" << escape(run.isaString) << "), VLEN "
     << run.vlenb * 8 << ": " << run.replayedInstructions
     << " instructions replayed without divergence"
     << (run.programEnded ? "; the program ended" : "")
     << ". Timed with LLVM's scheduling model of <b>" << escape(run.cpu)
     << "</b> (" << (run.outOfOrder ? "out of order" : "in order")
     << ", issue width " << run.issueWidth << ", VLEN " << run.vlen << ")"
     << (run.likeMca ? ", SnR's extra effects off (--like-mca)" : "")
     << ".</p>\n";
  if (!run.vlenWarning.empty())
    os << "<p><b>Warning:</b> " << escape(run.vlenWarning) << "</p>\n";

  os << "<h2>Totals</h2>\n";
  {
    Table table(os, {"figure", "value"});
    table.row("cycles", s.cycles);
    table.row("llvm-mca's Total Cycles", s.cycles + 1);
    table.row("instructions", s.instructions);
    table.row("micro-ops", s.microOps);
    table.row("IPC", llvm::formatv("{0:f3}", run.getIPC()).str());
    table.row("taken branches", s.takenBranches);
    table.row("short-vl vector instructions", s.shortVectorInstructions);
    table.row("instructions without a class in the model",
              s.untimedInstructions);
    table.row("vsetvl executed", run.vectorConfigs);
    table.row("vsetvl that changed SEW or LMUL", run.vtypeChanges);
    table.row("vsetvl that left vl, SEW and LMUL as they were",
              run.unchangedConfigs);
  }
  os << "<h2>Causes: what each of SnR's effects adds</h2>\n";
  if (run.effects) {
    Table table(os, {"effect", "cycles with it - cycles without it"});
    table.row(llvm::formatv("taken branches (penalty {0})",
                            run.options.takenBranchPenalty)
                  .str(),
              signedText(run.effects->takenBranches));
    table.row("actual vl", signedText(run.effects->actualVL));
    table.row("calls at the model's latency",
              signedText(run.effects->calls));
    table.row("every effect off (like llvm-mca)",
              std::to_string(run.effects->likeMcaCycles) + " cycles");
  } else {
    os << "<p class=note>None measured: --like-mca times as llvm-mca "
          "does.</p>\n";
  }

  os << "<h2>Stall cycles by kind</h2>\n";
  {
    Table table(os, {"kind", "cycles", "what"});
    for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
      table.row(getStallKindName(StallKind(kind)).str(), s.stallCycles[kind],
                getStallKindDescription(kind).str());
  }

  os << "<h2>Utilization per resource</h2>\n";
  {
    Table table(os, {"resource", "units", "uses", "busy cycles",
                     "busy fraction"});
    for (const ResourceUsage &r : run.resources) {
      if (r.name.empty())
        continue;
      table.row(r.name, r.units, r.uses, r.busyCycles,
                percent(r.getBusyFraction(s.cycles)));
    }
  }

  os << "<h2>Functions</h2>\n";
  {
    Table table(os, {"function", "instructions", "own cycles", "span",
                     "stall cycles", "by kind"});
    for (const GroupFigures &f : run.functions)
      table.row(f.name, f.instructions, f.cycles, f.lastCycle - f.firstCycle,
                f.stallCycles, kindsText(f.stallByKind));
  }
  os << "<h2>Source lines</h2>\n";
  if (run.lines.empty()) {
    os << "<p class=note>No line table: give snr-replay the program's ELF "
          "(--elf), built with -g.</p>\n";
  } else {
    Table table(os, {"line", "function", "instructions", "own cycles",
                     "stall cycles", "by kind"});
    for (const GroupFigures &l : run.lines)
      table.row(l.name, l.function, l.instructions, l.cycles, l.stallCycles,
                kindsText(l.stallByKind));
  }

  os << "<h2>Bottlenecks: the costliest instructions</h2>\n";
  {
    Table table(os, {"pc", "instruction", "source", "executions",
                     "own cycles", "stall cycles", "stall kinds"});
    for (const StaticInstruction *inst : getCostliest(run, 20))
      table.row(hex(inst->pc), inst->text, placeText(inst->place),
                inst->executions, inst->cycles, inst->stallCycles,
                kindsText(inst->stallByKind));
  }
  os << "<h2>Stalls by cause instruction</h2>\n";
  {
    std::vector<const StaticInstruction *> causes;
    for (const StaticInstruction &inst : run.statics)
      if (inst.causedStallCycles)
        causes.push_back(&inst);
    std::stable_sort(causes.begin(), causes.end(),
                     [](const StaticInstruction *a,
                        const StaticInstruction *b) {
                       return a->causedStallCycles > b->causedStallCycles;
                     });
    if (causes.size() > 20)
      causes.resize(20);
    Table table(os, {"pc", "instruction", "source",
                     "stall cycles it caused", "by kind"});
    for (const StaticInstruction *inst : causes)
      table.row(hex(inst->pc), inst->text, placeText(inst->place),
                inst->causedStallCycles, kindsText(inst->causedByKind));
  }

  os << "<h2>Suggestions</h2>\n";
  std::vector<LoadUseSuggestion> suggestions = getLoadUseSuggestions(run);
  if (suggestions.empty()) {
    os << "<p class=note>No load's latency is exposed to its uses.</p>\n";
  } else {
    Table table(os, {"load", "source", "first use", "stall cycles", "stalls",
                     "advice"});
    for (const LoadUseSuggestion &suggestion : suggestions)
      table.row(suggestion.load->text, placeText(suggestion.load->place),
                suggestion.firstUse->text + " (" +
                    placeText(suggestion.firstUse->place) + ")",
                suggestion.stallCycles, suggestion.stalls,
                suggestion.getAdvice());
  }
  os << "<h2>DMA</h2>\n<p class=note>" << getNoDmaNote()
     << ": no DMA table, no parallel groups, no data cache.</p>\n";
  os << "<h2>Files</h2>\n<p>metrics.json (every figure), remarks.opt.yaml "
        "(LLVM remarks: opt-viewer.py reads them), timeline.json (Chrome "
        "trace: open it in https://ui.perfetto.dev).</p>\n";
  os << "</body></html>\n";
}
