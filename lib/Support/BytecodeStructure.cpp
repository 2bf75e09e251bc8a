//===- BytecodeStructure.cpp - MLIR bytecode checked before it is read ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The layout walked is MLIR's (mlir.llvm.org/docs/BytecodeFormat, versions 0
// to 6, as lib/Bytecode/Reader/BytecodeReader.cpp reads them). Nothing is
// built: every table is a count and a few indices, every value scope a
// count, so the walk costs a fraction of the read and memory in proportion
// to the file.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/BytecodeStructure.h"

#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirNesting.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <optional>
#include <string>
#include <vector>

using namespace snr;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

/// What MLIR 22 reads (mlir/Bytecode/Encoding.h).
constexpr uint64_t kNewestVersion = 6;
enum Section : uint8_t {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};
constexpr const char *kSectionNames[] = {
    "string",       "dialect",  "attribute/type",     "attribute/type offset",
    "IR",           "resource", "resource offset",    "dialect version",
    "properties"};
enum VersionFeature : uint64_t {
  kDialectVersioning = 1,
  kLazyLoading = 2,
  kUseListOrdering = 3,
  kElideUnknownBlockArgLocation = 4,
  kNativePropertiesEncoding = 5,
};
enum OpMask : uint8_t {
  kHasAttrs = 0x01,
  kHasResults = 0x02,
  kHasOperands = 0x04,
  kHasSuccessors = 0x08,
  kHasInlineRegions = 0x10,
  kHasUseListOrders = 0x20,
  kHasProperties = 0x40,
};
constexpr uint8_t kAlignmentByte = 0xCB;

/// The failure of a check; the first one ends the walk.
struct Failure {
  size_t offset;
  std::string message;
};

/// Reads MLIR's encodings from a range of the file, failing at the first
/// byte that is not there.
class Cursor {
public:
  Cursor(ArrayRef<uint8_t> data, const uint8_t *fileStart)
      : at(data.begin()), end(data.end()), fileStart(fileStart) {}

  size_t offset() const { return size_t(at - fileStart); }
  size_t remaining() const { return size_t(end - at); }
  bool empty() const { return at == end; }
  const uint8_t *position() const { return at; }

  std::optional<Failure> failure;

  bool fail(const llvm::Twine &message) {
    if (!failure)
      failure = Failure{offset(), message.str()};
    return false;
  }

  bool byte(uint8_t &value) {
    if (at == end)
      return fail("the data ends where a byte was expected");
    value = *at++;
    return true;
  }
  bool bytes(uint64_t count, ArrayRef<uint8_t> &out) {
    if (count > remaining())
      return fail(llvm::formatv("{0} bytes expected, {1} remain", count,
                                remaining()));
    out = ArrayRef<uint8_t>(at, size_t(count));
    at += count;
    return true;
  }
  bool varInt(uint64_t &value) {
    uint8_t first;
    if (!byte(first))
      return false;
    if (first & 1) {
      value = first >> 1;
      return true;
    }
    // The trailing zero bits of the first byte count the bytes that follow
    // (eight, the whole value, when it is zero).
    unsigned extra = first == 0 ? 8 : llvm::countr_zero(first);
    if (extra > remaining())
      return fail("a variable-length integer runs past the data");
    uint64_t raw = 0;
    for (unsigned i = 0; i < extra; ++i)
      raw |= uint64_t(at[i]) << (8 * i);
    at += extra;
    value = first == 0 ? raw : ((raw << 8) | first) >> (extra + 1);
    return true;
  }
  bool varIntWithFlag(uint64_t &value, bool &flag) {
    if (!varInt(value))
      return false;
    flag = value & 1;
    value >>= 1;
    return true;
  }
  /// A count of things each taking at least `minBytes` of what remains.
  bool count(uint64_t &value, const char *what, uint64_t minBytes = 1) {
    if (!varInt(value))
      return false;
    if (value > remaining() / minBytes)
      return fail(llvm::formatv("{0} {1} cannot fit in the {2} bytes that "
                                "remain",
                                value, what, remaining()));
    return true;
  }
  /// An index into a table of `size` entries.
  bool index(uint64_t &value, uint64_t size, const char *table) {
    if (!varInt(value))
      return false;
    if (value >= size)
      return fail(llvm::formatv("{0} index {1} is out of range (the table "
                                "has {2})",
                                table, value, size));
    return true;
  }
  bool indexWithFlag(uint64_t &value, bool &flag, uint64_t size,
                     const char *table) {
    if (!varIntWithFlag(value, flag))
      return false;
    if (value >= size)
      return fail(llvm::formatv("{0} index {1} is out of range (the table "
                                "has {2})",
                                table, value, size));
    return true;
  }
  bool skip(uint64_t count) {
    ArrayRef<uint8_t> ignored;
    return bytes(count, ignored);
  }
  /// Padding of kAlignmentByte up to `alignment`, at the addresses the
  /// reader will see, as MLIR aligns.
  bool alignTo(uint64_t alignment) {
    if (!llvm::isPowerOf2_64(alignment))
      return fail(llvm::formatv("alignment {0} is not a power of two",
                                alignment));
    while ((uintptr_t(at) & (alignment - 1)) != 0) {
      uint8_t padding;
      if (!byte(padding))
        return false;
      if (padding != kAlignmentByte)
        return fail("expected an alignment byte (0xCB)");
    }
    return true;
  }
  /// A section: ID (high bit: aligned), length, [alignment, padding], data.
  bool section(uint8_t &id, ArrayRef<uint8_t> &data,
               uint64_t bufferAlignment) {
    uint8_t idAndAlignment;
    uint64_t length;
    if (!byte(idAndAlignment) || !varInt(length))
      return false;
    id = idAndAlignment & 0x7F;
    if (id >= kNumSections)
      return fail(llvm::formatv("unknown section ID {0}", unsigned(id)));
    if (idAndAlignment & 0x80) {
      uint64_t alignment;
      if (!varInt(alignment))
        return false;
      if (!llvm::isPowerOf2_64(alignment) || alignment > bufferAlignment)
        return fail(llvm::formatv("section alignment {0} is not one the "
                                  "buffer has",
                                  alignment));
      if (!alignTo(alignment))
        return false;
    }
    return bytes(length, data);
  }

private:
  const uint8_t *at, *end, *fileStart;
};

