//===- snr-time-riscv.cpp - Time a RISC-V trace by LLVM's model -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A test tool (not installed): times a recorded RISC-V trace with the timing
// model of an LLVM -mcpu and prints the totals, what each of SnR's extra
// effects adds, and on request the schedule of every instruction, the
// descriptors, llvm-mca's input for the same stream, and how fast the
// timing runs.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/Options.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/McaInput.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <ctime>

using namespace snr::target::riscv;
using namespace snr::target::riscv::timing;

static llvm::cl::OptionCategory category("snr-time-riscv options");
static llvm::cl::opt<std::string> tracePath(llvm::cl::Positional,
                                            llvm::cl::desc("<trace.jsonl>"),
                                            llvm::cl::Required,
                                            llvm::cl::cat(category));
// --mcpu, --like-mca, as snr-replay and --snr-simulate take them
// (SnR/Pipeline/Options.def).
static snr::pipeline::SchedModelCLOptions schedModelOptions(category);
static const llvm::cl::opt<std::string> &cpu = schedModelOptions.mcpu;
static const llvm::cl::opt<bool> &likeMca = schedModelOptions.likeMca;
static llvm::cl::opt<bool>
    takenBranches("taken-branches",
                  llvm::cl::desc("a taken branch ends its issue group and "
                                 "costs --taken-branch-penalty cycles"),
                  llvm::cl::init(true), llvm::cl::cat(category));
static llvm::cl::opt<unsigned> takenBranchPenalty(
    "taken-branch-penalty",
    llvm::cl::desc("cycles a taken branch adds before its target issues"),
    llvm::cl::init(1), llvm::cl::cat(category));
static llvm::cl::opt<bool>
    scaleWithVL("vl-scaling",
                llvm::cl::desc("time a vector instruction with a short vl "
                               "at the smallest LMUL that holds vl"),
                llvm::cl::init(true), llvm::cl::cat(category));
static llvm::cl::opt<bool> mcaCallLatency(
    "mca-call-latency",
    llvm::cl::desc("give calls llvm-mca's call latency (100 cycles)"),
    llvm::cl::cat(category));
static llvm::cl::opt<size_t>
    count("count", llvm::cl::desc("time only the first N instructions"),
          llvm::cl::init(0), llvm::cl::cat(category));
static llvm::cl::opt<std::string> function(
    "function",
    llvm::cl::desc("time only the instructions the trace starts with in this "
                   "function (its hlo_map): a kernel's window up to its "
                   "return"),
    llvm::cl::cat(category));
static llvm::cl::opt<bool>
    schedule("schedule",
             llvm::cl::desc("print each instruction's issue, ready and stall"),
             llvm::cl::cat(category));
static llvm::cl::opt<bool>
    showResources("resources",
                  llvm::cl::desc("with --schedule: the resource intervals"),
                  llvm::cl::cat(category));
static llvm::cl::opt<bool>
    describe("describe",
             llvm::cl::desc("print the descriptor of each static instruction "
                            "under each vtype it runs with"),
             llvm::cl::cat(category));
static llvm::cl::opt<std::string>
    emitMca("emit-mca",
            llvm::cl::desc("write the instruction stream as llvm-mca's input "
                           "to this file ('-': stdout) and stop"),
            llvm::cl::cat(category));
static llvm::cl::opt<unsigned> speedRuns(
    "speed-runs",
    llvm::cl::desc("time the trace this many times without listeners and "
                   "print the median rate"),
    llvm::cl::init(0), llvm::cl::cat(category));
static llvm::cl::opt<unsigned> repeatTrace(
    "repeat-trace",
    llvm::cl::desc("time the window (--function, --count; else the trace) "
                   "this many times over, one after the other (for "
                   "--speed-runs)"),
    llvm::cl::init(1), llvm::cl::cat(category));

namespace {
/// Prints the schedule, one line per instruction.
class SchedulePrinter : public TimingListener {
public:
  SchedulePrinter(const TraceTimer &timer, const TimingModel &model,
                  llvm::raw_ostream &os)
      : timer(timer), model(model), os(os) {}

  void onIssue(const TimingIssueEvent &event) override {
    const RISCVInstruction &inst = timer.getInstruction(event.index);
    std::string text;
    llvm::raw_string_ostream textStream(text);
    inst.print(textStream);
    if (event.desc->vtype)
      text += llvm::formatv(
          " [{0},{1}]", TimingModel::getLMULName(event.desc->vtype->lmulLog2),
          TimingModel::getSEWName(event.desc->vtype->sewLog2));
    os << llvm::format("%6llu %8llx  %-40s", (unsigned long long)event.index,
                       (unsigned long long)event.pc, text.c_str());
    if (event.dispatch != event.cycle)
      os << " dispatch " << event.dispatch;
    os << " issue " << event.cycle << " ready " << event.ready;
    if (event.stall) {
      os << " stall " << event.stall << " " << getStallKindName(event.kind);
      if (event.kind == StallKind::Resource && event.causeResource)
        os << " " << model.getResource(event.causeResource).name;
      if (event.cause != kNoIndex)
        os << " <- #" << event.cause;
    }
    if (event.taken)
      os << " taken";
    os << "\n";
  }
  void onResourceBusy(const ResourceBusyEvent &event) override {
    if (!showResources)
      return;
    os << "         " << model.getResource(event.resource).name << "["
       << event.unit << "] " << event.begin << "-" << event.end << "\n";
  }

private:
  const TraceTimer &timer;
  const TimingModel &model;
  llvm::raw_ostream &os;
};
} // namespace

