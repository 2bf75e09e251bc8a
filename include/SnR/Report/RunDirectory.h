//===- RunDirectory.h - One run's output directory --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The output directory as a transaction. Opening it writes a `FAILED` marker
// first and then removes every result an earlier run left; each result is
// then written under a temporary name and renamed (writeFileAtomically);
// committing removes the marker last. So whenever the run stops (an error, a
// full disk, SIGKILL), the directory either is as it was found (stopped
// before the marker) or holds the marker and no earlier run's result that
// could pass for this one's, or holds this run's complete results.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_RUNDIRECTORY_H
#define SNR_REPORT_RUNDIRECTORY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace snr::report {

/// The marker a run leaves while it writes, and keeps if it fails.
inline constexpr const char *kFailedMarker = "FAILED";

/// Every file a replay run may write into its directory (the report's, the
/// remarks, the annotated trace, the rewrite's).
llvm::ArrayRef<llvm::StringRef> getRunResultFiles();

/// `path` as report.html in `dir` links to it: relative when it is inside
/// `dir`, else absolute.
std::string getPathFromDir(llvm::StringRef dir, llvm::StringRef path);

class RunDirectory {
public:
  /// Checks, without touching anything, that `dir` can be a run's output
  /// directory: it does not exist yet or is a directory.
  static llvm::Error check(llvm::StringRef dir);

  /// Creates `dir` if needed, writes the marker (saying `what` is writing)
  /// and removes the files named `results` an earlier run left there.
  static llvm::Expected<RunDirectory> open(llvm::StringRef dir,
                                           llvm::StringRef what,
                                           llvm::ArrayRef<llvm::StringRef>
                                               results);

  /// The path of `name` in the directory.
  std::string path(llvm::StringRef name) const;

  /// The run failed: the marker says why (best effort; it is there anyway).
  void fail(llvm::StringRef message);

  /// The run succeeded: removes the marker.
  llvm::Error commit();

  const std::string &getPath() const { return dir; }

private:
  explicit RunDirectory(std::string dir) : dir(std::move(dir)) {}
  std::string dir;
};

} // namespace snr::report

#endif // SNR_REPORT_RUNDIRECTORY_H
