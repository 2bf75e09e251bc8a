//===- RewriteProgram.cpp - snr-replay --program P --apply ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "RewriteProgram.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/ProgramFile.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/ProgramWriter.h"
#include "SnR/Report/Format.h"
#include "SnR/Rewrite/ProgramRewriteDriver.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"
#include "SnR/Support/OutputFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace snr;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// Where each original instruction was: its line and HLO (kept apart from
/// the ops, which the rewritten layout replaces).
struct OriginalOps {
  std::vector<unsigned> lines;
  std::vector<std::string> hlos;
  void add(Operation &op) {
    auto loc = dyn_cast<FileLineColLoc>(op.getLoc());
    lines.push_back(loc ? loc.getLine() : 0);
    auto attr = op.getAttrOfType<StringAttr>("hlo");
    hlos.push_back(attr ? attr.str() : std::string());
  }
  unsigned line(size_t i) const { return lines[i]; }
  const std::string &hlo(size_t i) const { return hlos[i]; }
};

std::string regs(const rewrite::ProgramMove &move,
                 const rewrite::RewriteTarget &target) {
  std::string text;
  for (auto [from, to] : move.renamed)
    text += (text.empty() ? "" : ", ") + target.formatRegister(from) +
            " renamed " + target.formatRegister(to);
  return text;
}
} // namespace

namespace {
/// What the rewrite writes, made before anything is written.
struct Outputs {
  /// The rewritten program (empty when nothing is kept).
  std::string program;
  std::string json;
  /// What it prints.
  std::string printed;
};

/// Loads, rewrites and renders; `rewrittenPath` is where the rewritten
/// program will be (for what it prints).
llvm::Error computeRewrite(llvm::StringRef programFile,
                           const trace::Trace &trace,
                           const sim::MachineModel &machine,
                           const rewrite::EffectsTable *effects,
                           llvm::StringRef rewrittenPath, Outputs &outputs) {
  MLIRContext context;
  llvm::Expected<record::ProgramFile> file =
      record::readProgramFile(programFile, trace.header.program, context);
  if (!file)
    return file.takeError();
  ProgramOp program = file->program;
  // What loading the program says, for its error.
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnosticStream);
  std::vector<trace::HloRange> hloMap;
  FailureOr<record::LoadedProgram> loaded =
      record::loadProgram(program, machine.memory, hloMap);
  if (failed(loaded))
    return makeError("cannot load the program " + programFile + ":\n" +
                     diagnostics);
  OriginalOps originals;
  for (Operation &op : *program.getBody())
    if (isa<InstructionOpInterface>(op))
      originals.add(op);

  llvm::Expected<rewrite::ProvedProgramRewrite> proved =
      rewrite::rewriteProgram(*loaded, trace, machine, effects);
  if (!proved)
    return llvm::handleErrors(
        proved.takeError(), [&](const rewrite::ProgramRewriteError &error) {
          using Step = rewrite::ProgramRewriteError::Step;
          switch (error.step) {
          case Step::WholeRun:
            return makeError(trace.fileName +
                             ": the program rewrite needs a trace of the "
                             "whole run of " +
                             programFile + ": " + error.message);
          case Step::Original:
            return makeError(programFile +
                             ": re-recording the program failed: " +
                             error.message);
          case Step::Rewritten:
            break;
          }
          return makeError(programFile +
                           ": re-recording the rewritten program failed: " +
                           error.message);
        });
  const rewrite::RewriteTarget &target = rewrite::getDefaultRewriteTarget();
  const rewrite::ProgramLayout &layout = proved->layout;
  const std::vector<arch::Instruction> &insts = loaded->instructions;
  auto newPcOfDma = [&](const rewrite::ProgramDecision &d) {
    rewrite::InstructionDesc desc;
    for (size_t i = 0; i < layout.instructions.size(); ++i) {
      target.describe(layout.instructions[i], /*executed=*/true, desc);
      if (layout.origin[i] == d.dma && desc.startsCopy)
        return layout.instructions[i].pc;
    }
    return layout.newPc[d.dma];
  };
  bool changed = proved->changed();

