//===- ProgramFile.cpp - An snr.program, read from its file ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramFile.h"
#include "SnR/Dialect/SnRDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
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
  file.module =
      parseSourceFile<ModuleOp>(path, sourceMgr, ParserConfig(&context));
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
