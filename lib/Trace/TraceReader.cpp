//===- TraceReader.cpp - Streaming reader of SnR traces -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One JSON object per line, parsed in place with simdjson's on-demand API
// (chosen by measurement: see bench/README.md). Every field is checked against
// the ISA table's operand layout; the first error stops the read with the
// line and column of the offending value.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/TraceReader.h"
#include "JsonLineReader.h"
#include "SnR/Trace/LineSource.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <simdjson.h>

using namespace snr;
using namespace snr::trace;
using llvm::StringRef;
using llvm::Twine;
namespace ondemand = simdjson::ondemand;

TraceConsumer::~TraceConsumer() = default;

char TraceError::ID = 0;

void TraceError::log(llvm::raw_ostream &os) const {
  os << file << ':';
  if (pos.line)
    os << pos.line << ':' << pos.column << ':';
  os << ' ' << message;
}

std::error_code TraceError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

const LineEntry *LineTable::lookup(uint64_t pc) const {
  auto it = llvm::partition_point(
      entries, [&](const LineEntry &entry) { return entry.pc < pc; });
  return it != entries.end() && it->pc == pc ? &*it : nullptr;
}

const HloRange *TraceHeader::lookupHlo(uint64_t pc) const {
  auto it = llvm::upper_bound(
      hloMap, pc, [](uint64_t pc, const HloRange &r) { return pc < r.begin; });
  if (it == hloMap.begin())
    return nullptr;
  --it;
  return pc < it->end ? &*it : nullptr;
}

namespace {

/// Fields of an instruction record.
enum class Field {
  Pc, Op, Rd, Rs1, Rs2, Imm, Row, Target, Size, Value, Predicate, Addr, Src,
  Dst, Flag, Guard, Executed, Taken, Unknown
};
constexpr unsigned kNumFields = unsigned(Field::Unknown);
constexpr const char *kFieldNames[] = {
    "pc",  "op",   "rd",    "rs1",       "rs2",  "imm", "row",
    "target", "size", "value", "predicate", "addr", "src", "dst",
    "flag", "guard", "executed", "taken"};
static_assert(sizeof(kFieldNames) / sizeof(kFieldNames[0]) == kNumFields);

Field lookupField(std::string_view key) {
  for (unsigned i = 0; i < kNumFields; ++i)
    if (key == kFieldNames[i])
      return Field(i);
  return Field::Unknown;
}

class Reader : public RecordLineReader {
public:
  Reader(StringRef file, TraceConsumer &consumer, const ReaderOptions &options)
      : RecordLineReader(file, options.limits), consumer(consumer),
        options(options) {
    for (unsigned i = 0; i < arch::kNumOpcodes; ++i)
      opcodes[arch::getMnemonic(arch::Opcode(i))] = arch::Opcode(i);
  }

private:
  bool finish() override;
  void onHeaderParsed() override;

  // Typed values.
  bool getFloat(ondemand::value value, StringRef key, float &out);
  bool getReg(ondemand::value value, StringRef key, arch::Reg &out);
  bool getMemOperand(ondemand::value value, StringRef key,
                     arch::MemOperand &out);

  // Records.
  bool parseHeader(ondemand::object object) override;
  bool parseRegister(ondemand::object object, const char *start) override;
  bool parseMemory(ondemand::object object, const char *start) override;
  bool parseInstruction(ondemand::object object, const char *start) override;

  TraceConsumer &consumer;
  const ReaderOptions &options;
  llvm::StringMap<arch::Opcode> opcodes;

  bool sawInstruction = false;
  TraceHeader header;

  // Snapshot checks.
  llvm::DenseSet<std::pair<unsigned, unsigned>> snapshotRegs;
  llvm::SmallVector<arch::MemRegion> regions;
  std::vector<SourcePos> regionPos;

