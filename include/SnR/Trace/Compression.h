//===- Compression.h - gzip and zstd trace files ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Trace files may be gzip- or zstd-compressed. The reader (LineSource)
// decompresses by the file's magic bytes; the writers compress by the file's
// name, as gzip and zstd users expect: `-o t.jsonl.zst` writes a zstd frame,
// `-o t.jsonl.gz` a gzip member, anything else plain text.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRACE_COMPRESSION_H
#define SNR_TRACE_COMPRESSION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::trace {

enum class Compression { None, Gzip, Zstd };

/// The compression a file name asks for: ".gz" gzip, ".zst" zstd.
Compression compressionForFileName(llvm::StringRef fileName);

/// Runs `write` on a stream whose bytes reach `sink` compressed as
/// `compression` says, and ends the compressed stream when `write` returns.
/// Fails only if the compressor does.
llvm::Error
writeCompressed(llvm::raw_ostream &sink, Compression compression,
                llvm::function_ref<void(llvm::raw_ostream &)> write);

} // namespace snr::trace

#endif // SNR_TRACE_COMPRESSION_H
