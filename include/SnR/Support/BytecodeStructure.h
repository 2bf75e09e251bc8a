//===- BytecodeStructure.h - MLIR bytecode checked before it is read -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// MLIR's bytecode reader trusts the counts, lengths, offsets and indices of
// its input: a count of 2^40 strings is resized to, an attribute group
// longer than its table is written past its end, an attribute that contains
// itself is read forever. Single-bit flips of a file a stock MLIR tool wrote
// aborted SnR's tools ("SmallVector unable to grow", "double free or
// corruption") or made them exit with no message. SnR's own bytecode
// carries a checksum (BytecodeChecksum.h); every other bytecode file is
// walked here first, without building anything, and read by MLIR only if
// its structure holds:
//
//  * the header (magic, a version MLIR reads, the producer) and the
//    sections: known IDs, each once, lengths and alignment padding inside
//    the file, the required ones present;
//  * every table: the strings, the dialects and their versions, the op
//    names, the attribute and type offsets (groups that fill their table
//    exactly, entries inside their section), the resources, the
//    properties; each count no larger than the bytes that must hold it;
//  * the IR: every index into those tables, every value, successor and
//    region count, block arguments and use-list orders (inside the uses the
//    value has), regions nested no deeper than --max-nesting-depth;
//  * the builtin dialect's own encodings: list counts, the references of
//    arrays, dictionaries and locations (no cycle, no deeper than
//    --max-nesting-depth), dense element data of the size its type says;
//    attributes and types written as text are scanned as text is
//    (MlirNesting.h).
//
// What a dialect encodes itself is left to its reader, which reads through
// MLIR's bounds-checked primitives.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_BYTECODESTRUCTURE_H
#define SNR_SUPPORT_BYTECODESTRUCTURE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr {

/// Whether `bytes` start with MLIR bytecode's magic number.
bool isBytecode(llvm::StringRef bytes);

/// Checks the structure of the bytecode `bytes` (the file `name`): an error
/// "<name>: invalid MLIR bytecode at byte <offset>: <what>" for the first
/// thing MLIR's reader could not be trusted with. `bytes` must be the buffer
/// MLIR then reads: alignment is checked at its addresses, as MLIR does.
llvm::Error checkBytecodeStructure(llvm::StringRef bytes, llvm::StringRef name);

} // namespace snr

#endif // SNR_SUPPORT_BYTECODESTRUCTURE_H
