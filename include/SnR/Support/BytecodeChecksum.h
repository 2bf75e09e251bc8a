//===- BytecodeChecksum.h - A checksum of a bytecode file -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// MLIR's bytecode reader trusts its input: some flipped bytes crash it or
// make it loop before any check of the content (TraceDigest.h) can run. So
// SnR's tools also check the file's bytes before they parse it: bytecode
// SnR writes names its producer "<MLIR's producer> snr-xxh3:<16 hex
// digits>", an xxh3 hash of every byte of the file but the producer string
// (of the magic and version, then of the xxh3 of each MiB of the rest, so a
// writer can hash the bytes as it streams them).
// MLIR reads the producer as text and ignores it; SnR's readers (snr-opt,
// snr-translate) verify it first.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_BYTECODECHECKSUM_H
#define SNR_SUPPORT_BYTECODECHECKSUM_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr {

/// Writes `bytes` (MLIR bytecode) to `os` with the checksum added to its
/// producer; anything that is not bytecode is written as it is.
void writeWithBytecodeChecksum(llvm::StringRef bytes, llvm::raw_ostream &os);

/// Writes MLIR bytecode to `os` with its checksum: `write` writes it, with
/// `producer` as its BytecodeWriterConfig's producer, and returns false on
/// failure. A file that can seek gets the bytes as they come and its
/// producer patched in place at the end (a 10M-instruction trace's 370 MB
/// are never held in memory); anything else is buffered first.
bool writeChecksummedBytecode(
    llvm::raw_ostream &os,
    llvm::function_ref<bool(llvm::raw_ostream &, llvm::StringRef producer)>
        write);

/// Whether `bytes` are bytecode whose producer carries SnR's checksum.
bool hasBytecodeChecksum(llvm::StringRef bytes);

/// Checks the checksum of `bytes`, read from `name`, if it is bytecode that
/// has one: a mismatch is an error naming the file.
llvm::Error checkBytecodeChecksum(llvm::StringRef bytes, llvm::StringRef name);

/// checkBytecodeChecksum on the file at `path`, if it is a regular file
/// that can be read (a driver reports the others itself).
llvm::Error checkBytecodeFileChecksum(llvm::StringRef path);

} // namespace snr

#endif // SNR_SUPPORT_BYTECODECHECKSUM_H
