//===- LineTable.cpp - An snr.program's PC -> file:line:col table ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/LineTable.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/ProgramFile.h"


#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

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
  llvm::Expected<ProgramFile> file = readProgramFile(path, name, context);
  if (!file)
    return file.takeError();
  return collectLineTable(file->program, path);
}
