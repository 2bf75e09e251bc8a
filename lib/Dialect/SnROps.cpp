//===- SnROps.cpp - SnR instructions and containers -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnROps.h"
#include "SnR/Support/Limits.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace snr;

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

LogicalResult snr::verifyInstruction(Operation *op, arch::Opcode opcode) {
  // Every op is verified on parsing: its attributes are read typed, not
  // looked up by name.
  auto inst = cast<InstructionOpInterface>(op);
  SmallVector<Attribute, 8> operands;
  inst.appendInherentAttrs(operands);
  for (auto [slot, value] :
       llvm::zip(arch::getOperandSlots(opcode), operands)) {
    if (slot.kind != arch::OperandSlot::Kind::Reg)
      continue;
    auto reg = cast<RegAttr>(value);
    if (reg.getRegClassKind() != slot.regClass)
      return op->emitOpError()
             << "operand '" << slot.name << "' must be a "
             << arch::getRegClassName(slot.regClass) << " register, but got '"
             << arch::formatReg(reg.getReg()) << "'";
  }
  if (IntegerAttr pc = inst.getPcAttr(); pc && pc.getInt() < 0)
    return op->emitOpError() << "pc " << pc.getInt() << " is negative";
  if (inst.getExecutedAttr() && !inst.getGuardAttr())
    return op->emitOpError()
           << "records 'executed' but has no guard: only a predicated "
              "instruction has an outcome to record";
  std::string error = arch::validateInstruction(inst.toInstruction());
  if (!error.empty())
    return op->emitOpError() << error;
  // Before the annotation became a property, replays wrote these.
  if (!op->getDiscardableAttrDictionary().empty())
    for (StringRef old : {"snr.timing", "snr.dma", "snr.wait"})
      if (op->getDiscardableAttr(old))
        return op->emitOpError()
               << "carries '" << old
               << "', a replay annotation of an older SnR; re-run "
                  "--snr-simulate (or snr-replay) with this version";
  return success();
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

/// Returns the PC of an instruction op, or emits an error if it has none.
static std::optional<int64_t> requirePc(Operation *op, StringRef container) {
  if (IntegerAttr pc = cast<InstructionOpInterface>(op).getPcAttr())
    return pc.getInt();
  op->emitOpError() << "has no 'pc'; every instruction of a " << container
                    << " has one";
  return std::nullopt;
}

LogicalResult ProgramOp::verifyRegions() {
  if (getBodyRegion().empty())
    return success();
  llvm::DenseSet<int64_t> pcs;
  std::optional<int64_t> previous;
  for (Operation &op : *getBody()) {
    if (isa<SnapshotOp>(op)) {
      if (&op != &getBody()->front())
        return op.emitOpError("must be the first op of its program");
      continue;
    }
    if (!isa<InstructionOpInterface>(op))
      return op.emitOpError("is not an instruction; a program holds its "
                            "initial snapshot and instructions");
    std::optional<int64_t> pc = requirePc(&op, "program");
    if (!pc)
      return failure();
    if (previous && *pc <= *previous)
      return op.emitOpError() << "pc " << *pc
                              << " does not follow the previous pc "
                              << *previous
                              << "; a program is laid out in increasing PC";
    if (op.hasAttr("executed"))
      return op.emitOpError("records 'executed', a trace outcome that has no "
                            "place in a program");
    previous = pc;
    pcs.insert(*pc);
  }
  for (auto br : getBody()->getOps<BrOp>())
    if (!pcs.contains(br.getTarget()))
      return br.emitOpError() << "branches to pc " << br.getTarget()
                              << ", which is not the pc of an instruction of "
                                 "the program";
  // Located at the program but not printing it: it may be long.
  if (!pcs.empty() && !pcs.contains(getEntry()))
    return mlir::emitError(getLoc())
           << "'snr.program' op entry " << getEntry()
           << " is not the pc of an instruction of the program";
  return success();
}

//===----------------------------------------------------------------------===//
// TraceOp
//===----------------------------------------------------------------------===//

SnapshotOp TraceOp::getSnapshot() {
  if (getBodyRegion().empty() || getBody()->empty())
    return {};
  return dyn_cast<SnapshotOp>(getBody()->front());
}

LogicalResult TraceOp::verifyRegions() {
  if (getBodyRegion().empty())
    return success();
  std::optional<int64_t> expectedPc = getStartPc();
  StringRef why = "the trace's start_pc";
  bool halted = false;
  // A PC is one instruction of the program, so it comes from one HLO.
  llvm::DenseMap<int64_t, std::pair<StringAttr, Operation *>> hloOfPc;
  for (Operation &op : *getBody()) {
    if (isa<SnapshotOp>(op)) {
      if (&op != &getBody()->front())
        return op.emitOpError("must be the first op of its trace");
      continue;
    }
    if (!isa<InstructionOpInterface>(op))
      return op.emitOpError("is not an instruction; a trace holds a snapshot "
                            "and instructions");
    if (halted)
      return op.emitOpError("follows a halt; a trace ends at its halt");
    std::optional<int64_t> pc = requirePc(&op, "trace");
    if (!pc)
      return failure();
    if (!getReordered() && *pc != *expectedPc)
      return op.emitOpError() << "has pc " << *pc << " but control flow leads "
                              << "to pc " << *expectedPc << " (" << why << ")";
    auto inst = cast<InstructionOpInterface>(op);
    if (StringAttr hlo = inst.getHloAttr()) {
      auto [it, inserted] = hloOfPc.try_emplace(*pc, hlo, &op);
      if (!inserted && it->second.first != hlo)
        return op.emitOpError()
                   .append("has hlo ", hlo, " but pc ", *pc,
                           " was attributed to ", it->second.first)
                   .attachNote(it->second.second->getLoc())
               << "first attributed here";
    }
    Attribute guard = inst.getGuardAttr();
    BoolAttr executed = inst.getExecutedAttr();
    if (guard && !executed)
      return op.emitOpError("is predicated but its recorded outcome "
                            "'executed' is missing");
    bool ran = !guard || executed.getValue();
    arch::Instruction flow; // what the next-PC rule reads
    flow.opcode = inst.getOpcode();
    flow.pc = uint64_t(*pc);
    if (auto br = dyn_cast<BrOp>(op))
      flow.imm = int64_t(br.getTarget());
    expectedPc = arch::getNextPc(flow, ran);
    if (isa<BrOp>(op) && ran)
      why = "taken branch";
    else
      why = guard && !ran ? "not executed, falls through" : "next instruction";
    halted = isa<HaltOp>(op) && ran;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SnapshotOp and its entries
//===----------------------------------------------------------------------===//

LogicalResult SnapshotOp::verifyRegions() {
  if (getBodyRegion().empty())
    return success();
  llvm::DenseSet<std::pair<unsigned, unsigned>> regs;
  SmallVector<arch::MemRegion> regions;
  SmallVector<Operation *> regionOps;
  // What the snapshot costs to hold, all regions together: every byte of a
  // trace's (a replay holds them as a table); in a program, a splat of
  // zeros costs nothing (memory starts at zero).
  bool inProgram = isa_and_nonnull<ProgramOp>((*this)->getParentOp());
  uint64_t limit = getLimits().maxSnapshotBytes, total = 0;
  for (Operation &op : *getBody()) {
    if (auto init = dyn_cast<InitMemOp>(op)) {
      ElementsAttr bytes = init.getBytes();
      uint64_t size = uint64_t(bytes.getNumElements());
      bool free = inProgram && bytes.isSplat() &&
                  bytes.getSplatValue<APInt>().isZero();
      if (!free && size > limit - std::min(limit, total))
        return op.emitOpError() << limitMessage(
                   "initializes " + Twine(size) + " bytes" +
                       (total ? ", after " + Twine(total) +
                                    " of the regions before it"
                              : Twine()),
                   "max-snapshot-bytes", limit);
      if (!free)
        total += size;
      AddrAttr addr = init.getAddr();
      uint64_t begin = uint64_t(addr.getOffset());
      regions.push_back({addr.getSpaceKind(), addr.getChip(), begin,
                         begin + init.getBytes().getNumElements(),
                         regionOps.size()});
      regionOps.push_back(&op);
      continue;
    }
    RegAttr reg;
    if (auto init = dyn_cast<InitRegOp>(op))
      reg = init.getReg();
    else if (auto init = dyn_cast<InitVRegOp>(op))
      reg = init.getReg();
    else
      return op.emitOpError("is not a snapshot entry (snr.init_reg, "
                            "snr.init_vreg or snr.init_mem)");
    if (!regs.insert({reg.getRegClass(), reg.getIndex()}).second)
      return op.emitOpError() << "initializes '" << arch::formatReg(reg.getReg())
                              << "' a second time";
  }
  if (auto overlap = arch::findOverlap(regions))
    return regionOps[overlap->second.id]->emitOpError()
           << "overlaps another snapshot region of "
           << arch::getMemSpaceName(overlap->first.space) << " ["
           << overlap->first.begin << ", " << overlap->first.end << ")";
  return success();
}

LogicalResult InitRegOp::verify() {
  arch::Reg reg = getReg().getReg();
  if (reg.cls != arch::RegClass::Scalar && reg.cls != arch::RegClass::Pred &&
      reg.cls != arch::RegClass::Flag)
    return emitOpError() << "'" << arch::formatReg(reg)
                         << "' holds a vector; initialize it with "
                            "snr.init_vreg";
  std::string error = arch::validateRegisterValue(reg, getValue());
  if (!error.empty())
    return emitOpError() << error;
  return success();
}

LogicalResult InitVRegOp::verify() {
  arch::RegClass cls = getReg().getRegClassKind();
  if (cls != arch::RegClass::Vector && cls != arch::RegClass::MxuWeight &&
      cls != arch::RegClass::MxuResult)
    return emitOpError() << "'" << arch::formatReg(getReg().getReg())
                         << "' is not a vector register, weight row or "
                            "result slot; initialize it with snr.init_reg";
  if (getValue().size() != arch::kVectorLanes)
    return emitOpError() << "has " << getValue().size() << " lanes; expected "
                         << arch::kVectorLanes;
  return success();
}

LogicalResult InitMemOp::verify() {
  AddrAttr addr = getAddr();
  if (addr.getHasBase())
    return emitOpError("address must be absolute (no base register)");
  if (addr.getOffset() < 0)
    return emitOpError() << "address " << addr.getOffset() << " is negative";
  auto type = getBytes().getShapedType();
  if (type.getRank() != 1 || !type.getElementType().isInteger(8))
    return emitOpError() << "bytes must be a 1-D tensor of i8, but are "
                         << type;
  if (type.getNumElements() == 0)
    return emitOpError("initializes an empty region");
  return success();
}

//===----------------------------------------------------------------------===//
// custom<Lanes>: f32 lanes that round-trip, NaN and infinities included
//===----------------------------------------------------------------------===//

static ParseResult parseLanes(OpAsmParser &parser, DenseF32ArrayAttr &lanes) {
  SmallVector<float> values;
  auto parseLane = [&]() -> ParseResult {
    APFloat value(0.0f);
    // parseFloat reads decimal literals and hexadecimal bit patterns.
    if (parser.parseFloat(llvm::APFloat::IEEEsingle(), value))
      return failure();
    values.push_back(value.convertToFloat());
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseLane))
    return failure();
  lanes = DenseF32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printLanes(OpAsmPrinter &printer, Operation *,
                       DenseF32ArrayAttr lanes) {
  printer << '[';
  llvm::interleaveComma(lanes.asArrayRef(), printer, [&](float lane) {
    if (std::isfinite(lane))
      printer.printFloat(APFloat(lane));
    else
      printer << llvm::format("0x%08X",
                              APFloat(lane).bitcastToAPInt().getZExtValue());
  });
  printer << ']';
}

#define GET_OP_CLASSES
#include "SnR/Dialect/SnROps.cpp.inc"
