//===- snr-record.cpp - Record a trace from a device ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Runs a program to a break point, then records N instructions with
// Algorithm 1 and writes the trace file. The device is the reference target
// in this process:
//
//   snr-record prog.mlir --break-at <pc | hlo-name> --count N -o trace.jsonl
//
// or any stub that speaks GDB's remote serial protocol: QEMU running a
// RISC-V binary, or snr-target serving the reference accelerator.
//
//   snr-record --remote HOST:PORT (--elf k.elf | --program prog.mlir)
//              --break-at <pc | symbol> --count N -o trace.jsonl
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Record/EncodedReplayCheck.h"
#include "SnR/Record/EncodedTrace.h"
#include "SnR/Record/LineTable.h"
#include "SnR/Record/ProgramFile.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/RemoteDebugger.h"
#include "SnR/Record/ReplayCheck.h"
#include "SnR/Record/SnRRecording.h"
#include "SnR/Remote/RspClient.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirInput.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Support/Version.h"
#include "SnR/Target/SnR/SnRTarget.h"
#include "SnR/Target/TargetRegistry.h"
#include "SnR/Trace/Compression.h"
#include "SnR/Trace/SpooledTraceWriter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <chrono>

using namespace mlir;
using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-record options");
static cl::opt<std::string>
    inputFile(cl::Positional,
              cl::desc("<program.mlir> (in process; none with --remote)"),
              cl::cat(category));
static cl::opt<std::string>
    breakAt("break-at",
            cl::desc("start recording at this PC (decimal or 0x hex), at a "
                     "symbol of the ELF, or at the first instruction executed "
                     "of this HLO"),
            cl::value_desc("pc | symbol | hlo-name"), cl::init("0"),
            cl::cat(category));
static cl::opt<uint64_t> count("count",
                               cl::desc("instructions to record (fewer if the "
                                        "program ends)"),
                               cl::init(100000), cl::cat(category));
static cl::opt<bool> untilReturn(
    "until-return",
    cl::desc("stop when the call entered at --break-at (a function's symbol "
             "or entry PC) returns: the return is the last instruction "
             "recorded; --count still caps the recording (--remote --elf "
             "only: the snr ISA has no calls)"),
    cl::init(false), cl::cat(category));
static cl::opt<std::string> outputFile("o",
                                       cl::desc("output trace file; a name "
                                                "ending in .gz or .zst is "
                                                "compressed"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(category));
static cl::opt<std::string> programOption(
    "program",
    cl::desc("in process: the snr.program to run, if the file holds "
             "several; with --remote: the snr.program file the stub runs "
             "(it gives the instructions at each PC and the HLO names, as an "
             "ELF does for a binary ISA)"),
    cl::value_desc("name | prog.mlir"), cl::cat(category));
static cl::opt<std::string> programName(
    "program-name",
    cl::desc("the snr.program to use, if the file holds several"),
    cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string> machineName(
    "machine-name", cl::desc("machine description named in an snr trace"),
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
             "sequence and final state (with --remote --elf: the stub's "
             "registers and memory at the end of the window); only then "
             "write it"),
    cl::init(false), cl::cat(category));

static cl::OptionCategory remoteCategory(
    "snr-record --remote: record from a GDB remote stub (docs/recording.md)");
static cl::opt<std::string> remoteAddress(
    "remote", cl::desc("the stub to record from"),
    cl::value_desc("host:port"), cl::cat(remoteCategory));
static cl::opt<std::string>
    elfFile("elf",
            cl::desc("the binary the stub runs: its ISA, symbols and code"),
            cl::value_desc("file"), cl::cat(remoteCategory));
static cl::opt<unsigned> remoteTimeout(
    "remote-timeout",
    cl::desc("seconds to wait for any reply of the stub (and for it to "
             "accept the connection)"),
    cl::init(10), cl::cat(remoteCategory));
static cl::opt<std::string> rspLog(
    "rsp-log",
    cl::desc("write every byte sent to and received from the stub, a "
             "line per direction change ('> ' sent, '< ' received)"),
    cl::value_desc("file"), cl::cat(remoteCategory));
static cl::opt<bool> detachAtEnd(
    "detach",
    cl::desc("let the program run on when the recording ends (default: "
             "kill it)"),
    cl::init(false), cl::cat(remoteCategory));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-record") << message << "\n";
  return 1;
}

