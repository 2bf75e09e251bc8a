//===- SnRAttrs.cpp - Registers, guards and addresses ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Attributes print bare inside ops (`s3`, `not p1`, `vmem[s5 + 128]`), the way
// an assembler spells operands; standing alone they take the usual dialect
// form (`#snr.reg<s3>`), which the dialect hooks below add around them.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace snr;

#include "SnR/Dialect/SnREnums.cpp.inc"

// The generated mnemonic dispatchers go unused: the dialect hooks below wrap
// each attribute's bare form in <...> themselves.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "SnR/Dialect/SnRAttrs.cpp.inc"
#pragma GCC diagnostic pop

void SnRDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "SnR/Dialect/SnRAttrs.cpp.inc"
      >();
}

Attribute SnRDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  // Replay annotations spell their own <key = value, ...>.
  if (mnemonic == TimingAttr::getMnemonic())
    return TimingAttr::parse(parser, type);
  if (mnemonic == DmaTimingAttr::getMnemonic())
    return DmaTimingAttr::parse(parser, type);
  if (mnemonic == WaitTimingAttr::getMnemonic())
    return WaitTimingAttr::parse(parser, type);
  if (mnemonic == DigestAttr::getMnemonic())
    return DigestAttr::parse(parser, type);
  Attribute result;
  if (mnemonic == RegAttr::getMnemonic()) {
    if (parser.parseLess())
      return {};
    result = RegAttr::parse(parser, type);
  } else if (mnemonic == GuardAttr::getMnemonic()) {
    if (parser.parseLess())
      return {};
    result = GuardAttr::parse(parser, type);
  } else if (mnemonic == AddrAttr::getMnemonic()) {
    if (parser.parseLess())
      return {};
    result = AddrAttr::parse(parser, type);
  } else {
    parser.emitError(loc) << "unknown snr attribute '" << mnemonic
                          << "'; expected reg, guard, addr, timing, dma or "
                             "wait";
    return {};
  }
  if (!result || parser.parseGreater())
    return {};
  return result;
}

void SnRDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  llvm::TypeSwitch<Attribute>(attr)
      .Case<RegAttr, GuardAttr, AddrAttr>([&](auto typed) {
        printer << typed.getMnemonic() << '<';
        typed.print(printer);
        printer << '>';
      })
      .Case<TimingAttr, DmaTimingAttr, WaitTimingAttr, DigestAttr>(
          [&](auto typed) {
            printer << typed.getMnemonic();
            typed.print(printer);
          });
}

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// Parses a register name into `reg`, with an error that says what was wrong.
static ParseResult parseRegName(AsmParser &parser, arch::Reg &reg) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (failed(parser.parseOptionalKeyword(&name)))
    return parser.emitError(loc, "expected a register (s0-s31, p0-p7, "
                                 "v0-v31, f0-f15, w0-w15 or q0-q15)");
  if (std::optional<arch::Reg> parsed = arch::parseReg(name)) {
    reg = *parsed;
    return success();
  }
  std::optional<arch::RegClass> cls =
      name.empty() ? std::nullopt : arch::lookupRegPrefix(name.front());
  unsigned index;
  if (cls && !name.drop_front().getAsInteger(10, index))
    return parser.emitError(loc)
           << arch::getRegClassName(*cls) << " register '" << name
           << "' is out of range (" << arch::getRegPrefix(*cls) << "0-"
           << arch::getRegPrefix(*cls) << arch::getNumRegs(*cls) - 1 << ")";
  return parser.emitError(loc)
         << "'" << name
         << "' is not a register; expected s0-s31, p0-p7, v0-v31, f0-f15, "
            "w0-w15 or q0-q15";
}

Attribute RegAttr::parse(AsmParser &parser, Type) {
  arch::Reg reg;
  if (parseRegName(parser, reg))
    return {};
  return RegAttr::get(parser.getContext(), reg);
}

void RegAttr::print(AsmPrinter &printer) const {
  printer << arch::formatReg(getReg());
}

LogicalResult RegAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned regClass, unsigned index) {
  if (regClass >= arch::kNumRegClasses)
    return emitError() << "unknown register class " << regClass;
  if (index >= arch::getNumRegs(arch::RegClass(regClass)))
    return emitError() << "register index " << index << " out of range for "
                       << arch::getRegClassName(arch::RegClass(regClass))
                       << " registers";
  return success();
}

