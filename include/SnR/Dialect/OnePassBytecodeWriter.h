//===- OnePassBytecodeWriter.h - MLIR bytecode for IR without values -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Writes MLIR bytecode (format version 6, the version MLIR 22 writes and any
// later MLIR reads) for IR with no SSA values, no successors and no block
// arguments: SnR's traces and programs, whose operands are attributes.
//
// The layout is MLIR's own, spelled out again here, so the writer is pinned
// to the version it was written for (kOnePassBytecodeVersion): a build
// against an MLIR whose bytecode::kVersion differs fails, rather than write
// the old layout under the new number. The differential test
// (unittests/Dialect/OnePassBytecodeDifferentialTest.cpp) reads what it
// writes back with MLIR's reader, eagerly and lazily.
//
// MLIR's writer numbers the whole IR first, sorts attributes by use count,
// keeps a map entry per op and deduplicates every op's properties; on a trace
// of 600k instructions, whose ops each have their own location and
// annotation, that is most of the time it takes. This writer makes one pass:
// attributes and types are numbered in order of first use, and each op's
// properties are written once, as they are. The file is larger by a few
// percent and reads back into the same IR (tests compare the two writers'
// output, read back and printed).
//
// Attributes, types and properties are encoded by the dialects' own
// BytecodeDialectInterface and the ops' writeProperties, as MLIR's writer
// does; only the framing is SnR's.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_ONEPASSBYTECODEWRITER_H
#define SNR_DIALECT_ONEPASSBYTECODEWRITER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace snr {

/// The MLIR bytecode version the one-pass writer writes: the layout it
/// spells out is that version's (mlir/Bytecode/Encoding.h).
inline constexpr uint64_t kOnePassBytecodeVersion = 6;

/// Writes `op` as bytecode to `os` and returns success, or, without writing
/// anything, returns failure and says in `unsupported` what in the IR this
/// writer does not handle (an SSA value, a successor, a block argument, an
/// unregistered op or dialect, a dialect resource).
mlir::LogicalResult writeOnePassBytecode(mlir::Operation *op,
                                         llvm::raw_ostream &os,
                                         llvm::StringRef producer,
                                         std::string *unsupported = nullptr);

/// Which writer SnR's tools use for bytecode (snr-opt and snr-replay
/// --snr-bytecode-writer).
enum class BytecodeWriterKind {
  /// The one-pass writer, and MLIR's for IR it does not handle.
  OnePass,
  /// MLIR's writer always.
  Mlir,
};

/// The values of --snr-bytecode-writer (snr-opt, snr-replay): `one-pass`
/// and `mlir`, declared once.
llvm::cl::ValuesClass getBytecodeWriterValues();

/// Writes `op` as bytecode with the writer `kind` chooses.
mlir::LogicalResult writeBytecode(mlir::Operation *op, llvm::raw_ostream &os,
                                  llvm::StringRef producer,
                                  BytecodeWriterKind kind =
                                      BytecodeWriterKind::OnePass);

} // namespace snr

#endif // SNR_DIALECT_ONEPASSBYTECODEWRITER_H
