//===- EncodedTraceReader.cpp - Traces of ISAs with a binary encoding -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// docs/trace-format.md, "Other ISAs": the header (with `isa`, `isa_string`,
// `vlenb`), snapshot lines {"reg", "bytes"} and {"mem", "addr", "bytes"},
// and instruction lines {"pc", "enc", "next_pc", "after"}. Every field is
// checked for its type, every object for unknown and duplicate keys, the
// snapshot for duplicate registers and overlapping regions, the PCs for
// continuity (each is the previous one's next PC), and the count against
// the header's.
//
//===----------------------------------------------------------------------===//

#include "JsonLineReader.h"
#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/LineSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace snr;
using namespace snr::trace;
using llvm::StringRef;
using llvm::Twine;
namespace ondemand = simdjson::ondemand;

EncodedTraceConsumer::~EncodedTraceConsumer() = default;

llvm::SmallVector<uint8_t, 8> EncodedTrace::Instruction::bytes() const {
  llvm::SmallVector<uint8_t, 8> out;
  for (unsigned i = 0; i < size; ++i)
    out.push_back(uint8_t(word >> (8 * i)));
  return out;
}

namespace {

/// "67146 (0x1064a)": a PC as the file spells it, and as a disassembler
/// does.
std::string formatPc(uint64_t pc) {
  return llvm::formatv("{0} ({1:x})", pc, pc).str();
}

/// The end of a range whose last byte is at `last`.
std::string formatEnd(uint64_t last) {
  return last == ~uint64_t(0) ? std::string("2^64") : std::to_string(last + 1);
}


class EncodedReader : public RecordLineReader {
public:
  EncodedReader(StringRef file, EncodedTraceConsumer &consumer)
      : RecordLineReader(file), consumer(consumer) {}

private:
  bool finish() override;
  void onHeaderParsed() override;

  bool parseHeader(ondemand::object object) override;
  bool parseRegister(ondemand::object object, const char *start) override;
  bool parseMemory(ondemand::object object, const char *start) override;
  bool parseInstruction(ondemand::object object, const char *start) override;
  bool parseAfter(ondemand::value value);
  /// The snapshot is complete: its regions must not overlap.
  bool checkRegions();

  /// Where the key of the field whose value starts at `vat` starts.
  static const char *keyStart(const char *vat, std::string_view key) {
    return vat - 3 - key.size();
  }

  EncodedTraceConsumer &consumer;
  TraceHeader header;

  // Snapshot checks.
  llvm::StringMap<unsigned> snapshotRegs; ///< name -> its line
  struct Region {
    std::string space;
    uint64_t begin, end;
    SourcePos pos;
  };
  std::vector<Region> regions;
  bool sawInstruction = false;
  std::vector<uint8_t> bytes;

  // Control-flow continuity.
  uint64_t expectedPc = 0;
  const char *expectedWhy = "the header's start_pc";
  uint64_t instructionCount = 0;
  llvm::SmallVector<std::pair<StringRef, uint64_t>, 4> after;
  /// The `after` names of the current line (their storage).
  llvm::SmallVector<std::string, 4> afterNames;
};

void EncodedReader::onHeaderParsed() {
  expectedPc = header.startPc;
  consumer.onHeader(header);
}

bool EncodedReader::parseHeader(ondemand::object object) {
  const char *start = line.data();
  CommonHeaderSeen saw;
  bool sawIsa = false;
  KeySet seen;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in the header");
    ondemand::value value = field.value();
    const char *vat = at(value);
    if (!noteKey(seen, key, vat))
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
      std::string_view isa;
      if (!getString(value, "isa", isa))
        return false;
      if (isa.empty() || isa == "snr")
        return fail(vat, "the trace is of the snr ISA; this reader reads "
                         "traces of ISAs with a binary encoding (read it "
                         "with the snr reader)");
      header.isa = std::string(isa);
      sawIsa = true;
    } else if (key == "isa_string") {
      std::string_view isaString;
      if (!getString(value, "isa_string", isaString) ||
          !checkLength(isaString, vat, "isa_string"))
        return false;
      header.isaString = std::string(isaString);
    } else if (key == "vlenb") {
      uint64_t vlenb;
      if (!getUInt(value, "vlenb", vlenb))
        return false;
      if (vlenb == 0)
        return fail(vat, "'vlenb' is 0; a vector register has bytes");
      header.vlenb = vlenb;
    } else {
      return fail(keyStart(vat, key),
                  "unknown header field " + quoted(key) +
                      "; expected format, version, isa, isa_string, vlenb, "
                      "machine, program, start_pc, instructions, hlo_map, "
                      "line_table");
    }
  }
  const char *missing = !saw.format    ? "format"
                        : !saw.version ? "version"
                        : !sawIsa      ? "isa"
                        : !saw.machine ? "machine"
                        : !saw.start   ? "start_pc"
                                       : nullptr;
  if (missing)
    return fail(start, Twine("the header has no '") + missing +
                           "' field (the first line of a trace is its header)" +
                           (StringRef(missing) == "isa"
                                ? "; a trace without one is of the snr ISA"
                                : ""));
  return true;
}

