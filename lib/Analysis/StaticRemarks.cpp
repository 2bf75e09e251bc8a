//===- StaticRemarks.cpp - The static view as optimization remarks --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/StaticRemarks.h"
#include "SnR/Analysis/SuggestionRemarks.h"

#include "mlir/IR/Remarks.h"
#include "llvm/Remarks/RemarkFormat.h"
#include "llvm/Remarks/RemarkSerializer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace snr;
using namespace snr::analysis;

namespace {
using remark::detail::Remark;

void emitDmaRemark(const ReplayResults &results, const StaticDma &d,
                   Location loc) {
  const TraceInfo &info = results.info;
  const Suggestions &suggestions = results.suggestions;
  bool actionable = d.verdicts[unsigned(Verdict::Hoist)] ||
                    d.verdicts[unsigned(Verdict::HoistPartly)];
  auto opts = remark::RemarkOpts::name(kHoistRemark)
                  .category(kRemarkCategory)
                  .function(info.getHloName(d.hlo));
  remark::detail::InFlightRemark r =
      actionable ? remark::missed(loc, opts) : remark::analysis(loc, opts);
  if (!r)
    return;
  llvm::StringRef mnemonic =
      d.instances.empty()
          ? llvm::StringRef("copy")
          : info.getMnemonic(results.dmas.dmas[d.instances.front()].issueIndex);
  r << remarkText(
           llvm::formatv("{0} at pc {1}: the waits of its ", mnemonic, d.pc)
               .str())
    << Remark::Arg("instances", uint64_t(d.instances.size()))
    << remarkText(d.instances.size() == 1 ? " instance stalled "
                                          : " instances stalled ")
    << Remark::Arg("stall_cycles", d.stall()) << remarkText(" cycles (")
    << Remark::Arg("base_stall_cycles", d.baseStall)
    << remarkText(" on base latency, ")
    << Remark::Arg("transfer_stall_cycles", d.transferStall)
    << remarkText(
           " on transfer); its relaxed dependencies let it start at least ")
    << Remark::Arg("backtail_min_cycles", d.backtailMinCycles)
    << remarkText(" cycles earlier (median ")
    << Remark::Arg("backtail_median_cycles", d.backtailMedianCycles)
    << remarkText("). Verdict: ");
  std::string verdicts;
  for (unsigned v = 0; v < d.verdicts.size(); ++v)
    if (d.verdicts[v])
      verdicts += (verdicts.empty() ? "" : ", ") +
                  getVerdictName(Verdict(v)).str() + " " +
                  std::to_string(d.verdicts[v]);
  r << Remark::Arg("Verdict", verdicts.empty() ? std::string("none") : verdicts);
  if (!d.suggestions.empty()) {
    const DmaSuggestion &best = suggestions.dmas[d.suggestions.front()];
    r << remarkText(". Its largest instance: ")
      << Remark::Arg("Reason", best.reason);
    if (actionable && best.target < info.getNumInstructions()) {
      r << remarkText(". Suggestion: ")
        << Remark::Arg(
               "Suggestion",
               llvm::formatv("issue it in front of the {0} at pc {1}, {2} "
                             "instructions earlier",
                             info.getMnemonic(best.target),
                             info.getPc(best.target), best.hoistInstructions)
                   .str());
    }
  }
  r << remarkText("; saves ")
    << Remark::Arg("expected_saving_cycles", d.expectedSaving)
    << remarkText(" cycles.") << Remark::Arg(kHotnessArg, d.stall());
}

void emitGroupRemark(const ReplayResults &results,
                     const StaticParallelGroup &g, Location loc) {
  auto opts = remark::RemarkOpts::name(kParallelizeRemark)
                  .category(kRemarkCategory)
                  .function(results.info.getHloName(g.hlo));
  remark::detail::InFlightRemark r = remark::missed(loc, opts);
  if (!r)
    return;
  r << remarkText(
           llvm::formatv("the {0} independent DMAs issued at pc ", g.pcs.size())
               .str())
    << Remark::Arg("pcs", g.getDistinctPcs())
    << remarkText(" are issued and waited one at a time (")
    << Remark::Arg("instances", uint64_t(g.groups.size()))
    << remarkText(g.groups.size() == 1 ? " time), each paying the full base "
                                         "latency. Suggestion: "
                                       : " times), each paying the full base "
                                         "latency. Suggestion: ")
    << Remark::Arg("Suggestion",
                   std::string("issue them together and wait once"))
    << remarkText("; saves ")
    << Remark::Arg("expected_saving_cycles", g.expectedSaving)
    << remarkText(" cycles.") << Remark::Arg(kHotnessArg, g.expectedSaving);
}

void emitStallRemark(const ReplayResults &results, const StaticInstruction &s,
                     Location loc) {
  auto opts = remark::RemarkOpts::name(kStallRemark)
                  .category(kStallRemarkCategory)
                  .function(results.info.getHloName(s.hlo));
  remark::detail::InFlightRemark r = remark::analysis(loc, opts);
  if (!r)
    return;
  uint64_t stall = s.stallCycles();
  r << remarkText(llvm::formatv("{0} at pc {1} stalled ", s.mnemonic,
                                results.info.formatPc(s.pc))
                      .str())
    << Remark::Arg("stall_cycles", stall) << remarkText(" cycles over ")
    << Remark::Arg("executions", s.executions)
    << remarkText(s.executions == 1 ? " execution" : " executions");
  // The kinds, largest first, each with its main producer.
  const sim::ModelDescription &model = results.model;
  llvm::SmallVector<unsigned, sim::kMaxStallKinds> kinds;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    if (s.stalls[k].total)
      kinds.push_back(k);
  llvm::stable_sort(kinds, [&](unsigned a, unsigned b) {
    return s.stalls[a].total > s.stalls[b].total;
  });
  const StaticInstructionAnalysis &view = results.staticView;
  for (size_t i = 0; i < kinds.size(); ++i) {
    unsigned k = kinds[i];
    const sim::StallKindInfo &kind = model.stallKinds[k];
    r << remarkText(i == 0 ? ": " : "; ")
      << Remark::Arg(kind.name, s.stalls[k].total)
      << remarkText(" cycles waiting for ");
    if (s.producers[k].empty()) {
      r << remarkText("earlier instructions in flight");
      continue;
    }
    const ProducerCycles &p = s.producers[k].front();
    const StaticInstruction *producer = view.lookup(p.pc);
    r << remarkText(kind.waitsFor + " the ")
      << Remark::Arg("Producer",
                     llvm::formatv("{0} at pc {1}",
                                   producer ? producer->mnemonic
                                            : llvm::StringRef("instruction"),
                                   results.info.formatPc(p.pc))
                         .str());
    if (kind.role == sim::StallRole::Register && producer)
      r << remarkText(" (latency ")
        << Remark::Arg("latency", uint64_t(producer->latency))
        << remarkText(")");
    if (p.cycles != s.stalls[k].total)
      r << remarkText(" (") << Remark::Arg("producer_cycles", p.cycles)
        << remarkText(" of them on this one)");
  }
  r << remarkText(".") << Remark::Arg(kHotnessArg, stall);
}

/// LLVM remark YAML, with the kHotnessArg argument as Hotness.
class HotnessRemarkStreamer final
    : public remark::detail::MLIRRemarkStreamerBase {
public:
  HotnessRemarkStreamer(std::unique_ptr<llvm::raw_fd_ostream> os,
                        std::unique_ptr<llvm::remarks::RemarkSerializer> out)
      : os(std::move(os)), serializer(std::move(out)) {}

  void streamOptimizationRemark(const Remark &remark) override {
    llvm::remarks::Remark r = remark.generateRemark();
    // A remark with nowhere to point has no DebugLoc (MLIR writes a
    // placeholder file, which opt-viewer would try to open).
    if (r.Loc && r.Loc->SourceFilePath == "<unknown file>")
      r.Loc.reset();
    for (auto *it = r.Args.begin(); it != r.Args.end(); ++it) {
      if (it->Key != kHotnessArg)
        continue;
      uint64_t hotness = 0;
      if (!it->Val.getAsInteger(10, hotness))
        r.Hotness = hotness;
      r.Args.erase(it);
      break;
    }
    serializer->emit(r);
  }
  void finalize() override { os->flush(); }
  ~HotnessRemarkStreamer() override {
    serializer.reset();
    os->flush();
  }

private:
  std::unique_ptr<llvm::raw_fd_ostream> os;
  std::unique_ptr<llvm::remarks::RemarkSerializer> serializer;
};
} // namespace

