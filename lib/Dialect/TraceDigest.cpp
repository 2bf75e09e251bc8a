//===- TraceDigest.cpp - A digest of the IR SnR writes as bytecode --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The digest is a chain of 64-bit words, one step per word; each step is a
// bijection of the chain's state for a given word and of the word for a given
// state, so changing any single word (an op's name, one attribute's hash, a
// count) always changes the digest, and any other change does with
// probability 1 - 2^-64. An attribute's word is a hash of its content,
// computed once per distinct (uniqued) attribute: a 600k-instruction trace has
// a few thousand.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnRInterfaces.h"
#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Support/BytecodeChecksum.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace snr;

namespace {

/// The digest's scheme: change anything that is hashed, or how, only with a
/// new prefix (and keep reading the old one).
constexpr llvm::StringLiteral kScheme = "v1:";

/// The attribute that holds `op`'s digest: found by its value, so that a
/// flipped byte in its name does not hide it.
std::optional<NamedAttribute> findDigest(Operation *op) {
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (isa<DigestAttr>(attr.getValue()) || attr.getName() == kDigestAttrName)
      return attr;
  return std::nullopt;
}

class Chain {
public:
  void add(uint64_t word) {
    state = (state ^ word) * 0x9E3779B97F4A7C15ull;
    state ^= state >> 29;
  }
  void add(StringRef text) {
    add(text.size());
    add(llvm::xxh3_64bits(text));
  }
  void add(ArrayRef<char> bytes) { add(StringRef(bytes.data(), bytes.size())); }
  uint64_t get() const { return state; }

private:
  uint64_t state = 0x736e722e64696765ull; // "snr.dige"
};

/// Tags that keep apart attributes of different kinds with equal fields.
enum Tag : uint64_t {
  PrintedTag = 1,
  IntegerTag,
  FloatTag,
  StringTag,
  DictionaryTag,
  ArrayTag,
  DenseArrayTag,
  DenseElementsTag,
  UnitTag,
  FileLocTag,
  NameLocTag,
  CallSiteLocTag,
  FusedLocTag,
  UnknownLocTag,
  TypeTag,
  // Markers in the op chain.
  RegionTag,
  BlockTag,
  EndTag,
};

} // namespace

/// The digest chains two chains: the content's, of, in pre-order, each
/// op's own hash (its name, location, attributes, operands, results,
/// successors: everything but its regions and its replay annotation) and the
/// regions' structure; and the annotations', of every instruction's replay
/// annotation in the same order. record() computes the first (on snr-replay's
/// importer thread, while the replay runs), finish() the second from the
/// annotations as they are then: nothing per op is kept in between.
class snr::detail::Digester {
public:
  explicit Digester(Operation *root) : root(root) {}

  void record() { addOp(root); }

  uint64_t finish() {
    Chain annotations;
    root->walk([&](Operation *op) {
      if (const OpKind &kind = getOpKind(op->getName()); kind.instruction)
        addAnnotation(annotations,
                      InstructionOpInterface(op, kind.instruction)
                          .getReplayAnnotation());
    });
    Chain chain;
    chain.add(content.get());
    chain.add(annotations.get());
    return chain.get();
  }

private:
  uint64_t hashType(Type type) {
    if (!type)
      return 0;
    if (auto it = hashes.find(type.getAsOpaquePointer()); it != hashes.end())
      return it->second;
    Chain c;
    c.add(TypeTag);
    // Types carry no data a printing flag elides.
    std::string text;
    llvm::raw_string_ostream os(text);
    type.print(os);
    c.add(StringRef(text));
    return hashes[type.getAsOpaquePointer()] = c.get();
  }

  uint64_t hashAttr(Attribute attr) {
    if (!attr)
      return 0;
    // A trace's ops each have their own line in the trace file: caching
    // their locations would cost more than hashing them.
    if (auto loc = dyn_cast<FileLineColRange>(attr))
      return hashFileLoc(loc);
    if (auto it = hashes.find(attr.getAsOpaquePointer()); it != hashes.end())
      return it->second;
    uint64_t hash = computeAttr(attr);
    // Not through an iterator: computeAttr may have grown the map.
    return hashes[attr.getAsOpaquePointer()] = hash;
  }