/// An attribute or a type of the attribute/type table.
struct Entry {
  uint32_t dialect = 0;
  bool custom = false;
  ArrayRef<uint8_t> data;
};

/// One isolated value scope (MLIR's ValueScope): the values the regions
/// being read reserved, and for use-list orders the uses of each and the
/// use indices the orders name.
struct ValueScope {
  uint64_t numValues = 0;
  llvm::SmallVector<uint64_t, 4> nextValue;  ///< per region being read
  llvm::SmallVector<uint64_t, 4> regionBase; ///< its first value
  std::vector<uint32_t> uses;                ///< by value
  struct Order {
    uint64_t value, largest;
    size_t offset;
  };
  std::vector<Order> orders;
};

/// The regions of one op being read (MLIR's RegionReadState).
struct RegionState {
  Cursor *cursor = nullptr;
  std::unique_ptr<Cursor> owned; ///< an isolated region's own section
  bool isolated = false;
  uint64_t regionsLeft = 0;
  /// Inside a region: its blocks and the ops of its current block.
  bool inRegion = false;
  uint64_t numBlocks = 0, blocksLeft = 0, opsLeft = 0, numValues = 0;
};

class Validator {
public:
  Validator(StringRef bytes, StringRef name)
      : file(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()),
        name(name), limits(getLimits()) {}

  llvm::Error run();

private:
  bool fail(size_t offset, const llvm::Twine &message) {
    if (!failure)
      failure = Failure{offset, message.str()};
    return false;
  }
  /// Takes a cursor's failure over.
  bool failed(Cursor &cursor) {
    if (!failure && cursor.failure)
      failure = cursor.failure;
    return false;
  }
  bool check(Cursor &cursor, bool ok) { return ok || failed(cursor); }
  size_t offsetOf(const uint8_t *at) const { return size_t(at - file.data()); }

  bool readHeader(Cursor &cursor);
  bool readSections(Cursor &cursor);
  bool readStrings();
  bool readDialects();
  bool readAttrTypeOffsets();
  bool readResources();
  bool readResourceGroup(Cursor &offsets, Cursor &resources);
  bool readProperties();
  bool readIR();
  bool readOp(RegionState &state, std::vector<RegionState> &stack);
  bool readRegionHeader(RegionState &state);
  bool readBlockHeader(RegionState &state, bool topLevel = false);
  bool readUseListOrders(Cursor &cursor, uint64_t numValues,
                         std::optional<uint64_t> firstValue);
  bool defineValues(Cursor &cursor, uint64_t count);
  void openRegion(RegionState &state);
  bool closeRegion(RegionState &state);
  bool checkAttrTypeEntries();
  bool checkBuiltinAttr(uint64_t index, Cursor &cursor,
                        llvm::SmallVectorImpl<uint64_t> &children);
  bool checkBuiltinType(uint64_t index, Cursor &cursor,
                        llvm::SmallVectorImpl<uint64_t> &children);
  bool checkDepths();
  /// Type `type`'s encoding after its builtin code (`code`), or nullopt
  /// if it is not a builtin type or has no code.
  std::optional<Cursor> readBuiltinTypeCode(uint64_t type,
                                            uint64_t &code) const;
  /// Whether type `type` is one of the builtin float types (bf16 to f128).
  bool isBuiltinFloatType(uint64_t type) const;
  std::optional<uint64_t> storageBitsOf(uint64_t type) const;
  std::optional<std::pair<uint64_t, uint64_t>>
  shapedElementsOf(uint64_t type) const;

  ArrayRef<uint8_t> file;
  StringRef name;
  Limits limits;
  std::optional<Failure> failure;

  uint64_t version = 0;
  uint64_t bufferAlignment = 1;
  std::optional<ArrayRef<uint8_t>> sections[kNumSections];

  std::vector<StringRef> strings;
  std::vector<StringRef> dialects;
  std::optional<uint32_t> builtin;
  /// Whether each op name was registered when written (version >= 5).
  std::vector<bool> opRegistered;
  std::vector<Entry> attrs, types;
  /// Children of each attribute and type (types after attributes), for
  /// cycles and depth.
  std::vector<llvm::SmallVector<uint64_t, 2>> children;
  uint64_t numResources = 0;
  uint64_t numProperties = 0;

  std::vector<ValueScope> scopes;
};

llvm::Error Validator::run() {
  bufferAlignment = uintptr_t(file.data()) == 0
                        ? 1
                        : uint64_t(1) << llvm::countr_zero(
                              uint64_t(uintptr_t(file.data())));
  Cursor cursor(file, file.data());
  bool ok = readHeader(cursor) && readSections(cursor) && readStrings() &&
            readProperties() && readDialects() && readResources() &&
            readAttrTypeOffsets() && checkAttrTypeEntries() && checkDepths() &&
            readIR();
  if (ok)
    return llvm::Error::success();
  assert(failure && "a check failed without saying why");
  return llvm::createStringError(
      std::make_error_code(std::errc::illegal_byte_sequence),
      llvm::formatv("{0}: invalid MLIR bytecode at byte {1}: {2}", name,
                    failure->offset, failure->message)
          .str());
}

bool Validator::readHeader(Cursor &cursor) {
  ArrayRef<uint8_t> magic;
  if (!cursor.bytes(4, magic) ||
      StringRef(reinterpret_cast<const char *>(magic.data()), 4) !=
          StringRef("ML\xef\x52", 4))
    return fail(0, "no MLIR bytecode magic number");
  if (!cursor.varInt(version))
    return failed(cursor);
  if (version > kNewestVersion)
    return fail(4, llvm::formatv("bytecode version {0} is newer than the "
                                 "{1} this MLIR reads",
                                 version, kNewestVersion));
  // The producer, up to its NUL.
  while (true) {
    uint8_t c;
    if (!cursor.byte(c))
      return fail(cursor.offset(), "the producer string has no end");
    if (c == 0)
      return true;
  }
}

