//===- RewriteProgram.cpp - Move a program's DMAs, proved -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The pass form of snr-replay --program P --apply: planned and proved on the
// flat program (lib/Rewrite), written back to the IR only when proved.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/SuggestionRemarks.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Pipeline/PassOptions.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/ProgramWriter.h"
#include "SnR/Rewrite/ProgramRewriteDriver.h"
#include "SnR/Transforms/Passes.h"

#include "mlir/IR/Remarks.h"
#include "llvm/Support/FormatVariadic.h"

namespace snr {
#define GEN_PASS_DEF_SNRREWRITEPROGRAM
#include "SnR/Transforms/Passes.h.inc"
} // namespace snr

using namespace mlir;
using namespace snr;
using remark::detail::Remark;

namespace {
constexpr llvm::StringLiteral kProgramRemark = "program-rewrite";

struct RewriteProgramPass
    : public snr::impl::SnRRewriteProgramBase<RewriteProgramPass> {
  using Base::Base;
  RewriteProgramPass() = default;
  RewriteProgramPass(const RewriteProgramPass &other) : Base(other) {}

  /// `machine=` (SnR/Pipeline/Options.def).
  pipeline::MachinePassOptions machineOptions{*this};

  void runOnOperation() override {
    ProgramOp program = getOperation();
    if (traceFile.empty()) {
      program.emitError("--snr-rewrite-program needs trace=FILE, a trace of "
                        "the program's whole run");
      return signalPassFailure();
    }
    llvm::Expected<sim::MachineModel> machine =
        sim::loadMachineModelOrDefault(machineOptions.machineFile);
    if (!machine) {
      program.emitError(llvm::toString(machine.takeError()));
      return signalPassFailure();
    }
    llvm::Expected<trace::Trace> trace = trace::loadTrace(traceFile);
    if (!trace) {
      program.emitError(llvm::toString(trace.takeError()));
      return signalPassFailure();
    }
    std::vector<trace::HloRange> hloMap;
    FailureOr<record::LoadedProgram> loaded =
        record::loadProgram(program, machine->memory, hloMap);
    if (failed(loaded))
      return signalPassFailure();
    llvm::Expected<rewrite::ProvedProgramRewrite> proved =
        rewrite::rewriteProgram(*loaded, *trace, *machine);
    if (!proved) {
      llvm::handleAllErrors(
          proved.takeError(), [&](const rewrite::ProgramRewriteError &error) {
            InFlightDiagnostic diagnostic = program.emitError();
            // The whole-run check is about the trace: name it.
            if (error.step == rewrite::ProgramRewriteError::Step::WholeRun)
              diagnostic << traceFile << ": ";
            std::string message;
            llvm::raw_string_ostream os(message);
            error.log(os);
            diagnostic << message;
          });
      return signalPassFailure();
    }

    // Remarks at the DMAs before their ops are replaced.
    SmallVector<Operation *> ops;
    for (Operation &op : *program.getBody())
      if (isa<InstructionOpInterface>(op))
        ops.push_back(&op);
    const std::vector<arch::Instruction> &insts = loaded->instructions;
    for (const rewrite::ProgramDecision &d : proved->decisions) {
      bool kept = d.move && !d.dropped && proved->accepted;
      auto opts =
          remark::RemarkOpts::name(kProgramRemark).category(kRemarkCategory);
      remark::detail::InFlightRemark r =
          kept ? remark::passed(ops[d.dma]->getLoc(), opts)
               : remark::failed(ops[d.dma]->getLoc(), opts);
      if (!r)
        continue;
      if (kept)
        r << Remark::Arg(
                 "Change",
                 llvm::formatv("moved {0} instructions earlier, in front of "
                               "pc {1}, with {2} of its slice{3}",
                               d.move->crossed, insts[d.move->landing].pc,
                               d.move->slice.size(),
                               d.isRotated()
                                   ? llvm::formatv(
                                         "; after its loop's first "
                                         "iteration, issued one iteration "
                                         "early in front of pc {0}",
                                         insts[d.move->rotation->landing].pc)
                                         .str()
                                   : std::string())
                     .str())
          << Remark::Arg("stall_before", d.stallBefore)
          << Remark::Arg("stall_after", d.stallAfter);
      else
        r << Remark::Arg("Reason",
                         d.move && !d.dropped ? proved->rejection : d.reason);
    }
    // The waits that stalled: moved (dropped, merged, out of their loop) or
    // why not.
    for (const rewrite::ProgramWaitDecision &w : proved->waits) {
      bool kept = w.move && !w.dropped && proved->accepted;
      auto opts =
          remark::RemarkOpts::name(kProgramRemark).category(kRemarkCategory);
      remark::detail::InFlightRemark r =
          kept ? remark::passed(ops[w.wait]->getLoc(), opts)
               : remark::failed(ops[w.wait]->getLoc(), opts);
      if (!r)
        continue;
      if (kept)
        r << Remark::Arg("Change", w.reason)
          << Remark::Arg("stall_before", w.stallBefore)
          << Remark::Arg("stall_after", w.stallAfter);
      else
        r << Remark::Arg("Reason",
                         w.move && !w.dropped ? proved->rejection : w.reason);
    }
    if (!proved->changed()) {
      if (!proved->rejection.empty() &&
          llvm::any_of(proved->decisions,
                       [](const auto &d) { return bool(d.move); }))
        program.emitWarning("the program rewrite was not proved: ")
            << proved->rejection << "; the program is unchanged";
      return markAllAnalysesPreserved();
    }
    if (remark::detail::InFlightRemark r = remark::analysis(
            program.getLoc(),
            remark::RemarkOpts::name(kProgramRemark).category(kRemarkCategory)))
      r << Remark::Arg("Remark",
                       llvm::formatv("{0} -> {1} cycles, same final state",
                                     proved->cyclesBefore, proved->cyclesAfter)
                           .str())
        << Remark::Arg("cycles_before", proved->cyclesBefore)
        << Remark::Arg("cycles_after", proved->cyclesAfter);
    const rewrite::ProgramLayout &layout = proved->layout;
    record::relayoutProgram(program, layout.instructions, layout.origin,
                            layout.position, layout.entry);
  }
};
} // namespace
