//===- ProgramWriter.cpp - Lay an snr.program out anew --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramWriter.h"
#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnROps.h"

using namespace mlir;
using namespace snr;

void snr::record::relayoutProgram(
    ProgramOp program, llvm::ArrayRef<arch::Instruction> instructions,
    llvm::ArrayRef<size_t> origin, llvm::ArrayRef<size_t> position,
    uint64_t entry) {
  SmallVector<Operation *> originals;
  for (Operation &op : *program.getBody())
    if (isa<InstructionOpInterface>(op))
      originals.push_back(&op);
  OpBuilder builder(program.getContext());
  builder.setInsertionPointToEnd(program.getBody());
  InstructionBuilder instructionBuilder(program.getContext());
  for (size_t i = 0; i < instructions.size(); ++i) {
    InstructionExtras extras;
    extras.hlo = originals[position[i]]->getAttrOfType<StringAttr>("hlo");
    Operation *op = instructionBuilder.build(
        builder, originals[origin[i]]->getLoc(), instructions[i], extras);
    // The region's XLA instruction, as its HLO.
    if (Attribute xla = originals[position[i]]->getAttr("xla_name"))
      op->setAttr("xla_name", xla);
  }
  for (Operation *op : originals)
    op->erase();
  program.setEntry(entry);
}
