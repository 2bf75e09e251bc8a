//===- RunDirectory.cpp - One run's output directory ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/RunDirectory.h"
#include "SnR/Report/Report.h"
#include "SnR/Trace/Compression.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace snr;
using namespace snr::report;
using llvm::StringRef;

llvm::StringRef
snr::report::getRewrittenTraceFile(trace::Compression compression) {
  switch (compression) {
  case trace::Compression::Gzip:
    return "rewritten.jsonl.gz";
  case trace::Compression::Zstd:
    return "rewritten.jsonl.zst";
  case trace::Compression::None:
    break;
  }
  return "rewritten.jsonl";
}

llvm::ArrayRef<StringRef> snr::report::getRunResultFiles() {
  // The files a reader opens first come first: they are removed first.
  static const StringRef kFiles[] = {
      kReportHtmlFile,        kMetricsFile,
      kSummaryFile,           kTimelineFile,
      kDmaTimelineSvgFile,    kUtilizationSvgFile,
      kDataCacheSvgFile,      kFragmentationSvgFile,
      kRemarksFile,           kAnnotatedMlirFile,
      kAnnotatedBytecodeFile, "rewritten.jsonl",
      "rewritten.jsonl.gz",   "rewritten.jsonl.zst",
      kRewriteJsonFile,       kRewriteRemarksFile,
      kDiffJsonFile,          kDiffHtmlFile,
      kRewrittenProgramFile,  kProgramDiffFile,
      kProgramDiffHtmlFile,   kProgramRewriteJsonFile,
      // What earlier versions wrote, so a run directory never mixes
      // versions.
      "remarks.yaml",         "rewrite-remarks.yaml"};
  return kFiles;
}

std::string snr::report::getPathFromDir(StringRef dir, StringRef path) {
  llvm::SmallString<256> absoluteDir(dir), absolutePath(path);
  llvm::sys::fs::make_absolute(absoluteDir);
  llvm::sys::fs::make_absolute(absolutePath);
  llvm::sys::path::remove_dots(absoluteDir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(absolutePath, /*remove_dot_dot=*/true);
  std::string prefix =
      (absoluteDir + llvm::sys::path::get_separator()).str();
  if (StringRef(absolutePath).starts_with(prefix))
    return StringRef(absolutePath).drop_front(prefix.size()).str();
  return std::string(absolutePath);
}

llvm::Error RunDirectory::check(StringRef dir) {
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(dir, status)) {
    if (ec == std::errc::no_such_file_or_directory)
      return llvm::Error::success();
    return llvm::createStringError(ec, "cannot use output directory '" + dir +
                                           "': " + ec.message());
  }
  if (status.type() != llvm::sys::fs::file_type::directory_file)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_a_directory),
        "output directory '" + dir +
            "' exists and is not a directory (-o names the directory the "
            "results go to)");
  return llvm::Error::success();
}

llvm::Expected<RunDirectory>
RunDirectory::open(StringRef dir, StringRef what,
                   llvm::ArrayRef<StringRef> results) {
  if (llvm::Error error = check(dir))
    return std::move(error);
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create output directory '" +
                                           dir + "': " + ec.message());
  RunDirectory run(dir.str());
  if (llvm::Error error = writeFileAtomically(
          run.path(kFailedMarker), [&](llvm::raw_ostream &os) {
            os << what << " has not finished writing this directory (it "
               << "failed or was stopped); its files are incomplete\n";
            return llvm::Error::success();
          }))
    return std::move(error);
  // All that can go goes, in order (test/Replay/kill-check.py relies on
  // it), even after a failure: the marker stays then. So do the
  // temporaries of a run that was killed while it wrote.
  llvm::SmallVector<std::string> stale;
  for (StringRef name : results)
    stale.push_back(run.path(name));
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    auto [base, suffix] = name.split(".tmp-");
    if (!suffix.empty() &&
        (base == kFailedMarker || llvm::is_contained(results, base)))
      stale.push_back(it->path());
  }
  llvm::Error error = llvm::Error::success();
  for (const std::string &path : stale)
    if (std::error_code ec = llvm::sys::fs::remove(path); ec && !error)
      error = llvm::createStringError(ec, "cannot remove the earlier run's '" +
                                              path + "': " + ec.message());
  if (error) {
    run.fail("cannot remove an earlier run's file");
    return std::move(error);
  }
  return std::move(run);
}

std::string RunDirectory::path(StringRef name) const {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  return std::string(path);
}

void RunDirectory::fail(StringRef message) {
  llvm::consumeError(writeFileAtomically(
      path(kFailedMarker), [&](llvm::raw_ostream &os) {
        os << "this run failed; its files are incomplete:\n" << message << "\n";
        return llvm::Error::success();
      }));
}

llvm::Error RunDirectory::commit() {
  std::string marker = path(kFailedMarker);
  if (std::error_code ec = llvm::sys::fs::remove(marker))
    return llvm::createStringError(ec, "cannot remove '" + marker +
                                           "': " + ec.message());
  return llvm::Error::success();
}
