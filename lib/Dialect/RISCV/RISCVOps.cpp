//===- RISCVOps.cpp - Recorded RISC-V executions --------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Target/RISCV/RISCVInstruction.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"

#include <mutex>

using namespace mlir;
using namespace snr;
using namespace snr::riscv;

/// "0x1064a", as disassemblers and the trace's messages spell addresses.
static std::string hex(uint64_t value) {
  return "0x" + llvm::utohexstr(value, /*LowerCase=*/true);
}

static void printHex(OpAsmPrinter &p, uint64_t value) { p << hex(value); }

/// Bytes spelled as hex pairs ("0800000000000000"); false if not.
static bool isHexBytes(llvm::StringRef text) {
  return text.size() % 2 == 0 && llvm::all_of(text, llvm::isHexDigit);
}

//===----------------------------------------------------------------------===//
// TraceOp
//===----------------------------------------------------------------------===//

llvm::Expected<const target::riscv::RISCVTarget *> TraceOp::getTarget() {
  return riscv::getTarget(getIsa(), unsigned(getVlenb()));
}

ParseResult TraceOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  uint64_t startPc = 0, vlenb = 0;
  std::string isa;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parser.parseKeyword("at") || parser.parseInteger(startPc) ||
      parser.parseKeyword("isa") || parser.parseString(&isa) ||
      parser.parseKeyword("vlenb") || parser.parseInteger(vlenb) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute("start_pc", b.getI64IntegerAttr(int64_t(startPc)));
  result.addAttribute("isa", b.getStringAttr(isa));
  result.addAttribute("vlenb", b.getI64IntegerAttr(int64_t(vlenb)));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void TraceOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  p << " at ";
  printHex(p, getStartPc());
  p << " isa ";
  p.printString(getIsa());
  p << " vlenb " << getVlenb();
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {SymbolTable::getSymbolAttrName(), "start_pc", "isa", "vlenb"});
  p << ' ';
  p.printRegion(getBodyRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

LogicalResult TraceOp::verifyRegions() {
  llvm::Expected<const target::riscv::RISCVTarget *> target = getTarget();
  if (!target)
    return emitOpError("cannot decode its instructions: ")
           << llvm::toString(target.takeError());
  std::optional<uint64_t> expected = uint64_t(getStartPc());
  bool first = true;
  for (Operation &op : getBodyRegion().front()) {
    if (isa<SnapshotOp>(op)) {
      if (!first)
        return op.emitOpError("must come first in its trace");
      first = false;
      continue;
    }
    first = false;
    auto inst = dyn_cast<InstOp>(op);
    if (!inst)
      return op.emitOpError("is not a RISC-V instruction or snapshot");
    if (expected && inst.getPc() != *expected)
      return inst.emitOpError("at ")
             << hex(inst.getPc()) << " breaks the control flow: "
             << "expected pc " << hex(*expected)
             << " (the previous instruction's "
             << (expected == uint64_t(getStartPc()) ? "trace start" : "next pc")
             << ")";
    expected = inst.getNextPc();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Snapshot
//===----------------------------------------------------------------------===//

/// The trace an op of a snapshot belongs to.
static TraceOp getTrace(Operation *op) {
  return op->getParentOfType<TraceOp>();
}

LogicalResult SnapshotOp::verifyRegions() {
  llvm::StringSet<> registers;
  for (Operation &op : getBodyRegion().front()) {
    if (auto reg = dyn_cast<InitRegOp>(op)) {
      if (!registers.insert(reg.getReg()).second)
        return reg.emitOpError("initializes register '")
               << reg.getReg() << "' twice";
      continue;
    }
    if (!isa<InitMemOp>(op))
      return op.emitOpError("is not riscv.init_reg or riscv.init_mem");
  }
  return success();
}

LogicalResult InitRegOp::verify() {
  if (!isHexBytes(getBytes()))
    return emitOpError("bytes must be hex pairs, but are '")
           << getBytes() << "'";
  TraceOp trace = getTrace(*this);
  if (!trace)
    return success();
  llvm::Expected<const target::riscv::RISCVTarget *> target =
      trace.getTarget();
  if (!target) {
    llvm::consumeError(target.takeError());
    return success(); // the trace says why
  }
  std::optional<target::RegId> id =
      (*target)->getRegisters().lookup(getReg());
  if (!id)
    return emitOpError("names no RISC-V register: '") << getReg() << "'";
  unsigned bytes = (*target)->getRegisters().get(*id).bytes;
  if (getBytes().size() != 2 * bytes)
    return emitOpError("'") << getReg() << "' is " << bytes
                           << " bytes wide, but " << getBytes().size() / 2
                           << " are given";
  return success();
}

LogicalResult InitMemOp::verify() {
  if (getSpace() != "ram")
    return emitOpError("address space must be \"ram\", not \"")
           << getSpace() << "\"";
  if (!isHexBytes(getBytes()))
    return emitOpError("bytes must be hex pairs");
  return success();
}

//===----------------------------------------------------------------------===//
// InstOp
//===----------------------------------------------------------------------===//

ParseResult InstOp::parse(OpAsmParser &parser, OperationState &result) {
  uint64_t pc = 0, enc = 0, next = 0;
  std::string text;
  Builder &b = parser.getBuilder();
  if (parser.parseInteger(pc) || parser.parseString(&text) ||
      parser.parseKeyword("enc") || parser.parseInteger(enc))
    return failure();
  result.addAttribute("pc", b.getI64IntegerAttr(int64_t(pc)));
  result.addAttribute("asm_text", b.getStringAttr(text));
  result.addAttribute("enc", b.getI64IntegerAttr(int64_t(enc)));
  if (succeeded(parser.parseOptionalKeyword("next"))) {
    if (parser.parseInteger(next))
      return failure();
    result.addAttribute("next", b.getI64IntegerAttr(int64_t(next)));
  }
  if (succeeded(parser.parseOptionalKeyword("after"))) {
    DictionaryAttr after;
    if (parser.parseAttribute(after))
      return failure();
    result.addAttribute("after", after);
  }
  if (succeeded(parser.parseOptionalKeyword("in"))) {
    std::string function;
    if (parser.parseString(&function))
      return failure();
    result.addAttribute("function", b.getStringAttr(function));
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  OptionalParseResult replay = parseTimingAnnotation(
      parser, result.getOrAddProperties<Properties>().replay);
  return replay.has_value() ? *replay : success();
}

void InstOp::print(OpAsmPrinter &p) {
  p << ' ';
  printHex(p, getPc());
  p << ' ';
  p.printString(getAsmText());
  // As a disassembler prints the instruction word: 4 or 8 digits.
  std::string digits = llvm::utohexstr(getEnc(), /*LowerCase=*/true);
  p << " enc 0x" << std::string((getSize() == 2 ? 4 : 8) - std::min<size_t>(
                                    digits.size(), getSize() == 2 ? 4 : 8),
                                '0')
    << digits;
  if (std::optional<uint64_t> next = getNext()) {
    p << " next ";
    printHex(p, *next);
  }
  if (DictionaryAttr after = getAfterAttr()) {
    p << " after ";
    p.printAttribute(after);
  }
  if (std::optional<llvm::StringRef> function = getFunction()) {
    p << " in ";
    p.printString(*function);
  }
  p.printOptionalAttrDict(
      (*this)->getAttrs(),
      {"pc", "asm_text", "enc", "next", "after", "function"});
  if (getProperties().replay.present) {
    p << ' ';
    printTimingAnnotation(p, getProperties().replay);
  }
}

namespace {
/// What each (target, pc, encoding) decodes to, decoded once per process:
/// a trace repeats its static instructions.
class DecodedTexts {
public:
  /// The assembly text, or the decoder's error (then `ok` is false).
  std::string lookup(const target::riscv::RISCVTarget &target, uint64_t pc,
                     uint64_t enc, bool &ok) {
    std::lock_guard<std::mutex> lock(mutex);
    Entry &entry = entries[{&target, pc, enc}];
    if (!entry.known) {
      entry.known = true;
      unsigned size = (enc & 3) == 3 ? 4 : 2;
      llvm::SmallVector<uint8_t, 4> bytes;
      for (unsigned i = 0; i < size; ++i)
        bytes.push_back(uint8_t(enc >> (8 * i)));
      llvm::Expected<std::unique_ptr<target::riscv::RISCVInstruction>> inst =
          target.decode(pc, bytes);
      if (!inst) {
        entry.ok = false;
        entry.text = llvm::toString(inst.takeError());
      } else {
        llvm::raw_string_ostream os(entry.text);
        (*inst)->print(os);
      }
    }
    ok = entry.ok;
    return entry.text;
  }

private:
  struct Entry {
    bool known = false, ok = true;
    std::string text;
  };
  std::mutex mutex;
  std::map<std::tuple<const void *, uint64_t, uint64_t>, Entry> entries;
};
} // namespace

LogicalResult InstOp::verify() {
  if ((getEnc() & 3) != 3 ? getEnc() > 0xffff : getEnc() > 0xffffffff)
    return emitOpError("encoding ")
           << hex(getEnc())
           << " is not a 16-bit compressed or a 32-bit instruction";
  TraceOp trace = (*this)->getParentOfType<TraceOp>();
  llvm::Expected<const target::riscv::RISCVTarget *> target =
      trace.getTarget();
  if (!target) {
    llvm::consumeError(target.takeError());
    return success(); // the trace says why
  }
  static DecodedTexts texts;
  bool ok = true;
  std::string text = texts.lookup(**target, getPc(), getEnc(), ok);
  if (!ok)
    return emitOpError("encoding ") << hex(getEnc())
                                    << " does not decode: " << text;
  if (text != getAsmText())
    return emitOpError("encoding ")
           << hex(getEnc()) << " at "
           << hex(getPc()) << " is '" << text << "', not '"
           << getAsmText() << "'";
  return success();
}

#define GET_OP_CLASSES
#include "SnR/Dialect/RISCV/RISCVOps.cpp.inc"
