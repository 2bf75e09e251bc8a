//===- snr-gen.cpp - Generate accelerator programs ------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Lays out realistic workloads as snr.program ops, the way an accelerator
// compiler would, so SnR can record, replay and analyze them:
//
//   snr-gen decoder --mode=prefill --hidden=256 --seq=128 -o prog.mlir
//   snr-gen --preset=decoder-100k -o prog.mlir
//   snr-gen allreduce --chips=8 --bytes=1048576 --late-dma -o ar.mlir
//
// See docs/workloads.md for what each workload models and every option.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/Version.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Workloads/FunctionalRun.h"
#include "SnR/Workloads/Presets.h"
#include "SnR/Workloads/ProgramEmitter.h"
#include "SnR/Workloads/Workload.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace snr;
using namespace snr::workloads;
namespace cl = llvm::cl;

static cl::OptionCategory generalCategory("snr-gen options");
static cl::OptionCategory decoderCategory("decoder options");
static cl::OptionCategory collectiveCategory(
    "collective options (allgather, reducescatter, allreduce)");
static cl::OptionCategory
    scheduleCategory("schedule knobs (all off: the efficient schedule)");

static cl::opt<std::string>
    workloadName(cl::Positional,
                 cl::desc("<workload: decoder | allgather | reducescatter | "
                          "allreduce> (optional with --preset)"),
                 cl::cat(generalCategory));
static cl::opt<std::string> outputFile("o", cl::desc("output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(generalCategory));
static cl::opt<std::string>
    presetName("preset",
               cl::desc("start from a named parameter set (--list-presets); "
                        "options given explicitly override it"),
               cl::value_desc("name"), cl::cat(generalCategory));
static cl::opt<bool> listPresets("list-presets",
                                 cl::desc("print the presets and exit"),
                                 cl::cat(generalCategory));
static cl::opt<uint64_t>
    seed("seed", cl::desc("seed of the initial data (weights, activations)"),
         cl::init(1), cl::cat(generalCategory));
static cl::opt<std::string>
    programName("program-name",
                cl::desc("symbol name of the snr.program (default: derived "
                         "from the workload)"),
                cl::value_desc("name"), cl::cat(generalCategory));
static cl::opt<bool> emitBytecode("emit-bytecode",
                                  cl::desc("write MLIR bytecode, not text"),
                                  cl::cat(generalCategory));
static cl::opt<bool>
    printStats("summary",
               cl::desc("print what the generator laid out (instructions, "
                        "DMAs, VMEM peak, ...) to stderr"),
               cl::cat(generalCategory));
static cl::opt<bool> runProgramFlag(
    "run",
    cl::desc("run the program on the functional core from its entry to its "
             "halt and print the instructions executed to stderr"),
    cl::cat(generalCategory));

static cl::opt<DecoderMode>
    mode("mode", cl::desc("decoder mode (default prefill)"),
         cl::values(clEnumValN(DecoderMode::Prefill, "prefill",
                               "process --seq tokens per sequence"),
                    clEnumValN(DecoderMode::Decode, "decode",
                               "one token per sequence against a KV cache of "
                               "--seq entries")),
         cl::init(DecoderMode::Prefill), cl::cat(decoderCategory));
static cl::opt<unsigned>
    hidden("hidden", cl::desc("model width, a multiple of 16 (default 128)"),
           cl::init(DecoderOptions().hidden), cl::cat(decoderCategory));
static cl::opt<unsigned>
    heads("heads",
          cl::desc("attention heads; hidden / heads is a multiple of 16, "
                   "at most 128 (default 2)"),
          cl::init(DecoderOptions().heads), cl::cat(decoderCategory));
static cl::opt<unsigned>
    seq("seq",
        cl::desc("tokens per sequence (prefill) or KV-cache entries "
                 "(decode); a multiple of 16 (default 64)"),
        cl::init(DecoderOptions().seq), cl::cat(decoderCategory));
static cl::opt<unsigned> batch("batch", cl::desc("sequences (default 1)"),
                               cl::init(DecoderOptions().batch),
                               cl::cat(decoderCategory));
static cl::opt<unsigned> layers("layers",
                                cl::desc("decoder layers (default 1)"),
                                cl::init(DecoderOptions().layers),
                                cl::cat(decoderCategory));
static cl::opt<unsigned> ffnMultiplier(
    "ffn-multiplier", cl::desc("MLP width / model width (default 4)"),
    cl::init(DecoderOptions().ffnMultiplier), cl::cat(decoderCategory));

static cl::opt<unsigned>
    chips("chips", cl::desc("chips taking part, 2 to 64 (default 4)"),
          cl::init(CollectiveOptions().chips), cl::cat(collectiveCategory));
static cl::opt<unsigned>
    rank("rank", cl::desc("the chip this program runs on (default 0)"),
         cl::init(CollectiveOptions().rank), cl::cat(collectiveCategory));
static cl::opt<uint64_t>
    bytes("bytes",
          cl::desc("bytes of the full buffer on each chip; a multiple of "
                   "chips x chunk-bytes (default 65536)"),
          cl::init(CollectiveOptions().bytes), cl::cat(collectiveCategory));
static cl::opt<uint64_t>
    chunkBytes("chunk-bytes",
               cl::desc("bytes per DMA in the data phase, a multiple of 64 "
                        "(default 4096)"),
               cl::init(CollectiveOptions().chunkBytes),
               cl::cat(collectiveCategory));

static cl::opt<bool> lateDma(
    "late-dma",
    cl::desc("issue each DMA right before its WAIT instead of a block ahead"),
    cl::cat(scheduleCategory));
static cl::opt<bool> serialSetup(
    "serial-setup",
    cl::desc("issue and wait the independent setup DMAs one at a time"),
    cl::cat(scheduleCategory));
static cl::opt<bool> noPrefetch(
    "no-prefetch",
    cl::desc("do not prefetch the next HLO's first DMA across the HLO "
             "boundary"),
    cl::cat(scheduleCategory));
static cl::opt<bool> fragmentingAllocator(
    "fragmenting-allocator",
    cl::desc("allocate VMEM first-fit from a roving pointer, with no regard "
             "for lifetimes (fragments)"),
    cl::cat(scheduleCategory));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-gen") << message << "\n";
  return 1;
}

/// Overrides `field` with `option` if the option was given (or there is no
/// preset to take the value from).
template <typename T, typename U>
static void take(T &field, const cl::opt<U> &option, bool fromPreset) {
  if (!fromPreset || option.getNumOccurrences())
    field = option;
}

/// Options that belong to the other family of workloads.
static llvm::Error checkApplicable(WorkloadKind kind) {
  bool decoder = kind == WorkloadKind::Decoder;
  auto given = [](const cl::Option &option) {
    return option.getNumOccurrences() > 0;
  };
  const cl::Option *decoderOnly[] = {&mode,  &hidden, &heads,        &seq,
                                     &batch, &layers, &ffnMultiplier};
  const cl::Option *collectiveOnly[] = {&chips, &rank, &bytes, &chunkBytes};
  for (const cl::Option *option :
       decoder ? llvm::ArrayRef(collectiveOnly) : llvm::ArrayRef(decoderOnly))
    if (given(*option))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--" + option->ArgStr +
                                         " does not apply to workload '" +
                                         getWorkloadName(kind) + "'");
  return llvm::Error::success();
}