bool EncodedReader::parseRegister(ondemand::object object, const char *start) {
  if (sawInstruction)
    return fail(start, "snapshot entries come before the first instruction");
  std::string_view name;
  const char *nameAt = start;
  bool sawName = false, sawBytes = false;
  KeySet seen;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in a register record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(seen, key, vat))
      return false;
    if (key == "reg") {
      nameAt = vat;
      if (!getString(v, "reg", name))
        return false;
      if (name.empty())
        return fail(vat, "'reg' is empty; expected a register's name");
      sawName = true;
    } else if (key == "bytes") {
      std::string_view hex;
      if (!getString(v, "bytes", hex))
        return false;
      if (hex.empty() || !decodeHex(hex, bytes))
        return fail(vat, "'bytes' must be a non-empty string of hexadecimal "
                         "digit pairs (the value, least significant byte "
                         "first)");
      sawBytes = true;
    } else {
      return fail(keyStart(vat, key),
                  "unknown field " + quoted(key) +
                      " in a register record; expected reg, bytes");
    }
  }
  if (!sawName || !sawBytes)
    return fail(start, "a register record needs 'reg' and 'bytes'");
  SourcePos pos = positionOf(nameAt);
  auto [it, inserted] = snapshotRegs.try_emplace(StringRef(name), pos.line);
  if (!inserted)
    return fail(nameAt, llvm::formatv("'{0}' appears twice in the snapshot "
                                      "(first on line {1})",
                                      StringRef(name), it->second));
  consumer.onRegister(StringRef(name), bytes, pos);
  return true;
}

bool EncodedReader::parseMemory(ondemand::object object, const char *start) {
  if (sawInstruction)
    return fail(start, "snapshot entries come before the first instruction");
  std::string_view space;
  const char *spaceAt = start, *addrAt = start;
  bool sawSpace = false, sawAddr = false, sawBytes = false;
  uint64_t addr = 0;
  KeySet seen;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in a memory record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(seen, key, vat))
      return false;
    if (key == "mem") {
      spaceAt = vat;
      if (!getString(v, "mem", space))
        return false;
      if (space.empty())
        return fail(vat, "'mem' is empty; expected an address space's name "
                         "(\"ram\")");
      sawSpace = true;
    } else if (key == "addr") {
      addrAt = vat;
      if (!getUInt(v, "addr", addr))
        return false;
      sawAddr = true;
    } else if (key == "bytes") {
      std::string_view hex;
      if (!getString(v, "bytes", hex))
        return false;
      if (hex.empty() || !decodeHex(hex, bytes))
        return fail(vat, "'bytes' must be a non-empty string of hexadecimal "
                         "digit pairs");
      sawBytes = true;
    } else {
      return fail(keyStart(vat, key),
                  "unknown field " + quoted(key) +
                      " in a memory record; expected mem, addr, bytes");
    }
  }
  if (!sawSpace || !sawAddr || !sawBytes)
    return fail(start, "a memory record needs 'mem', 'addr' and 'bytes'");
  if (bytes.size() - 1 > ~addr)
    return fail(addrAt, llvm::formatv("{0}[{1}, +{2}) ends past the last "
                                      "address, 2^64 - 1",
                                      StringRef(space), addr, bytes.size()));
  regions.push_back({std::string(space), addr, addr + (bytes.size() - 1),
                     positionOf(addrAt)});
  consumer.onMemory(StringRef(space), addr, bytes, positionOf(spaceAt));
  return true;
}