  // The program, laid out anew, verified before it is written.
  if (changed) {
    record::relayoutProgram(program, layout.instructions, layout.origin,
                            layout.position, layout.entry);
    if (failed(mlir::verify(program)))
      return makeError("the rewritten program does not verify (a rewrite "
                       "bug):\n" +
                       diagnostics);
    llvm::raw_string_ostream out(outputs.program);
    file->module->print(out);
  }

  llvm::json::Array dmas;
  unsigned moved = 0;
  for (const rewrite::ProgramDecision &d : proved->decisions) {
    bool kept = d.move && !d.dropped && proved->accepted;
    moved += kept;
    llvm::json::Object dma{
        {"pc", int64_t(insts[d.dma].pc)},
        {"line", int64_t(originals.line(d.dma))},
        {"hlo", originals.hlo(d.dma)},
        {"moved", kept},
        {"reason", d.reason},
        {"stall_before", int64_t(d.stallBefore)},
        {"stall_after",
         int64_t(kept || proved->accepted ? d.stallAfter : d.stallBefore)}};
    if (d.move) {
      const rewrite::ProgramMove &m = *d.move;
      llvm::json::Array slice, removed, renamed;
      for (size_t s : m.slice)
        slice.push_back(int64_t(insts[s].pc));
      for (size_t s : m.removed)
        removed.push_back(int64_t(insts[s].pc));
      for (auto [from, to] : m.renamed)
        renamed.push_back(
            llvm::json::Object{{"from", target.formatRegister(from)},
                               {"to", target.formatRegister(to)}});
      dma["dropped"] = d.dropped;
      dma["landing_pc"] = int64_t(insts[m.landing].pc);
      dma["to_hlo"] = originals.hlo(m.landing);
      dma["instructions_earlier"] = int64_t(m.crossed);
      dma["waits_joined"] = int64_t(m.waitsJoined);
      dma["slice_reused"] = int64_t(m.reused);
      dma["slice_pcs"] = std::move(slice);
      dma["removed_pcs"] = std::move(removed);
      dma["renamed"] = std::move(renamed);
      if (kept)
        dma["new_pc"] = int64_t(newPcOfDma(d));
    }
    dmas.push_back(std::move(dma));
  }
  llvm::json::Object json{
      {"format", "snr-program-rewrite"},
      {"version", 1},
      {"program", programFile.str()},
      {"accepted", proved->accepted},
      {"changed", changed},
      {"same_final_state", proved->stateDifference.empty()},
      {"state_difference", proved->stateDifference},
      {"rejection", proved->rejection},
      {"runs", int64_t(proved->runs)},
      {"before", llvm::json::Object{{"cycles", int64_t(proved->cyclesBefore)},
                                    {"instructions",
                                     int64_t(proved->instructionsBefore)}}},
      {"after", llvm::json::Object{{"cycles", int64_t(proved->cyclesAfter)},
                                   {"instructions",
                                    int64_t(proved->instructionsAfter)}}},
      {"rewritten_program", changed ? "rewritten-program.mlir" : ""},
      {"dmas", std::move(dmas)}};
  {
    llvm::raw_string_ostream out(outputs.json);
    out << llvm::formatv("{0:2}", llvm::json::Value(std::move(json))) << "\n";
  }

