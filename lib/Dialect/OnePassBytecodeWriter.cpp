//===- OnePassBytecodeWriter.cpp - MLIR bytecode for IR without values ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The layout is MLIR's (docs: mlir.llvm.org/docs/BytecodeFormat): a header,
// then sections, each an ID byte, a varint size and its bytes. Indices into
// the attribute, type, op-name, string and properties tables are assigned on
// first use, so the IR section can be written as the ops are walked; the
// tables are written after it, in the order of their indices. An entry of
// the attribute/type table may refer to attributes and types not seen
// before: encoding the table runs until no new entry appears.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/OnePassBytecodeWriter.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Bytecode/Encoding.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Endian.h"

#include <vector>

using namespace mlir;
using namespace snr;

// The layout below is version 6's. When MLIR moves to another version, read
// what changed in mlir/Bytecode/Encoding.h and MLIR's BytecodeWriter.cpp,
// bring this writer to it, run OnePassBytecodeDifferentialTest, and update
// kOnePassBytecodeVersion; or delete this writer and let snr::writeBytecode
// call MLIR's.
static_assert(bytecode::kVersion == kOnePassBytecodeVersion,
              "MLIR's bytecode version is no longer the one SnR's one-pass "
              "writer writes (OnePassBytecodeWriter.h)");

namespace {

/// A growing buffer with MLIR bytecode's integer encodings.
class Encoder {
public:
  void byte(uint8_t value) { bytes.push_back(value); }
  void append(ArrayRef<uint8_t> data) { llvm::append_range(bytes, data); }
  void append(StringRef data) {
    bytes.insert(bytes.end(), data.begin(), data.end());
  }

  /// The low bits of the first byte say how many bytes follow: as many as
  /// its trailing zeros (all eight when the byte is zero).
  void varInt(uint64_t value) {
    if ((value >> 7) == 0)
      return byte(uint8_t((value << 1) | 1));
    uint64_t rest = value >> 7;
    for (size_t count = 2; count < 9; ++count) {
      if ((rest >>= 7) == 0) {
        uint64_t encoded = ((value << 1) | 1) << (count - 1);
        llvm::support::ulittle64_t little(encoded);
        append({reinterpret_cast<const uint8_t *>(&little), count});
        return;
      }
    }
    byte(0);
    llvm::support::ulittle64_t little(value);
    append({reinterpret_cast<const uint8_t *>(&little), sizeof(little)});
  }
  /// Zigzag: the sign in the low bit.
  void signedVarInt(uint64_t value) {
    varInt((value << 1) ^ uint64_t(int64_t(value) >> 63));
  }
  void varIntWithFlag(uint64_t value, bool flag) {
    varInt((value << 1) | (flag ? 1 : 0));
  }
  /// A nested section: its ID, its size, its bytes.
  void section(bytecode::Section::ID id, const Encoder &body) {
    byte(id);
    varInt(body.size());
    append(body.bytes);
  }

  size_t size() const { return bytes.size(); }
  void truncate(size_t size) { bytes.resize(size); }
  void patch(size_t offset, uint8_t value) { bytes[offset] = value; }
  void clear() { bytes.clear(); }
  ArrayRef<uint8_t> data() const { return bytes; }

private:
  std::vector<uint8_t> bytes;
};

/// Indices assigned in order of first use, and the dialect of each entry.
template <typename KeyT>
struct Table {
  std::vector<KeyT> entries;
  std::vector<unsigned> dialects;
  llvm::DenseMap<KeyT, unsigned> indices;
};

class Writer : public DialectBytecodeWriter {
public:
  explicit Writer(std::string &unsupported) : unsupported(unsupported) {}

  LogicalResult write(Operation *root, raw_ostream &os, StringRef producer);

  //===--- DialectBytecodeWriter: what dialects and ops write through -----===//

