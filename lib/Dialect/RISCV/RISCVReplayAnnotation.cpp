//===- RISCVReplayAnnotation.cpp - A RISC-V instruction's timing ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/RISCV/RISCVReplayAnnotation.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace snr::riscv;

namespace {
constexpr llvm::StringLiteral kStallNames[] = {
    "none",        "register",    "resource", "taken_branch",
    "write_order", "issue_width", "window"};
static_assert(std::size(kStallNames) == kNumAnnotatedStallKinds);
constexpr llvm::StringLiteral kIssue = "issue", kReady = "ready",
                              kStall = "stall", kKind = "kind",
                              kCause = "cause";
} // namespace

llvm::StringRef snr::riscv::getAnnotatedStallKindName(unsigned kind) {
  return kind < kNumAnnotatedStallKinds ? kStallNames[kind] : "?";
}

std::optional<unsigned>
snr::riscv::lookupAnnotatedStallKind(llvm::StringRef name) {
  for (unsigned i = 0; i < kNumAnnotatedStallKinds; ++i)
    if (kStallNames[i] == name)
      return i;
  return std::nullopt;
}

llvm::hash_code snr::riscv::hash_value(const TimingAnnotation &a) {
  return llvm::hash_combine(a.present, a.kind, a.issue, a.ready, a.stall,
                            a.cause);
}

//===----------------------------------------------------------------------===//
// Generic form
//===----------------------------------------------------------------------===//

Attribute snr::riscv::convertToAttribute(MLIRContext *context,
                                         const TimingAnnotation &a) {
  Builder b(context);
  SmallVector<NamedAttribute, 5> entries;
  if (a.present) {
    auto add = [&](StringRef key, uint64_t value) {
      entries.push_back(b.getNamedAttr(key, b.getI64IntegerAttr(value)));
    };
    add(kIssue, a.issue);
    add(kReady, a.ready);
    add(kStall, a.stall);
    entries.push_back(b.getNamedAttr(
        kKind, b.getStringAttr(getAnnotatedStallKindName(a.kind))));
    if (a.cause != TimingAnnotation::kNoCause)
      add(kCause, a.cause);
  }
  return b.getDictionaryAttr(entries);
}

LogicalResult snr::riscv::convertFromAttribute(
    TimingAnnotation &a, Attribute attr,
    llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return emitError() << "expected a dictionary for the replay annotation";
  a = TimingAnnotation();
  if (dict.empty())
    return success();
  auto get = [&](StringRef key, uint64_t &out) -> LogicalResult {
    auto value = dict.getAs<IntegerAttr>(key);
    if (!value)
      return emitError() << "the replay annotation needs an integer '" << key
                         << "'";
    out = value.getValue().getZExtValue();
    return success();
  };
  a.present = true;
  auto kind = dict.getAs<StringAttr>(kKind);
  std::optional<unsigned> stall =
      kind ? lookupAnnotatedStallKind(kind.getValue()) : std::nullopt;
  if (!stall)
    return emitError() << "the replay annotation needs a stall 'kind' (none, "
                          "register, resource, taken_branch, write_order, "
                          "issue_width, window)";
  a.kind = uint8_t(*stall);
  if (failed(get(kIssue, a.issue)) || failed(get(kReady, a.ready)) ||
      failed(get(kStall, a.stall)))
    return failure();
  if (dict.contains(kCause))
    return get(kCause, a.cause);
  return success();
}

//===----------------------------------------------------------------------===//
// Bytecode
//===----------------------------------------------------------------------===//

// Layout: a varint header, 0 when absent, else 1 + kind; then issue, ready,
// stall, and the cause plus one (0: none).

void snr::riscv::writeTimingAnnotation(DialectBytecodeWriter &writer,
                                       const TimingAnnotation &a) {
  if (!a.present) {
    writer.writeVarInt(0);
    return;
  }
  writer.writeVarInt(1 + uint64_t(a.kind));
  writer.writeVarInt(a.issue);
  writer.writeVarInt(a.ready);
  writer.writeVarInt(a.stall);
  writer.writeVarInt(a.cause + 1);
}

LogicalResult snr::riscv::readTimingAnnotation(DialectBytecodeReader &reader,
                                               TimingAnnotation &a) {
  a = TimingAnnotation();
  uint64_t header;
  if (failed(reader.readVarInt(header)))
    return failure();
  if (header == 0)
    return success();
  if (header > kNumAnnotatedStallKinds)
    return reader.emitError() << "invalid replay annotation header " << header;
  a.present = true;
  a.kind = uint8_t(header - 1);
  uint64_t cause;
  if (failed(reader.readVarInt(a.issue)) ||
      failed(reader.readVarInt(a.ready)) ||
      failed(reader.readVarInt(a.stall)) || failed(reader.readVarInt(cause)))
    return failure();
  a.cause = cause - 1;
  return success();
}

//===----------------------------------------------------------------------===//
// Custom form
//===----------------------------------------------------------------------===//

void snr::riscv::printTimingAnnotation(AsmPrinter &p,
                                       const TimingAnnotation &a) {
  p << "replay<issue = " << a.issue << ", ready = " << a.ready;
  if (a.stall || a.kind)
    p << ", stall = " << a.stall << ' ' << getAnnotatedStallKindName(a.kind);
  if (a.cause != TimingAnnotation::kNoCause)
    p << ", cause = " << a.cause;
  p << '>';
}

OptionalParseResult snr::riscv::parseTimingAnnotation(AsmParser &parser,
                                                      TimingAnnotation &a) {
  if (failed(parser.parseOptionalKeyword("replay")))
    return std::nullopt;
  a = TimingAnnotation();
  a.present = true;
  if (parser.parseLess() || parser.parseKeyword("issue") ||
      parser.parseEqual() || parser.parseInteger(a.issue) ||
      parser.parseComma() || parser.parseKeyword("ready") ||
      parser.parseEqual() || parser.parseInteger(a.ready))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("stall"))) {
      std::string name;
      llvm::SMLoc loc = parser.getCurrentLocation();
      if (parser.parseEqual() || parser.parseInteger(a.stall) ||
          parser.parseKeywordOrString(&name))
        return failure();
      std::optional<unsigned> kind = lookupAnnotatedStallKind(name);
      if (!kind)
        return parser.emitError(loc)
               << "unknown stall kind '" << name
               << "' (none, register, resource, taken_branch, write_order, "
                  "issue_width, window)";
      a.kind = uint8_t(*kind);
    } else if (succeeded(parser.parseOptionalKeyword("cause"))) {
      if (parser.parseEqual() || parser.parseInteger(a.cause))
        return failure();
    } else {
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'stall' or 'cause'");
    }
  }
  return parser.parseGreater();
}