bool EncodedReader::checkRegions() {
  // Regions are kept as [begin, last] (a region may end at 2^64 - 1).
  std::vector<size_t> order(regions.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::tie(regions[a].space, regions[a].begin) <
           std::tie(regions[b].space, regions[b].begin);
  });
  for (size_t k = 1; k < order.size(); ++k) {
    const Region &a = regions[order[k - 1]], &b = regions[order[k]];
    if (a.space != b.space || b.begin > a.end)
      continue;
    // Report the later line against the earlier one.
    const Region &later = a.pos.line > b.pos.line ? a : b;
    const Region &earlier = a.pos.line > b.pos.line ? b : a;
    error = std::make_unique<TraceError>(
        file, later.pos,
        llvm::formatv("snapshot region {0}[{1}, {2}) overlaps the region "
                      "[{3}, {4}) of line {5}",
                      later.space, later.begin, formatEnd(later.end),
                      earlier.begin, formatEnd(earlier.end), earlier.pos.line)
            .str());
    return false;
  }
  return true;
}

bool EncodedReader::parseAfter(ondemand::value value) {
  const char *vat = at(value);
  ondemand::object object;
  if (value.get_object().get(object))
    return fail(vat, "'after' must be an object of register values "
                     "{\"vl\": 4, ...}");
  after.clear();
  afterNames.clear();
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(vat, "malformed JSON in 'after'");
    ondemand::value v = field.value();
    const char *kat = keyStart(at(v), key);
    if (key.empty())
      return fail(kat, "'after' names an empty register");
    if (llvm::is_contained(afterNames, key))
      return fail(kat, "duplicate register " + quoted(key) + " in 'after'");
    uint64_t number;
    if (!getUInt(v, ("after." + Twine(StringRef(key))).str(), number))
      return false;
    afterNames.emplace_back(key);
    after.push_back({StringRef(), number});
  }
  if (after.size() > 255)
    return fail(vat, "'after' has more than 255 values");
  for (size_t i = 0; i < after.size(); ++i)
    after[i].first = afterNames[i];
  return true;
}

bool EncodedReader::parseInstruction(ondemand::object object,
                                     const char *start) {
  if (!sawInstruction) {
    sawInstruction = true;
    if (!checkRegions())
      return false;
  }
  EncodedInstructionRecord inst;
  const char *pcAt = nullptr, *encAt = nullptr;
  bool sawAfter = false;
  KeySet seen;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(start, "malformed JSON in an instruction record");
    ondemand::value v = field.value();
    const char *vat = at(v);
    if (!noteKey(seen, key, vat))
      return false;
    if (key == "pc") {
      pcAt = vat;
      if (!getUInt(v, "pc", inst.pc))
        return false;
    } else if (key == "enc") {
      encAt = vat;
      std::string_view text;
      if (!getString(v, "enc", text))
        return false;
      StringRef digits(text);
      bool ok = digits.consume_front("0x") && !digits.empty() &&
                digits.size() % 2 == 0 && digits.size() <= 16 &&
                llvm::all_of(digits, llvm::isHexDigit) &&
                !digits.getAsInteger(16, inst.word);
      if (!ok)
        return fail(vat, "'enc' is " + quoted(text) +
                             "; expected \"0x\" and the instruction word in "
                             "hexadecimal, two digits a byte (\"0x8082\", "
                             "\"0x02056407\")");
      inst.size = unsigned(digits.size() / 2);
    } else if (key == "next_pc") {
      uint64_t next;
      if (!getUInt(v, "next_pc", next))
        return false;
      inst.nextPc = next;
    } else if (key == "after") {
      if (!parseAfter(v))
        return false;
      sawAfter = true;
    } else {
      return fail(keyStart(vat, key),
                  "unknown field " + quoted(key) +
                      " in an instruction record; expected pc, enc, "
                      "next_pc, after");
    }
  }
  if (!pcAt || !encAt)
    return fail(start, "an instruction record needs 'pc' and 'enc'");
  if (!sawAfter) {
    after.clear();
    afterNames.clear();
  }
  inst.after = after;
  if (inst.pc != expectedPc)
    return fail(pcAt, llvm::formatv("pc {0} breaks the control flow: expected "
                                    "pc {1} ({2})",
                                    formatPc(inst.pc), formatPc(expectedPc),
                                    expectedWhy));
  uint64_t fallThrough = inst.pc + inst.size;
  if (inst.nextPc && *inst.nextPc == fallThrough)
    inst.nextPc.reset();
  expectedPc = inst.nextPc.value_or(fallThrough);
  expectedWhy = inst.nextPc ? "the next_pc of the instruction before it"
                            : "the instruction before it falls through";
  ++instructionCount;
  consumer.onInstruction(inst, positionOf(start));
  return true;
}