  /// From the content, never from a pointer; the kinds SnR writes, and those
  /// whose printed form depends on printing flags (elements), explicitly.
  uint64_t computeAttr(Attribute attr) {
    Chain c;
    auto addAPInt = [&](const llvm::APInt &value) {
      c.add(value.getBitWidth());
      for (unsigned i = 0; i < value.getNumWords(); ++i)
        c.add(value.getRawData()[i]);
    };
    llvm::TypeSwitch<Attribute>(attr)
        .Case([&](IntegerAttr a) {
          c.add(IntegerTag);
          c.add(hashType(a.getType()));
          addAPInt(a.getValue());
        })
        .Case([&](FloatAttr a) {
          c.add(FloatTag);
          c.add(hashType(a.getType()));
          addAPInt(a.getValue().bitcastToAPInt());
        })
        .Case([&](StringAttr a) {
          c.add(StringTag);
          c.add(hashType(a.getType()));
          c.add(a.getValue());
        })
        .Case([&](DictionaryAttr a) {
          c.add(DictionaryTag);
          c.add(a.size());
          for (NamedAttribute entry : a) {
            c.add(hashAttr(entry.getName()));
            c.add(hashAttr(entry.getValue()));
          }
        })
        .Case([&](ArrayAttr a) {
          c.add(ArrayTag);
          c.add(a.size());
          for (Attribute element : a)
            c.add(hashAttr(element));
        })
        .Case([&](DenseArrayAttr a) {
          c.add(DenseArrayTag);
          c.add(hashType(a.getElementType()));
          c.add(a.getSize());
          c.add(a.getRawData());
        })
        .Case([&](DenseIntOrFPElementsAttr a) {
          c.add(DenseElementsTag);
          c.add(hashType(a.getType()));
          c.add(a.isSplat());
          c.add(a.getRawData());
        })
        .Case([&](UnitAttr) { c.add(UnitTag); })
        .Case([&](NameLoc loc) {
          c.add(NameLocTag);
          c.add(hashAttr(loc.getName()));
          c.add(hashAttr(loc.getChildLoc()));
        })
        .Case([&](CallSiteLoc loc) {
          c.add(CallSiteLocTag);
          c.add(hashAttr(loc.getCallee()));
          c.add(hashAttr(loc.getCaller()));
        })
        .Case([&](FusedLoc loc) {
          c.add(FusedLocTag);
          c.add(hashAttr(loc.getMetadata()));
          c.add(loc.getLocations().size());
          for (Location inner : loc.getLocations())
            c.add(hashAttr(inner));
        })
        .Case([&](UnknownLoc) { c.add(UnknownLocTag); })
        .Default([&](Attribute) {
          // snr's own attributes (registers, addresses) and anything else:
          // their printed form is their content.
          c.add(PrintedTag);
          std::string text;
          llvm::raw_string_ostream os(text);
          attr.print(os);
          c.add(StringRef(text));
        });
    return c.get();
  }

  uint64_t hashFileLoc(FileLineColRange loc) {
    Chain c;
    c.add(FileLocTag);
    c.add(hashAttr(loc.getFilename()));
    c.add(uint64_t(loc.getStartLine()) << 32 | loc.getStartColumn());
    c.add(uint64_t(loc.getEndLine()) << 32 | loc.getEndColumn());
    return c.get();
  }

  /// What the digest needs of each kind of op, looked up once.
  struct OpKind {
    uint64_t nameHash = 0;
    /// An snr op: its inherent attributes read one by one (building the
    /// properties' dictionary would cost more than the rest of the digest).
    bool snr = false;
    SmallVector<StringRef> attrNames;
    /// An snr instruction: its replay annotation too (the one snr property
    /// that is not an attribute).
    const InstructionOpInterface::Concept *instruction = nullptr;
    /// An snr instruction's inherent attributes come typed
    /// (appendInherentAttrs); the one named attrNames[i] is at typedIndex[i].
    SmallVector<unsigned> typedIndex;
  };

