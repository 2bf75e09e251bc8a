//===- EncodedTraceExport.cpp - riscv ops as a RISC-V trace ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/EncodedTraceExport.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace snr;

static std::vector<uint8_t> hexBytes(llvm::StringRef text) {
  std::string bytes = llvm::fromHex(text);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

FailureOr<ExportedEncodedTrace>
snr::exportEncodedTrace(riscv::TraceOp traceOp) {
  ExportedEncodedTrace out;
  trace::EncodedTrace &trace = out.trace;
  trace::TraceHeader &header = trace.header;
  header.isa = "riscv64";
  header.isaString = traceOp.getIsa().str();
  header.vlenb = uint64_t(traceOp.getVlenb());
  header.machine = traceOp.getMachine().value_or("").str();
  header.program = traceOp.getSymName().str();
  header.startPc = uint64_t(traceOp.getStartPc());

  llvm::StringMap<uint32_t> afterIndex;
  for (Operation &op : traceOp.getBodyRegion().front()) {
    if (auto snapshot = dyn_cast<riscv::SnapshotOp>(op)) {
      // Registers first, then memory, each in op order: the order the
      // trace lists them.
      for (auto reg : snapshot.getBodyRegion().front().getOps<riscv::InitRegOp>())
        out.snapshotOps.push_back(reg);
      for (auto mem : snapshot.getBodyRegion().front().getOps<riscv::InitMemOp>())
        out.snapshotOps.push_back(mem);
      for (size_t i = 0; i < out.snapshotOps.size(); ++i) {
        trace::SourcePos pos{unsigned(i + 1), 0};
        if (auto reg = dyn_cast<riscv::InitRegOp>(out.snapshotOps[i])) {
          trace.registers.push_back(
              {reg.getReg().str(), hexBytes(reg.getBytes()), pos});
        } else {
          auto mem = cast<riscv::InitMemOp>(out.snapshotOps[i]);
          trace.memory.push_back({mem.getSpace().str(), uint64_t(mem.getAddr()),
                                  hexBytes(mem.getBytes()), pos});
        }
      }
      continue;
    }
    auto inst = dyn_cast<riscv::InstOp>(op);
    if (!inst)
      continue;
    trace::EncodedTrace::Instruction record;
    record.pc = inst.getPc();
    record.word = inst.getEnc();
    record.size = uint8_t(inst.getSize());
    record.nextPc = inst.getNextPc();
    record.line = uint32_t(out.instructionOps.size() + 1);
    record.firstAfter = uint32_t(trace.afterValues.size());
    if (DictionaryAttr after = inst.getAfterAttr()) {
      for (NamedAttribute value : after) {
        auto [it, added] = afterIndex.try_emplace(
            value.getName().getValue(), uint32_t(trace.afterNames.size()));
        if (added)
          trace.afterNames.push_back(value.getName().getValue().str());
        auto integer = dyn_cast<IntegerAttr>(value.getValue());
        if (!integer)
          return inst.emitOpError("'after' value '")
                 << value.getName().getValue() << "' is not an integer";
        trace.afterValues.push_back(
            {it->second, integer.getValue().getZExtValue()});
      }
      if (after.size() > 255)
        return inst.emitOpError("has more than 255 'after' values");
    }
    record.numAfter = uint8_t(trace.afterValues.size() - record.firstAfter);
    trace.instructions.push_back(record);
    out.instructionOps.push_back(inst);
  }
  header.instructionCount = trace.instructions.size();
  return std::move(out);
}
