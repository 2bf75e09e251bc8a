//===- ProgramFile.cpp - An snr.program, read from its file ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramFile.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Support/MlirInput.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace snr;

llvm::Expected<record::ProgramFile>
record::readProgramFile(llvm::StringRef path, llvm::StringRef name,
                        MLIRContext &context) {
  context.loadDialect<SnRDialect>();
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  ProgramFile file;
  // Checked before MLIR reads it (bytecode structure, nesting depth), and
  // parsed on a large stack.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read the program " + path + ": " +
                                       buffer.getError().message());
  if (llvm::Error error = checkMlirInput((*buffer)->getBuffer(), path))
    return std::move(error);
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  runOnLargeStack([&] {
    file.module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
    return 0;
  });
  if (!file.module)
    return llvm::createStringError(
        "cannot read the program " + path +
        (diagnostics.empty() ? std::string() : ":\n" + diagnostics));
  llvm::SmallVector<ProgramOp> programs;
  file.module->walk([&](ProgramOp program) { programs.push_back(program); });
  for (ProgramOp program : programs)
    if (program.getSymName() == name)
      file.program = program;
  if (!file.program && programs.size() == 1)
    file.program = programs.front();
  if (!file.program)
    return llvm::createStringError(
        path + (programs.empty() ? " holds no snr.program"
                                 : " holds several snr.programs and none is "
                                   "named '" + name.str() + "'"));
  return file;
}