  void writeAttribute(Attribute attr) override { out->varInt(number(attr)); }
  void writeOptionalAttribute(Attribute attr) override {
    if (!attr)
      return out->varInt(0);
    out->varIntWithFlag(number(attr), true);
  }
  void writeType(Type type) override { out->varInt(number(type)); }
  void writeResourceHandle(const AsmDialectResourceHandle &) override {
    refuse("a dialect resource");
  }
  void writeVarInt(uint64_t value) override { out->varInt(value); }
  void writeSignedVarInt(int64_t value) override {
    out->signedVarInt(uint64_t(value));
  }
  void writeAPIntWithKnownWidth(const APInt &value) override {
    unsigned width = value.getBitWidth();
    if (width <= 8)
      return out->byte(uint8_t(value.getLimitedValue()));
    if (width <= 64)
      return out->signedVarInt(value.getLimitedValue());
    unsigned words = value.getActiveWords();
    out->varInt(words);
    const uint64_t *raw = value.getRawData();
    for (unsigned i = 0; i < words; ++i)
      out->signedVarInt(raw[i]);
  }
  void writeAPFloatWithKnownSemantics(const APFloat &value) override {
    writeAPIntWithKnownWidth(value.bitcastToAPInt());
  }
  void writeOwnedString(StringRef str) override { out->varInt(string(str)); }
  void writeOwnedBlob(ArrayRef<char> blob) override {
    out->varInt(blob.size());
    out->append(StringRef(blob.data(), blob.size()));
  }
  void writeOwnedBool(bool value) override { out->byte(value); }
  int64_t getBytecodeVersion() const override {
    return kOnePassBytecodeVersion;
  }
  FailureOr<const DialectVersion *>
  getDialectVersion(StringRef) const override {
    return failure();
  }

private:
  void refuse(StringRef what) {
    if (unsupported.empty())
      unsupported = what.str();
  }
  bool refused() const { return !unsupported.empty(); }

  unsigned dialect(StringRef name, Dialect *loaded);
  template <typename T, typename OpaqueT>
  unsigned numberIn(Table<T> &table, T value);
  unsigned number(Attribute attr);
  unsigned number(Type type);
  unsigned number(OperationName name);
  unsigned string(StringRef str);

  void writeOp(Encoder &ir, Operation *op);
  void writeRegion(Encoder &ir, Region &region);
  void writeAttrTypeSections(Encoder &offsets, Encoder &entries);
  template <typename T>
  void encodeEntry(T value, unsigned dialectIndex, Encoder &entries,
                   std::vector<std::pair<uint64_t, bool>> &sizes);
  void writeDialectSection(Encoder &section);
  void writeStringSection(Encoder &section);

  std::string &unsupported;
  /// Where the dialect interfaces' writes go.
  Encoder *out = nullptr;

  struct DialectEntry {
    StringRef name;
    const BytecodeDialectInterface *interface;
  };
  std::vector<DialectEntry> dialects;
  llvm::StringMap<unsigned> dialectIndices;
  Table<Attribute> attrs;
  Table<Type> types;
  Table<OperationName> opNames;
  std::vector<StringRef> strings;
  llvm::StringMap<unsigned> stringIndices;

