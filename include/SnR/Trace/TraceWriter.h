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

#include <optional>
#include <utility>

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

  /// The records of an ISA with a binary encoding (docs/trace-format.md,
  /// "Other ISAs"): a register by its debugger name with its bytes, memory
  /// by address space name, an instruction by its PC and encoding, with the
  /// next PC when it did not fall through and the values recorded after it.
  void writeRegisterBytes(llvm::StringRef name, llvm::ArrayRef<uint8_t> bytes);
  void writeMemoryBytes(llvm::StringRef space, uint64_t addr,
                        llvm::ArrayRef<uint8_t> bytes);
  void writeEncodedInstruction(
      uint64_t pc, llvm::ArrayRef<uint8_t> encoding,
      std::optional<uint64_t> nextPc,
      llvm::ArrayRef<std::pair<llvm::StringRef, uint64_t>> after);

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
