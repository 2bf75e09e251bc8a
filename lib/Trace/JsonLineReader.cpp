//===- JsonLineReader.cpp - What the trace readers share ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "JsonLineReader.h"

#include "SnR/Support/Printable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::trace;
using llvm::StringRef;
using llvm::Twine;
namespace ondemand = simdjson::ondemand;

std::string snr::trace::quoted(std::string_view text) {
  std::string s = "'";
  s += text.size() > 40 ? printable(StringRef(text.substr(0, 40))) + "..."
                        : printable(StringRef(text));
  return s + "'";
}

bool snr::trace::decodeHex(std::string_view hex, std::vector<uint8_t> &out) {
  if (hex.size() % 2)
    return false;
  out.resize(hex.size() / 2);
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9')
      return c - '0';
    if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
    return -1;
  };
  for (size_t i = 0; i < out.size(); ++i) {
    int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0)
      return false;
    out[i] = uint8_t(hi << 4 | lo);
  }
  return true;
}

namespace {
/// The first non-blank character after the JSON object `line` starts with,
/// or null if the object is not closed or nothing follows it. Only asked
/// after an error, to name content after the object as such.
const char *afterObject(StringRef line) {
  size_t pos = line.find_first_not_of(" \t");
  if (pos == StringRef::npos || line[pos] != '{')
    return nullptr;
  unsigned depth = 0;
  for (; pos < line.size(); ++pos) {
    char c = line[pos];
    if (c == '"') {
      for (++pos; pos < line.size() && line[pos] != '"'; ++pos)
        if (line[pos] == '\\')
          ++pos;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      size_t rest = line.find_first_not_of(" \t", pos + 1);
      return rest == StringRef::npos ? nullptr : line.data() + rest;
    }
  }
  return nullptr;
}
} // namespace

JsonLineReader::~JsonLineReader() = default;

llvm::Error JsonLineReader::run(LineSource &source) {
  while (source.next(line)) {
    lineNo = source.lineNumber();
    if (line.trim().empty())
      continue;
    ondemand::document doc;
    auto code = parser
                    .iterate(line.data(), line.size(),
                             line.size() + LineSource::kPadding)
                    .get(doc);
    // A failed iterate leaves no document to ask for a location (an
    // unterminated string, as a truncated last line has): point at the line.
    if (code) {
      if (const char *rest = afterObject(line))
        failTrailing(rest);
      else
        fail(line.data(),
             Twine("malformed JSON: ") + simdjson::error_message(code));
      return llvm::Error(std::move(error));
    }
    if (!parseLine(doc))
      return llvm::Error(std::move(error));
    if (stopped)
      break;
  }
  if (llvm::Error e = stopped ? llvm::Error::success() : source.takeError())
    return llvm::make_error<TraceError>(file,
                                        SourcePos{source.lineNumber() + 1, 1},
                                        llvm::toString(std::move(e)));
  // End-of-file problems point at the last line (line 1 of an empty file).
  lineNo = std::max(1u, source.lineNumber());
  line = {};
  if (!finish())
    return llvm::Error(std::move(error));
  return llvm::Error::success();
}

SourcePos JsonLineReader::positionOf(const char *at) const {
  unsigned column = 1;
  if (at >= line.data() && at <= line.data() + line.size())
    column = unsigned(at - line.data()) + 1;
  return {lineNo, column};
}

bool JsonLineReader::fail(const char *at, const Twine &message) {
  error = std::make_unique<TraceError>(file, positionOf(at), message.str());
  return false;
}

bool JsonLineReader::failTrailing(const char *rest) {
  // simdjson skips a CR as blank: look back for one.
  const char *blank = rest;
  while (blank > line.data() &&
         (blank[-1] == '\r' || blank[-1] == ' ' || blank[-1] == '\t'))
    --blank;
  const char *cr = std::find(blank, rest, '\r');
  if (cr != rest || *rest == '\r')
    return fail(cr, "a carriage return that does not end the line: the "
                    "file has CR-only line endings; expected LF or CRLF");
  return fail(rest, Twine("unexpected content after the ") +
                        (sawHeader ? "record's" : "header's") + " closing '}'");
}

