//===- LineTable.cpp - An snr.program's PC -> file:line:col table ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/LineTable.h"
#include "SnR/Dialect/SnROps.h"

#include "SnR/Dialect/SnRDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace snr;

trace::LineTable snr::record::collectLineTable(ProgramOp program,
                                               llvm::StringRef file) {
  trace::LineTable table;
  table.file = file.str();
  for (Operation &op : *program.getBody()) {
    auto inst = dyn_cast<InstructionOpInterface>(op);
    if (!inst)
      continue;
    auto loc = op.getLoc()->findInstanceOf<FileLineColLoc>();
    if (!loc)
      continue;
    if (table.entries.empty())
      table.file = loc.getFilename().str();
    table.entries.push_back(
        {inst.toInstruction().pc, loc.getLine(), loc.getColumn()});
  }
  llvm::sort(table.entries,
             [](const trace::LineEntry &a, const trace::LineEntry &b) {
               return a.pc < b.pc;
             });
  // One entry per PC (the first op wins, as the loader's).
  table.entries.erase(
      std::unique(table.entries.begin(), table.entries.end(),
                  [](const trace::LineEntry &a, const trace::LineEntry &b) {
                    return a.pc == b.pc;
                  }),
      table.entries.end());
  return table;
}

llvm::Expected<trace::LineTable>
snr::record::loadLineTable(llvm::StringRef path, llvm::StringRef name) {
  MLIRContext context;
  context.loadDialect<SnRDialect>();
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(path, sourceMgr, ParserConfig(&context));
  if (!module)
    return llvm::createStringError(
        "cannot read the program " + path +
        (diagnostics.empty() ? std::string() : ":\n" + diagnostics));
  llvm::SmallVector<ProgramOp> programs;
  module->walk([&](ProgramOp program) { programs.push_back(program); });
  ProgramOp chosen;
  for (ProgramOp program : programs)
    if (program.getSymName() == name)
      chosen = program;
  if (!chosen && programs.size() == 1)
    chosen = programs.front();
  if (!chosen)
    return llvm::createStringError(
        path + (programs.empty() ? " holds no snr.program"
                                 : " holds several snr.programs and none is "
                                   "named '" + name.str() + "'"));
  return collectLineTable(chosen, path);
}
