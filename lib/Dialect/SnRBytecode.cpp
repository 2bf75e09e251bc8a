//===- SnRBytecode.cpp - The SnR attributes in MLIR bytecode --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Without this interface MLIR bytecode stores every snr attribute as its
// assembly text and parses it back on reading. That is harmless for registers
// and addresses (few distinct ones, stored once each) but not for the replay
// annotations: an annotated 600k-instruction trace holds about as many
// distinct #snr.timing attributes, and printing them as text was a third of
// the time snr-replay spent writing annotated.mlirbc. Here each attribute is
// a tag followed by its parameters as variable-length integers.
//
// The encoding is versioned (SnRBytecodeVersion): a reader refuses a newer
// version rather than misreading it. Change the layout of a tag only together
// with a version bump and a reader for the old layout.
//
//===----------------------------------------------------------------------===//

#include "SnRBytecode.h"

#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/TraceDigest.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace snr;

namespace {

/// The version this build writes and the newest it reads.
/// 2: instructions carry the replay annotation as a property (1: as
/// discardable #snr.timing/#snr.dma/#snr.wait attributes).
constexpr uint64_t SnRBytecodeVersion = 2;

/// The first varint of every encoded attribute. Never renumber: these are
/// stored in files.
enum AttrTag : uint64_t {
  RegTag = 0,
  GuardTag = 1,
  AddrTag = 2,
  TimingTag = 3,
  DmaTimingTag = 4,
  WaitTimingTag = 5,
  DigestTag = 6,
};

struct SnRDialectVersion : public DialectVersion {
  explicit SnRDialectVersion(uint64_t version) : version(version) {}
  uint64_t version;
};

/// Reads one unsigned parameter that must fit in `unsigned`.
LogicalResult readUnsigned(DialectBytecodeReader &reader, unsigned &result) {
  uint64_t value;
  if (failed(reader.readVarInt(value)))
    return failure();
  if (value > std::numeric_limits<unsigned>::max())
    return reader.emitError() << "snr attribute parameter " << value
                              << " does not fit in 32 bits";
  result = unsigned(value);
  return success();
}

struct SnRBytecodeInterface : public BytecodeDialectInterface {
  explicit SnRBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t tag;
    if (failed(reader.readVarInt(tag)))
      return {};
    MLIRContext *context = reader.getContext();
    auto emitError = [&] { return reader.emitError(); };
    switch (tag) {
    case RegTag: {
      unsigned regClass, index;
      if (failed(readUnsigned(reader, regClass)) ||
          failed(readUnsigned(reader, index)))
        return {};
      return RegAttr::getChecked(emitError, context, regClass, index);
    }
    case GuardTag: {
      unsigned reg;
      bool negated;
      if (failed(readUnsigned(reader, reg)) ||
          failed(reader.readBool(negated)))
        return {};
      return GuardAttr::getChecked(emitError, context, reg, negated);
    }
    case AddrTag: {
      unsigned space, chip, base;
      bool hasBase;
      int64_t offset;
      if (failed(readUnsigned(reader, space)) ||
          failed(readUnsigned(reader, chip)) ||
          failed(reader.readBool(hasBase)) ||
          failed(readUnsigned(reader, base)) ||
          failed(reader.readSignedVarInt(offset)))
        return {};
      return AddrAttr::getChecked(emitError, context, space, chip, hasBase,
                                  base, offset);
    }
    case TimingTag: {
      uint64_t issue, ready, stall;
      StringRef kind;
      if (failed(reader.readVarInt(issue)) ||
          failed(reader.readVarInt(ready)) ||
          failed(reader.readVarInt(stall)) || failed(reader.readString(kind)))
        return {};
      return TimingAttr::get(context, issue, ready, stall, kind);
    }
    case DmaTimingTag: {
      StringRef link;
      uint64_t issue, baseEnd, start, complete;
      if (failed(reader.readString(link)) ||
          failed(reader.readVarInt(issue)) ||
          failed(reader.readVarInt(baseEnd)) ||
          failed(reader.readVarInt(start)) ||
          failed(reader.readVarInt(complete)))
        return {};
      return DmaTimingAttr::get(context, link, issue, baseEnd, start,
                                complete);
    }
    case WaitTimingTag: {
      uint64_t base, transfer, slack, dmas;
      if (failed(reader.readVarInt(base)) ||
          failed(reader.readVarInt(transfer)) ||
          failed(reader.readVarInt(slack)) || failed(reader.readVarInt(dmas)))
        return {};
      return WaitTimingAttr::get(context, base, transfer, slack, dmas);
    }
    case DigestTag: {
      StringRef text;
      if (failed(reader.readString(text)))
        return {};
      return DigestAttr::get(context, text);
    }
    default:
      reader.emitError() << "unknown snr attribute tag " << tag
                         << " in bytecode (written by a newer SnR?)";
      return {};
    }
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    return llvm::TypeSwitch<Attribute, LogicalResult>(attr)
        .Case([&](RegAttr reg) {
          writer.writeVarInt(RegTag);
          writer.writeVarInt(reg.getRegClass());
          writer.writeVarInt(reg.getIndex());
          return success();
        })
        .Case([&](GuardAttr guard) {
          writer.writeVarInt(GuardTag);
          writer.writeVarInt(guard.getReg());
          writer.writeOwnedBool(guard.getNegated());
          return success();
        })
        .Case([&](AddrAttr addr) {
          writer.writeVarInt(AddrTag);
          writer.writeVarInt(addr.getSpace());
          writer.writeVarInt(addr.getChip());
          writer.writeOwnedBool(addr.getHasBase());
          writer.writeVarInt(addr.getBase());
          writer.writeSignedVarInt(addr.getOffset());
          return success();
        })
        .Case([&](TimingAttr timing) {
          writer.writeVarInt(TimingTag);
          writer.writeVarInt(timing.getIssue());
          writer.writeVarInt(timing.getReady());
          writer.writeVarInt(timing.getStall());
          writer.writeOwnedString(timing.getKind());
          return success();
        })
        .Case([&](DmaTimingAttr dma) {
          writer.writeVarInt(DmaTimingTag);
          writer.writeOwnedString(dma.getLink());
          writer.writeVarInt(dma.getIssue());
          writer.writeVarInt(dma.getBaseEnd());
          writer.writeVarInt(dma.getStart());
          writer.writeVarInt(dma.getComplete());
          return success();
        })
        .Case([&](WaitTimingAttr wait) {
          writer.writeVarInt(WaitTimingTag);
          writer.writeVarInt(wait.getBase());
          writer.writeVarInt(wait.getTransfer());
          writer.writeVarInt(wait.getSlack());
          writer.writeVarInt(wait.getDmas());
          return success();
        })
        .Case([&](DigestAttr digest) {
          writer.writeVarInt(DigestTag);
          writer.writeOwnedString(digest.getText());
          return success();
        })
        .Default([](Attribute) { return failure(); });
  }