bool Validator::readSections(Cursor &cursor) {
  while (!cursor.empty()) {
    size_t start = cursor.offset();
    uint8_t id;
    ArrayRef<uint8_t> data;
    if (!cursor.section(id, data, bufferAlignment))
      return failed(cursor);
    if (id == kDialectVersions)
      return fail(start, "a dialect version section at the top level");
    if (sections[id])
      return fail(start, llvm::formatv("a second {0} section",
                                       kSectionNames[id]));
    sections[id] = data;
  }
  for (uint8_t id : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR})
    if (!sections[id])
      return fail(file.size(),
                  llvm::formatv("no {0} section", kSectionNames[id]));
  if (version >= kNativePropertiesEncoding && !sections[kProperties])
    return fail(file.size(), "no properties section");
  if (bool(sections[kResource]) != bool(sections[kResourceOffset]))
    return fail(file.size(), "a resource section without its offsets, or "
                             "offsets without resources");
  return true;
}

bool Validator::readStrings() {
  ArrayRef<uint8_t> data = *sections[kString];
  Cursor cursor(data, file.data());
  uint64_t count;
  if (!cursor.count(count, "strings"))
    return failed(cursor);
  strings.resize(count);
  // Sizes last to first; the strings end the section, each with its NUL.
  uint64_t dataEnd = data.size();
  for (uint64_t i = count; i-- > 0;) {
    uint64_t size;
    if (!cursor.varInt(size))
      return failed(cursor);
    if (size == 0 || size > dataEnd)
      return fail(cursor.offset(),
                  llvm::formatv("string {0} has size {1}, outside the {2} "
                                "bytes left for strings",
                                i, size, dataEnd));
    dataEnd -= size;
    strings[i] = StringRef(reinterpret_cast<const char *>(data.data()) +
                               dataEnd,
                           size - 1);
  }
  if (data.size() - cursor.remaining() != dataEnd)
    return fail(cursor.offset(), "the string sizes and the strings do not "
                                 "meet");
  return true;
}

bool Validator::readDialects() {
  Cursor cursor(*sections[kDialect], file.data());
  uint64_t count;
  if (!cursor.count(count, "dialects"))
    return failed(cursor);
  dialects.resize(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t nameIndex;
    bool hasVersion = false;
    if (version < kDialectVersioning) {
      if (!cursor.index(nameIndex, strings.size(), "string"))
        return failed(cursor);
    } else if (!cursor.indexWithFlag(nameIndex, hasVersion, strings.size(),
                                     "string")) {
      return failed(cursor);
    }
    dialects[i] = strings[nameIndex];
    if (dialects[i] == "builtin" && !builtin)
      builtin = uint32_t(i);
    if (hasVersion) {
      size_t start = cursor.offset();
      uint8_t id;
      ArrayRef<uint8_t> versionData;
      if (!cursor.section(id, versionData, bufferAlignment))
        return failed(cursor);
      if (id != kDialectVersions)
        return fail(start, "a dialect's version is not a dialect version "
                           "section");
    }
  }
  if (version >= kElideUnknownBlockArgLocation) {
    uint64_t numOps;
    if (!cursor.count(numOps, "op names"))
      return failed(cursor);
  }
  while (!cursor.empty()) {
    uint64_t dialect, inGroup;
    if (!cursor.index(dialect, dialects.size(), "dialect") ||
        !cursor.count(inGroup, "op names"))
      return failed(cursor);
    for (uint64_t i = 0; i < inGroup; ++i) {
      uint64_t nameIndex;
      bool registered = false;
      if (version < kNativePropertiesEncoding
              ? !cursor.index(nameIndex, strings.size(), "string")
              : !cursor.indexWithFlag(nameIndex, registered, strings.size(),
                                      "string"))
        return failed(cursor);
      opRegistered.push_back(registered);
    }
  }
  return true;
}

bool Validator::readResourceGroup(Cursor &offsets, Cursor &resources) {
  uint64_t count;
  if (!offsets.count(count, "resources", 3))
    return failed(offsets);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t key, size;
    uint8_t kind;
    if (!offsets.index(key, strings.size(), "string") ||
        !offsets.varInt(size) || !offsets.byte(kind))
      return failed(offsets);
    ArrayRef<uint8_t> data;
    if (!resources.bytes(size, data))
      return failed(resources);
    ++numResources;
    if (data.empty())
      continue; // a declaration
    // AsmResourceEntryKind: blob, bool, string.
    Cursor entry(data, file.data());
    switch (kind) {
    case 0: {
      uint64_t alignment, blobSize;
      if (!entry.varInt(alignment) || !entry.varInt(blobSize) ||
          !entry.alignTo(alignment) || !entry.skip(blobSize))
        return failed(entry);
      break;
    }
    case 1: {
      uint8_t value;
      if (!entry.byte(value))
        return failed(entry);
      break;
    }
    case 2: {
      uint64_t string;
      if (!entry.index(string, strings.size(), "string"))
        return failed(entry);
      break;
    }
    default:
      return fail(offsets.offset() - 1,
                  llvm::formatv("unknown resource kind {0}", unsigned(kind)));
    }
    if (!entry.empty())
      return fail(entry.offset(), "trailing bytes in a resource entry");
  }
  return true;
}

bool Validator::readResources() {
  if (!sections[kResource])
    return true;
  Cursor offsets(*sections[kResourceOffset], file.data());
  Cursor resources(*sections[kResource], file.data());
  uint64_t external;
  if (!offsets.count(external, "external resource groups", 2))
    return failed(offsets);
  for (uint64_t i = 0; i < external; ++i) {
    uint64_t key;
    if (!offsets.index(key, strings.size(), "string"))
      return failed(offsets);
    if (!readResourceGroup(offsets, resources))
      return false;
  }
  while (!offsets.empty()) {
    uint64_t dialect;
    if (!offsets.index(dialect, dialects.size(), "dialect"))
      return failed(offsets);
    if (!readResourceGroup(offsets, resources))
      return false;
  }
  return true;
}

