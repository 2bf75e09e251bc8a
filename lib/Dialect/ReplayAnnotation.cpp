//===- ReplayAnnotation.cpp - What a replay says of one instruction -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/ReplayAnnotation.h"
#include "SnRBytecode.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace snr;

namespace {
constexpr llvm::StringLiteral kStallNames[] = {
    "none", "scoreboard", "unit_busy", "branch", "fence", "dma_wait"};
// Keys of the generic (dictionary) form.
constexpr llvm::StringLiteral kIssue = "issue", kReady = "ready",
                              kStall = "stall", kKind = "kind", kLink = "link",
                              kBaseEnd = "base_end", kStart = "start",
                              kComplete = "complete", kBase = "base",
                              kTransfer = "transfer", kSlack = "slack",
                              kDmas = "dmas";
} // namespace

llvm::StringRef snr::getAnnotatedStallName(AnnotatedStall kind) {
  return kStallNames[unsigned(kind)];
}

std::optional<AnnotatedStall> snr::lookupAnnotatedStall(llvm::StringRef name) {
  for (unsigned i = 0; i < std::size(kStallNames); ++i)
    if (kStallNames[i] == name)
      return AnnotatedStall(i);
  return std::nullopt;
}

llvm::hash_code snr::hash_value(const ReplayAnnotation &a) {
  return llvm::hash_combine(a.present, unsigned(a.kind), unsigned(a.part),
                            a.issue, a.ready, a.stall, a.fields[0],
                            a.fields[1], a.fields[2], a.fields[3],
                            a.link.getAsOpaquePointer());
}

//===----------------------------------------------------------------------===//
// Generic form
//===----------------------------------------------------------------------===//

Attribute snr::convertToAttribute(MLIRContext *context,
                                  const ReplayAnnotation &a) {
  Builder b(context);
  SmallVector<NamedAttribute, 8> entries;
  if (a.present) {
    auto add = [&](StringRef key, uint64_t value) {
      entries.push_back(b.getNamedAttr(key, b.getI64IntegerAttr(value)));
    };
    add(kIssue, a.issue);
    add(kReady, a.ready);
    add(kStall, a.stall);
    entries.push_back(
        b.getNamedAttr(kKind, b.getStringAttr(getAnnotatedStallName(a.kind))));
    if (a.part == ReplayAnnotation::Part::Dma) {
      entries.push_back(b.getNamedAttr(kLink, a.link));
      add(kBaseEnd, a.dmaBaseEnd());
      add(kStart, a.dmaStart());
      add(kComplete, a.dmaComplete());
    } else if (a.part == ReplayAnnotation::Part::Wait) {
      add(kBase, a.waitBase());
      add(kTransfer, a.waitTransfer());
      add(kSlack, a.waitSlack());
      add(kDmas, a.waitDmas());
    }
  }
  return b.getDictionaryAttr(entries);
}