  // Control-flow continuity.
  uint64_t expectedPc = 0;
  const char *expectedWhy = "the header's start_pc";
  bool halted = false;
  uint64_t instructionCount = 0;
  /// The instruction before fell through past the last address.
  bool fellOffTheEnd = false;
  /// Snapshot memory so far: bytes and records.
  uint64_t snapshotBytes = 0, snapshotRegions = 0;
  std::vector<uint8_t> bytes;
};

/// The f32 whose bits "0x" + 8 hex digits spell, as the dialect prints a
/// NaN lane; the only spelling that keeps a NaN's sign and payload.
static std::optional<float> parseBitPattern(StringRef text) {
  if (text.size() != 10 || !text.consume_front("0x") ||
      !llvm::all_of(text, llvm::isHexDigit))
    return std::nullopt;
  uint32_t bits;
  if (text.getAsInteger(16, bits))
    return std::nullopt;
  return llvm::bit_cast<float>(bits);
}

bool Reader::getFloat(ondemand::value value, StringRef key, float &out) {
  const char *start = at(value);
  double number;
  if (!value.get_double().get(number)) {
    out = float(number);
    return true;
  }
  std::string_view text;
  if (!value.get_string().get(text)) {
    if (text == "nan")
      out = std::numeric_limits<float>::quiet_NaN();
    else if (text == "inf" || text == "-inf")
      out = (text == "inf" ? 1 : -1) * std::numeric_limits<float>::infinity();
    else if (std::optional<float> bits = parseBitPattern(StringRef(text)))
      out = *bits;
    else
      return fail(start, "'" + key + "' is " + quoted(text) +
                             "; expected a number, \"inf\", \"-inf\", "
                             "\"nan\" or a bit pattern \"0x\" + 8 hex "
                             "digits (\"0xFFC00000\")");
    return true;
  }
  return fail(start, "'" + key + "' must be a number");
}

bool Reader::getReg(ondemand::value value, StringRef key, arch::Reg &out) {
  const char *start = at(value);
  std::string_view name;
  if (!getString(value, key, name))
    return false;
  std::optional<arch::Reg> reg = arch::parseReg(StringRef(name));
  if (!reg)
    return fail(start, "'" + key + "' is " + quoted(name) +
                           ", not a register (s0-s31, p0-p7, v0-v31, f0-f15, "
                           "w0-w15, q0-q15)");
  out = *reg;
  return true;
}

bool Reader::getMemOperand(ondemand::value value, StringRef key,
                           arch::MemOperand &out) {
  const char *start = at(value);
  ondemand::object object;
  if (value.get_object().get(object))
    return fail(start, "'" + key +
                           "' must be an object {\"space\", \"chip\", "
                           "\"base\", \"offset\"}");
  out = {};
  bool sawSpace = false, sawChip = false;
  KeySet keys;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view name;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(name))
      return fail(start, "malformed JSON in '" + key + "'");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(keys, name, vat, key))
      return false;
    std::string path = (key + "." + StringRef(name)).str();
    if (name == "space") {
      std::string_view space;
      if (!getString(v, path, space))
        return false;
      std::optional<arch::MemSpace> parsed =
          arch::lookupMemSpace(StringRef(space));
      if (!parsed)
        return fail(vat, "'" + path + "' is " + quoted(space) +
                             "; expected smem, vmem, hbm or rhbm");
      out.space = *parsed;
      sawSpace = true;
    } else if (name == "chip") {
      uint64_t chip;
      if (!getUInt(v, path, chip))
        return false;
      if (chip >= arch::kMaxChips)
        return fail(vat, llvm::formatv("'{0}' {1} is out of range (0-{2})",
                                       path, chip, arch::kMaxChips - 1));
      out.chip = uint8_t(chip);
      sawChip = true;
    } else if (name == "base") {
      arch::Reg reg;
      if (!getReg(v, path, reg))
        return false;
      if (reg.cls != arch::RegClass::Scalar)
        return fail(vat, "'" + path + "' must be a scalar register, but is '" +
                             arch::formatReg(reg) + "'");
      out.hasBase = true;
      out.base = reg.index;
    } else if (name == "offset") {
      if (!getInt(v, path, out.offset))
        return false;
    } else {
      return fail(vat - 3 - name.size(),
                  "unknown field '" + path +
                      "'; a memory operand has space, chip, base, offset");
    }
  }
  if (!sawSpace)
    return fail(start, "'" + key + "' has no 'space'");
  if (out.space == arch::MemSpace::RemoteHbm && !sawChip)
    return fail(start, "'" + key + "' is in rhbm but names no 'chip'");
  if (out.space != arch::MemSpace::RemoteHbm && sawChip)
    return fail(start, "'" + key + "' names a chip, but only rhbm has chips");
  return true;
}

