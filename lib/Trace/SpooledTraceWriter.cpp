//===- SpooledTraceWriter.cpp - A trace written before its header ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/SpooledTraceWriter.h"

#include "SnR/Support/OutputFile.h"
#include "SnR/Trace/TraceWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <fcntl.h>
#include <unistd.h>

using namespace snr;
using namespace snr::trace;

llvm::Expected<std::unique_ptr<SpooledTraceWriter>>
SpooledTraceWriter::create(llvm::StringRef besidePath) {
  std::unique_ptr<SpooledTraceWriter> writer(new SpooledTraceWriter());
  if (besidePath != "-" && !besidePath.empty()) {
    llvm::Expected<std::pair<int, std::string>> temp =
        createTemporaryFileBeside((besidePath + ".spool").str());
    if (!temp)
      return temp.takeError();
    writer->fd = temp->first;
    writer->path = temp->second;
  } else {
    llvm::SmallString<128> temp;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "snr-trace", "spool", writer->fd, temp))
      return llvm::createStringError(ec, "cannot create a spool file: " +
                                             ec.message());
    writer->path = std::string(temp);
    llvm::sys::RemoveFileOnSignal(writer->path);
  }
  writer->spool = std::make_unique<llvm::raw_fd_ostream>(
      writer->fd, /*shouldClose=*/false, /*unbuffered=*/false);
  writer->spool->SetBufferSize(1 << 20);
  return std::move(writer);
}

SpooledTraceWriter::~SpooledTraceWriter() {
  if (spool) {
    spool->clear_error();
    spool.reset();
  }
  if (fd >= 0)
    ::close(fd);
  if (!path.empty())
    removeTemporaryFile(path);
}

void SpooledTraceWriter::addInstruction(const arch::Instruction &inst,
                                        const RecordedOutcome &outcome) {
  TraceWriter(*spool).writeInstruction(inst, outcome);
  ++count;
}

llvm::Error SpooledTraceWriter::finish(llvm::raw_ostream &sink,
                                       const Trace &snapshot,
                                       Compression compression) {
  return finish(
      sink,
      [&](llvm::raw_ostream &os) {
        TraceHeader header = snapshot.header;
        header.instructionCount = count;
        snapshot.writeHead(os, header);
      },
      compression);
}

llvm::Error SpooledTraceWriter::finish(
    llvm::raw_ostream &sink,
    llvm::function_ref<void(llvm::raw_ostream &)> writeHead,
    Compression compression) {
  spool->flush();
  if (spool->has_error()) {
    std::error_code ec = spool->error();
    spool->clear_error();
    return llvm::createStringError(ec, "cannot write the spool file '" +
                                           path + "': " + ec.message());
  }
  spool.reset();
  // The spooled lines, read back a chunk at a time.
  int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    std::error_code ec(errno, std::generic_category());
    return llvm::createStringError(ec, "cannot read the spool file '" + path +
                                           "': " + ec.message());
  }
  std::error_code readError;
  llvm::Error error = writeCompressed(sink, compression, [&](llvm::raw_ostream
                                                                &os) {
    writeHead(os);
    std::vector<char> buffer(1 << 20);
    while (true) {
      ssize_t n = ::read(in, buffer.data(), buffer.size());
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0) {
        readError = std::error_code(errno, std::generic_category());
        return;
      }
      if (n == 0)
        return;
      os.write(buffer.data(), size_t(n));
    }
  });
  ::close(in);
  if (error)
    return error;
  if (readError)
    return llvm::createStringError(readError, "cannot read the spool file '" +
                                                  path + "': " +
                                                  readError.message());
  return llvm::Error::success();
}
