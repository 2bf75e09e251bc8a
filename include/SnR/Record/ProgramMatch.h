//===- ProgramMatch.h - Is this the program the trace ran? ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// `snr-replay --program prog.mlir` locates every remark and report row in
// the program by PC. Given another program than the one the trace was
// recorded from, it pointed at unrelated lines without a word. A program is
// therefore taken only if it is the trace's: the same name (when the trace
// names one), and at every PC the trace executed, an instruction of the same
// opcode.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_PROGRAMMATCH_H
#define SNR_RECORD_PROGRAMMATCH_H

#include "SnR/Trace/Trace.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr {
class ProgramOp;

namespace record {

/// Checks that `program` (read from `path`) is the one `trace` ran: an
/// error naming the first PC (and the program's line) where it is not.
llvm::Error checkProgramMatchesTrace(ProgramOp program, llvm::StringRef path,
                                     const trace::Trace &trace);

/// Reads the program file `path`, picks the program `trace` names (or the
/// only one), checks it is the trace's and returns its line table.
llvm::Expected<trace::LineTable>
loadMatchingLineTable(llvm::StringRef path, const trace::Trace &trace);

} // namespace record
} // namespace snr

#endif // SNR_RECORD_PROGRAMMATCH_H
