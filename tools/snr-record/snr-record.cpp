//===- snr-record.cpp - Record a trace from a device ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a program on the reference target (the functional model behind the
// step-debugger interface) to a break point, then records N instructions
// with Algorithm 1 and writes the trace file:
//
//   snr-record prog.mlir --break-at <pc | hlo-name> --count N -o trace.jsonl
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/LineTable.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/Recorder.h"
#include "SnR/Record/ReplayCheck.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirInput.h"
#include "SnR/Support/Version.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Trace/Compression.h"
#include "SnR/Trace/SpooledTraceWriter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-record options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string>
    breakAt("break-at",
            cl::desc("start recording at this PC, or at the first instruction "
                     "executed of this HLO"),
            cl::value_desc("pc | hlo-name"), cl::init("0"), cl::cat(category));
static cl::opt<uint64_t> count("count",
                               cl::desc("instructions to record (fewer if the "
                                        "program halts)"),
                               cl::init(100000), cl::cat(category));
static cl::opt<std::string> outputFile("o",
                                       cl::desc("output trace file; a name "
                                                "ending in .gz or .zst is "
                                                "compressed"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(category));
static cl::opt<std::string>
    programName("program", cl::desc("the snr.program to run, if several"),
                cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string> machineName(
    "machine-name", cl::desc("machine description named in the trace"),
    cl::init("snr-ref"), cl::cat(category));
static cl::opt<uint64_t>
    maxSteps("max-steps",
             cl::desc("give up if the break point is not reached in this "
                      "many steps"),
             cl::init(100000000), cl::cat(category));
static cl::opt<bool> verify(
    "verify",
    cl::desc("read the trace back as the file will hold it, replay it from "
             "its snapshot alone and check it reproduces the device's PC "
             "sequence and final state; only then write it"),
    cl::init(false), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-record") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions({&category, &getLimitsCategory()});
  cl::ParseCommandLineOptions(argc, argv, "SnR trace recorder\n");
  if (count == 0)
    return fail("--count=0 records nothing, and a trace needs an "
                "instruction; give the number of instructions to record");

  // The output is opened before the work: a path that cannot be written
  // fails now, not after the recording. It gets its name when complete.
  llvm::Expected<std::unique_ptr<OutputFile>> output =
      OutputFile::open(outputFile);
  if (!output)
    return fail(llvm::toString(output.takeError()));

  MLIRContext context;
  context.loadDialect<SnRDialect>();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (!input)
    return fail("cannot read '" + inputFile +
                "': " + input.getError().message());
  // Checked before MLIR reads it; parsed on a large stack.
  if (llvm::Error error = checkMlirInput((*input)->getBuffer(), inputFile))
    return fail(llvm::toString(std::move(error)));
  sourceMgr.AddNewSourceBuffer(std::move(*input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module;
  runOnLargeStack([&] {
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
    return 0;
  });
  if (!module)
    return 1;

  SmallVector<ProgramOp> programs;
  module->walk([&](ProgramOp op) {
    if (programName.empty() || op.getSymName() == programName)
      programs.push_back(op);
  });
  if (programs.empty() && programName.empty()) {
    bool hasTrace = false;
    module->walk([&](TraceOp) { hasTrace = true; });
    return fail(inputFile + " holds no snr.program to record" +
                (hasTrace ? std::string(" (it holds an snr.trace, which is "
                                        "already recorded: replay it with "
                                        "snr-replay or snr-opt)")
                          : std::string()));
  }
  if (programs.size() != 1)
    return fail(programName.empty()
                    ? llvm::Twine(inputFile) + " holds " +
                          llvm::Twine(programs.size()) +
                          " programs; name one with --program"
                    : "no program named '" + programName + "' in " +
                          inputFile);

  sim::MemorySizes sizes;
  std::vector<trace::HloRange> hloMap;
  FailureOr<record::LoadedProgram> program =
      record::loadProgram(programs.front(), sizes, hloMap);
  if (failed(program))
    return 1;
  // The target takes the loaded image (a splat may be a gigabyte): no copy.
  record::ReferenceTarget target(*program,
                                 std::move(program->initialState));

  // The break point: a PC, or the first instruction of an HLO.
  // Decimal or 0x-hexadecimal, as PCs are written everywhere else (a
  // leading 0 is not octal).
  uint64_t breakPc = 0;
  llvm::StringRef breakText(breakAt);
  bool byPc = breakText.consume_front_insensitive("0x")
                  ? !breakText.getAsInteger(16, breakPc)
                  : !breakText.getAsInteger(10, breakPc);
  if (!byPc && llvm::none_of(hloMap, [](const trace::HloRange &r) {
        return r.name == breakAt;
      }))
    return fail("--break-at '" + breakAt +
                "' is neither a PC nor an HLO name of the program");
  // A fault is located at the faulting instruction's line in the program.
  auto failAtPc = [&](llvm::Error error) {
    std::string where;
    uint64_t pc = target.getState().pc;
    programs.front().getBody()->walk([&](InstructionOpInterface inst) {
      if (where.empty() && inst.toInstruction().pc == pc)
        if (auto loc = dyn_cast<FileLineColLoc>(inst->getLoc()))
          where = llvm::formatv("{0}:{1}:{2}: ", loc.getFilename(),
                                loc.getLine(), loc.getColumn())
                      .str();
    });
    return fail(where + llvm::toString(std::move(error)));
  };
  trace::TraceHeader lookup;
  lookup.hloMap = hloMap;
  if (llvm::Error error = record::runUntil(
          target,
          [&](const arch::Instruction &inst) {
            if (byPc)
              return inst.pc == breakPc;
            const trace::HloRange *range = lookup.lookupHlo(inst.pc);
            return range && range->name == breakAt;
          },
          maxSteps))
    return failAtPc(std::move(error));

  // The instructions go to a spool file beside the output as they are
  // recorded: memory does not grow with --count.
  llvm::Expected<std::unique_ptr<trace::SpooledTraceWriter>> spool =
      trace::SpooledTraceWriter::create(
          (*output)->replacesTarget() ? (*output)->getTarget() : "-");
  if (!spool)
    return fail(llvm::toString(spool.takeError()));
  llvm::Expected<trace::Trace> recorded = record::recordTrace(
      target, count,
      [&](const arch::Instruction &inst,
          const trace::RecordedOutcome &outcome) {
        (*spool)->addInstruction(inst, outcome);
      });
  if (!recorded)
    return failAtPc(recorded.takeError());
  recorded->header.machine = machineName;
  recorded->header.program = programs.front().getSymName().str();
  recorded->header.hloMap = std::move(hloMap);
  recorded->header.lineTable =
      record::collectLineTable(programs.front(), inputFile);
  recorded->fileName = outputFile;

  trace::Compression compression = trace::compressionForFileName(outputFile);
  auto writeTrace = [&](llvm::raw_ostream &sink) {
    return (*spool)->finish(sink, *recorded, compression);
  };
  // --verify checks the file's bytes, not the table they are written from: a
  // writer that loses bits is caught. They are made first and written only
  // if they pass.
  std::string fileBytes;
  if (verify) {
    llvm::raw_string_ostream os(fileBytes);
    if (llvm::Error error = writeTrace(os))
      return fail(outputFile + ": " + llvm::toString(std::move(error)));
    *recorded = trace::Trace(); // not needed any more; frees its memory
    if (llvm::Error error = record::checkWrittenReplay(fileBytes, outputFile,
                                                       target.getState()))
      return fail(llvm::toString(std::move(error)));
  }

  if (verify)
    (*output)->os() << fileBytes;
  else if (llvm::Error error = writeTrace((*output)->os()))
    return fail(outputFile + ": " + llvm::toString(std::move(error)));
  if (llvm::Error error = (*output)->keep())
    return fail(llvm::toString(std::move(error)));
  return 0;
}
