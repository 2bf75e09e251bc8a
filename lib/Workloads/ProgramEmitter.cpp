//===- ProgramEmitter.cpp - A generated program as an snr.program ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/ProgramEmitter.h"
#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"

#include "llvm/ADT/STLExtras.h"

#include <tuple>

using namespace mlir;
using namespace snr;
using namespace snr::workloads;

/// The bytes of a region: a splat stays one value, however long.
static DenseElementsAttr getBytesAttr(OpBuilder &builder,
                                      const MemoryInit &init) {
  auto type =
      RankedTensorType::get({int64_t(init.size)}, builder.getIntegerType(8));
  if (init.isSplat())
    return DenseElementsAttr::get(type, int8_t(init.splat));
  return DenseElementsAttr::get(
      type, llvm::ArrayRef<int8_t>(
                reinterpret_cast<const int8_t *>(init.bytes.data()),
                init.bytes.size()));
}

OwningOpRef<ModuleOp>
snr::workloads::emitProgramModule(MLIRContext *context,
                                  const GeneratedProgram &program) {
  context->loadDialect<SnRDialect>();
  OpBuilder builder(context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module(ModuleOp::create(loc));
  builder.setInsertionPointToEnd(module->getBody());
  auto programOp =
      ProgramOp::create(builder, loc, builder.getStringAttr(program.name),
                        builder.getI64IntegerAttr(0));
  Block *body = &programOp.getBodyRegion().emplaceBlock();

  if (!program.registers.empty() || !program.memory.empty()) {
    builder.setInsertionPointToEnd(body);
    auto snapshot = SnapshotOp::create(builder, loc);
    builder.setInsertionPointToEnd(&snapshot.getBodyRegion().emplaceBlock());
    for (const RegisterInit &init : program.registers)
      InitRegOp::create(builder, loc, RegAttr::get(context, init.reg),
                        builder.getI64IntegerAttr(init.value));
    // In address order, as a trace's snapshot is.
    std::vector<const MemoryInit *> regions;
    for (const MemoryInit &init : program.memory)
      regions.push_back(&init);
    llvm::stable_sort(regions, [](const MemoryInit *a, const MemoryInit *b) {
      return std::tie(a->space, a->chip, a->addr) <
             std::tie(b->space, b->chip, b->addr);
    });
    for (const MemoryInit *region : regions) {
      const MemoryInit &init = *region;
      arch::MemOperand operand;
      operand.space = init.space;
      operand.chip = uint8_t(init.chip);
      operand.offset = int64_t(init.addr);
      InitMemOp::create(builder, loc, AddrAttr::get(context, operand),
                        getBytesAttr(builder, init));
    }
  }

  builder.setInsertionPointToEnd(body);
  SmallVector<StringAttr> hloNames;
  for (const std::string &name : program.hloNames)
    hloNames.push_back(builder.getStringAttr(name));
  for (size_t i = 0; i < program.instructions.size(); ++i) {
    InstructionExtras extras;
    extras.hlo = hloNames[program.hloOf[i]];
    buildInstruction(builder, loc, program.instructions[i], extras);
  }
  return module;
}
