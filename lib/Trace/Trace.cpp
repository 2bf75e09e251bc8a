//===- Trace.cpp - A trace in memory --------------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/Trace.h"
#include "SnR/Trace/TraceReader.h"
#include "SnR/Trace/TraceWriter.h"

using namespace snr;
using namespace snr::trace;

void Trace::writeHead(llvm::raw_ostream &os,
                      const TraceHeader &header) const {
  TraceWriter writer(os);
  writer.writeHeader(header);
  for (const SnapshotRegister &r : registers) {
    if (arch::holdsLanes(r.reg.cls))
      writer.writeVectorRegister(r.reg, r.lanes);
    else
      writer.writeRegister(r.reg, r.value);
  }
  for (const SnapshotMemory &m : memory)
    writer.writeMemory(m.space, m.chip, m.addr, m.bytes);
}

void Trace::write(llvm::raw_ostream &os) const {
  writeHead(os, header);
  TraceWriter writer(os);
  for (size_t i = 0; i < instructions.size(); ++i)
    writer.writeInstruction(instructions[i], outcomes[i]);
}

namespace {
class TableBuilder : public TraceConsumer {
public:
  explicit TableBuilder(Trace &trace) : trace(trace) {}
  void onHeader(const TraceHeader &header) override {
    trace.header = header;
    // Room for what the header announces (the reader bounds it by
    // --max-instructions), at most a million up front: the count is the
    // file's word, not a fact yet.
    if (header.instructionCount) {
      size_t room = size_t(std::min<uint64_t>(*header.instructionCount,
                                              uint64_t(1) << 20));
      trace.instructions.reserve(room);
      trace.outcomes.reserve(room);
      trace.lines.reserve(room);
    }
  }
  void onRegister(arch::Reg reg, int64_t value, SourcePos) override {
    trace.registers.push_back({reg, value, {}});
  }
  void onVectorRegister(arch::Reg reg, const arch::Vector &lanes,
                        SourcePos) override {
    trace.registers.push_back({reg, 0, lanes});
  }
  void onMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                llvm::ArrayRef<uint8_t> bytes, SourcePos) override {
    trace.memory.push_back({space, chip, addr, bytes.vec()});
  }
  void onInstruction(const arch::Instruction &inst,
                     const RecordedOutcome &outcome, SourcePos pos) override {
    trace.instructions.push_back(inst);
    trace.outcomes.push_back(outcome);
    trace.lines.push_back(pos.line);
  }

private:
  Trace &trace;
};
} // namespace

llvm::Expected<Trace> snr::trace::loadTrace(llvm::StringRef path) {
  Trace trace;
  trace.fileName = path.str();
  TableBuilder builder(trace);
  if (llvm::Error error = readTraceFile(path, builder))
    return std::move(error);
  return trace;
}

llvm::Expected<Trace> snr::trace::loadTrace(llvm::MemoryBufferRef input,
                                            llvm::StringRef fileName,
                                            const ReaderOptions &options) {
  Trace trace;
  trace.fileName = fileName.str();
  TableBuilder builder(trace);
  if (llvm::Error error = readTrace(input, fileName, builder, options))
    return std::move(error);
  return trace;
}

void snr::trace::feedRecords(const Trace &trace, TraceConsumer &consumer) {
  consumer.onHeader(trace.header);
  for (const SnapshotRegister &r : trace.registers) {
    if (arch::holdsLanes(r.reg.cls))
      consumer.onVectorRegister(r.reg, r.lanes, {});
    else
      consumer.onRegister(r.reg, r.value, {});
  }
  for (const SnapshotMemory &m : trace.memory)
    consumer.onMemory(m.space, m.chip, m.addr, m.bytes, {});
  for (size_t i = 0; i < trace.instructions.size(); ++i)
    consumer.onInstruction(trace.instructions[i], trace.outcomes[i],
                           {i < trace.lines.size() ? trace.lines[i] : 0, 1});
}
