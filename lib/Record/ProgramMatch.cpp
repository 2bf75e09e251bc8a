//===- ProgramMatch.cpp - Is this the program the trace ran? --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramMatch.h"

#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/LineTable.h"
#include "SnR/Record/ProgramFile.h"
#include "SnR/Support/Printable.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace snr;

llvm::Error snr::record::checkProgramMatchesTrace(ProgramOp program,
                                                  llvm::StringRef path,
                                                  const trace::Trace &trace) {
  // The name, when the trace has one of its own (a trace without one is
  // named "trace").
  llvm::StringRef traced = trace.header.program;
  if (!traced.empty() && traced != "trace" && program.getSymName() != traced)
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        path + ": the program is '" + printable(program.getSymName()) +
            "', but the trace records '" + printable(traced) +
            "'; give the program the trace was recorded from");
  llvm::DenseMap<uint64_t, std::pair<arch::Opcode, Operation *>> atPc;
  for (Operation &op : *program.getBody())
    if (auto inst = dyn_cast<InstructionOpInterface>(op))
      atPc.try_emplace(inst.toInstruction().pc,
                       std::make_pair(inst.getOpcode(), &op));
  llvm::DenseMap<uint64_t, bool> checked;
  for (size_t i = 0; i < trace.instructions.size(); ++i) {
    const arch::Instruction &inst = trace.instructions[i];
    if (!checked.try_emplace(inst.pc, true).second)
      continue;
    std::string where = trace.fileName;
    if (i < trace.lines.size() && trace.lines[i])
      where += ":" + std::to_string(trace.lines[i]);
    auto it = atPc.find(inst.pc);
    if (it == atPc.end())
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          llvm::formatv("{0}: the program has no instruction at pc {1}, "
                        "which the trace executes ({2}: '{3}'); give the "
                        "program the trace was recorded from",
                        path, inst.pc, where, arch::getMnemonic(inst.opcode))
              .str());
    if (it->second.first != inst.opcode) {
      std::string at = path.str();
      if (auto loc = dyn_cast<FileLineColLoc>(it->second.second->getLoc()))
        at = llvm::formatv("{0}:{1}:{2}", path, loc.getLine(), loc.getColumn())
                 .str();
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          llvm::formatv("{0}: pc {1} is '{2}' in the program, but the trace "
                        "executes '{3}' there ({4}); give the program the "
                        "trace was recorded from",
                        at, inst.pc, arch::getMnemonic(it->second.first),
                        arch::getMnemonic(inst.opcode), where)
              .str());
    }
  }
  return llvm::Error::success();
}

llvm::Expected<trace::LineTable>
snr::record::loadMatchingLineTable(llvm::StringRef path,
                                   const trace::Trace &trace) {
  MLIRContext context;
  llvm::Expected<ProgramFile> file =
      readProgramFile(path, trace.header.program, context);
  if (!file)
    return file.takeError();
  if (llvm::Error error = checkProgramMatchesTrace(file->program, path, trace))
    return std::move(error);
  return collectLineTable(file->program, path);
}