bool EncodedReader::finish() {
  if (!sawHeader)
    return fail(nullptr, "empty trace: expected a header line {\"format\": "
                         "\"snr-trace\", ...}");
  if (!sawInstruction && !checkRegions())
    return false;
  if (header.instructionCount && *header.instructionCount != instructionCount)
    return fail(nullptr,
                llvm::formatv("the header announces {0} instructions "
                              "but the file has {1} (truncated?)",
                              *header.instructionCount, instructionCount));
  return true;
}

/// Builds an EncodedTrace from the records.
class Loader : public EncodedTraceConsumer {
public:
  explicit Loader(EncodedTrace &trace) : trace(trace) {}

  void onHeader(const TraceHeader &header) override { trace.header = header; }
  void onRegister(StringRef name, llvm::ArrayRef<uint8_t> bytes,
                  SourcePos pos) override {
    trace.registers.push_back(
        {name.str(), std::vector<uint8_t>(bytes.begin(), bytes.end()), pos});
  }
  void onMemory(StringRef space, uint64_t addr, llvm::ArrayRef<uint8_t> bytes,
                SourcePos pos) override {
    trace.memory.push_back({space.str(), addr,
                            std::vector<uint8_t>(bytes.begin(), bytes.end()),
                            pos});
  }
  void onInstruction(const EncodedInstructionRecord &record,
                     SourcePos pos) override {
    EncodedTrace::Instruction inst;
    inst.pc = record.pc;
    inst.word = record.word;
    inst.size = uint8_t(record.size);
    inst.nextPc = record.nextPc.value_or(record.pc + record.size);
    inst.line = pos.line;
    inst.firstAfter = uint32_t(trace.afterValues.size());
    inst.numAfter = uint8_t(record.after.size());
    for (const auto &[name, value] : record.after) {
      auto [it, inserted] =
          names.try_emplace(name, uint32_t(trace.afterNames.size()));
      if (inserted)
        trace.afterNames.push_back(name.str());
      trace.afterValues.push_back({it->second, value});
    }
    trace.instructions.push_back(inst);
  }

private:
  EncodedTrace &trace;
  llvm::StringMap<uint32_t> names;
};

/// Reads the first line only, for its `isa`.
class IsaPeek : public JsonLineReader {
public:
  using JsonLineReader::JsonLineReader;
  std::string isa = "snr";

private:
  bool parseLine(ondemand::document &doc) override {
    const char *start = line.data();
    ondemand::object object;
    if (auto code = doc.get_object().get(object))
      return code == simdjson::INCORRECT_TYPE
                 ? fail(start, "expected a JSON object on each line")
                 : failJson(code, doc);
    for (auto fieldResult : object) {
      ondemand::field field;
      std::string_view key;
      if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
        return fail(start, "malformed JSON in the header");
      if (key != "isa")
        continue;
      ondemand::value value = field.value();
      std::string_view name;
      if (!getString(value, "isa", name))
        return false;
      isa = name.empty() ? "snr" : std::string(name);
      break;
    }
    sawHeader = true;
    stopped = true;
    return true;
  }
  bool finish() override {
    if (!sawHeader)
      return fail(nullptr, "empty trace: expected a header line {\"format\": "
                           "\"snr-trace\", ...}");
    return true;
  }
};

} // namespace

llvm::Error snr::trace::readEncodedTrace(llvm::MemoryBufferRef input,
                                         StringRef fileName,
                                         EncodedTraceConsumer &consumer) {
  const Limits &limits = getLimits();
  LineSource source(input, limits.maxLineBytes(), limits.maxInputBytes);
  EncodedReader reader(fileName, consumer);
  return reader.run(source);
}

llvm::Expected<EncodedTrace>
snr::trace::loadEncodedTrace(llvm::MemoryBufferRef input, StringRef fileName) {
  EncodedTrace trace;
  trace.fileName = fileName.str();
  Loader loader(trace);
  if (llvm::Error error = readEncodedTrace(input, fileName, loader))
    return std::move(error);
  return std::move(trace);
}

llvm::Expected<EncodedTrace> snr::trace::loadEncodedTrace(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(
      path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::make_error<TraceError>(path.str(), SourcePos{0, 0},
                                        "cannot open trace: " +
                                            buffer.getError().message());
  return loadEncodedTrace((*buffer)->getMemBufferRef(), path);
}

llvm::Expected<std::string>
snr::trace::readTraceIsa(llvm::MemoryBufferRef input, StringRef fileName) {
  LineSource source(input);
  IsaPeek peek(fileName);
  if (llvm::Error error = peek.run(source))
    return std::move(error);
  return peek.isa;
}