static void printDescriptors(TraceTimer &timer, TimingModel &model,
                             llvm::raw_ostream &os) {
  llvm::DenseSet<std::pair<uint64_t, unsigned>> seen;
  for (size_t i = 0; i < timer.size(); ++i) {
    const RISCVInstruction &inst = timer.getInstruction(i);
    std::optional<VectorType> vtype = timer.getVectorType(i);
    unsigned key = vtype && model.readsVType(inst)
                       ? unsigned(vtype->encode() & 0x3f)
                       : 0xffff;
    if (!seen.insert({inst.pc, key}).second)
      continue;
    llvm::Expected<const TimingDescriptor *> found =
        model.getDescriptor(inst, vtype);
    if (!found) {
      llvm::WithColor::error() << llvm::toString(found.takeError()) << "\n";
      continue;
    }
    const TimingDescriptor &desc = **found;
    os << llvm::format("%8llx  ", (unsigned long long)inst.pc);
    inst.print(os);
    if (desc.vtype)
      os << " [" << TimingModel::getLMULName(desc.vtype->lmulLog2) << ","
         << TimingModel::getSEWName(desc.vtype->sewLog2) << "]";
    os << "\n    class " << desc.schedClassName
       << (desc.lmulSpecific ? " (per LMUL)" : "") << ", uops "
       << desc.numMicroOps << ", latency " << desc.maxLatency;
    if (desc.mayLoad)
      os << ", load latency " << desc.loadLatency;
    if (desc.beginGroup)
      os << ", begins a group";
    if (desc.endGroup)
      os << ", ends a group";
    if (desc.retireOOO)
      os << ", retires out of order";
    os << "\n    reads";
    for (const RegisterRead &read : desc.reads) {
      os << " " << model.getRegisterName(read.reg);
      if (read.checked.size() > 1) {
        os << " (with";
        for (RegUnit sub : llvm::drop_begin(read.checked))
          os << " " << model.getRegisterName(sub);
        os << ")";
      }
      if (!read.advances.empty())
        os << " (" << read.advances.size() << " ReadAdvance entries)";
    }
    os << "\n    writes";
    for (const RegisterWrite &write : desc.writes)
      os << " " << model.getRegisterName(write.reg) << "@" << write.latency;
    os << "\n    resources";
    for (const ResourceUse &use : desc.resources) {
      os << " " << model.getResource(use.resource).name << " " << use.cycles
         << "cy";
      if (use.numUnits != 1)
        os << " x" << use.numUnits;
      if (use.reserved)
        os << " (reserved)";
    }
    os << "\n";
  }
}