void snr::emitStaticRemarks(
    const ReplayResults &results,
    llvm::function_ref<Location(uint64_t)> locationOf) {
  const StaticInstructionAnalysis &view = results.staticView;
  for (const StaticDma &d : view.dmas)
    if (d.stall() && !d.instances.empty())
      emitDmaRemark(results, d,
                    locationOf(results.dmas.dmas[d.instances.front()]
                                   .issueIndex));
  for (const StaticParallelGroup &g : view.parallelGroups) {
    const ParallelDmaGroup &first =
        results.suggestions.parallelGroups[g.groups.front()];
    emitGroupRemark(results, g,
                    locationOf(results.dmas.dmas[first.dmas.front()]
                                   .issueIndex));
  }
  for (const StaticInstruction &s : view.instructions)
    if (s.stallCycles())
      emitStallRemark(results, s, locationOf(s.firstIndex));
}

LogicalResult snr::enableHotnessRemarks(MLIRContext &context,
                                        llvm::StringRef path) {
  std::error_code error;
  auto os = std::make_unique<llvm::raw_fd_ostream>(path, error,
                                                   llvm::sys::fs::OF_Text);
  if (error)
    return failure();
  llvm::Expected<std::unique_ptr<llvm::remarks::RemarkSerializer>> serializer =
      llvm::remarks::createRemarkSerializer(llvm::remarks::Format::YAML, *os);
  if (!serializer) {
    llvm::consumeError(serializer.takeError());
    return failure();
  }
  remark::RemarkCategories all;
  all.passed = all.missed = all.analysis = all.failed = ".*";
  return remark::enableOptimizationRemarks(
      context,
      std::make_unique<HotnessRemarkStreamer>(std::move(os),
                                              std::move(*serializer)),
      std::make_unique<remark::RemarkEmittingPolicyAll>(), all);
}

