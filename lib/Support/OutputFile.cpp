//===- OutputFile.cpp - A tool's output file, checked and atomic ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/OutputFile.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/WithColor.h"

#include <cstdlib>

using namespace snr;
using llvm::StringRef;

llvm::Expected<std::unique_ptr<OutputFile>> OutputFile::open(StringRef path) {
  std::unique_ptr<OutputFile> file(new OutputFile());
  file->path = path.str();
  if (path == "-") {
    file->stream = &llvm::outs();
    return std::move(file);
  }
  llvm::sys::fs::file_status status;
  bool inPlace = !llvm::sys::fs::status(path, status) &&
                 status.type() != llvm::sys::fs::file_type::regular_file;
  if (inPlace && status.type() == llvm::sys::fs::file_type::directory_file)
    return llvm::createStringError(
        std::make_error_code(std::errc::is_a_directory),
        "cannot write '" + path + "': it is a directory");
  if (inPlace) {
    std::error_code ec;
    file->owned = std::make_unique<llvm::raw_fd_ostream>(
        path, ec, llvm::sys::fs::OF_None);
    if (ec)
      return llvm::createStringError(ec, "cannot write '" + path +
                                             "': " + ec.message());
    file->stream = file->owned.get();
    return std::move(file);
  }
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%%%");
  if (!temp) {
    std::error_code ec = llvm::errorToErrorCode(temp.takeError());
    return llvm::createStringError(ec, "cannot write '" + path +
                                           "': " + ec.message());
  }
  file->temp.emplace(std::move(*temp));
  file->owned = std::make_unique<llvm::raw_fd_ostream>(file->temp->FD,
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
  if (temp && !kept)
    llvm::consumeError(temp->discard());
}

llvm::Error OutputFile::keep() {
  stream->flush();
  if (stream->has_error()) {
    std::error_code ec = stream->error();
    stream->clear_error();
    return llvm::createStringError(ec, "cannot write '" + path +
                                           "': " + ec.message());
  }
  if (temp) {
    owned.reset();
    if (llvm::Error error = temp->keep(path)) {
      std::error_code ec = llvm::errorToErrorCode(std::move(error));
      return llvm::createStringError(ec, "cannot write '" + path +
                                             "': " + ec.message());
    }
  }
  kept = true;
  return llvm::Error::success();
}

namespace {
/// The -o file of a driver-written tool: there is one per process.
struct DriverOutput {
  std::string tool, output;
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
    llvm::sys::fs::remove(output.temp);
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
  llvm::sys::fs::file_status status;
  if (!valueArg || path == "-" ||
      (!llvm::sys::fs::status(path, status) &&
       status.type() != llvm::sys::fs::file_type::regular_file))
    return llvm::Error::success();
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%%%", temp))
    return llvm::createStringError(ec, "cannot write '" + path +
                                           "': " + ec.message());
  output.temp = temp.str().str();
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
  if (std::error_code ec = llvm::sys::fs::rename(output.temp, output.output)) {
    llvm::WithColor::error(llvm::errs(), output.tool)
        << "cannot write '" << output.output << "': " << ec.message() << "\n";
    removeDriverTemp();
    return 1;
  }
  output.temp.clear();
  return 0;
}

llvm::Error snr::writeFileAtomically(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write) {
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%%%");
  if (!temp)
    return llvm::createFileError(path, temp.takeError());
  llvm::Error error = llvm::Error::success();
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    error = write(os);
    os.flush();
    if (os.has_error()) {
      if (!error)
        error = llvm::errorCodeToError(os.error());
      os.clear_error();
    }
  }
  if (error) {
    llvm::consumeError(temp->discard());
    return llvm::createFileError(path, std::move(error));
  }
  if (llvm::Error e = temp->keep(path))
    return llvm::createFileError(path, std::move(e));
  return llvm::Error::success();
}