  llvm::raw_string_ostream out(outputs.printed);
  size_t planned = llvm::count_if(proved->decisions,
                                  [](const auto &d) { return bool(d.move); });
  out << llvm::formatv("program rewrite: {0} DMA(s) moved, {1} left in "
                       "place; proved by re-recording the whole run ({2} "
                       "run(s))\n",
                       moved, proved->decisions.size() - moved, proved->runs);
  for (const rewrite::ProgramDecision &d : proved->decisions) {
    if (!d.move)
      continue;
    const rewrite::ProgramMove &m = *d.move;
    out << llvm::formatv("  pc {0} (line {1}, {2})", insts[d.dma].pc,
                         originals.line(d.dma), originals.hlo(d.dma));
    if (d.dropped || !proved->accepted) {
      out << ": not moved: " << (d.dropped ? d.reason : proved->rejection)
          << "\n";
      continue;
    }
    out << llvm::formatv(" -> pc {0} (in front of pc {1}, {2}): {3} "
                         "instruction(s) earlier",
                         newPcOfDma(d), insts[m.landing].pc,
                         originals.hlo(m.landing), m.crossed);
    if (!m.slice.empty()) {
      out << llvm::formatv(", {0} of its slice copied",
                           m.slice.size() - m.reused);
      if (m.reused)
        out << llvm::formatv(", {0} read from an earlier move's copies",
                             m.reused);
      out << llvm::formatv(" ({0} removed)", m.removed.size());
    }
    if (!m.renamed.empty())
      out << "; " << regs(m, target);
    if (m.waitsJoined)
      out << llvm::formatv("; waited with {0} earlier wait(s) on f{1}",
                           m.waitsJoined, insts[d.dma].flag);
    out << llvm::formatv("; wait stall {0} -> {1}\n",
                         report::formatCount(d.stallBefore),
                         report::formatCount(d.stallAfter));
  }
  if (!planned) {
    out << "  nothing to move (see program-rewrite.json for each DMA's "
           "reason)\n";
    return llvm::Error::success();
  }
  if (!proved->accepted) {
    out << "  rejected: " << proved->rejection
        << "; no rewritten program written\n";
    return llvm::Error::success();
  }
  uint64_t before = proved->cyclesBefore, after = proved->cyclesAfter;
  out << llvm::formatv("  cycles {0} -> {1} ({2:f1}% fewer), instructions "
                       "{3} -> {4}\n",
                       report::formatCount(before), report::formatCount(after),
                       100.0 * double(before - after) / double(before),
                       report::formatCount(proved->instructionsBefore),
                       report::formatCount(proved->instructionsAfter));
  out << "  final state identical: every register, flag and memory byte\n";
  out << "  rewritten program: " << rewrittenPath << "\n";
  return llvm::Error::success();
}
} // namespace

struct ProgramRewriteJob::State {
  Outputs outputs;
  llvm::Error error = llvm::Error::success();
};

ProgramRewriteJob::ProgramRewriteJob(
    std::string programFile, const trace::Trace &trace,
    const sim::MachineModel &machine,
    std::shared_ptr<const rewrite::TraceEvidence> evidence,
    std::string rewrittenPath)
    : state(std::make_unique<State>()) {
  thread = std::thread([this, programFile = std::move(programFile), &trace,
                        &machine, evidence = std::move(evidence),
                        rewrittenPath = std::move(rewrittenPath)] {
    state->error = computeRewrite(programFile, trace, machine,
                                  evidence ? &evidence->effects : nullptr,
                                  rewrittenPath, state->outputs);
  });
}

ProgramRewriteJob::~ProgramRewriteJob() {
  if (thread.joinable())
    thread.join();
  if (state)
    llvm::consumeError(std::move(state->error));
}

llvm::Error
ProgramRewriteJob::finish(llvm::function_ref<std::string(llvm::StringRef)> inDir,
                          llvm::raw_ostream *os) {
  thread.join();
  if (state->error)
    return std::move(state->error);
  const Outputs &outputs = state->outputs;
  if (!outputs.program.empty())
    if (llvm::Error error = writeFileAtomically(
            inDir("rewritten-program.mlir"), [&](llvm::raw_ostream &out) {
              out << outputs.program;
              return llvm::Error::success();
            }))
      return error;
  if (llvm::Error error = writeFileAtomically(
          inDir("program-rewrite.json"), [&](llvm::raw_ostream &out) {
            out << outputs.json;
            return llvm::Error::success();
          }))
    return error;
  if (os)
    *os << outputs.printed;
  return llvm::Error::success();
}
