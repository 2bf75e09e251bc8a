//===- FileSizeSignal.h - A file-size limit is an I/O error ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A file-size limit (`ulimit -f`) stands where a full disk does: a write
// past it should fail (EFBIG) and the tool say which file it could not
// write. By default SIGXFSZ ends the process instead, and the handler
// llvm::InitLLVM installs prints a crash report first (which, under the
// sanitizers, itself fails to write its symbolizer's temporary file).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_FILESIZESIGNAL_H
#define SNR_SUPPORT_FILESIZESIGNAL_H

namespace snr {

/// Makes SIGXFSZ ignored, so writes past a file-size limit fail with EFBIG.
/// Call it after llvm::InitLLVM, or before a driver that calls it
/// (mlirTranslateMain): LLVM installs its signal handlers once, and this
/// installs them first.
void ignoreFileSizeSignal();

} // namespace snr

#endif // SNR_SUPPORT_FILESIZESIGNAL_H
