//===- OutputFile.h - A tool's output file, checked and atomic --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The output file of snr-record, snr-gen and snr-opt: opened before the
// work, so a path that cannot be written is reported before minutes of
// recording; written under a temporary name and renamed when complete, so a
// failed run leaves no half-written file; and an I/O error (a full disk,
// -o /dev/full) is an error naming the file, not LLVM's "IO failure on
// output stream".
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_OUTPUTFILE_H
#define SNR_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

namespace snr {

class OutputFile {
public:
  /// Opens `path` ("-": standard output). A regular file (or a new one) is
  /// written under a temporary name beside it; anything else (a device, a
  /// pipe) is written in place.
  static llvm::Expected<std::unique_ptr<OutputFile>> open(llvm::StringRef path);
  ~OutputFile();

  llvm::raw_ostream &os() { return *stream; }
  /// Flushes; an I/O error names the file. Then gives the file its name.
  llvm::Error keep();

private:
  OutputFile() = default;
  std::string path;
  std::optional<llvm::sys::fs::TempFile> temp;
  std::unique_ptr<llvm::raw_fd_ostream> owned;
  llvm::raw_fd_ostream *stream = nullptr;
  bool kept = false;
};

/// Writes `path` through `write`: into a temporary file in the same
/// directory (`path`.tmp-XXXXXXXX), renamed to `path` only if `write`
/// succeeded and every byte reached the file; otherwise the temporary file
/// is removed and the error names `path`.
llvm::Error writeFileAtomically(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write);

/// For snr-translate, whose -o file MLIR's driver (mlirTranslateMain)
/// opens: a regular -o file (or a new one) is written under a temporary name
/// beside it, `argv` rewritten to name it, and renamed by
/// finishDriverOutput() when the driver succeeded; otherwise (a failure, an
/// early exit, a fatal I/O error) the temporary file goes and the target is
/// as it was. A device (/dev/stdout) is written in place. LLVM's fatal "IO
/// failure on output stream" becomes "<tool>: error: cannot write '<-o
/// file>': <reason>" (exit status 1).
llvm::Error redirectDriverOutput(llvm::StringRef tool, int argc, char **argv);

/// After the driver: renames the temporary file to the -o file if
/// `succeeded`, removes it otherwise. Returns the tool's exit status.
int finishDriverOutput(bool succeeded);

} // namespace snr

#endif // SNR_SUPPORT_OUTPUTFILE_H
