//===- OutputFile.cpp - A tool's output file, checked and atomic ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/WithColor.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

using namespace snr;
using llvm::StringRef;

namespace {
llvm::Error cannotWrite(StringRef path, std::error_code ec) {
  return llvm::createStringError(ec, "cannot write '" + path +
                                         "': " + ec.message());
}

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

/// fsync on `fd`; a file system that cannot (a pipe, /dev/null) is no error.
std::error_code syncDescriptor(int fd) {
  if (::fsync(fd) == 0 || errno == EINVAL || errno == EROFS ||
      errno == ENOTSUP)
    return {};
  return lastError();
}

/// The directory `path` is in, fsync'ed so that a rename in it is durable.
void syncParentDirectory(StringRef path) {
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (dir.empty())
    dir = ".";
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return;
  (void)::fsync(fd);
  ::close(fd);
}

/// A new file `target`.tmp-XXXXXXXX (eight random hex digits) beside
/// `target`, open for writing and removed if the process dies of a signal.
/// The name is made here: llvm's unique-file functions would read every '%'
/// of the path as a pattern character.
llvm::Expected<std::pair<int, std::string>> createTempBeside(StringRef target) {
  static uint64_t counter = 0;
  for (unsigned attempt = 0; attempt < 128; ++attempt) {
    uint64_t random = uint64_t(llvm::sys::Process::GetRandomNumber()) ^
                      (uint64_t(::getpid()) << 16) ^ ++counter ^
                      uint64_t(std::chrono::steady_clock::now()
                                   .time_since_epoch()
                                   .count());
    std::string digits =
        llvm::utohexstr(uint32_t(random ^ (random >> 32)), /*LowerCase=*/true);
    std::string name =
        (target + ".tmp-" + std::string(8 - digits.size(), '0') + digits).str();
    int fd = -1;
    std::error_code ec = llvm::sys::fs::openFileForWrite(
        name, fd, llvm::sys::fs::CD_CreateNew, llvm::sys::fs::OF_None);
    if (ec == std::errc::file_exists)
      continue;
    if (ec)
      return cannotWrite(target, ec);
    llvm::sys::RemoveFileOnSignal(name);
    return std::make_pair(fd, name);
  }
  return cannotWrite(target, std::make_error_code(std::errc::file_exists));
}

void removeTemp(const std::string &temp) { removeTemporaryFile(temp); }

/// fsync's `temp`, renames it to `target` and fsync's their directory.
llvm::Error commitTemp(const std::string &temp, int fd, StringRef target,
                       StringRef path) {
  if (std::error_code ec = syncDescriptor(fd)) {
    removeTemp(temp);
    return cannotWrite(path, ec);
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, target)) {
    removeTemp(temp);
    return cannotWrite(path, ec);
  }
  llvm::sys::DontRemoveFileOnSignal(temp);
  syncParentDirectory(target);
  return llvm::Error::success();
}

/// How a resolved path is written.
enum class Mode { Replace, InPlace };

/// The kernel's files (/dev/stdout, /dev/null, /proc/self/fd/1) are written
/// in place, whatever they point to: replacing one would replace the link
/// (or, through /proc, a file someone else holds open).
bool isSystemPath(StringRef path) {
  return path.starts_with("/dev/") || path.starts_with("/proc/");
}

/// Whether `target` (no link, or a system path) is replaced or written in
/// place; an error for a directory.
llvm::Expected<Mode> modeOf(StringRef target, StringRef path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(target, status, /*follow=*/true))
    return isSystemPath(target) ? Mode::InPlace
                                : Mode::Replace; // a new file, or an error
                                                 // the open reports
  if (status.type() == llvm::sys::fs::file_type::directory_file)
    return llvm::createStringError(
        std::make_error_code(std::errc::is_a_directory),
        "cannot write '" + path + "': it is a directory");
  if (isSystemPath(target))
    return Mode::InPlace;
  switch (status.type()) {
  case llvm::sys::fs::file_type::regular_file:
    return Mode::Replace;
  case llvm::sys::fs::file_type::directory_file:
    return llvm::createStringError(
        std::make_error_code(std::errc::is_a_directory),
        "cannot write '" + path + "': it is a directory");
  default:
    return Mode::InPlace;
  }
}
} // namespace

