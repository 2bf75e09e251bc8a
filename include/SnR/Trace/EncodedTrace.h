//===- EncodedTrace.h - Traces of ISAs with a binary encoding ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Reading the traces SnR records from a target whose instructions are bytes
// in memory (RISC-V, recorded from QEMU's gdbstub): docs/trace-format.md,
// "Other ISAs". The header names the ISA; the snapshot holds registers by
// their debugger names with their bytes and memory by address space name;
// each instruction line holds its PC and encoding, the next PC when it did
// not fall through, and the values recorded after it (`after`). The reader
// checks everything the format says (fields, types, duplicates, the
// snapshot's overlaps, the PC sequence, the count) and reports the first
// problem as `file:line:column: message`; what the names mean (a register
// of the ISA, an address space) is the target's, and the replay checks it
// (lib/Replay/EncodedReplay.cpp). MLIR-free and streaming, like the snr
// reader (TraceReader.h); plain, gzip or zstd.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_ENCODEDTRACE_H
#define SNR_TRACE_ENCODEDTRACE_H

#include "SnR/Trace/TraceFormat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace snr::trace {

/// One instruction line as the reader hands it out.
struct EncodedInstructionRecord {
  uint64_t pc = 0;
  /// The encoding as the instruction word `enc` spells it (0x8082 for the
  /// bytes 82 80), and its size in bytes (half the number of digits).
  uint64_t word = 0;
  unsigned size = 0;
  /// `next_pc`, when the instruction did not fall through to pc + size.
  std::optional<uint64_t> nextPc;
  /// `after`: register names and values, in file order.
  llvm::ArrayRef<std::pair<llvm::StringRef, uint64_t>> after;
};

/// Receives the records of a trace of another ISA in file order: the
/// header, the snapshot entries, then the instructions.
class EncodedTraceConsumer {
public:
  virtual ~EncodedTraceConsumer();
  virtual void onHeader(const TraceHeader &header) {}
  virtual void onRegister(llvm::StringRef name, llvm::ArrayRef<uint8_t> bytes,
                          SourcePos pos) {}
  virtual void onMemory(llvm::StringRef space, uint64_t addr,
                        llvm::ArrayRef<uint8_t> bytes, SourcePos pos) {}
  virtual void onInstruction(const EncodedInstructionRecord &inst,
                             SourcePos pos) {}
};

/// Reads `input` (named `fileName` in errors), a trace of an ISA other than
/// snr, into `consumer`. Errors are TraceErrors (TraceReader.h).
llvm::Error readEncodedTrace(llvm::MemoryBufferRef input,
                             llvm::StringRef fileName,
                             EncodedTraceConsumer &consumer);

/// A whole trace of another ISA, in memory: about 40 bytes an instruction.
struct EncodedTrace {
  struct Register {
    std::string name;
    std::vector<uint8_t> bytes;
    /// Where `reg` is (for errors about the name or the width).
    SourcePos pos;
  };
  struct Region {
    std::string space;
    uint64_t addr = 0;
    std::vector<uint8_t> bytes;
    SourcePos pos;
  };
  /// A value recorded after an instruction: the register's name (an index
  /// into `afterNames`) and its value.
  struct After {
    uint32_t name = 0;
    uint64_t value = 0;
  };
  struct Instruction {
    uint64_t pc = 0;
    uint64_t word = 0;
    /// The recorded next PC; pc + size when the file has no `next_pc`.
    uint64_t nextPc = 0;
    uint32_t line = 0;
    uint32_t firstAfter = 0;
    uint8_t numAfter = 0;
    uint8_t size = 0;

    /// The encoding's bytes, least significant first.
    llvm::SmallVector<uint8_t, 8> bytes() const;
    bool fallsThrough() const { return nextPc == pc + size; }
  };

  /// The file it was read from, for messages.
  std::string fileName;
  TraceHeader header;
  std::vector<Register> registers;
  std::vector<Region> memory;
  std::vector<Instruction> instructions;
  std::vector<After> afterValues;
  /// The distinct register names of the `after` values.
  std::vector<std::string> afterNames;

  llvm::ArrayRef<After> getAfter(const Instruction &inst) const {
    return llvm::ArrayRef<After>(afterValues)
        .slice(inst.firstAfter, inst.numAfter);
  }
};

/// Reads a whole trace of another ISA into memory.
llvm::Expected<EncodedTrace> loadEncodedTrace(llvm::MemoryBufferRef input,
                                              llvm::StringRef fileName);
/// Opens and reads `path` ("-" for standard input).
llvm::Expected<EncodedTrace> loadEncodedTrace(llvm::StringRef path);

/// The ISA a trace is of, from its header alone (its first line): "snr"
/// when it names none, as the snr reader reads it; "riscv64" for a
/// RISC-V trace, which loadEncodedTrace reads. The one question a tool asks
/// before it picks a reader. A first line that is not a JSON object is a
/// TraceError; the rest of the header is the chosen reader's to check.
llvm::Expected<std::string> readTraceIsa(llvm::MemoryBufferRef input,
                                         llvm::StringRef fileName);

} // namespace snr::trace

#endif // SNR_TRACE_ENCODEDTRACE_H
