//===- MlirInput.cpp - An MLIR file checked before MLIR reads it ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/MlirInput.h"

#include "SnR/Support/BytecodeChecksum.h"
#include "SnR/Support/BytecodeStructure.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirNesting.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <pthread.h>

using namespace snr;
using llvm::StringRef;

llvm::Error snr::checkMlirInput(StringRef bytes, StringRef name) {
  if (bytes.empty() && llvm::sys::path::extension(name) == ".mlirbc")
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        name + ": the file is empty; MLIR bytecode starts with the magic "
               "number 'ML\\xEFR'");
  if (isBytecode(bytes)) {
    if (hasBytecodeChecksum(bytes))
      return checkBytecodeChecksum(bytes, name);
    return checkBytecodeStructure(bytes, name);
  }
  return checkMlirNesting(bytes, name, getLimits().maxNestingDepth);
}

llvm::Error snr::checkMlirInputFile(StringRef path) {
  llvm::sys::fs::file_status status;
  if (path == "-" || llvm::sys::fs::status(path, status) ||
      status.type() != llvm::sys::fs::file_type::regular_file)
    return llvm::Error::success();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::Error::success();
  return checkMlirInput((*buffer)->getBuffer(), path);
}

namespace {
struct StackWork {
  llvm::function_ref<int()> body;
  int result = 1;
};

void *runWork(void *arg) {
  auto *work = static_cast<StackWork *>(arg);
  work->result = work->body();
  return nullptr;
}
} // namespace

int snr::runOnLargeStack(llvm::function_ref<int()> body) {
  // A 512 MiB reservation: the pages are touched only as deep as the work
  // goes. Where it cannot be had (a low ulimit -v), the work runs here.
  StackWork work{body};
  pthread_attr_t attributes;
  pthread_t thread;
  bool started = pthread_attr_init(&attributes) == 0 &&
                 pthread_attr_setstacksize(&attributes, size_t(512) << 20) ==
                     0 &&
                 pthread_create(&thread, &attributes, runWork, &work) == 0;
  pthread_attr_destroy(&attributes);
  if (!started)
    return body();
  pthread_join(thread, nullptr);
  return work.result;
}
