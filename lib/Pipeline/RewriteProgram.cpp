//===- RewriteProgram.cpp - snr-replay --program P --apply ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/RewriteProgram.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/ProgramFile.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/ProgramWriter.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ProgramDiff.h"
#include "SnR/Rewrite/ProgramRewriteDriver.h"
#include "SnR/Support/OutputFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace snr;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Where the first "pc = <digits> : i64" of `line` starts, its length and
/// its digits (what the pattern "pc = ([0-9]+) : i64" matches first).
static std::optional<std::tuple<size_t, size_t, llvm::StringRef>>
findPcAttribute(llvm::StringRef line) {
  for (size_t at = line.find("pc = "); at != llvm::StringRef::npos;
       at = line.find("pc = ", at + 1)) {
    llvm::StringRef rest = line.drop_front(at + 5);
    size_t digits = std::min(rest.find_first_not_of("0123456789"), rest.size());
    if (digits && rest.drop_front(digits).starts_with(" : i64"))
      return std::make_tuple(at, 5 + digits + 6, rest.take_front(digits));
  }
  return std::nullopt;
}

/// A branch line, "<spaces>snr.br <digits><rest>", as its three parts.
static std::optional<std::tuple<llvm::StringRef, llvm::StringRef,
                                llvm::StringRef>>
splitBranch(llvm::StringRef line) {
  size_t spaces = std::min(line.find_first_not_of(' '), line.size());
  if (!line.drop_front(spaces).starts_with("snr.br "))
    return std::nullopt;
  size_t head = spaces + 7;
  llvm::StringRef rest = line.drop_front(head);
  size_t digits = std::min(rest.find_first_not_of("0123456789"), rest.size());
  if (!digits)
    return std::nullopt;
  return std::make_tuple(line.take_front(head), rest.take_front(digits),
                         rest.drop_front(digits));
}

/// rewritten-program.diff and program-diff.html: the original program file
/// against `rewrittenText`, lines compared without their PCs (and a branch's
/// target through the pc_map), so only what the rewrite changed shows. A
/// diff too large to read is left out, with a warning.
static llvm::Error
writeProgramDiff(report::ProgramRewriteOutcome &outcome,
                 llvm::StringRef originalText, llvm::StringRef rewrittenText,
                 llvm::function_ref<std::string(llvm::StringRef)> inDir,
                 llvm::StringRef toolName) {
  // Both sides as MLIR prints them, so only the rewrite differs; the
  // program file's own name when it is printed so (snr-gen's are).
  llvm::StringRef name = llvm::sys::path::filename(outcome.programFile);
  std::string beforeName = name.str();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(outcome.programFile, /*IsText=*/true);
  if (!file || (*file)->getBuffer() != originalText)
    beforeName += " (as MLIR prints it)";
  // The original PC of each rewritten PC, for branch targets.
  llvm::DenseMap<uint64_t, uint64_t> beforeOfAfter;
  for (const report::PcMapRange &range : outcome.pcMap)
    for (uint64_t i = 0; i < range.count; ++i)
      beforeOfAfter[range.after + i] = range.before + i;
  // What moved (the DMAs, and the slice instructions whose copies moved
  // with them) shows as removed here and added there, never as the same
  // line: by original PC.
  llvm::DenseSet<uint64_t> moved;
  for (const rewrite::ProgramDecision &d : outcome.proved.decisions)
    if (outcome.isMoved(d)) {
      moved.insert(outcome.instructions[d.dma].pc);
      for (size_t removed : d.move->removed)
        moved.insert(outcome.instructions[removed].pc);
    }
  // A line's key: its text without its PC, a branch's target as the
  // original PC, and the instruction's identity (its original PC; "new"
  // for a copy), so only an instruction matches itself.
  auto key = [&](llvm::StringRef line, bool isAfter) {
    std::string identity;
    std::string text = line.str();
    if (auto pcAttr = findPcAttribute(line)) {
      auto [at, length, digits] = *pcAttr;
      uint64_t pc;
      if (!digits.getAsInteger(10, pc)) {
        std::optional<uint64_t> original = pc;
        if (isAfter) {
          auto it = beforeOfAfter.find(pc);
          original = it == beforeOfAfter.end()
                         ? std::nullopt
                         : std::optional<uint64_t>(it->second);
        }
        identity = !original ? "#new"
                   : moved.contains(*original)
                       ? (isAfter ? "#moved-to" : "#moved-from")
                       : "#" + std::to_string(*original);
      }
      text = (line.take_front(at) + "pc = _" + line.drop_front(at + length))
                 .str();
    }
    uint64_t target;
    if (isAfter)
      if (auto branch = splitBranch(text)) {
        auto [head, digits, rest] = *branch;
        if (!digits.getAsInteger(10, target)) {
          auto it = beforeOfAfter.find(target);
          text = (head +
                  (it == beforeOfAfter.end() ? "new " + digits.str()
                                             : std::to_string(it->second)) +
                  rest)
                     .str();
        }
      }
    return text + identity;
  };
  llvm::Expected<std::string> diff = report::formatUnifiedDiff(
      beforeName, originalText, outcome.rewrittenFile, rewrittenText, key);
  if (!diff) {
    llvm::WithColor::warning(llvm::errs(), toolName)
        << "no program diff: " << llvm::toString(diff.takeError()) << "\n";
    return llvm::Error::success();
  }
  outcome.diffFile = "rewritten-program.diff";
  outcome.diffHtmlFile = "program-diff.html";
  if (llvm::Error error = writeFileAtomically(
          inDir(outcome.diffFile), [&](llvm::raw_ostream &out) {
            out << *diff;
            return llvm::Error::success();
          }))
    return error;
  return writeFileAtomically(
      inDir(outcome.diffHtmlFile), [&](llvm::raw_ostream &out) {
        report::writeDiffHtml(("The program rewrite: " + name + " -> " +
                               outcome.rewrittenFile)
                                  .str(),
                              *diff, out);
        return llvm::Error::success();
      });
}