bool Reader::finish() {
  if (!sawHeader)
    return fail(nullptr, "empty trace: expected a header line {\"format\": "
                         "\"snr-trace\", ...}");
  if (header.instructionCount && *header.instructionCount != instructionCount)
    return fail(nullptr, llvm::formatv("the header announces {0} instructions "
                                       "but the file has {1} (truncated?)",
                                       *header.instructionCount,
                                       instructionCount));
  return true;
}

void Reader::onHeaderParsed() {
  expectedPc = header.startPc;
  consumer.onHeader(header);
}

bool Reader::parseHeader(ondemand::object object) {
  const char *start = line.data();
  CommonHeaderSeen saw;
  KeySet keys;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in the header");
    ondemand::value value = field.value();
    const char *vat = at(value);
    if (!noteKey(keys, key, vat))
      return false;
    switch (parseCommonHeaderField(key, value, header, saw)) {
    case HeaderField::Read:
      continue;
    case HeaderField::Failed:
      return false;
    case HeaderField::NotCommon:
      break;
    }
    if (key == "isa") {
      // Traces of other ISAs (docs/trace-format.md, "Other ISAs") are read
      // by their target's reader.
      std::string_view isa;
      if (!getString(value, "isa", isa))
        return false;
      if (isa != "snr")
        return fail(vat, "the trace is of ISA " + quoted(isa) +
                             "; this reader reads traces of the snr ISA");
    } else if (key == "reordered") {
      if (!getBool(value, "reordered", header.reordered))
        return false;
    } else {
      return fail(vat - 3 - key.size(),
                  "unknown header field " + quoted(key) +
                      "; expected format, version, isa, machine, program, "
                      "start_pc, instructions, hlo_map, reordered, "
                      "line_table");
    }
  }
  const char *missing = !saw.format    ? "format"
                        : !saw.version ? "version"
                        : !saw.machine ? "machine"
                        : !saw.start   ? "start_pc"
                                       : nullptr;
  if (missing)
    return fail(start, Twine("the header has no '") + missing +
                           "' field (the first line of a trace is its header)");
  return true;
}

bool Reader::parseRegister(ondemand::object object, const char *start) {
  if (sawInstruction)
    return fail(start, "snapshot entries come before the first instruction");
  arch::Reg reg;
  const char *regAt = start;
  std::optional<int64_t> value;
  std::optional<arch::Vector> lanes;
  KeySet keys;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in a register record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(keys, key, vat))
      return false;
    if (key == "reg") {
      regAt = vat;
      if (!getReg(v, "reg", reg))
        return false;
    } else if (key == "value") {
      int64_t scalar;
      if (!getInt(v, "value", scalar))
        return false;
      value = scalar;
    } else if (key == "lanes") {
      ondemand::array array;
      if (v.get_array().get(array))
        return fail(vat, "'lanes' must be an array of 16 numbers");
      arch::Vector parsed{};
      size_t count = 0;
      for (auto laneResult : array) {
        ondemand::value laneValue;
        float lane;
        if (std::move(laneResult).get(laneValue) ||
            !getFloat(laneValue, llvm::formatv("lanes[{0}]", count).str(),
                      lane))
          return error ? false : fail(vat, "malformed JSON in 'lanes'");
        if (count < parsed.size())
          parsed[count] = lane;
        ++count;
      }
      if (count != arch::kVectorLanes)
        return fail(vat, llvm::formatv("'lanes' has {0} lanes; expected {1}",
                                       count, arch::kVectorLanes));
      lanes = parsed;
    } else {
      return fail(vat - 3 - key.size(),
                  "unknown field " + quoted(key) +
                      " in a register record; expected reg and value "
                      "(scalar, predicate, flag) or lanes (vector, weight "
                      "row, result slot)");
    }
  }
  bool isVector = arch::holdsLanes(reg.cls);
  if (isVector ? !lanes || value : !value || lanes)
    return fail(regAt, "'" + arch::formatReg(reg) + "' needs " +
                           (isVector ? "'lanes' (16 numbers)"
                                     : "'value' (an integer)") +
                           " and nothing else");
  if (!isVector) {
    std::string message = arch::validateRegisterValue(reg, *value);
    if (!message.empty())
      return fail(regAt, "'" + arch::formatReg(reg) + "': " + message);
  }
  if (!snapshotRegs.insert({unsigned(reg.cls), reg.index}).second)
    return fail(regAt, "'" + arch::formatReg(reg) +
                           "' appears twice in the snapshot");
  SourcePos pos{lineNo, unsigned(regAt - line.data()) + 1};
  if (isVector)
    consumer.onVectorRegister(reg, *lanes, pos);
  else
    consumer.onRegister(reg, *value, pos);
  return true;
}