  const OpKind &getOpKind(OperationName name) {
    auto [it, inserted] = kinds.try_emplace(name.getAsOpaquePointer());
    OpKind &kind = it->second;
    if (!inserted)
      return kind;
    Chain c;
    c.add(name.getStringRef());
    kind.nameHash = c.get();
    kind.snr = name.getDialectNamespace() == SnRDialect::getDialectNamespace();
    if (kind.snr) {
      for (StringAttr attrName : name.getAttributeNames())
        kind.attrNames.push_back(attrName.getValue());
      kind.instruction = name.getInterface<InstructionOpInterface>();
    }
    if (kind.instruction) {
      SmallVector<StringRef> typedNames(kind.instruction->getOperandNames());
      llvm::append_range(typedNames, kSharedInstructionAttrs);
      for (StringRef attrName : kind.attrNames) {
        const auto *at = llvm::find(typedNames, attrName);
        assert(at != typedNames.end() &&
               "an instruction's attributes are its operands and the shared "
               "ones (OpLayoutTest)");
        kind.typedIndex.push_back(unsigned(at - typedNames.begin()));
      }
    }
    return kind;
  }

  uint64_t valueNumber(Value value) {
    return values.try_emplace(value, values.size()).first->second;
  }

  uint64_t blockNumber(Block *block) {
    return blocks.try_emplace(block, blocks.size()).first->second;
  }

  void addAnnotation(Chain &chain, const ReplayAnnotation &a) {
    chain.add(uint64_t(a.present) | uint64_t(a.kind) << 8 |
              uint64_t(a.part) << 16);
    if (!a.present)
      return;
    chain.add(a.issue);
    chain.add(a.ready);
    chain.add(a.stall);
    // The fields of a DMA or a wait (zero, and not written, otherwise).
    if (a.part == ReplayAnnotation::Part::None)
      return;
    for (uint64_t field : a.fields)
      chain.add(field);
    chain.add(hashAttr(a.link));
  }

  void addOp(Operation *op) {
    const OpKind &kind = getOpKind(op->getName());
    Chain own;
    own.add(kind.nameHash);
    own.add(hashAttr(op->getLoc()));
    // Discardable attributes; the root's digest is not its own content.
    if (op == root) {
      SmallVector<NamedAttribute> kept;
      std::optional<NamedAttribute> digest = findDigest(op);
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (!digest || attr.getName() != digest->getName())
          kept.push_back(attr);
      own.add(hashAttr(DictionaryAttr::get(op->getContext(), kept)));
    } else {
      own.add(hashAttr(op->getDiscardableAttrDictionary()));
    }
    // Inherent attributes and properties.
    if (op->getPropertiesStorageSize()) {
      if (kind.instruction) {
        typed.clear();
        InstructionOpInterface(op, kind.instruction).appendInherentAttrs(typed);
        for (unsigned index : kind.typedIndex)
          own.add(hashAttr(typed[index]));
      } else if (kind.snr) {
        for (StringRef attrName : kind.attrNames)
          own.add(hashAttr(op->getInherentAttr(attrName).value_or(nullptr)));
      } else {
        own.add(hashAttr(op->getPropertiesAsAttribute()));
      }
    }
    // The counts in one word: most ops of a trace have none of these.
    own.add(uint64_t(op->getNumOperands()) << 48 ^
            uint64_t(op->getNumResults()) << 32 ^
            uint64_t(op->getNumSuccessors()) << 16 ^ op->getNumRegions());
    for (Value operand : op->getOperands())
      own.add(valueNumber(operand));
    for (Value result : op->getResults()) {
      own.add(hashType(result.getType()));
      valueNumber(result);
    }
    for (Block *successor : op->getSuccessors())
      own.add(blockNumber(successor));
    content.add(own.get());
    for (Region &region : op->getRegions()) {
      content.add(RegionTag);
      for (Block &block : region) {
        Chain header;
        header.add(BlockTag);
        header.add(blockNumber(&block));
        header.add(block.getNumArguments());
        for (BlockArgument arg : block.getArguments()) {
          header.add(hashType(arg.getType()));
          header.add(hashAttr(arg.getLoc()));
          valueNumber(arg);
        }
        content.add(header.get());
        for (Operation &nested : block)
          addOp(&nested);
        content.add(EndTag);
      }
      content.add(EndTag);
    }
  }