/// A PC, decimal or 0x-hexadecimal, as PCs are written everywhere else (a
/// leading 0 is not octal).
static std::optional<uint64_t> parsePc(llvm::StringRef text) {
  uint64_t pc = 0;
  if (text.consume_front_insensitive("0x"))
    return text.getAsInteger(16, pc) ? std::nullopt : std::optional(pc);
  return text.getAsInteger(10, pc) ? std::nullopt : std::optional(pc);
}

/// A spool for the instruction lines, beside the file the trace will be:
/// they go to disk as they are recorded, so memory does not grow with
/// --count.
static llvm::Expected<std::unique_ptr<trace::SpooledTraceWriter>>
createSpool(const OutputFile &output) {
  return trace::SpooledTraceWriter::create(
      output.replacesTarget() ? output.getTarget() : "-");
}

/// Writes the trace with `writeTrace` (the spool's finish) to `output` and
/// gives the file its name.
static llvm::Error
writeTraceFile(OutputFile &output,
               llvm::function_ref<llvm::Error(llvm::raw_ostream &)> writeTrace) {
  if (llvm::Error error = writeTrace(output.os()))
    return llvm::createStringError(outputFile + ": " +
                                   llvm::toString(std::move(error)));
  return output.keep();
}

/// What was recorded, and why it stopped, on standard error.
static void report(const record::Recording &recording, size_t registers,
                   size_t regions, const target::Target &target, bool remote,
                   double seconds) {
  llvm::errs() << llvm::formatv(
      "snr-record: recorded {0} instruction(s) from pc {1}", 
      recording.instructions, target.formatPc(recording.startPc));
  if (recording.stop.ended())
    llvm::errs() << "; stopped: " << recording.stop.message;
  else if (recording.returnedTo)
    llvm::errs() << "; stopped: the call returned to "
                 << target.formatPc(*recording.returnedTo);
  else if (untilReturn)
    llvm::errs() << " (the count asked for; the call had not returned)";
  else
    llvm::errs() << " (the count asked for)";
  llvm::errs() << llvm::formatv("; snapshot: {0} register(s), {1} memory "
                                "region(s)",
                                registers, regions);
  if (remote && recording.instructions)
    llvm::errs() << llvm::formatv(
        "; {0} round trip(s), {1:f2} per instruction; {2:f0} instructions/s "
        "({3:f3} s recording)",
        recording.roundTrips,
        double(recording.roundTrips) / double(recording.instructions),
        seconds > 0 ? double(recording.instructions) / seconds : 0.0, seconds);
  llvm::errs() << "\n";
}

//===----------------------------------------------------------------------===//
// In process: the reference target
//===----------------------------------------------------------------------===//

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