bool JsonLineReader::failJson(simdjson::error_code code,
                              ondemand::document &doc) {
  if (const char *rest = afterObject(line))
    return failTrailing(rest);
  const char *at = nullptr;
  if (doc.current_location().get(at))
    at = nullptr;
  return fail(at, Twine("malformed JSON: ") + simdjson::error_message(code));
}

bool JsonLineReader::checkNothingAfter(ondemand::document &doc) {
  // simdjson 3.0 has no document::at_end(): a location left after the
  // object is content that follows it.
  const char *rest = nullptr;
  if (!doc.current_location().get(rest) && rest)
    return failTrailing(rest);
  return true;
}

bool JsonLineReader::getInt(ondemand::value value, StringRef key,
                            int64_t &out) {
  if (value.get_int64().get(out))
    return fail(at(value), "'" + key + "' must be an integer, but is " +
                               quoted(value.raw_json_token()));
  return true;
}

bool JsonLineReader::getUInt(ondemand::value value, StringRef key,
                             uint64_t &out) {
  if (value.get_uint64().get(out))
    return fail(at(value), "'" + key +
                               "' must be a non-negative integer, but is " +
                               quoted(value.raw_json_token()));
  return true;
}

bool JsonLineReader::getBool(ondemand::value value, StringRef key, bool &out) {
  if (value.get_bool().get(out))
    return fail(at(value), "'" + key + "' must be true or false, but is " +
                               quoted(value.raw_json_token()));
  return true;
}

bool JsonLineReader::getString(ondemand::value value, StringRef key,
                               std::string_view &out) {
  const char *start = at(value);
  if (value.get_string().get(out))
    return fail(start, "'" + key + "' must be a string");
  return true;
}

bool RecordLineReader::parseLine(ondemand::document &doc) {
  const char *start = line.data();
  ondemand::object object;
  if (auto code = doc.get_object().get(object))
    return code == simdjson::INCORRECT_TYPE
               ? fail(start, "expected a JSON object on each line")
               : failJson(code, doc);
  if (!sawHeader) {
    if (!parseHeader(object) || !checkNothingAfter(doc))
      return false;
    sawHeader = true;
    onHeaderParsed();
    return true;
  }
  // The first key says what the record is; the rest is checked per kind.
  StringRef key;
  size_t quote = line.find('"');
  if (quote != StringRef::npos)
    key = line.substr(quote + 1).take_until([](char c) { return c == '"'; });
  bool ok;
  if (key == "pc")
    ok = parseInstruction(object, start);
  else if (key == "reg")
    ok = parseRegister(object, start);
  else if (key == "mem")
    ok = parseMemory(object, start);
  else
    return fail(start + 1, "record starts with " + quoted(key) +
                               "; expected \"pc\" (an instruction), \"reg\" "
                               "or \"mem\" (a snapshot entry)");
  return ok && checkNothingAfter(doc);
}

JsonLineReader::HeaderField
JsonLineReader::parseCommonHeaderField(std::string_view key,
                                       ondemand::value value,
                                       TraceHeader &header,
                                       CommonHeaderSeen &seen) {
  auto read = [](bool ok) {
    return ok ? HeaderField::Read : HeaderField::Failed;
  };
  const char *vat = at(value);
  if (key == "format") {
    std::string_view format;
    if (!getString(value, "format", format))
      return HeaderField::Failed;
    if (format != kFormatName)
      return read(fail(vat, "'format' is " + quoted(format) + "; expected '" +
                                kFormatName + "'"));
    seen.format = true;
    return HeaderField::Read;
  }
  if (key == "version") {
    int64_t version;
    if (!getInt(value, "version", version))
      return HeaderField::Failed;
    if (version != kFormatVersion)
      return read(fail(vat, llvm::formatv("unsupported trace format version "
                                          "{0}; this reader reads version {1}",
                                          version, kFormatVersion)));
    seen.version = true;
    return HeaderField::Read;
  }
  if (key == "machine") {
    std::string_view machine;
    if (!getString(value, "machine", machine) ||
        !checkLength(machine, vat, "machine"))
      return HeaderField::Failed;
    header.machine = std::string(machine);
    seen.machine = true;
    return HeaderField::Read;
  }
  if (key == "program") {
    std::string_view program;
    if (!getString(value, "program", program) ||
        !checkLength(program, vat, "program"))
      return HeaderField::Failed;
    if (program.empty())
      return read(fail(vat, "'program' is empty"));
    header.program = std::string(program);
    return HeaderField::Read;
  }
  if (key == "start_pc") {
    if (!getUInt(value, "start_pc", header.startPc))
      return HeaderField::Failed;
    seen.start = true;
    return HeaderField::Read;
  }
  if (key == "instructions") {
    uint64_t count;
    if (!getUInt(value, "instructions", count))
      return HeaderField::Failed;
    // Announced, so that a reader can make room for them: a count beyond
    // the limit fails here, before anything is allocated for it.
    if (count > limits.maxInstructions)
      return read(fail(vat, limitMessage("the header announces " +
                                             Twine(count) + " instructions",
                                         "max-instructions",
                                         limits.maxInstructions)));
    header.instructionCount = count;
    return HeaderField::Read;
  }
  if (key == "hlo_map")
    return read(parseHloMap(value, header));
  if (key == "line_table")
    return read(parseLineTable(value, header));
  return HeaderField::NotCommon;
}

