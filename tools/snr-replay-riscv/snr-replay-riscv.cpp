//===- snr-replay-riscv.cpp - Replay a RISC-V trace functionally ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   snr-replay-riscv TRACE [--print-state] [--repeat N]
//
// Reads a trace of an ISA with a binary encoding (RISC-V, recorded from
// QEMU by snr-record --remote --elf), replays it functionally from its
// snapshot with the target's semantics (replay::replayEncodedTrace) and
// checks every instruction's next PC and recorded values; a divergence is a
// located error and exit status 1. On success it says how many
// instructions ran; --print-state prints the final registers (each
// register the snapshot set or the replay left non-zero) and the memory
// the state knows; --repeat replays N times and reports the replay's speed
// alone (the trace is read once). A test tool: snr-replay will take these
// traces through the same library call.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/EncodedReplay.h"
#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <chrono>

using namespace snr;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-replay-riscv options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<trace>"),
                                      cl::Required, cl::cat(category));
static cl::opt<bool> printState("print-state",
                                cl::desc("print the final registers and the "
                                         "memory the replay knows"),
                                cl::init(false), cl::cat(category));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("replay this many times and report "
                                         "the replay's speed"),
                                cl::init(1), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-replay-riscv") << message << "\n";
  return 1;
}

static std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  std::string text;
  for (uint8_t b : bytes)
    text += llvm::utohexstr(b, /*LowerCase=*/true, /*Width=*/2);
  return text;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Replay a RISC-V trace functionally\n");

  auto started = std::chrono::steady_clock::now();
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(
      inputFile, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fail(inputFile +
                ": cannot open trace: " + buffer.getError().message());
  llvm::Expected<std::string> isa =
      trace::readTraceIsa((*buffer)->getMemBufferRef(), inputFile);
  if (!isa)
    return fail(llvm::toString(isa.takeError()));
  if (*isa == "snr")
    return fail(inputFile + ": the trace is of the snr ISA: replay it with "
                            "snr-replay");
  llvm::Expected<trace::EncodedTrace> trace =
      trace::loadEncodedTrace((*buffer)->getMemBufferRef(), inputFile);
  if (!trace)
    return fail(llvm::toString(trace.takeError()));
  llvm::Expected<std::unique_ptr<target::Target>> target =
      replay::createTargetForTrace(*trace);
  if (!target)
    return fail(llvm::toString(target.takeError()));
  double readSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();

  std::optional<replay::EncodedRun> run;
  auto replayStarted = std::chrono::steady_clock::now();
  for (unsigned i = 0; i < std::max(1u, unsigned(repeat)); ++i) {
    llvm::Expected<replay::EncodedRun> one =
        replay::replayEncodedTrace(*trace, **target);
    if (!one)
      return fail(llvm::toString(one.takeError()));
    run = std::move(*one);
  }
  double replaySeconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - replayStarted)
                             .count();

  llvm::outs() << llvm::formatv(
      "replayed {0} instruction(s) ({1} distinct pc(s)) from pc {2}: no "
      "divergence{3}\n",
      run->instructions, run->staticInstructions,
      (*target)->formatPc(trace->header.startPc),
      run->ended ? "; the program ended" : "");
  if (repeat > 1) {
    double total = double(run->instructions) * repeat;
    llvm::errs() << llvm::formatv(
        "snr-replay-riscv: read in {0:f3} s; replayed {1} times in {2:f3} "
        "s: {3:f2} M instructions/s\n",
        readSeconds, unsigned(repeat), replaySeconds,
        replaySeconds > 0 ? total / replaySeconds / 1e6 : 0.0);
  }

  if (printState) {
    target::MachineState &state = *run->finalState;
    const target::RegisterMap &registers = (*target)->getRegisters();
    llvm::DenseSet<target::RegId> inSnapshot;
    for (const auto &r : trace->registers)
      if (std::optional<target::RegId> id = registers.lookup(r.name))
        inSnapshot.insert(*id);
    for (target::RegId reg = 0; reg < registers.size(); ++reg) {
      llvm::Expected<llvm::ArrayRef<uint8_t>> bytes = state.read(reg);
      if (!bytes) {
        llvm::consumeError(bytes.takeError());
        continue;
      }
      bool zero = llvm::all_of(*bytes, [](uint8_t b) { return b == 0; });
      if (zero && !inSnapshot.count(reg))
        continue;
      const target::RegisterInfo &info = registers.get(reg);
      if (bytes->size() <= 8) {
        uint64_t value = 0;
        for (size_t i = 0; i < bytes->size(); ++i)
          value |= uint64_t((*bytes)[i]) << (8 * i);
        llvm::outs() << llvm::formatv("{0} = {1:x16}\n", info.name, value);
      } else {
        llvm::outs() << info.name << " = " << hex(*bytes) << "\n";
      }
    }
  }
  return 0;
}
