//===- TestPrintSimEvents.cpp - Print a replay's events -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Target/Target.h"
#include "SnR/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace snr {
#define GEN_PASS_DEF_SNRTESTPRINTSIMEVENTS
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;

namespace {
/// One line per event, in notification order, in the names the run's model
/// and target give (sync objects as snr's flags, "f3").
class EventPrinter : public sim::SimListener {
public:
  explicit EventPrinter(llvm::raw_ostream &os) : os(os) {}

  void onRunStart(const sim::RunInfo &info) override {
    instructions = info.instructions;
    model = info.model;
    linkNames.assign(info.linkNames.begin(), info.linkNames.end());
    os << "run " << model->name << " instructions " << instructions->size()
       << (info.functional ? " functional" : " timing-only") << "\n";
  }
  void onIssue(const sim::IssueEvent &e) override {
    os << "issue #" << e.index << " pc " << instructions->getPc(e.index) << " "
       << instructions->getMnemonic(e.index) << " @" << e.cycle << " ready "
       << e.ready;
    if (e.stall)
      os << " stall " << e.stall << " " << model->getStallKindName(e.kind)
         << " cause #" << e.cause;
    if (!e.executed)
      os << " not-executed";
    os << "\n";
  }
  void onRetire(const sim::RetireEvent &e) override {
    os << "retire #" << e.index << " @" << e.cycle << "\n";
  }
  void onResourceBusy(const sim::ResourceBusyEvent &e) override {
    os << "busy " << model->resources[e.resource].name << " #" << e.index
       << " [" << e.begin << ", " << e.end << ")\n";
  }
  void onDmaIssue(const sim::DmaIssueEvent &e) override {
    os << "dma " << e.id << " issue #" << e.index << " @" << e.issueCycle << " "
       << linkNames[e.link] << " " << e.bytes << " B flag f" << e.sync
       << " base-end " << e.baseEndCycle << "\n";
  }
  void onDmaStart(const sim::DmaProgressEvent &e) override {
    os << "dma " << e.id << " start @" << e.cycle << "\n";
  }
  void onDmaComplete(const sim::DmaProgressEvent &e) override {
    os << "dma " << e.id << " complete @" << e.cycle << "\n";
  }
  void onDmaWait(const sim::DmaWaitEvent &e) override {
    os << "wait #" << e.index << " f" << e.sync << " ready @" << e.readyCycle
       << " issue @" << e.issueCycle << " dmas [";
    llvm::interleaveComma(e.dmas, os);
    os << "]";
    if (!e.dmas.empty())
      os << " charged " << e.charged;
    os << " base " << e.baseStall << " transfer " << e.transferStall
       << " slack " << e.slack << "\n";
  }
  void onMemoryAccess(const sim::MemoryAccessEvent &e) override {
    os << (e.isWrite ? "write " : "read ") << "#" << e.index << " @" << e.cycle
       << " " << instructions->getTarget().getSpaceName(e.range.space) << "["
       << e.range.addr << ", " << e.range.addr + e.range.bytes << ")"
       << (e.isDma ? " dma" : "") << "\n";
  }
  void onRunEnd(const sim::RunSummary &s) override {
    os << "end instructions " << s.instructions << " cycles " << s.totalCycles
       << " last-dma " << s.lastDmaCycle << "\n";
  }

private:
  llvm::raw_ostream &os;
  const sim::InstructionTable *instructions = nullptr;
  const sim::ModelDescription *model = nullptr;
  std::vector<std::string> linkNames;
};

struct TestPrintSimEventsPass
    : snr::impl::SnRTestPrintSimEventsBase<TestPrintSimEventsPass> {
  using SnRTestPrintSimEventsBase::SnRTestPrintSimEventsBase;
  TestPrintSimEventsPass() = default;
  TestPrintSimEventsPass(const TestPrintSimEventsPass &other)
      : SnRTestPrintSimEventsBase(other) {}

  /// `machine=` (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};

  void runOnOperation() override {
    TraceTable table;
    EventPrinter printer(llvm::outs());
    if (failed(replayTraceOp(getOperation(), machineOptions.machineFile,
                             functional ? replay::Mode::Functional
                                        : replay::Mode::TimingOnly,
                             {&printer}, table)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