bool Validator::readAttrTypeOffsets() {
  Cursor cursor(*sections[kAttrTypeOffset], file.data());
  uint64_t numAttrs, numTypes;
  if (!cursor.count(numAttrs, "attributes") ||
      !cursor.count(numTypes, "types"))
    return failed(cursor);
  if (numAttrs + numTypes > cursor.remaining())
    return fail(cursor.offset(),
                llvm::formatv("{0} attributes and {1} types cannot fit in "
                              "the {2} bytes that remain",
                              numAttrs, numTypes, cursor.remaining()));
  attrs.resize(numAttrs);
  types.resize(numTypes);
  ArrayRef<uint8_t> data = *sections[kAttrType];
  uint64_t offset = 0;
  for (std::vector<Entry> *table : {&attrs, &types}) {
    size_t next = 0;
    while (next < table->size()) {
      uint64_t dialect, inGroup;
      if (!cursor.index(dialect, dialects.size(), "dialect") ||
          !cursor.varInt(inGroup))
        return failed(cursor);
      // MLIR writes each group's entries where its index points.
      if (inGroup > table->size() - next)
        return fail(cursor.offset(),
                    llvm::formatv("a group of {0} entries overruns the "
                                  "{1} entries left in the table",
                                  inGroup, table->size() - next));
      for (uint64_t i = 0; i < inGroup; ++i, ++next) {
        Entry &entry = (*table)[next];
        uint64_t size;
        if (!cursor.varIntWithFlag(size, entry.custom))
          return failed(cursor);
        if (offset > data.size() || size > data.size() - offset)
          return fail(cursor.offset(),
                      "an attribute or type entry ends past its section");
        entry.dialect = uint32_t(dialect);
        entry.data = data.slice(offset, size);
        offset += size;
      }
    }
  }
  if (!cursor.empty())
    return fail(cursor.offset(), "trailing bytes in the attribute/type "
                                 "offset section");
  return true;
}

bool Validator::readProperties() {
  if (!sections[kProperties] || sections[kProperties]->empty())
    return true;
  Cursor cursor(*sections[kProperties], file.data());
  if (!cursor.count(numProperties, "properties"))
    return failed(cursor);
  for (uint64_t i = 0; i < numProperties; ++i) {
    uint64_t size;
    if (!cursor.varInt(size) || !cursor.skip(size))
      return failed(cursor);
  }
  if (!cursor.empty())
    return fail(cursor.offset(), "trailing bytes in the properties section");
  return true;
}

//===----------------------------------------------------------------------===//
// Attributes and types
//===----------------------------------------------------------------------===//

/// The builtin dialect's codes (mlir/IR/BuiltinDialectBytecode.td).
enum BuiltinAttr : uint64_t {
  kArrayAttr = 0,
  kDictionaryAttr = 1,
  kStringAttr = 2,
  kStringAttrWithType = 3,
  kFlatSymbolRefAttr = 4,
  kSymbolRefAttr = 5,
  kTypeAttr = 6,
  kUnitAttr = 7,
  kIntegerAttr = 8,
  kFloatAttr = 9,
  kCallSiteLoc = 10,
  kFileLineColLoc = 11,
  kFusedLoc = 12,
  kFusedLocWithMetadata = 13,
  kNameLoc = 14,
  kUnknownLoc = 15,
  kDenseResourceElementsAttr = 16,
  kDenseArrayAttr = 17,
  kDenseIntOrFPElementsAttr = 18,
  kDenseStringElementsAttr = 19,
  kSparseElementsAttr = 20,
  kDistinctAttr = 21,
  kFileLineColRange = 22,
};
enum BuiltinType : uint64_t {
  kIntegerType = 0,
  kIndexType = 1,
  kFunctionType = 2,
  kBFloat16Type = 3,
  kFloat16Type = 4,
  kFloat32Type = 5,
  kFloat64Type = 6,
  kFloat80Type = 7,
  kFloat128Type = 8,
  kComplexType = 9,
  kMemRefType = 10,
  kMemRefTypeWithMemSpace = 11,
  kNoneType = 12,
  kRankedTensorType = 13,
  kRankedTensorTypeWithEncoding = 14,
  kTupleType = 15,
  kUnrankedMemRefType = 16,
  kUnrankedMemRefTypeWithMemSpace = 17,
  kUnrankedTensorType = 18,
  kVectorType = 19,
  kVectorTypeWithScalableDims = 20,
};

bool Validator::checkAttrTypeEntries() {
  children.resize(attrs.size() + types.size());
  for (size_t i = 0; i < attrs.size() + types.size(); ++i) {
    bool isAttr = i < attrs.size();
    const Entry &entry = isAttr ? attrs[i] : types[i - attrs.size()];
    Cursor cursor(entry.data, file.data());
    size_t start = cursor.offset();
    if (!entry.custom) {
      // The textual form, NUL-terminated, parsed by MLIR's recursive parser.
      const uint8_t *nul = std::find(entry.data.begin(), entry.data.end(), 0);
      if (nul == entry.data.end())
        return fail(start, "an attribute or type in text has no NUL");
      StringRef text(reinterpret_cast<const char *>(entry.data.data()),
                     size_t(nul - entry.data.begin()));
      if (std::optional<size_t> deep =
              findNestingBeyond(text, limits.maxNestingDepth))
        return fail(start + *deep,
                    limitMessage(llvm::formatv("an attribute or type nests "
                                               "deeper than {0} levels",
                                               limits.maxNestingDepth),
                                 "max-nesting-depth",
                                 limits.maxNestingDepth));
      continue;
    }
    if (!builtin || entry.dialect != *builtin)
      continue; // the dialect's own reader checks its encoding
    bool ok = isAttr ? checkBuiltinAttr(i, cursor, children[i])
                     : checkBuiltinType(i - attrs.size(), cursor, children[i]);
    if (!ok)
      return false;
  }
  return true;
}