bool Reader::parseMemory(ondemand::object object, const char *start) {
  if (sawInstruction)
    return fail(start, "snapshot entries come before the first instruction");
  std::optional<arch::MemSpace> space;
  const char *spaceAt = start, *addrAt = start;
  unsigned chip = 0;
  bool sawChip = false, sawAddr = false, sawBytes = false;
  uint64_t addr = 0;
  KeySet keys;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in a memory record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(keys, key, vat))
      return false;
    if (key == "mem") {
      spaceAt = vat;
      std::string_view name;
      if (!getString(v, "mem", name))
        return false;
      space = arch::lookupMemSpace(StringRef(name));
      if (!space)
        return fail(vat, "'mem' is " + quoted(name) +
                             "; expected smem, vmem, hbm or rhbm");
    } else if (key == "chip") {
      uint64_t value;
      if (!getUInt(v, "chip", value))
        return false;
      if (value >= arch::kMaxChips)
        return fail(vat, llvm::formatv("'chip' {0} is out of range (0-{1})",
                                       value, arch::kMaxChips - 1));
      chip = unsigned(value);
      sawChip = true;
    } else if (key == "addr") {
      addrAt = vat;
      if (!getUInt(v, "addr", addr))
        return false;
      sawAddr = true;
    } else if (key == "bytes") {
      std::string_view hex;
      if (!getString(v, "bytes", hex))
        return false;
      // Counted before they are decoded: the snapshot's bytes together.
      uint64_t limit = options.limits.maxSnapshotBytes;
      if (hex.size() / 2 > limit - std::min(limit, snapshotBytes))
        return fail(vat, limitMessage("the snapshot holds more than " +
                                          Twine(limit) + " bytes",
                                      "max-snapshot-bytes", limit));
      if (hex.empty() || !decodeHex(hex, bytes))
        return fail(vat, "'bytes' must be a non-empty string of hexadecimal "
                         "digit pairs");
      sawBytes = true;
    } else {
      return fail(vat - 3 - key.size(),
                  "unknown field " + quoted(key) +
                      " in a memory record; expected mem, chip, addr, bytes");
    }
  }
  if (!sawAddr || !sawBytes)
    return fail(start, "a memory record needs 'addr' and 'bytes'");
  if ((*space == arch::MemSpace::RemoteHbm) != sawChip)
    return fail(spaceAt, sawChip ? "only rhbm records name a 'chip'"
                                 : "an rhbm record needs a 'chip'");
  uint64_t size = options.memorySizes.size(*space);
  if (addr > size || bytes.size() > size - addr)
    return fail(addrAt,
                llvm::formatv("{0}[{1}, {2}) is outside {0} ({3} bytes)",
                              arch::getMemSpaceName(*space), addr,
                              addr + bytes.size(), size));
  if (++snapshotRegions > options.limits.maxInstructions)
    return fail(start, limitMessage("the snapshot has more than " +
                                        Twine(options.limits.maxInstructions) +
                                        " memory regions",
                                    "max-instructions",
                                    options.limits.maxInstructions));
  snapshotBytes += bytes.size();
  regions.push_back({*space, chip, addr, addr + bytes.size(), regionPos.size()});
  regionPos.push_back({lineNo, unsigned(addrAt - line.data()) + 1});
  consumer.onMemory(*space, chip, addr, bytes,
                    {lineNo, unsigned(spaceAt - line.data()) + 1});
  return true;
}

