//===- RspPacket.cpp - GDB remote serial protocol framing -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspPacket.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace snr::remote;
using llvm::StringRef;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(
      std::make_error_code(std::errc::illegal_byte_sequence), message);
}

static bool needsEscape(char c) {
  return c == '}' || c == '#' || c == '$' || c == '*';
}

uint8_t snr::remote::computeChecksum(StringRef payload) {
  uint8_t sum = 0;
  for (char c : payload)
    sum += uint8_t(c);
  return sum;
}

std::string snr::remote::encodePacket(StringRef payload) {
  std::string out;
  out.reserve(payload.size() + 4);
  out += '$';
  for (char c : payload) {
    if (c == '$' || c == '#') {
      out += '}';
      out += char(c ^ 0x20);
    } else {
      out += c;
    }
  }
  uint8_t sum = computeChecksum(StringRef(out).drop_front());
  out += '#';
  out += llvm::hexdigit(sum >> 4, /*LowerCase=*/true);
  out += llvm::hexdigit(sum & 0xf, /*LowerCase=*/true);
  return out;
}

std::string snr::remote::escapeBinary(StringRef data) {
  std::string out;
  out.reserve(data.size());
  for (char c : data) {
    if (needsEscape(c)) {
      out += '}';
      out += char(c ^ 0x20);
    } else {
      out += c;
    }
  }
  return out;
}

llvm::Expected<std::string> snr::remote::unescapeBinary(StringRef data) {
  std::string out;
  out.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] != '}') {
      out += data[i];
      continue;
    }
    if (i + 1 == data.size())
      return makeError("binary data ends with the escape character '}'");
    out += char(data[++i] ^ 0x20);
  }
  return out;
}

llvm::Expected<std::string> snr::remote::expandRunLength(StringRef payload) {
  if (payload.find('*') == StringRef::npos)
    return payload.str();
  std::string out;
  out.reserve(payload.size() * 2);
  for (size_t i = 0; i < payload.size(); ++i) {
    char c = payload[i];
    if (c != '*') {
      out += c;
      continue;
    }
    if (out.empty())
      return makeError("run-length '*' at offset " + llvm::Twine(i) +
                       " has no character to repeat");
    if (i + 1 == payload.size())
      return makeError("run-length '*' at offset " + llvm::Twine(i) +
                       " has no count");
    unsigned count = uint8_t(payload[++i]);
    if (count < 30 || count > 126)
      return makeError("run-length count 0x" + llvm::utohexstr(count, true) +
                       " at offset " + llvm::Twine(i) +
                       " is outside the printable range");
    out.append(count - 29, out.back());
  }
  return out;
}