bool Validator::checkBuiltinAttr(uint64_t index, Cursor &cursor,
                                 llvm::SmallVectorImpl<uint64_t> &out) {
  uint64_t code;
  if (!cursor.varInt(code))
    return failed(cursor);
  auto attr = [&]() {
    uint64_t child;
    if (!cursor.index(child, attrs.size(), "attribute"))
      return failed(cursor);
    out.push_back(child);
    return true;
  };
  auto type = [&]() {
    uint64_t child;
    if (!cursor.index(child, types.size(), "type"))
      return failed(cursor);
    out.push_back(attrs.size() + child);
    return true;
  };
  auto list = [&](unsigned perElement) {
    uint64_t count;
    if (!cursor.count(count, "list elements", perElement))
      return failed(cursor);
    for (uint64_t i = 0; i < count; ++i)
      for (unsigned j = 0; j < perElement; ++j)
        if (!attr())
          return false;
    return true;
  };
  auto string = [&]() {
    uint64_t s;
    return cursor.index(s, strings.size(), "string") || failed(cursor);
  };
  auto blob = [&](uint64_t &size) {
    return (cursor.varInt(size) && cursor.skip(size)) || failed(cursor);
  };
  switch (code) {
  case kArrayAttr:
  case kFusedLoc:
    return list(1);
  case kDictionaryAttr:
    return list(2);
  case kFusedLocWithMetadata:
    return list(1) && attr();
  case kStringAttr:
    return string();
  case kStringAttrWithType:
    return string() && type();
  case kFlatSymbolRefAttr:
  case kTypeAttr:
    return code == kTypeAttr ? type() : attr();
  case kSymbolRefAttr:
    return attr() && list(1);
  case kCallSiteLoc:
  case kNameLoc:
    return attr() && attr();
  case kFileLineColLoc:
  case kFileLineColRange:
    return attr();
  case kFloatAttr: {
    // MLIR's reader casts the type to a float type unchecked (its
    // semantics say how many bits the value has): anything else crashes it.
    if (!type())
      return false;
    uint64_t floatType = out.back() - attrs.size();
    if (!isBuiltinFloatType(floatType))
      return fail(cursor.offset(),
                  llvm::formatv("attribute {0} is a float attribute whose "
                                "type is not a builtin float type",
                                index));
    // Its bits, as MLIR's writer writes an APInt of the type's width: up to
    // 64 bits one zigzag varint, whose value must fit the width (MLIR's
    // reader keeps the bits beyond it, and the float built on them reads
    // out of bounds).
    std::optional<uint64_t> bits = storageBitsOf(floatType);
    if (!bits || *bits > 64)
      return true; // multi-word: MLIR's reader drops the bits beyond
    uint64_t zigzag;
    if (!cursor.varInt(zigzag))
      return failed(cursor);
    uint64_t value = (zigzag >> 1) ^ (0 - (zigzag & 1));
    if (*bits < 64 && (value >> *bits) != 0)
      return fail(cursor.offset(),
                  llvm::formatv("float attribute {0} holds more than the "
                                "{1} bits of its type",
                                index, *bits));
    return true;
  }
  case kIntegerAttr:
  case kDenseResourceElementsAttr:
  case kDenseStringElementsAttr:
  case kSparseElementsAttr:
    return type();
  case kDenseArrayAttr: {
    uint64_t size, bytes;
    if (!type() || !cursor.varInt(size) || !blob(bytes))
      return failed(cursor);
    std::optional<uint64_t> bits = storageBitsOf(out.back() - attrs.size());
    // Booleans are a byte each in an array.
    if (bits && *bits == 1)
      bits = 8;
    if (bits && *bits % 8 == 0 &&
        (size > UINT64_MAX / (*bits / 8) || size * (*bits / 8) != bytes))
      return fail(cursor.offset(),
                  llvm::formatv("a dense array of {0} elements of {1} bits "
                                "holds {2} bytes",
                                size, *bits, bytes));
    return true;
  }
  case kDenseIntOrFPElementsAttr: {
    uint64_t bytes;
    if (!type() || !blob(bytes))
      return false;
    uint64_t shaped = out.back() - attrs.size();
    std::optional<std::pair<uint64_t, uint64_t>> elements =
        shapedElementsOf(shaped);
    if (!elements)
      return true; // a type this walk does not decode: MLIR checks it
    auto [count, bits] = *elements;
    // A splat holds one element; i1 may be packed by the bit.
    uint64_t storage = (bits + 7) / 8;
    bool valid = bytes == storage ||
                 (count <= UINT64_MAX / std::max<uint64_t>(storage, 1) &&
                  bytes == count * storage) ||
                 (bits == 1 && bytes == (count + 7) / 8);
    if (!valid)
      return fail(cursor.offset(),
                  llvm::formatv("dense elements of {0} x {1} bits held in "
                                "{2} bytes",
                                count, bits, bytes));
    return true;
  }
  case kUnitAttr:
  case kUnknownLoc:
  case kDistinctAttr:
    return true;
  default:
    return fail(cursor.offset(),
                llvm::formatv("attribute {0} has unknown builtin code {1}",
                              index, code));
  }
}