llvm::Expected<std::string> snr::resolveOutputPath(StringRef path) {
  std::string current = path.str();
  for (unsigned links = 0; links <= 40; ++links) {
    if (isSystemPath(current))
      return current;
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(current, status, /*follow=*/false) ||
        status.type() != llvm::sys::fs::file_type::symlink_file)
      return current;
    char buffer[4096];
    ssize_t size = ::readlink(current.c_str(), buffer, sizeof(buffer) - 1);
    if (size < 0)
      return cannotWrite(path, lastError());
    StringRef link(buffer, size_t(size));
    if (llvm::sys::path::is_absolute(link)) {
      current = link.str();
    } else {
      llvm::SmallString<256> resolved(current);
      llvm::sys::path::remove_filename(resolved);
      llvm::sys::path::append(resolved, link);
      current = std::string(resolved);
    }
  }
  return cannotWrite(
      path, std::make_error_code(std::errc::too_many_symbolic_link_levels));
}

void snr::syncToDisk(StringRef path) {
  int fd = ::open(path.str().c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  (void)::fsync(fd);
  ::close(fd);
}

llvm::Expected<std::unique_ptr<OutputFile>> OutputFile::open(StringRef path) {
  std::unique_ptr<OutputFile> file(new OutputFile());
  file->path = path.str();
  file->target = path.str();
  if (path == "-") {
    file->stream = &llvm::outs();
    return std::move(file);
  }
  llvm::Expected<std::string> target = resolveOutputPath(path);
  if (!target)
    return target.takeError();
  file->target = *target;
  llvm::Expected<Mode> mode = modeOf(file->target, path);
  if (!mode)
    return mode.takeError();
  if (*mode == Mode::InPlace) {
    std::error_code ec;
    file->owned = std::make_unique<llvm::raw_fd_ostream>(
        file->target, ec, llvm::sys::fs::OF_None);
    if (ec)
      return cannotWrite(path, ec);
    file->stream = file->owned.get();
    return std::move(file);
  }
  llvm::Expected<std::pair<int, std::string>> temp =
      createTempBeside(file->target);
  if (!temp) {
    // Named after the path as given.
    std::error_code ec = llvm::errorToErrorCode(temp.takeError());
    return cannotWrite(path, ec);
  }
  file->fd = temp->first;
  file->temp = temp->second;
  file->owned = std::make_unique<llvm::raw_fd_ostream>(file->fd,
                                                       /*shouldClose=*/false);
  file->stream = file->owned.get();
  return std::move(file);
}

OutputFile::~OutputFile() {
  // An error already reported (or a run given up) must not end in LLVM's
  // fatal "IO failure on output stream".
  if (owned) {
    owned->flush();
    owned->clear_error();
  }
  owned.reset();
  if (fd >= 0)
    ::close(fd);
  if (!temp.empty() && !kept)
    removeTemp(temp);
}

llvm::Error OutputFile::keep() {
  stream->flush();
  if (stream->has_error()) {
    std::error_code ec = stream->error();
    stream->clear_error();
    return cannotWrite(path, ec);
  }
  if (!temp.empty()) {
    owned.reset();
    llvm::Error error = commitTemp(temp, fd, target, path);
    ::close(fd);
    fd = -1;
    if (error)
      return error;
  }
  kept = true;
  return llvm::Error::success();
}

namespace {
/// The -o file of a driver-written tool: there is one per process.
struct DriverOutput {
  std::string tool, output, target;
  /// The temporary file the driver writes instead, if any.
  std::string temp;
  std::string tempArg;
};
DriverOutput &driverOutput() {
  static DriverOutput output;
  return output;
}

void removeDriverTemp() {
  DriverOutput &output = driverOutput();
  if (!output.temp.empty())
    removeTemp(output.temp);
  output.temp.clear();
}

void handleFatalError(void *, const char *reason, bool) {
  StringRef text(reason);
  const DriverOutput &output = driverOutput();
  if (text.consume_front("IO failure on output stream: ")) {
    llvm::WithColor::error(llvm::errs(), output.tool)
        << "cannot write '" << output.output << "': " << text << "\n";
  } else {
    llvm::WithColor::error(llvm::errs(), output.tool) << reason << "\n";
  }
  removeDriverTemp();
  // LLVM exits with status 1 when the handler returns.
}
} // namespace

llvm::Error snr::redirectDriverOutput(StringRef tool, int argc, char **argv) {
  DriverOutput &output = driverOutput();
  output.tool = tool.str();
  output.output = "-";
  // Where the -o value is, to point it at the temporary file.
  char **valueArg = nullptr;
  bool joined = false;
  for (int i = 1; i < argc; ++i) {
    StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if ((arg == "-o" || arg == "--o") && i + 1 < argc) {
      output.output = argv[i + 1];
      valueArg = &argv[++i];
      joined = false;
    } else if (arg.consume_front("-o=") || arg.consume_front("--o=")) {
      output.output = arg.str();
      valueArg = &argv[i];
      joined = true;
    }
  }
  llvm::install_fatal_error_handler(handleFatalError, nullptr);
  StringRef path = output.output;
  if (!valueArg || path == "-")
    return llvm::Error::success();
  llvm::Expected<std::string> target = resolveOutputPath(path);
  if (!target)
    return target.takeError();
  output.target = *target;
  llvm::Expected<Mode> mode = modeOf(output.target, path);
  // A directory: the driver says so itself.
  if (!mode) {
    llvm::consumeError(mode.takeError());
    return llvm::Error::success();
  }
  if (*mode == Mode::InPlace) {
    // The link's target, for the driver to open (a link it would follow
    // anyway; a device stays a device).
    output.tempArg = (joined ? "-o=" : "") + output.target;
    *valueArg = output.tempArg.data();
    return llvm::Error::success();
  }
  llvm::Expected<std::pair<int, std::string>> temp =
      createTempBeside(output.target);
  if (!temp)
    return temp.takeError();
  ::close(temp->first);
  output.temp = temp->second;
  // An exit before the driver is done (--help, a bad option) leaves no
  // temporary file behind.
  std::atexit(removeDriverTemp);
  output.tempArg = (joined ? "-o=" : "") + output.temp;
  *valueArg = output.tempArg.data();
  return llvm::Error::success();
}

int snr::finishDriverOutput(bool succeeded) {
  DriverOutput &output = driverOutput();
  if (output.temp.empty())
    return succeeded ? 0 : 1;
  if (!succeeded) {
    removeDriverTemp();
    return 1;
  }
  int fd = ::open(output.temp.c_str(), O_RDONLY | O_CLOEXEC);
  llvm::Error error =
      fd < 0 ? cannotWrite(output.output, lastError())
             : commitTemp(output.temp, fd, output.target, output.output);
  if (fd >= 0)
    ::close(fd);
  if (error) {
    llvm::WithColor::error(llvm::errs(), output.tool)
        << llvm::toString(std::move(error)) << "\n";
    removeDriverTemp();
    return 1;
  }
  output.temp.clear();
  return 0;
}

llvm::Error snr::writeFileAtomically(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write) {
  llvm::Expected<std::unique_ptr<OutputFile>> file = OutputFile::open(path);
  if (!file)
    return llvm::createFileError(path, llvm::errorToErrorCode(file.takeError()));
  if (llvm::Error error = write((*file)->os()))
    return llvm::createFileError(path, std::move(error));
  if (llvm::Error error = (*file)->keep())
    return llvm::createFileError(path,
                                 llvm::errorToErrorCode(std::move(error)));
  return llvm::Error::success();
}

llvm::Expected<std::pair<int, std::string>>
snr::createTemporaryFileBeside(StringRef target) {
  return createTempBeside(target);
}

void snr::removeTemporaryFile(const std::string &path) {
  llvm::sys::fs::remove(path);
  llvm::sys::DontRemoveFileOnSignal(path);
}
