//===- EncodedTrace.cpp - Record an ISA with a binary encoding ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/EncodedTrace.h"
#include "SnR/Trace/TraceWriter.h"

#include "llvm/ADT/STLExtras.h"

using namespace snr;
using namespace snr::record;

llvm::Error EncodedTraceSink::onStep(const RecordedStep &step) {
  pcs.insert(step.inst.pc);
  std::optional<uint64_t> nextPc;
  if (step.nextPc != step.inst.pc + step.inst.size)
    nextPc = step.nextPc;
  llvm::SmallVector<std::pair<llvm::StringRef, uint64_t>, 2> after;
  for (size_t i = 0; i < step.after.size(); ++i) {
    uint64_t value = 0;
    for (size_t b = 0; b < step.after[i].size() && b < 8; ++b)
      value |= uint64_t(step.after[i][b]) << (8 * b);
    after.push_back(
        {target.getRegisters().get(step.effects.recordAfter[i]).name, value});
  }
  trace::TraceWriter(lines).writeEncodedInstruction(
      step.inst.pc, step.inst.encoding, nextPc, after);
  return llvm::Error::success();
}

bool EncodedTraceSink::executedIn(uint64_t begin, uint64_t end) const {
  return llvm::any_of(pcs,
                      [&](uint64_t pc) { return pc >= begin && pc < end; });
}

void snr::record::writeEncodedTraceHead(llvm::raw_ostream &os,
                                        trace::TraceHeader header,
                                        const Recording &recording,
                                        const target::Target &target) {
  header.startPc = recording.startPc;
  header.instructionCount = recording.instructions;
  trace::TraceWriter writer(os);
  writer.writeHeader(header);
  for (const Snapshot::Register &reg : recording.snapshot.registers)
    writer.writeRegisterBytes(target.getRegisters().get(reg.reg).name,
                              reg.bytes);
  for (const Snapshot::Region &region : recording.snapshot.memory)
    writer.writeMemoryBytes(target.getSpaceName(region.space), region.addr,
                            region.bytes);
}