static int recordInProcess(OutputFile &output) {
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

  std::string name = programName.empty() ? programOption : programName;
  SmallVector<ProgramOp> programs;
  module->walk([&](ProgramOp op) {
    if (name.empty() || op.getSymName() == name)
      programs.push_back(op);
  });
  if (programs.empty() && name.empty()) {
    bool hasTrace = false;
    module->walk([&](TraceOp) { hasTrace = true; });
    return fail(inputFile + " holds no snr.program to record" +
                (hasTrace ? std::string(" (it holds an snr.trace, which is "
                                        "already recorded: replay it with "
                                        "snr-replay or snr-opt)")
                          : std::string()));
  }
  if (programs.size() != 1)
    return fail(name.empty() ? llvm::Twine(inputFile) + " holds " +
                                   llvm::Twine(programs.size()) +
                                   " programs; name one with --program"
                             : "no program named '" + name + "' in " +
                                   inputFile);

  sim::MemorySizes sizes;
  std::vector<trace::HloRange> hloMap;
  FailureOr<record::LoadedProgram> program =
      record::loadProgram(programs.front(), sizes, hloMap);
  if (failed(program))
    return 1;
  // The target takes the loaded image (a splat may be a gigabyte): no copy.
  record::ReferenceTarget device(*program, std::move(program->initialState));

  std::optional<uint64_t> breakPc = parsePc(breakAt);
  if (!breakPc && llvm::none_of(hloMap, [](const trace::HloRange &r) {
        return r.name == breakAt;
      }))
    return fail("--break-at '" + breakAt +
                "' is neither a PC nor an HLO name of the program");
  // A fault is located at the faulting instruction's line in the program.
  auto failAtPc = [&](llvm::Error error) {
    std::string where;
    uint64_t pc = device.getState().pc;
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
          device,
          [&](uint64_t pc) {
            if (breakPc)
              return pc == *breakPc;
            const trace::HloRange *range = lookup.lookupHlo(pc);
            return range && range->name == breakAt;
          },
          maxSteps))
    return failAtPc(std::move(error));

  llvm::Expected<std::unique_ptr<trace::SpooledTraceWriter>> spool =
      createSpool(output);
  if (!spool)
    return fail(llvm::toString(spool.takeError()));
  record::Recording recording;
  auto started = std::chrono::steady_clock::now();
  llvm::Expected<trace::Trace> recorded = record::recordTrace(
      device, program->instructions, count, &recording,
      [&](const arch::Instruction &inst,
          const trace::RecordedOutcome &outcome) {
        (*spool)->addInstruction(inst, outcome);
      });
  double seconds = secondsSince(started);
  if (!recorded)
    return failAtPc(recorded.takeError());
  recorded->header.machine = machineName;
  recorded->header.program = programs.front().getSymName().str();
  recorded->header.hloMap = std::move(hloMap);
  recorded->header.lineTable =
      record::collectLineTable(programs.front(), inputFile);
  recorded->fileName = outputFile;

  size_t snapshotRegisters = recorded->registers.size();
  size_t snapshotRegions = recorded->memory.size();
  trace::Compression compression = trace::compressionForFileName(outputFile);
  auto writeTrace = [&](llvm::raw_ostream &sink) {
    return (*spool)->finish(sink, *recorded, compression);
  };
  // --verify checks the file's bytes, not the table they are written from: a
  // writer that loses bits is caught. They are made first and written only
  // if they pass.
  if (verify) {
    std::string fileBytes;
    llvm::raw_string_ostream os(fileBytes);
    if (llvm::Error error = writeTrace(os))
      return fail(outputFile + ": " + llvm::toString(std::move(error)));
    *recorded = trace::Trace(); // not needed any more; frees its memory
    if (llvm::Error error = record::checkWrittenReplay(fileBytes, outputFile,
                                                       device.getState()))
      return fail(llvm::toString(std::move(error)));
    output.os() << fileBytes;
    if (llvm::Error error = output.keep())
      return fail(llvm::toString(std::move(error)));
  } else if (llvm::Error error = writeTraceFile(output, writeTrace)) {
    return fail(llvm::toString(std::move(error)));
  }
  report(recording, snapshotRegisters, snapshotRegions, target::SnRTarget(),
         /*remote=*/false, seconds);
  return 0;
}

//===----------------------------------------------------------------------===//
// Over GDB's remote serial protocol
//===----------------------------------------------------------------------===//

namespace {
/// The program behind the stub, as the recorder needs it: the target, its
/// code, its symbols, and the trace header it names.
struct RemoteProgram {
  std::unique_ptr<target::Target> target;
  target::CodeReader *code = nullptr;
  /// snr: the program file and its decoded program.
  MLIRContext context;
  std::optional<record::ProgramFile> file;
  std::optional<record::LoadedProgram> loaded;
  /// A binary ISA: its ELF.
  std::unique_ptr<target::ElfImage> elf;
  trace::TraceHeader header;
  unsigned breakpointKind = 4;