//===----------------------------------------------------------------------===//
// Guards
//===----------------------------------------------------------------------===//

Attribute GuardAttr::parse(AsmParser &parser, Type) {
  bool negated = succeeded(parser.parseOptionalKeyword("not"));
  SMLoc loc = parser.getCurrentLocation();
  arch::Reg reg;
  if (parseRegName(parser, reg))
    return {};
  if (reg.cls != arch::RegClass::Pred) {
    parser.emitError(loc) << "a guard must be a predicate register (p0-p7), "
                             "but got '"
                          << arch::formatReg(reg) << "'";
    return {};
  }
  return GuardAttr::get(parser.getContext(), reg.index, negated);
}

void GuardAttr::print(AsmPrinter &printer) const {
  if (getNegated())
    printer << "not ";
  printer << arch::formatReg({arch::RegClass::Pred, uint8_t(getReg())});
}

LogicalResult GuardAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned reg, bool negated) {
  if (reg >= arch::getNumRegs(arch::RegClass::Pred))
    return emitError() << "guard register p" << reg
                       << " is out of range (p0-p7)";
  return success();
}

//===----------------------------------------------------------------------===//
// Addresses
//===----------------------------------------------------------------------===//

Attribute AddrAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef spaceName;
  std::optional<arch::MemSpace> space;
  if (succeeded(parser.parseOptionalKeyword(&spaceName)))
    space = arch::lookupMemSpace(spaceName);
  if (!space) {
    parser.emitError(loc,
                     "expected a memory space: smem, vmem, hbm or rhbm<chip>");
    return {};
  }
  unsigned chip = 0;
  if (*space == arch::MemSpace::RemoteHbm) {
    if (parser.parseLess() || parser.parseInteger(chip) ||
        parser.parseGreater())
      return {};
  }
  if (parser.parseLSquare())
    return {};

  bool hasBase = false;
  unsigned base = 0;
  int64_t offset = 0;
  SMLoc baseLoc = parser.getCurrentLocation();
  OptionalParseResult hasInteger = parser.parseOptionalInteger(offset);
  if (hasInteger.has_value()) {
    if (failed(*hasInteger))
      return {};
  } else {
    arch::Reg reg;
    if (parseRegName(parser, reg))
      return {};
    if (reg.cls != arch::RegClass::Scalar) {
      parser.emitError(baseLoc)
          << "an address base must be a scalar register, but got '"
          << arch::formatReg(reg) << "'";
      return {};
    }
    hasBase = true;
    base = reg.index;
    bool plus = succeeded(parser.parseOptionalPlus());
    bool minus = !plus && succeeded(parser.parseOptionalMinus());
    if (plus || minus) {
      if (parser.parseInteger(offset))
        return {};
      if (minus)
        offset = -offset;
    }
  }
  if (parser.parseRSquare())
    return {};
  return parser.getChecked<AddrAttr>(loc, parser.getContext(),
                                     unsigned(*space), chip, hasBase, base,
                                     offset);
}

void AddrAttr::print(AsmPrinter &printer) const {
  printer << arch::getMemSpaceName(getSpaceKind());
  if (getSpaceKind() == arch::MemSpace::RemoteHbm)
    printer << '<' << getChip() << '>';
  printer << '[';
  if (getHasBase()) {
    printer << arch::formatReg({arch::RegClass::Scalar, uint8_t(getBase())});
    if (getOffset() > 0)
      printer << " + " << getOffset();
    else if (getOffset() < 0)
      printer << " - " << -getOffset();
  } else {
    printer << getOffset();
  }
  printer << ']';
}

LogicalResult AddrAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned space, unsigned chip, bool hasBase,
                               unsigned base, int64_t offset) {
  if (space >= arch::kNumMemSpaces)
    return emitError() << "unknown memory space " << space;
  if (space != unsigned(arch::MemSpace::RemoteHbm) && chip != 0)
    return emitError() << "only rhbm addresses name a chip";
  if (chip >= arch::kMaxChips)
    return emitError() << "chip " << chip << " is out of range (0-"
                       << arch::kMaxChips - 1 << ")";
  if (hasBase && base >= arch::getNumRegs(arch::RegClass::Scalar))
    return emitError() << "base register s" << base << " is out of range";
  if (!hasBase && base != 0)
    return emitError() << "an address without a base names no register";
  return success();
}