bool KeySet::insert(std::string_view key) {
  if (llvm::is_contained(keys, key))
    return false;
  keys.emplace_back(key);
  return true;
}

bool JsonLineReader::noteKey(KeySet &keys, std::string_view key,
                             const char *valueAt, StringRef path) {
  if (keys.insert(key))
    return true;
  std::string name =
      path.empty() ? std::string(key) : (path + "." + StringRef(key)).str();
  // The key's opening quote: `"key":` before the value.
  return fail(valueAt - 3 - key.size(),
              "duplicate field '" + printable(name) + "'");
}

bool JsonLineReader::checkLength(std::string_view text, const char *valueAt,
                                 StringRef key) {
  uint64_t limit = limits.maxStringBytes;
  if (text.size() <= limit)
    return true;
  return fail(valueAt,
              limitMessage("'" + key + "' is a string of " +
                               Twine(uint64_t(text.size())) + " bytes",
                           "max-string-bytes", limit));
}

bool JsonLineReader::parseHloMap(ondemand::value value, TraceHeader &header) {
  ondemand::array array;
  if (value.get_array().get(array))
    return fail(at(value), "'hlo_map' must be an array of "
                           "{\"begin\", \"end\", \"name\"}");
  size_t index = 0;
  for (auto elementResult : array) {
    ondemand::value element;
    std::string path = llvm::formatv("hlo_map[{0}]", index++).str();
    if (std::move(elementResult).get(element))
      return fail(line.data(), "malformed JSON in " + path);
    const char *eat = at(element);
    ondemand::object object;
    if (element.get_object().get(object))
      return fail(eat, "'" + path + "' must be an object");
    if (index > limits.maxInstructions)
      return fail(eat, limitMessage("'hlo_map' has more than " +
                                        Twine(limits.maxInstructions) +
                                        " ranges",
                                    "max-instructions",
                                    limits.maxInstructions));
    HloRange range;
    bool sawBegin = false, sawEnd = false, sawName = false;
    KeySet keys;
    for (auto fieldResult : object) {
      ondemand::field field;
      std::string_view key;
      if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
        return fail(eat, "malformed JSON in " + path);
      std::string fieldPath = path + "." + std::string(key);
      ondemand::value fieldValue = field.value();
      const char *fat = at(fieldValue);
      if (!noteKey(keys, key, fat, path))
        return false;
      if (key == "begin") {
        if (!getUInt(field.value(), fieldPath, range.begin))
          return false;
        sawBegin = true;
      } else if (key == "end") {
        if (!getUInt(field.value(), fieldPath, range.end))
          return false;
        sawEnd = true;
      } else if (key == "name") {
        std::string_view name;
        if (!getString(field.value(), fieldPath, name) ||
            !checkLength(name, fat, fieldPath))
          return false;
        // An HLO is named: reports group and select by its name.
        if (name.empty())
          return fail(fat, "'" + fieldPath + "' is empty");
        range.name = std::string(name);
        sawName = true;
      } else if (key == "xla_name") {
        std::string_view name;
        if (!getString(field.value(), fieldPath, name) ||
            !checkLength(name, fat, fieldPath))
          return false;
        range.xlaName = std::string(name);
      } else {
        return fail(eat, "unknown field '" + fieldPath +
                             "'; expected begin, end, name, xla_name");
      }
    }
    if (!sawBegin || !sawEnd || !sawName)
      return fail(eat, "'" + path + "' needs begin, end and name");
    if (range.begin >= range.end)
      return fail(eat, llvm::formatv("'{0}' is empty: begin {1} >= end {2}",
                                     path, range.begin, range.end));
    if (!header.hloMap.empty() && range.begin < header.hloMap.back().end)
      return fail(eat, "'" + path +
                           "' overlaps or precedes the previous range; "
                           "ranges are sorted and disjoint");
    header.hloMap.push_back(std::move(range));
  }
  return true;
}