bool Validator::checkBuiltinType(uint64_t index, Cursor &cursor,
                                 llvm::SmallVectorImpl<uint64_t> &out) {
  uint64_t code;
  if (!cursor.varInt(code))
    return failed(cursor);
  auto attr = [&]() {
    uint64_t child;
    if (!cursor.index(child, attrs.size(), "attribute"))
      return failed(cursor);
    out.push_back(child);
    return true;
  };
  auto type = [&]() {
    uint64_t child;
    if (!cursor.index(child, types.size(), "type"))
      return failed(cursor);
    out.push_back(attrs.size() + child);
    return true;
  };
  auto types = [&]() {
    uint64_t count;
    if (!cursor.count(count, "types"))
      return failed(cursor);
    for (uint64_t i = 0; i < count; ++i)
      if (!type())
        return false;
    return true;
  };
  // A list of signed varints (dimensions) or of bools.
  auto values = [&](bool bools) {
    uint64_t count;
    if (!cursor.count(count, bools ? "flags" : "dimensions"))
      return failed(cursor);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t value;
      uint8_t flag;
      if (bools ? !cursor.byte(flag) : !cursor.varInt(value))
        return failed(cursor);
    }
    return true;
  };
  switch (code) {
  case kIntegerType: {
    uint64_t widthAndSignedness;
    if (!cursor.varInt(widthAndSignedness))
      return failed(cursor);
    // IntegerType::kMaxWidth.
    if ((widthAndSignedness >> 2) > (1u << 24))
      return fail(cursor.offset(), "an integer type wider than MLIR allows");
    return true;
  }
  case kFunctionType:
    return types() && types();
  case kComplexType:
  case kUnrankedTensorType:
  case kUnrankedMemRefType:
    return type();
  case kUnrankedMemRefTypeWithMemSpace:
    return attr() && type();
  case kMemRefType:
    return values(false) && type() && attr();
  case kMemRefTypeWithMemSpace:
    return attr() && values(false) && type() && attr();
  case kRankedTensorType:
  case kVectorType:
    return values(false) && type();
  case kRankedTensorTypeWithEncoding:
    return attr() && values(false) && type();
  case kVectorTypeWithScalableDims:
    return values(true) && values(false) && type();
  case kTupleType:
    return types();
  case kIndexType:
  case kBFloat16Type:
  case kFloat16Type:
  case kFloat32Type:
  case kFloat64Type:
  case kFloat80Type:
  case kFloat128Type:
  case kNoneType:
    return true;
  default:
    return fail(cursor.offset(),
                llvm::formatv("type {0} has unknown builtin code {1}", index,
                              code));
  }
}

std::optional<Cursor> Validator::readBuiltinTypeCode(uint64_t type,
                                                     uint64_t &code) const {
  const Entry &entry = types[type];
  if (!entry.custom || !builtin || entry.dialect != *builtin)
    return std::nullopt;
  Cursor cursor(entry.data, file.data());
  if (!cursor.varInt(code))
    return std::nullopt;
  return cursor;
}

bool Validator::isBuiltinFloatType(uint64_t type) const {
  uint64_t code;
  return readBuiltinTypeCode(type, code) && code >= kBFloat16Type &&
         code <= kFloat128Type;
}

std::optional<uint64_t> Validator::storageBitsOf(uint64_t type) const {
  uint64_t code;
  std::optional<Cursor> rest = readBuiltinTypeCode(type, code);
  if (!rest)
    return std::nullopt;
  Cursor &cursor = *rest;
  switch (code) {
  case kIntegerType: {
    uint64_t widthAndSignedness;
    if (!cursor.varInt(widthAndSignedness))
      return std::nullopt;
    uint64_t width = widthAndSignedness >> 2;
    return width == 1 ? 1 : llvm::alignTo(width, 8);
  }
  case kIndexType:
  case kFloat64Type:
    return 64;
  case kBFloat16Type:
  case kFloat16Type:
    return 16;
  case kFloat32Type:
    return 32;
  case kFloat80Type:
    return 80;
  case kFloat128Type:
    return 128;
  case kComplexType: {
    uint64_t element;
    if (!cursor.varInt(element) || element >= types.size() ||
        element == type)
      return std::nullopt;
    std::optional<uint64_t> bits = storageBitsOf(element);
    if (!bits || *bits == 1)
      return std::nullopt;
    return 2 * *bits;
  }
  default:
    return std::nullopt;
  }
}

std::optional<std::pair<uint64_t, uint64_t>>
Validator::shapedElementsOf(uint64_t type) const {
  uint64_t code;
  std::optional<Cursor> rest = readBuiltinTypeCode(type, code);
  if (!rest)
    return std::nullopt;
  Cursor &cursor = *rest;
  if (code == kRankedTensorTypeWithEncoding) {
    uint64_t encoding;
    if (!cursor.varInt(encoding))
      return std::nullopt;
  } else if (code == kVectorTypeWithScalableDims) {
    uint64_t count;
    if (!cursor.varInt(count) || !cursor.skip(count))
      return std::nullopt;
  } else if (code != kRankedTensorType && code != kVectorType) {
    return std::nullopt;
  }
  uint64_t rank, count = 1;
  if (!cursor.varInt(rank) || rank > cursor.remaining())
    return std::nullopt;
  for (uint64_t i = 0; i < rank; ++i) {
    uint64_t zigzag;
    if (!cursor.varInt(zigzag))
      return std::nullopt;
    int64_t dim = int64_t(zigzag >> 1) ^ -int64_t(zigzag & 1);
    // A dynamic dimension (-1) has no dense data; MLIR says so itself.
    if (dim < 0)
      return std::nullopt;
    if (dim && count > UINT64_MAX / uint64_t(dim))
      return std::make_pair(UINT64_MAX, uint64_t(8));
    count *= uint64_t(dim);
  }
  uint64_t element;
  if (!cursor.varInt(element) || element >= types.size())
    return std::nullopt;
  std::optional<uint64_t> bits = storageBitsOf(element);
  if (!bits)
    return std::nullopt;
  return std::make_pair(count, *bits);
}