  /// Every op's properties, each with its size in front.
  Encoder properties;
  uint64_t propertiesCount = 0;
  Encoder scratch;
};

unsigned Writer::dialect(StringRef name, Dialect *loaded) {
  auto [it, inserted] = dialectIndices.try_emplace(name, dialects.size());
  if (inserted) {
    const BytecodeDialectInterface *interface =
        loaded ? loaded->getRegisteredInterface<BytecodeDialectInterface>()
               : nullptr;
    dialects.push_back({it->getKey(), interface});
  }
  return it->second;
}

template <typename T, typename OpaqueT>
unsigned Writer::numberIn(Table<T> &table, T value) {
  auto [it, inserted] = table.indices.try_emplace(value, table.entries.size());
  if (inserted) {
    // Of a dialect that was not loaded when it was parsed.
    if (isa<OpaqueT>(value))
      refuse("an attribute or type of an unregistered dialect");
    table.entries.push_back(value);
    Dialect &owner = value.getDialect();
    table.dialects.push_back(dialect(owner.getNamespace(), &owner));
  }
  return it->second;
}

unsigned Writer::number(Attribute attr) {
  return numberIn<Attribute, OpaqueAttr>(attrs, attr);
}

unsigned Writer::number(Type type) {
  return numberIn<Type, OpaqueType>(types, type);
}

unsigned Writer::number(OperationName name) {
  auto [it, inserted] =
      opNames.indices.try_emplace(name, opNames.entries.size());
  if (inserted) {
    opNames.entries.push_back(name);
    opNames.dialects.push_back(
        dialect(name.getDialectNamespace(), name.getDialect()));
  }
  return it->second;
}

unsigned Writer::string(StringRef str) {
  auto [it, inserted] = stringIndices.try_emplace(str, strings.size());
  if (inserted)
    strings.push_back(it->getKey());
  return it->second;
}

void Writer::writeOp(Encoder &ir, Operation *op) {
  if (!op->isRegistered())
    return refuse("an unregistered op ('" + op->getName().getStringRef().str() +
                  "')");
  if (op->getNumResults() || op->getNumOperands())
    return refuse("SSA values");
  if (op->getNumSuccessors())
    return refuse("successors");

  ir.varInt(number(op->getName()));
  size_t maskOffset = ir.size();
  uint8_t mask = 0;
  ir.byte(0);
  ir.varInt(number(LocationAttr(op->getLoc())));

  // With properties, the inherent attributes are in them.
  DictionaryAttr dictionary = op->getPropertiesStorage()
                                  ? op->getDiscardableAttrDictionary()
                                  : op->getAttrDictionary();
  if (!dictionary.empty()) {
    mask |= bytecode::OpEncodingMask::kHasAttrs;
    ir.varInt(number(dictionary));
  }
  if (op->getPropertiesStorageSize()) {
    auto interface = dyn_cast<BytecodeOpInterface>(op);
    if (!interface)
      return refuse("properties without BytecodeOpInterface");
    scratch.clear();
    out = &scratch;
    interface.writeProperties(*this);
    properties.varInt(scratch.size());
    properties.append(scratch.data());
    mask |= bytecode::OpEncodingMask::kHasProperties;
    ir.varInt(propertiesCount++);
  }

  unsigned numRegions = op->getNumRegions();
  if (numRegions)
    mask |= bytecode::OpEncodingMask::kHasInlineRegions;
  ir.patch(maskOffset, mask);
  if (!numRegions)
    return;
  // An isolated region is a section of its own, which a lazy reader skips.
  bool isolated = op->hasTrait<OpTrait::IsIsolatedFromAbove>();
  ir.varIntWithFlag(numRegions, isolated);
  if (!isolated) {
    for (Region &region : op->getRegions())
      writeRegion(ir, region);
    return;
  }
  Encoder nested;
  for (Region &region : op->getRegions())
    writeRegion(nested, region);
  ir.section(bytecode::Section::kIR, nested);
}

void Writer::writeRegion(Encoder &ir, Region &region) {
  if (region.empty())
    return ir.varInt(0);
  ir.varInt(region.getBlocks().size());
  ir.varInt(/*values=*/0);
  for (Block &block : region) {
    if (block.getNumArguments())
      return refuse("block arguments");
    ir.varIntWithFlag(block.getOperations().size(), /*hasArgs=*/false);
    for (Operation &op : block) {
      writeOp(ir, &op);
      if (refused())
        return;
    }
  }
}

template <typename T>
void Writer::encodeEntry(T value, unsigned dialectIndex, Encoder &entries,
                         std::vector<std::pair<uint64_t, bool>> &sizes) {
  size_t start = entries.size();
  bool custom = false;
  bool isMutable;
  if constexpr (std::is_same_v<T, Type>)
    isMutable = value.template hasTrait<TypeTrait::IsMutable>();
  else
    isMutable = value.template hasTrait<AttributeTrait::IsMutable>();
  if (const BytecodeDialectInterface *interface =
          dialects[dialectIndex].interface;
      interface && !isMutable) {
    out = &entries;
    if constexpr (std::is_same_v<T, Type>)
      custom = succeeded(interface->writeType(value, *this));
    else
      custom = succeeded(interface->writeAttribute(value, *this));
    if (!custom)
      entries.truncate(start);
  }
  if (!custom) {
    // The textual form, as MLIR's writer falls back to.
    AsmState state(value.getContext());
    std::string text;
    llvm::raw_string_ostream os(text);
    value.print(os, state);
    if (!state.getDialectResources().empty())
      refuse("a dialect resource");
    entries.append(StringRef(text));
    entries.byte(0);
  }
  sizes.push_back({entries.size() - start, custom});
}

void Writer::writeAttrTypeSections(Encoder &offsets, Encoder &entries) {
  // Attributes first, then types; encoding either may number more of both.
  Encoder typeEntries;
  std::vector<std::pair<uint64_t, bool>> attrSizes, typeSizes;
  size_t nextAttr = 0, nextType = 0;
  while (!refused() && (nextAttr < attrs.entries.size() ||
                        nextType < types.entries.size())) {
    for (; nextAttr < attrs.entries.size(); ++nextAttr)
      encodeEntry(attrs.entries[nextAttr], attrs.dialects[nextAttr], entries,
                  attrSizes);
    for (; nextType < types.entries.size(); ++nextType)
      encodeEntry(types.entries[nextType], types.dialects[nextType],
                  typeEntries, typeSizes);
  }
  entries.append(typeEntries.data());

  offsets.varInt(attrSizes.size());
  offsets.varInt(typeSizes.size());
  // Runs of entries of one dialect, each with its dialect and length.
  auto writeGroups = [&](ArrayRef<unsigned> dialectOf,
                         ArrayRef<std::pair<uint64_t, bool>> sizes) {
    for (size_t start = 0; start < sizes.size();) {
      size_t end = start + 1;
      while (end < sizes.size() && dialectOf[end] == dialectOf[start])
        ++end;
      offsets.varInt(dialectOf[start]);
      offsets.varInt(end - start);
      for (size_t i = start; i < end; ++i)
        offsets.varIntWithFlag(sizes[i].first, sizes[i].second);
      start = end;
    }
  };
  writeGroups(attrs.dialects, attrSizes);
  writeGroups(types.dialects, typeSizes);
}

void Writer::writeDialectSection(Encoder &section) {
  section.varInt(dialects.size());
  for (const DialectEntry &entry : dialects) {
    unsigned name = string(entry.name);
    Encoder version;
    if (entry.interface) {
      out = &version;
      entry.interface->writeVersion(*this);
    }
    section.varIntWithFlag(name, version.size() > 0);
    if (version.size())
      section.section(bytecode::Section::kDialectVersions, version);
  }
  section.varInt(opNames.entries.size());
  for (size_t start = 0; start < opNames.entries.size();) {
    size_t end = start + 1;
    while (end < opNames.entries.size() &&
           opNames.dialects[end] == opNames.dialects[start])
      ++end;
    section.varInt(opNames.dialects[start]);
    section.varInt(end - start);
    for (size_t i = start; i < end; ++i)
      section.varIntWithFlag(string(opNames.entries[i].stripDialect()),
                             /*registered=*/true);
    start = end;
  }
}

void Writer::writeStringSection(Encoder &section) {
  section.varInt(strings.size());
  // Sizes last to first, so that the reader finds the data without an offset.
  for (StringRef str : llvm::reverse(strings))
    section.varInt(str.size() + 1);
  for (StringRef str : strings) {
    section.append(str);
    section.byte(0);
  }
}

LogicalResult Writer::write(Operation *root, raw_ostream &os,
                            StringRef producer) {
  Encoder ir;
  ir.varIntWithFlag(/*ops=*/1, /*hasArgs=*/false);
  writeOp(ir, root);
  Encoder offsets, entries, dialectSection, stringSection, propertiesSection;
  if (!refused())
    writeAttrTypeSections(offsets, entries);
  if (!refused()) {
    size_t attrCount = attrs.entries.size(), typeCount = types.entries.size();
    writeDialectSection(dialectSection);
    // A dialect version that named an attribute would come too late.
    if (attrs.entries.size() != attrCount || types.entries.size() != typeCount)
      refuse("a dialect version that refers to an attribute");
  }
  if (refused())
    return failure();
  writeStringSection(stringSection);
  propertiesSection.varInt(propertiesCount);
  propertiesSection.append(properties.data());

  Encoder header;
  header.append(StringRef("ML\xefR", 4));
  header.varInt(kOnePassBytecodeVersion);
  header.append(producer);
  header.byte(0);
  auto emit = [&](const Encoder &encoder) {
    os.write(reinterpret_cast<const char *>(encoder.data().data()),
             encoder.size());
  };
  auto emitSection = [&](bytecode::Section::ID id, const Encoder &body) {
    Encoder prefix;
    prefix.byte(id);
    prefix.varInt(body.size());
    emit(prefix);
    emit(body);
  };
  emit(header);
  emitSection(bytecode::Section::kDialect, dialectSection);
  emitSection(bytecode::Section::kAttrTypeOffset, offsets);
  emitSection(bytecode::Section::kAttrType, entries);
  emitSection(bytecode::Section::kIR, ir);
  emitSection(bytecode::Section::kString, stringSection);
  emitSection(bytecode::Section::kProperties, propertiesSection);
  return success();
}

} // namespace

LogicalResult snr::writeOnePassBytecode(Operation *op, raw_ostream &os,
                                        StringRef producer,
                                        std::string *unsupported) {
  std::string reason;
  Writer writer(reason);
  if (succeeded(writer.write(op, os, producer)))
    return success();
  if (unsupported)
    *unsupported = std::move(reason);
  return failure();
}

llvm::cl::ValuesClass snr::getBytecodeWriterValues() {
  return llvm::cl::values(
      clEnumValN(BytecodeWriterKind::OnePass, "one-pass",
                 "SnR's one-pass writer for IR without SSA values (traces, "
                 "programs), MLIR's for the rest"),
      clEnumValN(BytecodeWriterKind::Mlir, "mlir",
                 "MLIR's writer (files about 10% smaller, slower on traces)"));
}

LogicalResult snr::writeBytecode(Operation *op, raw_ostream &os,
                                 StringRef producer, BytecodeWriterKind kind) {
  if (kind == BytecodeWriterKind::OnePass &&
      succeeded(writeOnePassBytecode(op, os, producer)))
    return success();
  return writeBytecodeToFile(op, os, BytecodeWriterConfig(producer));
}