llvm::Expected<std::unique_ptr<report::ProgramRewriteOutcome>>
snr::rewriteProgram(llvm::StringRef programFile, const trace::Trace &trace,
                    const sim::MachineModel &machine,
                    llvm::function_ref<std::string(llvm::StringRef)> inDir,
                    llvm::StringRef toolName) {
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
  auto outcome = std::make_unique<report::ProgramRewriteOutcome>();
  outcome->programFile = programFile.str();
  outcome->instructions = loaded->instructions;
  // Where each original instruction was: its line and HLO (kept apart from
  // the ops, which the rewritten layout replaces).
  for (Operation &op : *program.getBody()) {
    if (!isa<InstructionOpInterface>(op))
      continue;
    auto loc = dyn_cast<FileLineColLoc>(op.getLoc());
    outcome->lines.push_back(loc ? loc.getLine() : 0);
    outcome->columns.push_back(loc ? loc.getColumn() : 0);
    auto attr = op.getAttrOfType<StringAttr>("hlo");
    outcome->hlos.push_back(attr ? attr.str() : std::string());
  }

  llvm::Expected<rewrite::ProvedProgramRewrite> proved =
      rewrite::rewriteProgram(*loaded, trace, machine);
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
  outcome->proved = std::move(*proved);
  report::computePcMap(*outcome);

  // The program, laid out anew, verified before it is written; and the
  // change as a diff of the two files.
  if (outcome->changed()) {
    std::string originalText;
    llvm::raw_string_ostream originalStream(originalText);
    file->module->print(originalStream);
    const rewrite::ProgramLayout &layout = outcome->proved.layout;
    record::relayoutProgram(program, layout.instructions, layout.origin,
                            layout.position, layout.entry);
    if (failed(mlir::verify(program)))
      return makeError("the rewritten program does not verify (a rewrite "
                       "bug):\n" +
                       diagnostics);
    std::string rewrittenText;
    llvm::raw_string_ostream rewrittenStream(rewrittenText);
    file->module->print(rewrittenStream);
    outcome->rewrittenFile = "rewritten-program.mlir";
    if (llvm::Error error = writeFileAtomically(
            inDir(outcome->rewrittenFile), [&](llvm::raw_ostream &out) {
              out << rewrittenText;
              return llvm::Error::success();
            }))
      return std::move(error);
    if (llvm::Error error = writeProgramDiff(*outcome, originalText,
                                             rewrittenText, inDir, toolName))
      return std::move(error);
  }
  if (llvm::Error error = writeFileAtomically(
          inDir("program-rewrite.json"), [&](llvm::raw_ostream &out) {
            out << llvm::formatv("{0:2}",
                                 report::buildProgramRewriteJson(*outcome))
                << "\n";
            return llvm::Error::success();
          }))
    return std::move(error);
  return std::move(outcome);
}
