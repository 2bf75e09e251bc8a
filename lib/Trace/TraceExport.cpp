//===- TraceExport.cpp - snr.trace op -> trace file -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnROps.h"
#include "SnR/Trace/TraceImport.h"
#include "SnR/Trace/TraceTable.h"
#include "SnR/Trace/TraceWriter.h"

#include <map>

using namespace mlir;
using namespace snr;
using namespace snr::trace;

LogicalResult snr::exportTrace(TraceOp traceOp, llvm::raw_ostream &os) {
  TraceHeader header;
  header.machine = traceOp.getMachine().value_or("").str();
  header.program = traceOp.getSymName().str();
  header.startPc = uint64_t(traceOp.getStartPc());
  header.reordered = traceOp.getReordered();
  if (failed(collectHloMap(traceOp, header.hloMap)))
    return failure();
  uint64_t count = 0;
  for (Operation &op : *traceOp.getBody())
    count += isa<InstructionOpInterface>(op);
  header.instructionCount = count;

  TraceWriter writer(os);
  writer.writeHeader(header);
  if (SnapshotOp snapshot = traceOp.getSnapshot()) {
    for (Operation &op : *snapshot.getBody()) {
      if (auto init = dyn_cast<InitRegOp>(op)) {
        writer.writeRegister(init.getReg().getReg(), init.getValue());
      } else if (auto init = dyn_cast<InitVRegOp>(op)) {
        arch::Vector lanes{};
        llvm::copy(init.getValue(), lanes.begin());
        writer.writeVectorRegister(init.getReg().getReg(), lanes);
      } else if (auto init = dyn_cast<InitMemOp>(op)) {
        std::vector<uint8_t> bytes = snapshotBytes(init);
        AddrAttr addr = init.getAddr();
        writer.writeMemory(addr.getSpaceKind(), addr.getChip(),
                           uint64_t(addr.getOffset()), bytes);
      }
    }
  }
  for (Operation &op : *traceOp.getBody()) {
    auto inst = dyn_cast<InstructionOpInterface>(op);
    if (!inst)
      continue;
    RecordedOutcome outcome;
    if (BoolAttr executed = inst.getExecutedAttr())
      outcome.executed = executed.getValue();
    writer.writeInstruction(inst.toInstruction(), outcome);
  }
  return success();
}

LogicalResult snr::exportTrace(Operation *op, llvm::raw_ostream &os) {
  SmallVector<TraceOp> traces;
  op->walk([&](TraceOp traceOp) { traces.push_back(traceOp); });
  if (traces.size() > 1) {
    InFlightDiagnostic error =
        mlir::emitError(traces[1].getLoc())
        << "expected exactly one snr.trace to export, found "
        << traces.size();
    error.attachNote(traces[0].getLoc()) << "the first one is here";
    return error;
  }
  if (traces.empty()) {
    // The module itself is located at line 0; point at what is there.
    Location loc = op->getLoc();
    if (op->getNumRegions() && !op->getRegion(0).empty() &&
        !op->getRegion(0).front().empty())
      loc = op->getRegion(0).front().front().getLoc();
    return mlir::emitError(loc)
           << "expected an snr.trace to export, found none (an snr.program "
              "is recorded into a trace with snr-record)";
  }
  return exportTrace(traces.front(), os);
}
