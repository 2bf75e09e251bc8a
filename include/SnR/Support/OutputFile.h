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
// Whatever the path names, a write does what a user expects of it:
//  * a device or a FIFO (/dev/null, /dev/stdout, a named pipe) is written in
//    place, never replaced by a regular file;
//  * a symbolic link stays: the file it points to (the end of its chain,
//    created if missing) is written, atomically, beside itself;
//  * a regular file gets its new contents atomically: a temporary file in
//    its directory, fsync'ed, renamed over it, and the directory fsync'ed, so
//    after a crash the path holds the old contents or the new, whole;
//  * any character may be in the path ('%' too: the temporary name is made
//    here, not by a pattern that would expand it).
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
  /// written under a temporary name beside it; a device or a pipe is written
  /// in place; a symbolic link is followed (see above).
  static llvm::Expected<std::unique_ptr<OutputFile>> open(llvm::StringRef path);
  ~OutputFile();

  llvm::raw_ostream &os() { return *stream; }
  /// Flushes; an I/O error names the file. Then gives the file its name
  /// (fsync'ed first).
  llvm::Error keep();

  /// The file written in place of a symbolic link `path` names, or `path`.
  const std::string &getTarget() const { return target; }
  /// Whether the target is replaced (written beside itself, then renamed),
  /// not written in place (standard output, a device, a pipe).
  bool replacesTarget() const { return !temp.empty(); }

private:
  OutputFile() = default;
  /// The path as given, for messages, and the file actually written.
  std::string path, target;
  /// The temporary file, when the target is replaced atomically.
  std::string temp;
  int fd = -1;
  std::unique_ptr<llvm::raw_fd_ostream> owned;
  llvm::raw_fd_ostream *stream = nullptr;
  bool kept = false;
};

/// The file a write to `path` lands in: `path`, or, if it is a symbolic
/// link, the file at the end of its chain (relative links read from the
/// link's directory; the file need not exist). ELOOP past 40 links.
llvm::Expected<std::string> resolveOutputPath(llvm::StringRef path);

/// Flushes the file at `path` to the disk (fsync), best effort.
void syncToDisk(llvm::StringRef path);

/// A new file `target`.tmp-XXXXXXXX beside `target` (eight random hex
/// digits; any character of `target`, '%' too, is kept as it is), open for
/// writing, removed if the process dies of a signal: its descriptor and
/// name. The caller closes and removes (or renames) it.
llvm::Expected<std::pair<int, std::string>>
createTemporaryFileBeside(llvm::StringRef target);

/// Removes a file createTemporaryFileBeside made (and forgets it for the
/// signal handler).
void removeTemporaryFile(const std::string &path);

/// Writes `path` through `write`, as OutputFile does: into a temporary file
/// in the same directory (`path`.tmp-XXXXXXXX), fsync'ed and renamed to
/// `path` only if `write` succeeded and every byte reached the file;
/// otherwise the temporary file is removed and the error names `path`. A
/// device or a pipe is written in place, a symbolic link followed.
llvm::Error writeFileAtomically(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write);

/// For snr-translate, whose -o file MLIR's driver (mlirTranslateMain)
/// opens: a regular -o file (or a new one, or the target of a symbolic
/// link) is written under a temporary name beside it, `argv` rewritten to
/// name it, and fsync'ed and renamed by finishDriverOutput() when the driver
/// succeeded; otherwise (a failure, an
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
