//===- JsonLineReader.h - What the trace readers share ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The part of reading a trace that does not depend on its ISA: one JSON
// object per line, parsed in place with simdjson's on-demand API; errors
// located at the offending value (`file:line:column: message`); typed
// values; content after a line's object; the header's provenance map and
// line table. The snr reader (TraceReader.cpp) and the reader of traces of
// other ISAs (EncodedTraceReader.cpp) derive from it, so both report every
// problem the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TRACE_JSONLINEREADER_H
#define SNR_LIB_TRACE_JSONLINEREADER_H

#include "SnR/Support/Limits.h"
#include "SnR/Trace/LineSource.h"
#include "SnR/Trace/TraceFormat.h"
#include "SnR/Trace/TraceReader.h"

#include "llvm/ADT/Twine.h"

#include <memory>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

namespace snr::trace {

/// `text` in single quotes, cut after 40 characters.
std::string quoted(std::string_view text);

/// Decodes pairs of hexadecimal digits (either case) into `out`; false if
/// `hex` is not such pairs.
bool decodeHex(std::string_view hex, std::vector<uint8_t> &out);

/// The keys of one JSON object seen so far: a key given twice is an error
/// (simdjson's on-demand parser hands both out).
class KeySet {
public:
  /// False if `key` was seen before.
  bool insert(std::string_view key);

private:
  llvm::SmallVector<std::string, 8> keys;
};

class JsonLineReader {
public:
  explicit JsonLineReader(llvm::StringRef file,
                          const Limits &limits = getLimits())
      : file(file.str()), limits(limits) {}
  virtual ~JsonLineReader();

  /// Parses every non-blank line of `source` with parseLine (until one sets
  /// `stopped`), then calls finish; the first problem stops the read.
  llvm::Error run(LineSource &source);

protected:
  /// One line's object; false after an error (see fail).
  virtual bool parseLine(simdjson::ondemand::document &doc) = 0;
  /// After the last line (`line` is empty, `lineNo` the last line's):
  /// end-of-file checks.
  virtual bool finish() = 0;

  // Errors. Each returns false so parsers can `return fail(...)`.
  bool fail(const char *at, const llvm::Twine &message);
  /// Content after the line's object, if that is what made it malformed.
  bool failTrailing(const char *rest);
  bool failJson(simdjson::error_code code, simdjson::ondemand::document &doc);
  /// After a record parsed: content after its object is an error.
  bool checkNothingAfter(simdjson::ondemand::document &doc);

  static const char *at(simdjson::ondemand::value &value) {
    return value.raw_json_token().data();
  }
  /// Fails at the key of the value at `valueAt` if `keys` already has `key`
  /// (`path` names the object in the message).
  bool noteKey(KeySet &keys, std::string_view key, const char *valueAt,
               llvm::StringRef path = "");
  /// A string of an input within --max-string-bytes.
  bool checkLength(std::string_view text, const char *valueAt,
                   llvm::StringRef key);

  // Typed values.
  bool getInt(simdjson::ondemand::value value, llvm::StringRef key,
              int64_t &out);
  bool getUInt(simdjson::ondemand::value value, llvm::StringRef key,
               uint64_t &out);
  bool getBool(simdjson::ondemand::value value, llvm::StringRef key, bool &out);
  bool getString(simdjson::ondemand::value value, llvm::StringRef key,
                 std::string_view &out);

  /// What a header field was to parseCommonHeaderField.
  enum class HeaderField { Read, NotCommon, Failed };
  /// The header fields every trace's reader has seen so far.
  struct CommonHeaderSeen {
    bool format = false, version = false, machine = false, start = false;
  };
  /// Reads a header field every trace may have (format, version, machine,
  /// program, start_pc, instructions, hlo_map, line_table) into `header`;
  /// NotCommon leaves the field to the ISA's reader.
  HeaderField parseCommonHeaderField(std::string_view key,
                                     simdjson::ondemand::value value,
                                     TraceHeader &header,
                                     CommonHeaderSeen &seen);

  // The header's optional parts.
  bool parseHloMap(simdjson::ondemand::value value, TraceHeader &header);
  bool parseLineTable(simdjson::ondemand::value value, TraceHeader &header);

  /// The position of `at` in the current line.
  SourcePos positionOf(const char *at) const;

  std::string file;
  Limits limits;
  simdjson::ondemand::parser parser;
  std::unique_ptr<TraceError> error;
  llvm::StringRef line;
  unsigned lineNo = 0;
  bool sawHeader = false;
  /// Set by parseLine to read no further line.
  bool stopped = false;
};

/// A reader of SnR's trace shape: a header line, then records each named by
/// its first key (`pc`: an instruction; `reg`, `mem`: snapshot entries).
/// Each ISA's reader parses the records; the line's dispatch is here.
class RecordLineReader : public JsonLineReader {
public:
  using JsonLineReader::JsonLineReader;

protected:
  bool parseLine(simdjson::ondemand::document &doc) final;

  virtual bool parseHeader(simdjson::ondemand::object object) = 0;
  /// After the header parsed (and nothing followed it on its line).
  virtual void onHeaderParsed() = 0;
  virtual bool parseInstruction(simdjson::ondemand::object object,
                                const char *start) = 0;
  virtual bool parseRegister(simdjson::ondemand::object object,
                             const char *start) = 0;
  virtual bool parseMemory(simdjson::ondemand::object object,
                           const char *start) = 0;
};

} // namespace snr::trace

#endif // SNR_LIB_TRACE_JSONLINEREADER_H
