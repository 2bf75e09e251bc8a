//===- LineTable.h - An snr.program's PC -> file:line:col table -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The line table a trace carries beside its instructions (as DWARF's
// .debug_line beside a binary): for every instruction op of an snr.program,
// its PC and the file:line:col of the op. snr-record writes it into the
// trace header; snr-replay --program rebuilds it for traces without one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_LINETABLE_H
#define SNR_RECORD_LINETABLE_H

#include "SnR/Trace/TraceFormat.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr {
class ProgramOp;

namespace record {
/// The line table of `program`; `file` names the program file when the ops'
/// locations do not (they are not FileLineColLoc).
trace::LineTable collectLineTable(ProgramOp program, llvm::StringRef file);

/// Parses the program file `path` and returns the line table of its
/// snr.program named `name` (or of its only program, if `name` is empty or
/// names none of several). Fails with a message naming the file.
llvm::Expected<trace::LineTable> loadLineTable(llvm::StringRef path,
                                               llvm::StringRef name);
} // namespace record
} // namespace snr

#endif // SNR_RECORD_LINETABLE_H