bool Reader::parseInstruction(ondemand::object object, const char *start) {
  if (!sawInstruction) {
    // The snapshot is complete: check its regions once.
    sawInstruction = true;
    if (auto overlap = arch::findOverlap(regions)) {
      SourcePos later = regionPos[overlap->second.id];
      SourcePos earlier = regionPos[overlap->first.id];
      error = std::make_unique<TraceError>(
          file, later,
          llvm::formatv("snapshot region {0}[{1}, {2}) overlaps the region "
                        "[{3}, {4}) of line {5}",
                        arch::getMemSpaceName(overlap->second.space),
                        overlap->second.begin, overlap->second.end,
                        overlap->first.begin, overlap->first.end, earlier.line)
              .str());
      return false;
    }
  }
  if (halted)
    return fail(start, "an instruction follows the executed halt");
  if (instructionCount >= options.limits.maxInstructions)
    return fail(start, limitMessage("the trace has more than " +
                                        Twine(options.limits.maxInstructions) +
                                        " instructions",
                                    "max-instructions",
                                    options.limits.maxInstructions));

  arch::Instruction inst;
  RecordedOutcome outcome;
  const char *fieldAt[kNumFields] = {};
  arch::Reg regs[3];       // rd, rs1, rs2
  arch::Reg flag;
  int64_t imm = 0;
  Field immField = Field::Unknown;
  std::string_view opName, cmpName;
  float value = 0;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in an instruction record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    Field f = lookupField(key);
    if (f == Field::Unknown)
      return fail(vat - 3 - key.size(),
                  "unknown field " + quoted(key) + " in an instruction record");
    if (fieldAt[unsigned(f)])
      return fail(vat, "duplicate field " + quoted(key));
    fieldAt[unsigned(f)] = vat;
    StringRef name = kFieldNames[unsigned(f)];
    switch (f) {
    case Field::Pc:
      if (!getUInt(v, name, inst.pc))
        return false;
      break;
    case Field::Op:
      if (!getString(v, name, opName))
        return false;
      break;
    case Field::Rd:
    case Field::Rs1:
    case Field::Rs2:
      if (!getReg(v, name, regs[unsigned(f) - unsigned(Field::Rd)]))
        return false;
      break;
    case Field::Flag:
      if (!getReg(v, name, flag))
        return false;
      break;
    case Field::Imm:
    case Field::Row:
    case Field::Target:
    case Field::Size:
      if (immField != Field::Unknown)
        return fail(vat, "both '" + Twine(kFieldNames[unsigned(immField)]) +
                             "' and '" + name + "' given");
      immField = f;
      if (!getInt(v, name, imm))
        return false;
      break;
    case Field::Value:
      if (!getFloat(v, name, value))
        return false;
      break;
    case Field::Predicate:
      if (!getString(v, name, cmpName))
        return false;
      break;
    case Field::Addr:
    case Field::Src:
      if (!getMemOperand(v, name, inst.src))
        return false;
      break;
    case Field::Dst:
      if (!getMemOperand(v, name, inst.dst))
        return false;
      break;
    case Field::Guard: {
      ondemand::object guard;
      if (v.get_object().get(guard))
        return fail(vat, "'guard' must be an object {\"reg\", \"negated\"}");
      bool sawReg = false;
      KeySet guardKeys;
      for (auto gResult : guard) {
        ondemand::field g;
        std::string_view gkey;
        if (std::move(gResult).get(g) || g.unescaped_key().get(gkey))
          return fail(vat, "malformed JSON in 'guard'");
        ondemand::value gv = g.value();
        if (!noteKey(guardKeys, gkey, at(gv), "guard"))
          return false;
        if (gkey == "reg") {
          arch::Reg reg;
          const char *rat = at(g.value());
          if (!getReg(g.value(), "guard.reg", reg))
            return false;
          if (reg.cls != arch::RegClass::Pred)
            return fail(rat, "'guard.reg' must be a predicate register "
                             "(p0-p7), but is '" +
                                 arch::formatReg(reg) + "'");
          inst.guard.reg = reg.index;
          sawReg = true;
        } else if (gkey == "negated") {
          if (!getBool(g.value(), "guard.negated", inst.guard.negated))
            return false;
        } else {
          return fail(vat, "unknown field 'guard." + std::string(gkey) +
                               "'; expected reg, negated");
        }
      }
      if (!sawReg)
        return fail(vat, "'guard' has no 'reg'");
      inst.guard.present = true;
      break;
    }
    case Field::Executed: {
      bool b;
      if (!getBool(v, name, b))
        return false;
      outcome.executed = b;
      break;
    }
    case Field::Taken: {
      bool b;
      if (!getBool(v, name, b))
        return false;
      outcome.taken = b;
      break;
    }
    case Field::Unknown:
      break;
    }
  }

  if (!fieldAt[unsigned(Field::Op)])
    return fail(start, "an instruction record needs 'op'");
  auto opIt = opcodes.find(StringRef(opName));
  if (opIt == opcodes.end())
    return fail(fieldAt[unsigned(Field::Op)],
                "unknown opcode " + quoted(opName) + " (see docs/ISA.md)");
  inst.opcode = opIt->second;
  const arch::OperandLayout &layout = arch::getLayout(inst.opcode);
  StringRef mnemonic = arch::getMnemonic(inst.opcode);

  // Which operand fields this opcode has, required and allowed alike.
  bool wants[kNumFields] = {};
  wants[unsigned(Field::Pc)] = wants[unsigned(Field::Op)] = true;
  wants[unsigned(Field::Rd)] = layout.rd.has_value();
  wants[unsigned(Field::Rs1)] = layout.rs1.has_value();
  wants[unsigned(Field::Rs2)] = layout.rs2.has_value();
  wants[unsigned(Field::Value)] = layout.hasFImm;
  wants[unsigned(Field::Predicate)] = layout.hasCmp;
  wants[unsigned(Field::Flag)] = layout.hasFlag;
  if (layout.immName)
    wants[unsigned(lookupField(layout.immName))] = true;
  wants[unsigned(Field::Addr)] = layout.mem == arch::MemRole::Load ||
                                 layout.mem == arch::MemRole::Store;
  wants[unsigned(Field::Src)] = wants[unsigned(Field::Dst)] =
      layout.mem == arch::MemRole::Dma;
  wants[unsigned(Field::Executed)] = inst.guard.present;
  wants[unsigned(Field::Taken)] = arch::isBranch(inst.opcode);
  for (unsigned i = 0; i < kNumFields; ++i) {
    if (Field(i) == Field::Guard)
      continue; // any instruction may be predicated
    if (wants[i] && !fieldAt[i])
      return fail(start, "'" + mnemonic + "' needs field '" + kFieldNames[i] +
                             "'" +
                             (Field(i) == Field::Executed
                                  ? " (the recorded value of its guard)"
                                  : ""));
    if (!wants[i] && fieldAt[i])
      return fail(fieldAt[i], Twine("field '") + kFieldNames[i] +
                                  "' is not an operand of '" + mnemonic + "'" +
                                  (Field(i) == Field::Executed
                                       ? " (only predicated instructions "
                                         "record 'executed')"
                                       : ""));
  }

  // Register classes, from the layout.
  const std::optional<arch::RegClass> *classes[3] = {&layout.rd, &layout.rs1,
                                                     &layout.rs2};
  for (unsigned i = 0; i < 3; ++i) {
    if (!*classes[i])
      continue;
    if (regs[i].cls != **classes[i])
      return fail(fieldAt[unsigned(Field::Rd) + i],
                  "'" + Twine(kFieldNames[unsigned(Field::Rd) + i]) + "' of '" +
                      mnemonic + "' must be a " +
                      arch::getRegClassName(**classes[i]) +
                      " register, but is '" + arch::formatReg(regs[i]) + "'");
  }
  inst.rd = regs[0].index;
  inst.rs1 = regs[1].index;
  inst.rs2 = regs[2].index;
  if (layout.hasFlag) {
    if (flag.cls != arch::RegClass::Flag)
      return fail(fieldAt[unsigned(Field::Flag)],
                  "'flag' must be a flag register (f0-f15), but is '" +
                      arch::formatReg(flag) + "'");
    inst.flag = flag.index;
  }
  if (layout.mem == arch::MemRole::Store)
    std::swap(inst.src, inst.dst);
  inst.imm = imm;
  inst.fimm = value;
  if (layout.hasCmp) {
    std::optional<arch::CmpPredicate> cmp =
        arch::lookupCmpPredicate(StringRef(cmpName));
    if (!cmp)
      return fail(fieldAt[unsigned(Field::Predicate)],
                  "'predicate' is " + quoted(cmpName) +
                      "; expected eq, ne, lt, le, gt or ge");
    inst.cmp = *cmp;
  }
  std::string message = arch::validateInstruction(inst);
  if (!message.empty())
    return fail(fieldAt[unsigned(Field::Op)], "'" + mnemonic + "': " + message);

  // The recorded outcome must be consistent with itself and with control flow.
  bool ran = !inst.guard.present || *outcome.executed;
  if (outcome.taken && *outcome.taken != ran)
    return fail(fieldAt[unsigned(Field::Taken)],
                ran ? "'taken' is false, but an executed branch is taken"
                    : "'taken' is true, but the branch's guard was false");
  if (!header.reordered && fellOffTheEnd)
    return fail(fieldAt[unsigned(Field::Pc)],
                llvm::formatv("pc {0} breaks the control flow: the instruction "
                              "before it, at pc {1}, falls through past the "
                              "last address, and nothing follows that",
                              inst.pc, UINT64_MAX));
  if (!header.reordered && inst.pc != expectedPc)
    return fail(fieldAt[unsigned(Field::Pc)],
                llvm::formatv("pc {0} breaks the control flow: expected pc "
                              "{1} ({2})",
                              inst.pc, expectedPc, expectedWhy));
  fellOffTheEnd = arch::fallsOffTheEnd(inst, ran);
  expectedPc = arch::getNextPc(inst, ran);
  expectedWhy = arch::isBranch(inst.opcode) && ran
                    ? "target of the taken branch before it"
                    : "the instruction before it falls through";
  halted = inst.opcode == arch::Opcode::Halt && ran;
  ++instructionCount;
  consumer.onInstruction(inst, outcome,
                         {lineNo, unsigned(start - line.data()) + 1});
  return true;
}

} // namespace

llvm::Error snr::trace::readTrace(llvm::MemoryBufferRef input,
                                  StringRef fileName, TraceConsumer &consumer,
                                  const ReaderOptions &options) {
  LineSource source(input, options.limits.maxLineBytes(),
                    options.limits.maxInputBytes);
  Reader reader(fileName, consumer, options);
  return reader.run(source);
}

llvm::Error snr::trace::readTraceFile(StringRef path, TraceConsumer &consumer,
                                      const ReaderOptions &options) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false,
                                                   /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::make_error<TraceError>(
        path.str(), SourcePos{0, 0},
        "cannot open trace: " + buffer.getError().message());
  return readTrace((*buffer)->getMemBufferRef(), path, consumer, options);
}