  void writeVersion(DialectBytecodeWriter &writer) const override {
    writer.writeVarInt(SnRBytecodeVersion);
  }

  std::unique_ptr<DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    uint64_t version;
    if (failed(reader.readVarInt(version)))
      return nullptr;
    if (version == 0 || version > SnRBytecodeVersion) {
      reader.emitError() << "snr bytecode version " << version
                         << " is not readable by this SnR (it reads 1 to "
                         << SnRBytecodeVersion << ")";
      return nullptr;
    }
    return std::make_unique<SnRDialectVersion>(version);
  }

  /// Runs after the whole file is read, before it is verified, on the
  /// reader's own module (located at the file) that holds the file's
  /// top-level ops: checks and drops the digest SnR wrote (TraceDigest.h).
  /// A lazy reader has not read everything yet: the verifier checks the
  /// digest of what it left for later once it is read.
  LogicalResult upgradeFromVersion(Operation *topLevelOp,
                                   const DialectVersion &) const override {
    for (Region &region : topLevelOp->getRegions())
      for (Block &block : region)
        for (Operation &op : block) {
          if (hasUnreadRegions(&op))
            continue;
          if (failed(checkTraceDigest(&op, topLevelOp->getLoc())))
            return failure();
          dropTraceDigest(&op);
        }
    return success();
  }
};

} // namespace

uint64_t snr::detail::getBytecodeVersion(DialectBytecodeReader &reader) {
  FailureOr<const DialectVersion *> version =
      reader.getDialectVersion<SnRDialect>();
  if (failed(version))
    return SnRBytecodeVersion;
  return static_cast<const SnRDialectVersion *>(*version)->version;
}

void snr::detail::addBytecodeInterface(SnRDialect *dialect) {
  dialect->addInterfaces<SnRBytecodeInterface>();
}