static llvm::Expected<WorkloadOptions> collectOptions() {
  WorkloadOptions options;
  const Preset *preset = nullptr;
  if (!presetName.empty()) {
    preset = lookupPreset(presetName);
    if (!preset)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "unknown preset '" + presetName +
                                         "' (see --list-presets)");
    options.kind = preset->kind;
    options.decoder = preset->decoder;
    options.collective = preset->collective;
  }
  if (!workloadName.empty()) {
    std::optional<WorkloadKind> kind = lookupWorkload(workloadName);
    if (!kind)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "unknown workload '" + workloadName +
              "'; expected decoder, allgather, reducescatter or allreduce");
    if (preset && *kind != preset->kind)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "preset '" + presetName + "' is a " +
                                         getWorkloadName(preset->kind) +
                                         " workload, not " + workloadName);
    options.kind = *kind;
  } else if (!preset) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "name a workload (decoder, allgather, reducescatter, allreduce) or a "
        "--preset; see --help");
  }
  if (llvm::Error error = checkApplicable(options.kind))
    return std::move(error);

  bool fromPreset = preset != nullptr;
  DecoderOptions &d = options.decoder;
  take(d.mode, mode, fromPreset);
  take(d.hidden, hidden, fromPreset);
  take(d.heads, heads, fromPreset);
  take(d.seq, seq, fromPreset);
  take(d.batch, batch, fromPreset);
  take(d.layers, layers, fromPreset);
  take(d.ffnMultiplier, ffnMultiplier, fromPreset);
  CollectiveOptions &c = options.collective;
  take(c.chips, chips, fromPreset);
  take(c.rank, rank, fromPreset);
  take(c.bytes, bytes, fromPreset);
  take(c.chunkBytes, chunkBytes, fromPreset);
  ScheduleOptions &s = options.schedule;
  s.lateDma = lateDma;
  s.serialSetup = serialSetup;
  s.noPrefetch = noPrefetch;
  s.fragmentingAllocator = fragmentingAllocator;
  options.seed = seed;
  options.programName = programName;
  return options;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  cl::HideUnrelatedOptions({&generalCategory, &decoderCategory,
                            &collectiveCategory, &scheduleCategory,
                            &snr::getLimitsCategory()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "SnR workload generator: lays out decoder layers and collectives as "
      "snr.program ops\n");

  if (listPresets) {
    for (const Preset &preset : getPresets())
      llvm::outs() << llvm::left_justify(preset.name, 22) << " "
                   << preset.description << "\n";
    return 0;
  }

  llvm::Expected<WorkloadOptions> options = collectOptions();
  if (!options)
    return fail(llvm::toString(options.takeError()));
  llvm::Expected<GeneratedProgram> program = generateWorkload(*options);
  if (!program)
    return fail(llvm::toString(program.takeError()));

  if (printStats)
    for (const ProgramStat &stat : program->stats)
      llvm::errs() << "snr-gen: " << stat.name << " = " << stat.value
                   << (stat.unit.empty() ? "" : " ") << stat.unit << "\n";
  if (runProgramFlag) {
    llvm::Expected<RunResult> run = runProgram(*program, 1ull << 34);
    if (!run)
      return fail("the program faults on the functional core: " +
                  llvm::toString(run.takeError()));
    llvm::errs() << "snr-gen: executed = " << run->instructions
                 << " instructions, " << run->dmaBytes << " DMA bytes\n";
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module = emitProgramModule(&context, *program);
  if (failed(mlir::verify(*module)))
    return fail("internal error: the generated program does not verify");

  llvm::Expected<std::unique_ptr<OutputFile>> output =
      OutputFile::open(outputFile);
  if (!output)
    return fail(llvm::toString(output.takeError()));
  if (emitBytecode) {
    if (failed(writeBytecodeToFile(*module, (*output)->os())))
      return fail("could not write bytecode");
  } else {
    module->print((*output)->os());
  }
  if (llvm::Error error = (*output)->keep())
    return fail(llvm::toString(std::move(error)));
  return 0;
}