LogicalResult snr::convertFromAttribute(
    ReplayAnnotation &a, Attribute attr,
    llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return emitError() << "expected a dictionary for the replay annotation";
  a = ReplayAnnotation();
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
  std::optional<AnnotatedStall> stall =
      kind ? lookupAnnotatedStall(kind.getValue()) : std::nullopt;
  if (!stall)
    return emitError() << "the replay annotation needs a stall 'kind' (none, "
                          "scoreboard, unit_busy, branch, fence, dma_wait)";
  a.kind = *stall;
  if (failed(get(kIssue, a.issue)) || failed(get(kReady, a.ready)) ||
      failed(get(kStall, a.stall)))
    return failure();
  if (auto link = dict.getAs<StringAttr>(kLink)) {
    a.part = ReplayAnnotation::Part::Dma;
    a.link = link;
    return failure(failed(get(kBaseEnd, a.fields[0])) ||
                   failed(get(kStart, a.fields[1])) ||
                   failed(get(kComplete, a.fields[2])));
  }
  if (dict.contains(kBase)) {
    a.part = ReplayAnnotation::Part::Wait;
    return failure(failed(get(kBase, a.fields[0])) ||
                   failed(get(kTransfer, a.fields[1])) ||
                   failed(get(kSlack, a.fields[2])) ||
                   failed(get(kDmas, a.fields[3])));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Bytecode
//===----------------------------------------------------------------------===//

// Layout: a varint header, 0 when absent, else 1 + kind * 3 + part; then
// issue, ready, stall; then the part's fields (a DMA's link first).

void snr::writeReplayAnnotation(DialectBytecodeWriter &writer,
                                const ReplayAnnotation &a) {
  if (!a.present) {
    writer.writeVarInt(0);
    return;
  }
  writer.writeVarInt(1 + unsigned(a.kind) * 3 + unsigned(a.part));
  writer.writeVarInt(a.issue);
  writer.writeVarInt(a.ready);
  writer.writeVarInt(a.stall);
  switch (a.part) {
  case ReplayAnnotation::Part::None:
    return;
  case ReplayAnnotation::Part::Dma:
    writer.writeAttribute(a.link);
    for (unsigned i = 0; i < 3; ++i)
      writer.writeVarInt(a.fields[i]);
    return;
  case ReplayAnnotation::Part::Wait:
    for (unsigned i = 0; i < 4; ++i)
      writer.writeVarInt(a.fields[i]);
    return;
  }
}

LogicalResult snr::readReplayAnnotation(DialectBytecodeReader &reader,
                                        ReplayAnnotation &a) {
  a = ReplayAnnotation();
  // Files of version 1 kept annotations as discardable attributes.
  if (detail::getBytecodeVersion(reader) < 2)
    return success();
  uint64_t header;
  if (failed(reader.readVarInt(header)))
    return failure();
  if (header == 0)
    return success();
  uint64_t kind = (header - 1) / 3, part = (header - 1) % 3;
  if (kind >= std::size(kStallNames))
    return reader.emitError() << "invalid replay annotation header " << header;
  a.present = true;
  a.kind = AnnotatedStall(kind);
  a.part = ReplayAnnotation::Part(part);
  if (failed(reader.readVarInt(a.issue)) ||
      failed(reader.readVarInt(a.ready)) || failed(reader.readVarInt(a.stall)))
    return failure();
  unsigned count = 0;
  if (a.part == ReplayAnnotation::Part::Dma) {
    if (failed(reader.readAttribute(a.link)))
      return failure();
    count = 3;
  } else if (a.part == ReplayAnnotation::Part::Wait) {
    count = 4;
  }
  for (unsigned i = 0; i < count; ++i)
    if (failed(reader.readVarInt(a.fields[i])))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Custom form
//===----------------------------------------------------------------------===//

void snr::printReplayAnnotation(AsmPrinter &p, const ReplayAnnotation &a) {
  p << "replay<issue = " << a.issue << ", ready = " << a.ready;
  if (a.stall || a.kind != AnnotatedStall::None)
    p << ", stall = " << a.stall << ' ' << getAnnotatedStallName(a.kind);
  if (a.part == ReplayAnnotation::Part::Dma) {
    p << ", dma = ";
    p.printAttributeWithoutType(a.link);
    p << " base_end " << a.dmaBaseEnd() << " start " << a.dmaStart()
      << " complete " << a.dmaComplete();
  } else if (a.part == ReplayAnnotation::Part::Wait) {
    p << ", wait base " << a.waitBase() << " transfer " << a.waitTransfer()
      << " slack " << a.waitSlack() << " dmas " << a.waitDmas();
  }
  p << '>';
}

OptionalParseResult snr::parseReplayAnnotation(AsmParser &parser,
                                               ReplayAnnotation &a) {
  if (failed(parser.parseOptionalKeyword("replay")))
    return std::nullopt;
  a = ReplayAnnotation();
  a.present = true;
  auto keyword = [&](StringRef word, uint64_t &value) -> ParseResult {
    return failure(failed(parser.parseKeyword(word)) ||
                   failed(parser.parseInteger(value)));
  };
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
      std::optional<AnnotatedStall> kind = lookupAnnotatedStall(name);
      if (!kind)
        return parser.emitError(loc)
               << "unknown stall kind '" << name
               << "' (none, scoreboard, unit_busy, branch, fence, dma_wait)";
      a.kind = *kind;
    } else if (succeeded(parser.parseOptionalKeyword("dma"))) {
      a.part = ReplayAnnotation::Part::Dma;
      if (parser.parseEqual() || parser.parseAttribute(a.link) ||
          keyword("base_end", a.fields[0]) || keyword("start", a.fields[1]) ||
          keyword("complete", a.fields[2]))
        return failure();
    } else if (succeeded(parser.parseOptionalKeyword("wait"))) {
      a.part = ReplayAnnotation::Part::Wait;
      if (keyword("base", a.fields[0]) || keyword("transfer", a.fields[1]) ||
          keyword("slack", a.fields[2]) || keyword("dmas", a.fields[3]))
        return failure();
    } else {
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'stall', 'dma' or 'wait'");
    }
  }
  return parser.parseGreater();
}
