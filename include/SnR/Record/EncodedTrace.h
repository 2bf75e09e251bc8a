//===- EncodedTrace.h - Record an ISA with a binary encoding ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The trace of a target whose instructions are bytes in memory (RISC-V): each
// recorded step is its PC and encoding, with the next PC when it did not fall
// through and the values the target asked to record after it (vl after a
// vsetvli); registers are their debugger names and bytes; memory is by
// address space name. docs/trace-format.md, "Other ISAs", is the format.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_ENCODEDTRACE_H
#define SNR_RECORD_ENCODEDTRACE_H

#include "SnR/Record/Recorder.h"
#include "SnR/Trace/TraceFormat.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::record {

/// Writes each step as an instruction line to `lines` (a spool: the header,
/// which comes first, is known only at the end).
class EncodedTraceSink : public RecordingSink {
public:
  EncodedTraceSink(const target::Target &target, llvm::raw_ostream &lines)
      : target(target), lines(lines) {}
  llvm::Error onStep(const RecordedStep &step) override;

  /// Whether an instruction at [begin, end) ran (to keep the provenance
  /// map to the functions the trace went through).
  bool executedIn(uint64_t begin, uint64_t end) const;

private:
  const target::Target &target;
  llvm::raw_ostream &lines;
  /// The distinct PCs executed, sorted when asked.
  llvm::DenseSet<uint64_t> pcs;
};

/// Writes the header (with the recording's start PC and count) and the
/// snapshot; the instruction lines follow.
void writeEncodedTraceHead(llvm::raw_ostream &os, trace::TraceHeader header,
                           const Recording &recording,
                           const target::Target &target);

} // namespace snr::record

#endif // SNR_RECORD_ENCODEDTRACE_H
