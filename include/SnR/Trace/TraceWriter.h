//===- TraceWriter.h - Writes SnR trace files -------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Writes the trace format of docs/trace-format.md, one record per line: the
// header, the snapshot entries, then one line per instruction. MLIR-free, so
// the recorder writes traces without building IR.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_TRACEWRITER_H
#define SNR_TRACE_TRACEWRITER_H

#include "SnR/Arch/Values.h"
#include "SnR/Trace/TraceFormat.h"

#include "llvm/Support/raw_ostream.h"

namespace snr::trace {

class TraceWriter {
public:
  explicit TraceWriter(llvm::raw_ostream &os) : os(os) {}

  void writeHeader(const TraceHeader &header);
  void writeRegister(arch::Reg reg, int64_t value);
  void writeVectorRegister(arch::Reg reg, const arch::Vector &lanes);
  void writeMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                   llvm::ArrayRef<uint8_t> bytes);
  void writeInstruction(const arch::Instruction &inst,
                        const RecordedOutcome &outcome);

private:
  llvm::raw_ostream &os;
};

/// Writes `text` as a JSON string literal, quotes included.
void writeJsonString(llvm::raw_ostream &os, llvm::StringRef text);
/// Writes an f32 so that it reads back bit for bit: a finite value as a JSON
/// number, an infinity as "inf" or "-inf", and a NaN, which JSON cannot spell
/// and whose sign and payload matter, as its bit pattern ("0xFFC00000").
void writeJsonFloat(llvm::raw_ostream &os, float value);

} // namespace snr::trace

#endif // SNR_TRACE_TRACEWRITER_H
