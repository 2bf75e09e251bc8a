//===- TraceTable.cpp - An snr.trace op as a flat table -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/TraceTable.h"
#include "SnR/Dialect/SnROps.h"

#include <map>

using namespace mlir;
using namespace snr;

/// Rebuilds the HLO map from the instructions' `hlo` attributes: consecutive
/// PCs with the same name form one range.
LogicalResult snr::collectHloMap(TraceOp traceOp,
                                 std::vector<trace::HloRange> &hloMap) {
  std::map<uint64_t, std::pair<StringAttr, Operation *>> byPc;
  for (Operation &op : *traceOp.getBody()) {
    auto hlo = op.getAttrOfType<StringAttr>("hlo");
    auto pc = op.getAttrOfType<IntegerAttr>("pc");
    if (!hlo || !pc)
      continue;
    auto [it, inserted] =
        byPc.try_emplace(pc.getValue().getZExtValue(), hlo, &op);
    if (!inserted && it->second.first != hlo)
      return op.emitOpError()
                 .append("has hlo ", hlo, " but pc ", pc.getInt(),
                         " was already attributed to ", it->second.first)
                 .attachNote(it->second.second->getLoc())
             << "first attributed here";
  }
  for (auto &[pc, entry] : byPc) {
    StringRef name = entry.first.getValue();
    if (!hloMap.empty() && hloMap.back().end == pc &&
        hloMap.back().name == name)
      hloMap.back().end = pc + 1;
    else
      hloMap.push_back({pc, pc + 1, name.str()});
  }
  return success();
}


std::vector<uint8_t> snr::snapshotBytes(InitMemOp init) {
  ElementsAttr elements = init.getBytes();
  size_t size = size_t(elements.getNumElements());
  if (elements.isSplat())
    return std::vector<uint8_t>(
        size, uint8_t(elements.getSplatValue<APInt>().getZExtValue()));
  // The verifier says the elements are i8: dense ones' raw data is the
  // bytes.
  if (auto dense = dyn_cast<DenseIntElementsAttr>(elements)) {
    ArrayRef<char> raw = dense.getRawData();
    if (raw.size() == size)
      return std::vector<uint8_t>(raw.begin(), raw.end());
  }
  std::vector<uint8_t> bytes;
  bytes.reserve(size);
  for (APInt byte : elements.getValues<APInt>())
    bytes.push_back(uint8_t(byte.getZExtValue()));
  return bytes;
}

TraceTable snr::buildTraceTable(TraceOp traceOp) {
  TraceTable table;
  table.traceOp = traceOp;
  trace::Trace &trace = table.trace;
  trace.header.program = traceOp.getSymName().str();
  trace.header.machine = traceOp.getMachine().value_or("").str();
  trace.header.startPc = uint64_t(traceOp.getStartPc());
  trace.header.reordered = traceOp.getReordered();
  // A trace that verifies attributes each PC to one HLO at most.
  (void)collectHloMap(traceOp, trace.header.hloMap);
  if (auto loc = dyn_cast<FileLineColLoc>(traceOp.getLoc()))
    trace.fileName = loc.getFilename().str();

  if (SnapshotOp snapshot = traceOp.getSnapshot()) {
    for (Operation &entry : *snapshot.getBody()) {
      if (auto init = dyn_cast<InitRegOp>(entry)) {
        trace.registers.push_back(
            {init.getReg().getReg(), int64_t(init.getValue()), {}});
      } else if (auto init = dyn_cast<InitVRegOp>(entry)) {
        trace::SnapshotRegister reg{init.getReg().getReg(), 0, {}};
        llvm::copy(init.getValue(), reg.lanes.begin());
        trace.registers.push_back(reg);
      } else if (auto init = dyn_cast<InitMemOp>(entry)) {
        AddrAttr addr = init.getAddr();
        trace::SnapshotMemory memory{addr.getSpaceKind(), addr.getChip(),
                                     uint64_t(addr.getOffset()), {}};
        memory.bytes = snapshotBytes(init);
        trace.memory.push_back(std::move(memory));
      }
    }
  }

  for (Operation &op : *traceOp.getBody()) {
    auto inst = dyn_cast<InstructionOpInterface>(op);
    if (!inst)
      continue;
    arch::Instruction decoded = inst.toInstruction();
    trace::RecordedOutcome outcome;
    if (BoolAttr executed = inst.getExecutedAttr())
      outcome.executed = executed.getValue();
    if (arch::isBranch(decoded.opcode))
      outcome.taken = outcome.executed.value_or(true);
    // An imported op is located at its static instruction, the line of its
    // PC's first instance (TraceImport.cpp), which is what the line here is.
    unsigned line = 0;
    if (auto loc = dyn_cast<FileLineColLoc>(op.getLoc()))
      line = loc.getLine();
    trace.instructions.push_back(decoded);
    trace.outcomes.push_back(outcome);
    trace.lines.push_back(line);
    table.ops.push_back(&op);
  }
  trace.header.instructionCount = trace.instructions.size();
  return table;
}