  /// The PC of a symbol: an ELF symbol, or the first PC of an HLO.
  std::optional<uint64_t> lookupSymbol(llvm::StringRef name) const {
    if (elf)
      return elf->lookupSymbol(name);
    for (const trace::HloRange &range : header.hloMap)
      if (range.name == name)
        return range.begin;
    return std::nullopt;
  }
};

/// The snr ISA has no encoding: its code is the program.
class ProgramCode : public target::CodeReader {
public:
  llvm::Expected<llvm::SmallVector<uint8_t, 4>> readCode(uint64_t,
                                                         unsigned) override {
    return llvm::SmallVector<uint8_t, 4>();
  }
};
} // namespace

static llvm::Error openRemoteProgram(RemoteProgram &program,
                                     remote::RspClient &client) {
  if (!programOption.empty()) {
    llvm::Expected<record::ProgramFile> file =
        record::readProgramFile(programOption, programName, program.context);
    if (!file)
      return file.takeError();
    program.file = std::move(*file);
    sim::MemorySizes sizes;
    FailureOr<record::LoadedProgram> loaded = record::loadProgram(
        program.file->program, sizes, program.header.hloMap);
    if (failed(loaded))
      return llvm::createStringError("cannot load the program " +
                                     programOption);
    program.loaded = std::move(*loaded);
    program.target =
        std::make_unique<target::SnRTarget>(program.loaded->instructions);
    static ProgramCode code;
    program.code = &code;
    program.header.machine = machineName;
    program.header.program = program.file->program.getSymName().str();
    program.header.lineTable =
        record::collectLineTable(program.file->program, programOption);
    program.breakpointKind = 1;
    return llvm::Error::success();
  }
  llvm::Expected<std::unique_ptr<target::ElfImage>> elf =
      target::ElfImage::load(elfFile);
  if (!elf)
    return elf.takeError();
  program.elf = std::move(*elf);
  // The vector width is the device's (QEMU: -cpu rv64,v=true,vlen=N).
  std::optional<uint64_t> vlenb;
  if (client.getTargetDescription() &&
      client.getTargetDescription()->lookup("vlenb")) {
    llvm::Expected<uint64_t> value =
        record::RemoteDebugger::readInteger(client, "vlenb");
    if (!value)
      return value.takeError();
    vlenb = *value;
  }
  llvm::Expected<std::unique_ptr<target::Target>> target =
      target::createTargetForElf(program.elf->getMachine(),
                                 program.elf->is64Bit(),
                                 program.elf->getArchString(), vlenb);
  if (!target)
    return llvm::createStringError(elfFile + ": " +
                                   llvm::toString(target.takeError()));
  program.target = std::move(*target);
  program.code = program.elf.get();
  program.header.isa = program.target->getName().str();
  program.header.isaString = program.elf->getArchString().str();
  program.header.vlenb = vlenb;
  program.header.machine =
      client.getTargetDescription()
          ? client.getTargetDescription()->getArchitecture().str()
          : std::string();
  program.header.program = llvm::sys::path::filename(elfFile).str();
  for (const target::ElfFunction &function : program.elf->getFunctions())
    program.header.hloMap.push_back(
        {function.begin, function.end, function.name});
  return llvm::Error::success();
}