bool JsonLineReader::parseLineTable(ondemand::value value,
                                    TraceHeader &header) {
  const char *vat = at(value);
  ondemand::object object;
  if (value.get_object().get(object))
    return fail(vat, "'line_table' must be an object {\"file\", "
                     "\"entries\": [[pc, line, column], ...]}");
  LineTable &table = header.lineTable;
  bool sawFile = false, sawEntries = false;
  KeySet keys;
  for (auto fieldResult : object) {
    ondemand::field field;
    std::string_view key;
    if (std::move(fieldResult).get(field) || field.unescaped_key().get(key))
      return fail(vat, "malformed JSON in line_table");
    ondemand::value fieldValue = field.value();
    const char *fat = at(fieldValue);
    if (!noteKey(keys, key, fat, "line_table"))
      return false;
    if (key == "file") {
      std::string_view file;
      if (!getString(field.value(), "line_table.file", file) ||
          !checkLength(file, fat, "line_table.file"))
        return false;
      table.file = std::string(file);
      sawFile = true;
    } else if (key == "entries") {
      ondemand::array entries;
      ondemand::value entriesValue = field.value();
      const char *eat = at(entriesValue);
      if (entriesValue.get_array().get(entries))
        return fail(eat, "'line_table.entries' must be an array of "
                         "[pc, line, column]");
      size_t index = 0;
      for (auto entryResult : entries) {
        std::string path =
            llvm::formatv("line_table.entries[{0}]", index++).str();
        ondemand::array triple;
        if (std::move(entryResult).get_array().get(triple))
          return fail(eat, "'" + path + "' must be [pc, line, column]");
        uint64_t parts[3];
        size_t count = 0;
        for (auto partResult : triple) {
          ondemand::value part;
          if (count == 3 || std::move(partResult).get(part))
            return fail(eat, "'" + path + "' must be [pc, line, column]");
          if (!getUInt(part, path, parts[count++]))
            return false;
        }
        if (count != 3)
          return fail(eat, "'" + path + "' must be [pc, line, column]");
        // Lines and columns count from 1, in 32 bits (as MLIR's locations).
        for (unsigned part : {1u, 2u})
          if (parts[part] == 0 || parts[part] > UINT32_MAX)
            return fail(eat, llvm::formatv("'{0}' has {1} {2}; expected 1 to "
                                           "{3}",
                                           path,
                                           part == 1 ? "line" : "column",
                                           parts[part], UINT32_MAX));
        if (table.entries.size() >= limits.maxInstructions)
          return fail(eat, limitMessage("'line_table.entries' has more than " +
                                            Twine(limits.maxInstructions) +
                                            " entries",
                                        "max-instructions",
                                        limits.maxInstructions));
        if (!table.entries.empty() && parts[0] <= table.entries.back().pc)
          return fail(eat, "'" + path +
                               "' is not after the previous entry; "
                               "entries are sorted by PC, one per PC");
        table.entries.push_back(
            {parts[0], unsigned(parts[1]), unsigned(parts[2])});
      }
      sawEntries = true;
    } else {
      return fail(vat, "unknown field 'line_table." + std::string(key) +
                           "'; expected file, entries");
    }
  }
  if (!sawFile || !sawEntries)
    return fail(vat, "'line_table' needs file and entries");
  return true;
}