bool Validator::checkDepths() {
  // Longest chains of references, without recursion; a chain that comes
  // back to where it started would make MLIR's reader loop.
  enum : uint8_t { kNew, kOpen, kDone };
  size_t n = children.size();
  std::vector<uint8_t> state(n, kNew);
  std::vector<uint64_t> depth(n, 1);
  std::vector<std::pair<uint64_t, size_t>> stack;
  for (uint64_t root = 0; root < n; ++root) {
    if (state[root] != kNew)
      continue;
    stack.push_back({root, 0});
    state[root] = kOpen;
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next < children[node].size()) {
        uint64_t child = children[node][next++];
        if (state[child] == kOpen) {
          bool isAttr = child < attrs.size();
          const Entry &entry =
              isAttr ? attrs[child] : types[child - attrs.size()];
          return fail(offsetOf(entry.data.data()),
                      llvm::formatv("{0} {1} contains itself",
                                    isAttr ? "attribute" : "type",
                                    isAttr ? child : child - attrs.size()));
        }
        if (state[child] == kNew) {
          state[child] = kOpen;
          stack.push_back({child, 0});
        }
        continue;
      }
      uint64_t deepest = 0;
      for (uint64_t child : children[node])
        deepest = std::max(deepest, depth[child]);
      depth[node] = deepest + 1;
      if (depth[node] > limits.maxNestingDepth) {
        bool isAttr = node < attrs.size();
        const Entry &entry = isAttr ? attrs[node] : types[node - attrs.size()];
        return fail(offsetOf(entry.data.data()),
                    limitMessage(llvm::formatv("{0} {1} nests {2} levels deep",
                                               isAttr ? "attribute" : "type",
                                               isAttr ? node
                                                      : node - attrs.size(),
                                               depth[node]),
                                 "max-nesting-depth", limits.maxNestingDepth));
      }
      state[node] = kDone;
      stack.pop_back();
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// IR
//===----------------------------------------------------------------------===//

bool Validator::defineValues(Cursor &cursor, uint64_t count) {
  // Into the innermost region being read, as far as the values reserved so
  // far reach (MLIR's check).
  ValueScope &scope = scopes.back();
  uint64_t &next = scope.nextValue.back();
  if (count > scope.numValues - next)
    return fail(cursor.offset(),
                llvm::formatv("{0} values defined where the region reserved "
                              "{1} more",
                              count, scope.numValues - next));
  next += count;
  return true;
}

bool Validator::readUseListOrders(Cursor &cursor, uint64_t numValues,
                                  std::optional<uint64_t> firstValue) {
  uint64_t toRead = 1;
  if (numValues > 1 && !cursor.count(toRead, "use-list orders"))
    return failed(cursor);
  for (uint64_t i = 0; i < toRead; ++i) {
    uint64_t which = 0;
    if (numValues > 1 && !cursor.index(which, numValues, "value"))
      return failed(cursor);
    uint64_t count;
    bool pairs;
    size_t at = cursor.offset();
    if (!cursor.varIntWithFlag(count, pairs))
      return failed(cursor);
    if (count > cursor.remaining())
      return fail(at, llvm::formatv("{0} use-list indices cannot fit in the "
                                    "{1} bytes that remain",
                                    count, cursor.remaining()));
    uint64_t largest = 0;
    for (uint64_t j = 0; j < count; ++j) {
      uint64_t index;
      if (!cursor.varInt(index))
        return failed(cursor);
      largest = std::max(largest, index);
    }
    // MLIR indexes the uses with an order of index pairs unchecked; a full
    // order it checks itself. Checked against the uses when the region
    // closes.
    if (pairs && count && firstValue)
      scopes.back().orders.push_back({*firstValue + which, largest, at});
  }
  return true;
}

bool Validator::readBlockHeader(RegionState &state, bool topLevel) {
  Cursor &cursor = *state.cursor;
  bool hasArgs;
  if (!cursor.varIntWithFlag(state.opsLeft, hasArgs))
    return failed(cursor);
  // An op is at least its name, its mask and its location.
  if (state.opsLeft > cursor.remaining() / 3)
    return fail(cursor.offset(),
                llvm::formatv("{0} operations cannot fit in the {1} bytes "
                              "that remain",
                              state.opsLeft, cursor.remaining()));
  if (!hasArgs)
    return true;
  // MLIR's reader has no value scope for them yet.
  if (topLevel)
    return fail(cursor.offset(), "the top-level block has arguments");
  uint64_t numArgs;
  if (!cursor.count(numArgs, "block arguments"))
    return failed(cursor);
  for (uint64_t i = 0; i < numArgs; ++i) {
    uint64_t type, loc;
    bool hasLoc = true;
    if (version >= kElideUnknownBlockArgLocation) {
      if (!cursor.indexWithFlag(type, hasLoc, types.size(), "type"))
        return failed(cursor);
    } else if (!cursor.index(type, types.size(), "type")) {
      return failed(cursor);
    }
    if (hasLoc && !cursor.index(loc, attrs.size(), "attribute"))
      return failed(cursor);
  }
  uint64_t first = scopes.back().nextValue.back();
  if (!defineValues(cursor, numArgs))
    return false;
  if (version < kUseListOrdering)
    return true;
  uint8_t hasOrders;
  if (!cursor.byte(hasOrders))
    return failed(cursor);
  if (!hasOrders)
    return true;
  if (numArgs == 0)
    return fail(cursor.offset(), "use-list orders for a block without "
                                 "arguments");
  return readUseListOrders(cursor, numArgs, first);
}

void Validator::openRegion(RegionState &state) {
  ValueScope &scope = scopes.back();
  scope.regionBase.push_back(scope.numValues);
  scope.nextValue.push_back(scope.numValues);
  scope.numValues += state.numValues;
  scope.uses.resize(scope.numValues, 0);
  state.inRegion = true;
}

bool Validator::closeRegion(RegionState &state) {
  // The region's values leave the scope: their orders are checked against
  // the uses they got.
  ValueScope &scope = scopes.back();
  uint64_t base = scope.regionBase.back();
  for (const ValueScope::Order &order : scope.orders)
    if (order.value >= base && order.value < scope.uses.size() &&
        order.largest >= scope.uses[order.value])
      return fail(order.offset,
                  llvm::formatv("a use-list order names use {0} of a value "
                                "with {1} uses",
                                order.largest, scope.uses[order.value]));
  llvm::erase_if(scope.orders, [&](const ValueScope::Order &order) {
    return order.value >= base;
  });
  scope.numValues = base;
  scope.uses.resize(base);
  scope.regionBase.pop_back();
  scope.nextValue.pop_back();
  state.inRegion = false;
  state.numValues = 0;
  return true;
}

bool Validator::readRegionHeader(RegionState &state) {
  Cursor &cursor = *state.cursor;
  if (!cursor.count(state.numBlocks, "blocks"))
    return failed(cursor);
  if (state.numBlocks == 0)
    return true; // an empty region
  if (!cursor.count(state.numValues, "values"))
    return failed(cursor);
  openRegion(state);
  state.blocksLeft = state.numBlocks - 1;
  return readBlockHeader(state);
}

bool Validator::readOp(RegionState &state, std::vector<RegionState> &stack) {
  Cursor &cursor = *state.cursor;
  uint64_t opName, loc;
  uint8_t mask;
  if (!cursor.index(opName, opRegistered.size(), "op name") ||
      !cursor.byte(mask) || !cursor.index(loc, attrs.size(), "attribute"))
    return failed(cursor);
  if (mask & 0x80)
    return fail(cursor.offset() - 1, "unknown bits in an op's encoding mask");
  uint64_t index;
  if ((mask & kHasAttrs) && !cursor.index(index, attrs.size(), "attribute"))
    return failed(cursor);
  if (mask & kHasProperties) {
    if (version < kNativePropertiesEncoding)
      return fail(cursor.offset(), "properties in bytecode older than "
                                   "version 5");
    if (opRegistered[opName]
            ? !cursor.index(index, numProperties, "properties")
            : !cursor.index(index, attrs.size(), "attribute"))
      return failed(cursor);
  }
  uint64_t numResults = 0;
  if (mask & kHasResults) {
    if (!cursor.count(numResults, "results"))
      return failed(cursor);
    for (uint64_t i = 0; i < numResults; ++i)
      if (!cursor.index(index, types.size(), "type"))
        return failed(cursor);
  }
  if (mask & kHasOperands) {
    uint64_t numOperands;
    if (!cursor.count(numOperands, "operands"))
      return failed(cursor);
    ValueScope &scope = scopes.back();
    for (uint64_t i = 0; i < numOperands; ++i) {
      if (!cursor.index(index, scope.numValues, "value"))
        return failed(cursor);
      if (scope.uses[index] == UINT32_MAX)
        return fail(cursor.offset(), "a value with more uses than MLIR "
                                     "counts");
      ++scope.uses[index];
    }
  }
  if (mask & kHasSuccessors) {
    uint64_t numSuccessors;
    if (!cursor.count(numSuccessors, "successors"))
      return failed(cursor);
    for (uint64_t i = 0; i < numSuccessors; ++i)
      if (!cursor.index(index, state.numBlocks, "block"))
        return failed(cursor);
  }
  // Results are values only in a region that reserved some (MLIR's reader
  // skips them otherwise).
  bool definesResults = state.numValues && numResults;
  std::optional<uint64_t> firstResult;
  if (definesResults)
    firstResult = scopes.back().nextValue.back();
  if (version >= kUseListOrdering && (mask & kHasUseListOrders) &&
      !readUseListOrders(cursor, numResults, firstResult))
    return false;
  uint64_t numRegions = 0;
  bool isolated = false;
  if (mask & kHasInlineRegions) {
    if (!cursor.varIntWithFlag(numRegions, isolated))
      return failed(cursor);
    if (numRegions > cursor.remaining())
      return fail(cursor.offset(),
                  llvm::formatv("{0} regions cannot fit in the {1} bytes that "
                                "remain",
                                numRegions, cursor.remaining()));
  }
  if (definesResults && !defineValues(cursor, numResults))
    return false;
  if (!numRegions)
    return true;
  if (stack.size() >= limits.maxNestingDepth)
    return fail(cursor.offset(),
                limitMessage(llvm::formatv("regions nested deeper than {0} "
                                           "levels",
                                           limits.maxNestingDepth),
                             "max-nesting-depth", limits.maxNestingDepth));
  RegionState child;
  child.regionsLeft = numRegions;
  child.cursor = &cursor;
  child.isolated = isolated;
  if (isolated && version >= kLazyLoading) {
    size_t start = cursor.offset();
    uint8_t id;
    ArrayRef<uint8_t> data;
    if (!cursor.section(id, data, bufferAlignment))
      return failed(cursor);
    if (id != kIR)
      return fail(start, "an isolated region is not an IR section");
    child.owned = std::make_unique<Cursor>(data, file.data());
    child.cursor = child.owned.get();
  }
  if (isolated)
    scopes.emplace_back();
  stack.push_back(std::move(child));
  return true;
}

bool Validator::readIR() {
  Cursor top(*sections[kIR], file.data());
  // The top level: one block of the reader's own module, in a scope of no
  // values.
  scopes.emplace_back();
  std::vector<RegionState> stack;
  RegionState root;
  root.cursor = &top;
  root.isolated = true;
  root.numBlocks = 1;
  openRegion(root);
  if (!readBlockHeader(root, /*topLevel=*/true))
    return false;
  // A writer writes the op it was given: a top level of no op is a flipped
  // count, which would read as an empty module.
  if (root.opsLeft == 0)
    return fail(top.offset(), "the top level holds no operation");
  stack.push_back(std::move(root));
  while (!stack.empty()) {
    RegionState &state = stack.back();
    if (!state.inRegion) {
      if (state.regionsLeft) {
        --state.regionsLeft;
        if (!readRegionHeader(state))
          return false;
        continue;
      }
      // Every region of the op is read. A section of its own (the top
      // level, an isolated region) is read to its end: MLIR's reader
      // ignores what follows, so a count made smaller would drop the ops
      // after it silently.
      if ((state.owned || stack.size() == 1) && !state.cursor->empty())
        return fail(state.cursor->offset(),
                    llvm::formatv("{0} bytes after the last operation of its "
                                  "IR section",
                                  state.cursor->remaining()));
      bool isolated = state.isolated;
      stack.pop_back();
      if (isolated)
        scopes.pop_back();
      continue;
    }
    if (state.opsLeft) {
      --state.opsLeft;
      if (!readOp(state, stack))
        return false;
      continue;
    }
    if (state.blocksLeft) {
      --state.blocksLeft;
      if (!readBlockHeader(state))
        return false;
      continue;
    }
    if (!closeRegion(state))
      return false;
  }
  return true;
}

} // namespace

bool snr::isBytecode(StringRef bytes) {
  return bytes.starts_with(StringRef("ML\xef\x52", 4));
}

llvm::Error snr::checkBytecodeStructure(StringRef bytes, StringRef name) {
  return Validator(bytes, name).run();
}