  Operation *root;
  /// Everything but the annotations, chained.
  Chain content;
  llvm::DenseMap<const void *, uint64_t> hashes;
  llvm::DenseMap<const void *, OpKind> kinds;
  llvm::DenseMap<Value, uint64_t> values;
  llvm::DenseMap<Block *, uint64_t> blocks;
  SmallVector<Attribute, 8> typed;
};

namespace {
std::string formatDigest(uint64_t digest) {
  std::string text = kScheme.str();
  llvm::raw_string_ostream(text) << llvm::format_hex_no_prefix(digest, 16);
  return text;
}

} // namespace

uint64_t snr::computeTraceDigest(Operation *op) {
  detail::Digester digester(op);
  digester.record();
  return digester.finish();
}

TraceDigestBuilder::TraceDigestBuilder(Operation *op)
    : digester(std::make_unique<detail::Digester>(op)), op(op) {
  digester->record();
}

TraceDigestBuilder::~TraceDigestBuilder() = default;

void TraceDigestBuilder::attach() {
  op->getContext()->getOrLoadDialect<SnRDialect>();
  op->setDiscardableAttr(
      kDigestAttrName,
      DigestAttr::get(op->getContext(), formatDigest(digester->finish())));
}

void snr::attachTraceDigest(Operation *op) {
  // An op with nothing of snr's in it may come from a context that has not
  // loaded the dialect yet (a pass declares it as a dependent dialect).
  op->getContext()->getOrLoadDialect<SnRDialect>();
  op->setDiscardableAttr(
      kDigestAttrName,
      DigestAttr::get(op->getContext(), formatDigest(computeTraceDigest(op))));
}

LogicalResult snr::checkTraceDigest(Operation *op, Location loc) {
  std::optional<NamedAttribute> found = findDigest(op);
  if (!found)
    return success();
  Attribute attr = found->getValue();
  auto digest = dyn_cast<DigestAttr>(attr);
  StringRef text = digest ? digest.getText() : "";
  uint64_t stored;
  if (!text.starts_with(kScheme) || text.size() != kScheme.size() + 16 ||
      text.drop_front(kScheme.size()).getAsInteger(16, stored))
    return emitError(loc) << "'" << found->getName().getValue() << "' is "
                          << attr << ", not a digest this SnR reads ('"
                          << kScheme << "' and 16 hexadecimal digits)";
  uint64_t actual = computeTraceDigest(op);
  if (stored != actual)
    return emitError(loc)
           << "the trace's content does not match its digest (the file is "
              "corrupt: its digest says "
           << text << ", its content hashes to " << formatDigest(actual)
           << "; write it again from its source, or, for an edit made on "
              "purpose to a text form, delete '"
           << kDigestAttrName << "')";
  return success();
}

bool snr::hasUnreadRegions(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        if (nested->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
            llvm::any_of(nested->getRegions(),
                         [](Region &region) { return region.empty(); }))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

void snr::dropTraceDigest(Operation *op) {
  if (std::optional<NamedAttribute> found = findDigest(op))
    op->removeDiscardableAttr(found->getName());
}

LogicalResult snr::writeTraceBytecode(Operation *op, llvm::raw_ostream &os,
                                      TraceDigestBuilder *digest,
                                      BytecodeWriterKind kind) {
  if (digest)
    digest->attach();
  else
    attachTraceDigest(op);
  return success(writeChecksummedBytecode(
      os, [&](llvm::raw_ostream &out, llvm::StringRef producer) {
        return succeeded(writeBytecode(op, out, producer, kind));
      }));
}