static int fail(llvm::Error error) {
  llvm::WithColor::error(llvm::errs(), "snr-time-riscv")
      << llvm::toString(std::move(error)) << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "times a RISC-V trace with an LLVM scheduling model\n");

  llvm::Expected<RecordedTrace> trace = RecordedTrace::read(tracePath);
  if (!trace)
    return fail(trace.takeError());
  llvm::Expected<std::unique_ptr<RISCVTarget>> target =
      RISCVTarget::create(trace->isaString, trace->vlenb);
  if (!target)
    return fail(target.takeError());
  llvm::Expected<std::unique_ptr<TimingModel>> model =
      TimingModel::create(**target, cpu);
  if (!model)
    return fail(model.takeError());
  std::string mismatch = (*model)->checkVLen(trace->vlenb);
  if (!mismatch.empty())
    llvm::WithColor::warning(llvm::errs(), "snr-time-riscv")
        << mismatch << "\n";

  size_t window = count;
  if (!function.empty()) {
    llvm::Expected<size_t> inFunction = trace->countInFunction(function);
    if (!inFunction)
      return fail(inFunction.takeError());
    window = window ? std::min(window, *inFunction) : *inFunction;
    if (!window)
      return fail(llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "the trace does not start in function '%s'", function.c_str()));
  }
  if (repeatTrace > 1) {
    // The window, again and again.
    if (window && window < trace->instructions.size())
      trace->instructions.resize(window);
    std::vector<RecordedInstruction> once = trace->instructions;
    for (unsigned k = 1; k < repeatTrace; ++k)
      trace->instructions.insert(trace->instructions.end(), once.begin(),
                                 once.end());
    window = 0;
  }
  TraceTimer timer(**model);
  if (llvm::Error error = timer.prepare(*trace, window))
    return fail(std::move(error));

  if (!emitMca.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(emitMca, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return fail(
          llvm::createStringError(ec, "cannot write '%s'", emitMca.c_str()));
    if (llvm::Error error = writeMcaInput(timer, os))
      return fail(std::move(error));
    return 0;
  }

  llvm::raw_ostream &os = llvm::outs();
  if (describe) {
    printDescriptors(timer, **model, os);
    return 0;
  }

  TimingOptions options;
  if (likeMca) {
    options = TimingOptions::likeMca();
  } else {
    options.takenBranches = takenBranches;
    options.takenBranchPenalty = takenBranchPenalty;
    options.scaleWithVL = scaleWithVL;
    options.mcaCallLatency = mcaCallLatency;
  }

  if (speedRuns) {
    // Wall-clock time, and the thread's CPU time: on a shared machine the
    // second leaves out the time spent waiting for a core.
    auto cpuSeconds = [] {
      timespec now;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
      return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
    };
    std::vector<double> wallRates, cpuRates;
    uint64_t cycles = 0;
    // A first run builds the descriptors; the runs measured look them up.
    if (llvm::Expected<TimingSummary> warm = timer.run(options); !warm)
      return fail(warm.takeError());
    for (unsigned run = 0; run < speedRuns; ++run) {
      double cpuStart = cpuSeconds();
      auto start = std::chrono::steady_clock::now();
      llvm::Expected<TimingSummary> summary = timer.run(options);
      auto end = std::chrono::steady_clock::now();
      double cpuEnd = cpuSeconds();
      if (!summary)
        return fail(summary.takeError());
      cycles = summary->cycles;
      double seconds = std::chrono::duration<double>(end - start).count();
      wallRates.push_back(double(timer.size()) / seconds);
      cpuRates.push_back(double(timer.size()) / (cpuEnd - cpuStart));
    }
    std::sort(wallRates.begin(), wallRates.end());
    std::sort(cpuRates.begin(), cpuRates.end());
    os << llvm::formatv(
        "speed: {0} instructions, {1} cycles, {2} runs: median {3:f2} M "
        "instructions/s wall-clock (min {4:f2}, max {5:f2}), {6:f2} M "
        "instructions/s of CPU time (min {7:f2}, max {8:f2})\n",
        timer.size(), cycles, speedRuns, wallRates[wallRates.size() / 2] / 1e6,
        wallRates.front() / 1e6, wallRates.back() / 1e6,
        cpuRates[cpuRates.size() / 2] / 1e6, cpuRates.front() / 1e6,
        cpuRates.back() / 1e6);
    return 0;
  }

  const TimingModel &m = **model;
  os << "cpu: " << cpu << ", "
     << (m.isOutOfOrder() ? "out of order" : "in order") << ", issue width "
     << m.getIssueWidth();
  if (m.isOutOfOrder())
    os << ", micro-op buffer " << m.getMicroOpBufferSize();
  os << ", VLEN " << m.getVLen() << "\n";

  SchedulePrinter printer(timer, m, os);
  llvm::SmallVector<TimingListener *, 1> listeners;
  if (schedule)
    listeners.push_back(&printer);
  llvm::Expected<TimingSummary> summary = timer.run(options, listeners);
  if (!summary)
    return fail(summary.takeError());

  os << "instructions: " << summary->instructions << "\n";
  os << "micro-ops: " << summary->microOps << "\n";
  os << "cycles: " << summary->cycles
     << " (llvm-mca's Total Cycles: " << summary->cycles + 1 << ")\n";
  os << "stall cycles:";
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    os << " " << getStallKindName(StallKind(kind)) << " "
       << summary->stallCycles[kind];
  os << "\n";
  if (summary->untimedInstructions)
    llvm::WithColor::warning(llvm::errs(), "snr-time-riscv")
        << summary->untimedInstructions
        << " instruction(s) have no class in the model (llvm-mca refuses "
           "them): each issued as one micro-op of latency 1\n";
  os << "taken branches: " << summary->takenBranches
     << ", short-vl vector instructions: " << summary->shortVectorInstructions
     << "\n";
  if (likeMca)
    return 0;

  // What each effect adds: the cycles with it, minus the cycles without it.
  llvm::Expected<EffectCosts> costs = timer.measureEffects(options, *summary);
  if (!costs)
    return fail(costs.takeError());
  auto signedText = [](int64_t d) {
    return (d >= 0 ? "+" : "") + std::to_string(d);
  };
  os << "effects (cycles with it - cycles without it): taken branches "
     << signedText(costs->takenBranches) << ", actual vl "
     << signedText(costs->actualVL) << ", calls at "
     << (options.mcaCallLatency ? "llvm-mca's" : "the model's") << " latency "
     << signedText(costs->calls) << "\n";
  os << "like llvm-mca: " << costs->likeMcaCycles
     << " cycles (llvm-mca's Total Cycles: " << costs->likeMcaCycles + 1
     << ")\n";
  return 0;
}