static int recordRemote(OutputFile &output) {
  remote::ClientOptions options;
  options.connection.timeoutMs = remoteTimeout * 1000;
  options.connection.connectTimeoutMs = remoteTimeout * 1000;
  std::unique_ptr<llvm::raw_fd_ostream> log;
  if (!rspLog.empty()) {
    std::error_code ec;
    log = std::make_unique<llvm::raw_fd_ostream>(rspLog, ec);
    if (ec)
      return fail("cannot write '" + rspLog + "': " + ec.message());
    std::optional<bool> lastSent;
    options.connection.tap = [&log, lastSent](bool sent,
                                              llvm::StringRef bytes) mutable {
      if (lastSent != sent)
        *log << (lastSent ? "\n" : "") << (sent ? "> " : "< ");
      lastSent = sent;
      *log << bytes;
    };
  }
  llvm::Expected<std::unique_ptr<remote::RspClient>> client =
      remote::RspClient::connect(remoteAddress, options);
  if (!client)
    return fail("--remote " + remoteAddress + ": " +
                llvm::toString(client.takeError()));
  // Registers are found by name in the stub's target description.
  if (!(*client)->getTargetDescription()) {
    llvm::consumeError((*client)->kill());
    return fail("the stub at " + remoteAddress +
                " offers no target description (qXfer:features:read): "
                "SnR finds the registers it records by name in it "
                "(docs/recording.md)");
  }
  RemoteProgram program;
  if (llvm::Error error = openRemoteProgram(program, **client))
    return fail(llvm::toString(std::move(error)));
  const target::Target &target = *program.target;
  record::RemoteDebugger debugger(**client, target, "pc",
                                  program.breakpointKind);
  // Whatever happens, the session ends: the program is killed (or let go).
  auto endSession = [&] {
    llvm::Error error = detachAtEnd ? (*client)->detach() : (*client)->kill();
    llvm::consumeError(std::move(error));
  };

  // The break point: a PC, a symbol (the ELF's, or an HLO of the program),
  // or, for the snr ISA, the first instruction executed of an HLO.
  std::optional<uint64_t> breakPc = parsePc(breakAt);
  if (!breakPc)
    breakPc = program.lookupSymbol(breakAt);
  if (!breakPc) {
    endSession();
    return fail("--break-at '" + breakAt + "' is neither a PC nor a " +
                (program.elf ? "symbol of " + elfFile
                             : "HLO name of " + programOption));
  }
  llvm::Expected<record::StopReason> reached =
      program.elf ? debugger.runTo(*breakPc, maxSteps)
                  : [&]() -> llvm::Expected<record::StopReason> {
    // An HLO's first instruction executed need not be its first PC: step
    // to any PC of it, as in process.
    const trace::HloRange *hlo = nullptr;
    for (const trace::HloRange &range : program.header.hloMap)
      if (range.name == breakAt)
        hlo = &range;
    if (!hlo)
      return debugger.runTo(*breakPc, maxSteps);
    if (llvm::Error error = record::runUntil(
            debugger,
            [&](uint64_t pc) { return pc >= hlo->begin && pc < hlo->end; },
            maxSteps))
      return std::move(error);
    return record::StopReason();
  }();
  if (!reached) {
    endSession();
    return fail("cannot run to the break point: " +
                llvm::toString(reached.takeError()));
  }
  if (reached->ended())
    return fail("the break point was never reached: " + reached->message);

  record::Recording recording;
  size_t snapshotRegisters = 0, snapshotRegions = 0;
  auto started = std::chrono::steady_clock::now();
  double seconds = 0;
  llvm::Expected<std::unique_ptr<trace::SpooledTraceWriter>> spool =
      createSpool(output);
  if (!spool) {
    endSession();
    return fail(llvm::toString(spool.takeError()));
  }
  if (program.loaded) {
    llvm::Expected<trace::Trace> recorded = record::recordTrace(
        debugger, program.loaded->instructions, count, &recording,
        [&](const arch::Instruction &inst,
            const trace::RecordedOutcome &outcome) {
          (*spool)->addInstruction(inst, outcome);
        });
    if (!recorded) {
      endSession();
      return fail(llvm::toString(recorded.takeError()));
    }
    recorded->header.machine = program.header.machine;
    recorded->header.program = program.header.program;
    recorded->header.hloMap = program.header.hloMap;
    recorded->header.lineTable = program.header.lineTable;
    recorded->fileName = outputFile;
    seconds = secondsSince(started);
    snapshotRegisters = recorded->registers.size();
    snapshotRegions = recorded->memory.size();
    if (!recording.stop.ended())
      endSession();
    trace::Compression compression = trace::compressionForFileName(outputFile);
    if (llvm::Error error =
            writeTraceFile(output, [&](llvm::raw_ostream &sink) {
              return (*spool)->finish(sink, *recorded, compression);
            }))
      return fail(llvm::toString(std::move(error)));
  } else {
    record::EncodedTraceSink sink(target, (*spool)->getLineStream());
    llvm::Expected<record::Recording> recorded =
        record::record(debugger, target, *program.code,
                       record::RecordRequest{count, untilReturn}, sink);
    if (!recorded) {
      endSession();
      return fail(llvm::toString(recorded.takeError()));
    }
    recording = std::move(*recorded);
    seconds = secondsSince(started);
    snapshotRegisters = recording.snapshot.registers.size();
    snapshotRegions = recording.snapshot.memory.size();
    // The provenance map keeps the functions the trace went through (a
    // static binary has thousands).
    llvm::erase_if(program.header.hloMap, [&](const trace::HloRange &range) {
      return !sink.executedIn(range.begin, range.end);
    });
    trace::Compression compression = trace::compressionForFileName(outputFile);
    auto writeTrace = [&](llvm::raw_ostream &sink) {
      return (*spool)->finish(
          sink,
          [&](llvm::raw_ostream &os) {
            record::writeEncodedTraceHead(os, program.header, recording,
                                          target);
          },
          compression);
    };
    if (verify) {
      // The file's bytes are checked, replayed against the stub's state at
      // the end of the window, before the program is killed; then written.
      std::string fileBytes;
      llvm::raw_string_ostream os(fileBytes);
      if (llvm::Error error = writeTrace(os)) {
        endSession();
        return fail(outputFile + ": " + llvm::toString(std::move(error)));
      }
      llvm::Expected<record::EncodedCheck> checked =
          record::checkEncodedReplay(fileBytes, outputFile, target, debugger,
                                     recording.stop.ended());
      if (!recording.stop.ended())
        endSession();
      if (!checked)
        return fail(llvm::toString(checked.takeError()));
      output.os() << fileBytes;
      if (llvm::Error error = output.keep())
        return fail(llvm::toString(std::move(error)));
      if (recording.stop.ended())
        llvm::errs() << llvm::formatv(
            "snr-record: --verify: the replay of {0} instruction(s) does not "
            "diverge; the program ended, so its final registers could not be "
            "compared\n",
            checked->instructions);
      else
        llvm::errs() << llvm::formatv(
            "snr-record: --verify: the replay of {0} instruction(s) "
            "reproduces the device: {1} register(s) and {2} byte(s) of "
            "memory the trace wrote are equal\n",
            checked->instructions, checked->registers, checked->bytes);
    } else {
      if (!recording.stop.ended())
        endSession();
      if (llvm::Error error = writeTraceFile(output, writeTrace))
        return fail(llvm::toString(std::move(error)));
    }
  }
  report(recording, snapshotRegisters, snapshotRegions, target,
         /*remote=*/true, seconds);
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions({&category, &remoteCategory, &getLimitsCategory()});
  cl::ParseCommandLineOptions(argc, argv, "SnR trace recorder\n");
  if (count == 0)
    return fail("--count=0 records nothing, and a trace needs an "
                "instruction; give the number of instructions to record");

  if (remoteAddress.empty()) {
    if (inputFile.empty())
      return fail("no program: give an snr.program file, or --remote "
                  "HOST:PORT with --elf or --program");
    if (!elfFile.empty())
      return fail("--elf needs --remote: the reference target runs "
                  "snr.programs, not binaries");
    if (untilReturn)
      return fail("--until-return needs --remote with --elf: the snr ISA has "
                  "no calls to record until they return");
  } else {
    if (!inputFile.empty())
      return fail("with --remote the stub runs the program: name it with "
                  "--elf FILE or --program PROG.mlir, not as '" +
                  inputFile + "'");
    if (elfFile.empty() == programOption.empty())
      return fail("--remote needs exactly one of --elf FILE (a binary ISA) "
                  "and --program PROG.mlir (the snr ISA)");
    if (untilReturn && elfFile.empty())
      return fail("--until-return needs --elf: the snr ISA has no calls to "
                  "record until they return");
    if (verify && elfFile.empty())
      return fail("--verify with --remote needs --elf: the snr ISA's "
                  "remote traces are checked by recording in process");
  }

  // The output is opened before the work: a path that cannot be written
  // fails now, not after the recording. It gets its name when complete.
  llvm::Expected<std::unique_ptr<OutputFile>> output =
      OutputFile::open(outputFile);
  if (!output)
    return fail(llvm::toString(output.takeError()));
  return remoteAddress.empty() ? recordInProcess(**output)
                               : recordRemote(**output);
}
