//===- EncodedTraceImport.cpp - A RISC-V trace as riscv ops ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/EncodedTraceImport.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Trace/EncodedTrace.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace snr;

static std::string toHex(llvm::ArrayRef<uint8_t> bytes) {
  return llvm::toHex(bytes, /*LowerCase=*/true);
}

OwningOpRef<ModuleOp>
snr::importEncodedTrace(const trace::EncodedTrace &trace, MLIRContext *context,
                        const target::ElfImage *elf) {
  context->loadDialect<riscv::RISCVDialect>();
  StringAttr fileName = StringAttr::get(context, trace.fileName);
  Location traceLoc = FileLineColLoc::get(fileName, 1, 1);
  if (trace.header.isa != "riscv64") {
    emitError(traceLoc) << "no dialect for traces of ISA '" << trace.header.isa
                        << "'; SnR imports snr and riscv64 traces";
    return nullptr;
  }
  std::string isa =
      trace.header.isaString.empty() ? "rv64gcv" : trace.header.isaString;
  unsigned vlenb = unsigned(trace.header.vlenb.value_or(16));
  llvm::Expected<const target::riscv::RISCVTarget *> target =
      riscv::getTarget(isa, vlenb);
  if (!target) {
    emitError(traceLoc) << llvm::toString(target.takeError());
    return nullptr;
  }

  OwningOpRef<ModuleOp> module(ModuleOp::create(traceLoc));
  OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
  auto traceOp = riscv::TraceOp::create(
      builder, traceLoc, trace.header.program,
      int64_t(trace.header.startPc), isa, int64_t(vlenb),
      trace.header.machine.empty()
          ? StringAttr()
          : builder.getStringAttr(trace.header.machine));
  Block *body = builder.createBlock(&traceOp.getBodyRegion());
  builder.setInsertionPointToEnd(body);

  if (!trace.registers.empty() || !trace.memory.empty()) {
    auto snapshot = riscv::SnapshotOp::create(builder, traceLoc);
    OpBuilder inner = OpBuilder::atBlockEnd(
        builder.createBlock(&snapshot.getBodyRegion()));
    for (const trace::EncodedTrace::Register &reg : trace.registers)
      riscv::InitRegOp::create(
          inner, FileLineColLoc::get(fileName, reg.pos.line, reg.pos.column),
          reg.name, toHex(reg.bytes));
    for (const trace::EncodedTrace::Region &region : trace.memory)
      riscv::InitMemOp::create(
          inner,
          FileLineColLoc::get(fileName, region.pos.line, region.pos.column),
          region.space, int64_t(region.addr), toHex(region.bytes));
    builder.setInsertionPointToEnd(body);
  }

  // What each static instruction is, made once per PC: its text, its
  // function, its location.
  struct Static {
    StringAttr text;
    StringAttr function;
    Location loc;
  };
  llvm::DenseMap<uint64_t, Static> statics;
  llvm::SmallVector<StringAttr> afterNames;
  for (const std::string &name : trace.afterNames)
    afterNames.push_back(builder.getStringAttr(name));
  for (const trace::EncodedTrace::Instruction &inst : trace.instructions) {
    auto it = statics.find(inst.pc);
    if (it == statics.end()) {
      Location traceLine = FileLineColLoc::get(fileName, inst.line, 1);
      llvm::Expected<std::unique_ptr<target::riscv::RISCVInstruction>>
          decoded = (*target)->decode(inst.pc, inst.bytes());
      if (!decoded) {
        emitError(traceLine) << llvm::toString(decoded.takeError());
        return nullptr;
      }
      std::string text;
      llvm::raw_string_ostream os(text);
      (*decoded)->print(os);
      Static info{builder.getStringAttr(text), StringAttr(), traceLine};
      if (const trace::HloRange *range = trace.header.lookupHlo(inst.pc))
        info.function = builder.getStringAttr(range->name);
      if (elf)
        if (std::optional<target::SourceLine> line = elf->lookupLine(inst.pc)) {
          info.loc = FileLineColLoc::get(builder.getStringAttr(line->file),
                                         line->line, line->column);
          if (!line->function.empty())
            info.function = builder.getStringAttr(line->function);
        }
      it = statics.try_emplace(inst.pc, info).first;
    }
    const Static &info = it->second;
    DictionaryAttr after;
    if (inst.numAfter) {
      llvm::SmallVector<NamedAttribute, 2> values;
      for (const trace::EncodedTrace::After &value : trace.getAfter(inst))
        values.push_back({afterNames[value.name],
                          builder.getI64IntegerAttr(int64_t(value.value))});
      after = builder.getDictionaryAttr(values);
    }
    riscv::InstOp::create(
        builder, info.loc, builder.getI64IntegerAttr(int64_t(inst.pc)),
        info.text, builder.getI64IntegerAttr(int64_t(inst.word)),
        inst.fallsThrough() ? IntegerAttr()
                            : builder.getI64IntegerAttr(int64_t(inst.nextPc)),
        after, info.function);
  }
  return module;
}