std::string snr::remote::encodeRunLength(StringRef payload) {
  std::string out;
  out.reserve(payload.size());
  for (size_t i = 0; i < payload.size();) {
    char c = payload[i];
    size_t run = 1;
    while (i + run < payload.size() && payload[i + run] == c && run < 98)
      ++run;
    // `run - 1` copies follow the first; encode 3 or more, avoiding the
    // counts that would be '#' (6) or '$' (7).
    size_t extra = run - 1;
    while (extra + 29 == '#' || extra + 29 == '$')
      --extra;
    out += c;
    if (extra >= 3) {
      out += '*';
      out += char(extra + 29);
      i += extra + 1;
    } else {
      i += 1;
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// PacketDecoder
//===----------------------------------------------------------------------===//

void PacketDecoder::reset() {
  state = State::Idle;
  payload.clear();
  overlong = false;
}

void PacketDecoder::feed(StringRef bytes, std::vector<RspEvent> &events) {
  for (char c : bytes) {
    switch (state) {
    case State::Idle:
      if (c == '+')
        events.push_back({RspEvent::Kind::Ack, {}, {}, 0});
      else if (c == '-')
        events.push_back({RspEvent::Kind::Nak, {}, {}, 0});
      else if (c == '\x03')
        events.push_back({RspEvent::Kind::Interrupt, {}, {}, 0});
      else if (c == '$')
        state = State::Payload;
      else
        ++noise;
      break;
    case State::Payload:
      if (c == '#') {
        state = State::Checksum1;
      } else if (c == '$') {
        // The peer started over.
        payload.clear();
        overlong = false;
      } else if (payload.size() < maxPayloadBytes) {
        payload += c;
      } else {
        overlong = true;
      }
      break;
    case State::Checksum1:
      checksum[0] = c;
      state = State::Checksum2;
      break;
    case State::Checksum2: {
      checksum[1] = c;
      RspEvent event;
      event.payload = std::move(payload);
      if (overlong) {
        event.kind = RspEvent::Kind::Oversized;
      } else {
        event.computed = computeChecksum(event.payload);
        unsigned hi = 0, lo = 0;
        bool valid =
            llvm::isHexDigit(checksum[0]) && llvm::isHexDigit(checksum[1]);
        if (valid) {
          hi = llvm::hexDigitValue(checksum[0]);
          lo = llvm::hexDigitValue(checksum[1]);
        }
        if (valid && ((hi << 4) | lo) == event.computed) {
          event.kind = RspEvent::Kind::Packet;
        } else {
          event.kind = RspEvent::Kind::BadChecksum;
          event.received = std::string(checksum, 2);
        }
      }
      events.push_back(std::move(event));
      payload.clear();
      overlong = false;
      state = State::Idle;
      break;
    }
    }
  }
}

//===----------------------------------------------------------------------===//
// Hex
//===----------------------------------------------------------------------===//

std::string snr::remote::hexEncode(llvm::ArrayRef<uint8_t> bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    out += llvm::hexdigit(b >> 4, /*LowerCase=*/true);
    out += llvm::hexdigit(b & 0xf, /*LowerCase=*/true);
  }
  return out;
}

std::string snr::remote::hexEncode(StringRef bytes) {
  return hexEncode(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
}

llvm::Expected<std::vector<uint8_t>> snr::remote::hexDecode(StringRef hex) {
  if (hex.size() % 2)
    return makeError("odd number of hex digits in '" + quotePacket(hex) + "'");
  std::vector<uint8_t> out;
  out.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    if (!llvm::isHexDigit(hex[i]) || !llvm::isHexDigit(hex[i + 1]))
      return makeError("not hex at offset " + llvm::Twine(i) + " of '" +
                       quotePacket(hex) + "'");
    out.push_back(uint8_t(llvm::hexDigitValue(hex[i]) << 4 |
                          llvm::hexDigitValue(hex[i + 1])));
  }
  return out;
}

std::optional<uint64_t> snr::remote::parseHexNumber(StringRef hex) {
  if (hex.empty() || hex.size() > 16)
    return std::nullopt;
  uint64_t value = 0;
  for (char c : hex) {
    if (!llvm::isHexDigit(c))
      return std::nullopt;
    value = value << 4 | llvm::hexDigitValue(c);
  }
  return value;
}

std::string snr::remote::quotePacket(StringRef payload, size_t maxChars) {
  std::string out;
  for (size_t i = 0; i < payload.size(); ++i) {
    if (out.size() >= maxChars) {
      out += "...";
      break;
    }
    unsigned char c = payload[i];
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += char(c);
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += "\\x";
      out += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
      out += llvm::hexdigit(c & 0xf, /*LowerCase=*/true);
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Replies
//===----------------------------------------------------------------------===//

std::optional<ErrorReply> snr::remote::parseErrorReply(StringRef payload) {
  if (payload.size() == 3 && payload[0] == 'E' &&
      llvm::isHexDigit(payload[1]) && llvm::isHexDigit(payload[2]))
    return ErrorReply{uint8_t(llvm::hexDigitValue(payload[1]) << 4 |
                              llvm::hexDigitValue(payload[2])),
                      {}};
  if (payload.starts_with("E."))
    return ErrorReply{0, payload.drop_front(2).str()};
  return std::nullopt;
}

/// One or two hex digits, as a stop reply's signal or exit status.
static std::optional<uint8_t> parseStatus(StringRef text) {
  if (text.empty() || text.size() > 2)
    return std::nullopt;
  std::optional<uint64_t> value = parseHexNumber(text);
  if (!value)
    return std::nullopt;
  return uint8_t(*value);
}

static llvm::Error malformed(StringRef payload, const llvm::Twine &why) {
  return makeError("malformed stop reply '" + quotePacket(payload) +
                   "': " + why);
}

/// The `;process:PID` suffix of `W` and `X`.
static llvm::Error parseProcessSuffix(StringRef payload, StringRef rest,
                                      StopReply &reply) {
  if (rest.empty())
    return llvm::Error::success();
  if (!rest.consume_front(";process:"))
    return malformed(payload, "expected ';process:PID' after the status");
  std::optional<uint64_t> pid = parseHexNumber(rest);
  if (!pid)
    return malformed(payload, "the process id is not a hex number");
  reply.process = *pid;
  return llvm::Error::success();
}

llvm::Expected<StopReply> snr::remote::parseStopReply(StringRef payload) {
  if (payload.empty())
    return makeError("empty reply where a stop reply was expected");
  if (std::optional<ErrorReply> error = parseErrorReply(payload))
    return makeError("error reply '" + quotePacket(payload) +
                     "' where a stop reply was expected");
  StopReply reply;
  char kind = payload[0];
  StringRef body = payload.drop_front();
  if (kind == 'W' || kind == 'X') {
    reply.kind =
        kind == 'W' ? StopReply::Kind::Exited : StopReply::Kind::Terminated;
    size_t semicolon = body.find(';');
    std::optional<uint8_t> code = parseStatus(body.substr(0, semicolon));
    if (!code)
      return malformed(payload, "expected a two-digit hex status after '" +
                                    llvm::Twine(kind) + "'");
    reply.code = *code;
    StringRef rest =
        semicolon == StringRef::npos ? StringRef() : body.substr(semicolon);
    if (llvm::Error error = parseProcessSuffix(payload, rest, reply))
      return std::move(error);
    return reply;
  }
  if (kind != 'S' && kind != 'T')
    return makeError("'" + quotePacket(payload) + "' is not a stop reply");
  std::optional<uint8_t> signal = parseStatus(body.take_front(2));
  if (body.size() < 2 || !signal)
    return malformed(payload, "expected a two-digit hex signal after '" +
                                  llvm::Twine(kind) + "'");
  reply.code = *signal;
  body = body.drop_front(2);
  if (kind == 'S') {
    if (!body.empty())
      return malformed(payload, "unexpected text after the signal");
    return reply;
  }
  while (!body.empty()) {
    auto [pair, rest] = body.split(';');
    body = rest;
    if (pair.empty())
      continue;
    auto [name, value] = pair.split(':');
    if (name.size() == pair.size())
      return malformed(payload, "pair '" + quotePacket(pair) + "' has no ':'");
    if (std::optional<uint64_t> regnum = parseHexNumber(name)) {
      llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(value);
      if (!bytes || *regnum > UINT32_MAX) {
        if (!bytes)
          llvm::consumeError(bytes.takeError());
        return malformed(payload, "register " + name + " has no hex value");
      }
      reply.registers.push_back({unsigned(*regnum), std::move(*bytes)});
      continue;
    }
    if (name == "thread") {
      reply.thread = value.str();
    } else if (name == "core") {
      std::optional<uint64_t> core = parseHexNumber(value);
      if (!core || *core > UINT32_MAX)
        return malformed(payload, "the core is not a hex number");
      reply.core = unsigned(*core);
    } else if (llvm::is_contained({"swbreak", "hwbreak", "watch", "rwatch",
                                   "awatch", "library", "replaylog", "fork",
                                   "vfork", "vforkdone", "exec", "create",
                                   "no-resumed"},
                                  name)) {
      reply.reason = name.str();
      reply.reasonValue = value.str();
    }
    // Anything else is a pair this client does not know: skipped.
  }
  return reply;
}

std::string snr::remote::formatStopReply(const StopReply &reply) {
  std::string out;
  llvm::raw_string_ostream os(out);
  auto hex2 = [&](unsigned value) {
    os << llvm::format_hex_no_prefix(value & 0xff, 2);
  };
  switch (reply.kind) {
  case StopReply::Kind::Exited:
  case StopReply::Kind::Terminated:
    os << (reply.kind == StopReply::Kind::Exited ? 'W' : 'X');
    hex2(reply.code);
    if (reply.process)
      os << ";process:" << llvm::utohexstr(*reply.process, /*LowerCase=*/true);
    return out;
  case StopReply::Kind::Signal:
    break;
  }
  bool plain = !reply.thread && !reply.core && reply.reason.empty() &&
               reply.registers.empty();
  os << (plain ? 'S' : 'T');
  hex2(reply.code);
  for (const StopReply::Register &reg : reply.registers) {
    os << llvm::format_hex_no_prefix(reg.regnum, 2) << ':'
       << hexEncode(reg.bytes) << ';';
  }
  if (reply.thread)
    os << "thread:" << *reply.thread << ';';
  if (reply.core)
    os << "core:" << llvm::utohexstr(*reply.core, /*LowerCase=*/true) << ';';
  if (!reply.reason.empty())
    os << reply.reason << ':' << reply.reasonValue << ';';
  return out;
}
