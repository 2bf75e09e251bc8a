//===- TraceImport.cpp - Trace file -> snr.trace op -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/TraceImport.h"
#include "SnR/Dialect/InstructionBuilder.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Trace/ConcurrentReader.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace snr;
using namespace snr::trace;

namespace {
/// Builds the trace op from the reader's records as they stream in.
class ImportBuilder : public TraceConsumer {
public:
  ImportBuilder(ModuleOp module, StringRef fileName)
      : ctx(module.getContext()), module(module), builder(ctx),
        fileName(StringAttr::get(ctx, fileName)), instructions(ctx) {}

  void onHeader(const TraceHeader &header) override {
    this->header = header;
    builder.setInsertionPointToEnd(module.getBody());
    auto traceOp = TraceOp::create(
        builder, loc({1, 1}), builder.getStringAttr(header.program),
        builder.getI64IntegerAttr(int64_t(header.startPc)),
        header.machine.empty() ? StringAttr()
                               : builder.getStringAttr(header.machine),
        header.reordered ? builder.getUnitAttr() : UnitAttr());
    body = &traceOp.getBodyRegion().emplaceBlock();
    builder.setInsertionPointToEnd(body);
  }

  void onRegister(arch::Reg reg, int64_t value, SourcePos pos) override {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(snapshot(pos));
    InitRegOp::create(builder, loc(pos), RegAttr::get(ctx, reg),
                      builder.getI64IntegerAttr(value));
  }

  void onVectorRegister(arch::Reg reg, const arch::Vector &lanes,
                        SourcePos pos) override {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(snapshot(pos));
    InitVRegOp::create(builder, loc(pos), RegAttr::get(ctx, reg),
                       builder.getDenseF32ArrayAttr(lanes));
  }

  void onMemory(arch::MemSpace space, unsigned chip, uint64_t addr,
                llvm::ArrayRef<uint8_t> bytes, SourcePos pos) override {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(snapshot(pos));
    auto type = RankedTensorType::get({int64_t(bytes.size())},
                                      builder.getIntegerType(8));
    auto data = DenseElementsAttr::getFromRawBuffer(
        type, llvm::ArrayRef<char>(reinterpret_cast<const char *>(bytes.data()),
                                   bytes.size()));
    arch::MemOperand operand;
    operand.space = space;
    operand.chip = uint8_t(chip);
    operand.offset = int64_t(addr);
    InitMemOp::create(builder, loc(pos), AddrAttr::get(ctx, operand), data);
  }

  void onInstruction(const arch::Instruction &inst,
                     const RecordedOutcome &outcome, SourcePos pos) override {
    InstructionExtras extras;
    extras.executed = outcome.executed;
    if (const HloRange *range = header.lookupHlo(inst.pc)) {
      StringAttr &name = hloNames[range];
      if (!name)
        name = builder.getStringAttr(range->name);
      extras.hlo = name;
    }
    // Every instance of a static instruction shares one location, as LLVM's
    // instructions from one source line share a DILocation: a location per
    // instance would be an attribute MLIR uniques per op, a quarter of the
    // time snr-replay takes to write the annotated trace.
    LocationAttr &at = staticLocations[inst.pc];
    if (!at)
      at = loc({pos.line, 1});
    instructions.build(builder, at, inst, extras);
  }

private:
  Location loc(SourcePos pos) {
    return FileLineColLoc::get(fileName, pos.line, pos.column);
  }

  Block *snapshot(SourcePos pos) {
    if (!snapshotBody) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(body);
      auto op = SnapshotOp::create(builder, loc(pos));
      snapshotBody = &op.getBodyRegion().emplaceBlock();
    }
    return snapshotBody;
  }

  MLIRContext *ctx;
  ModuleOp module;
  OpBuilder builder;
  StringAttr fileName;
  InstructionBuilder instructions;
  TraceHeader header;
  Block *body = nullptr;
  Block *snapshotBody = nullptr;
  llvm::DenseMap<const HloRange *, StringAttr> hloNames;
  /// The location of each PC's first instance.
  llvm::DenseMap<uint64_t, LocationAttr> staticLocations;
};
} // namespace

OwningOpRef<ModuleOp> snr::importTrace(llvm::MemoryBufferRef input,
                                       StringRef fileName, MLIRContext *context,
                                       const ReaderOptions &options) {
  context->loadDialect<SnRDialect>();
  OwningOpRef<ModuleOp> module(ModuleOp::create(
      FileLineColLoc::get(StringAttr::get(context, fileName), 1, 1)));
  ImportBuilder builder(*module, fileName);
  // Building the ops costs about twice the parsing: the two overlap.
  if (llvm::Error error =
          readTraceConcurrently(input, fileName, builder, options)) {
    llvm::handleAllErrors(
        std::move(error),
        [&](const TraceError &e) {
          mlir::emitError(FileLineColLoc::get(context, e.file, e.pos.line,
                                              e.pos.column))
              << e.message;
        },
        [&](const llvm::ErrorInfoBase &e) {
          mlir::emitError(UnknownLoc::get(context)) << e.message();
        });
    return nullptr;
  }
  return module;
}

OwningOpRef<ModuleOp> snr::importTraceTable(const trace::Trace &trace,
                                            MLIRContext *context) {
  context->loadDialect<SnRDialect>();
  OwningOpRef<ModuleOp> module(ModuleOp::create(
      FileLineColLoc::get(StringAttr::get(context, trace.fileName), 1, 1)));
  ImportBuilder builder(*module, trace.fileName);
  trace::feedRecords(trace, builder);
  return module;
}