llvm::Error snr::writeRemarkFile(
    llvm::StringRef path,
    llvm::function_ref<void(mlir::MLIRContext &context)> emit) {
  // The streamer writes the file itself, until the context goes: write a
  // temporary name, then rename it (as writeFileAtomically does).
  std::string temp = (path + ".tmp-remarks").str();
  {
    MLIRContext context;
    if (failed(enableHotnessRemarks(context, temp))) {
      llvm::sys::fs::remove(temp);
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot write remarks to " + path);
    }
    emit(context);
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    llvm::sys::fs::remove(temp);
    return llvm::createFileError(path, ec);
  }
  return llvm::Error::success();
}

Location snr::getInstructionLocation(MLIRContext &context,
                                     const TraceInfo &info, uint64_t index) {
  if (const SourceTable::Entry *entry =
          info.lineTable.lookup(info.getPc(index)))
    return FileLineColLoc::get(&context, info.lineTable.getFile(*entry),
                               entry->line, entry->column);
  unsigned line = index < info.lines.size() ? info.lines[index] : 0;
  llvm::StringRef extension = llvm::sys::path::extension(info.fileName);
  if (!line || info.fileName.empty() || extension == ".gz" ||
      extension == ".zst")
    return UnknownLoc::get(&context);
  return FileLineColLoc::get(&context, info.fileName, line, 1);
}

mlir::remark::detail::Remark::Arg snr::remarkText(std::string value) {
  return mlir::remark::detail::Remark::Arg("String", std::move(value));
}
