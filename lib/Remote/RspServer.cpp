//===- RspServer.cpp - A stub's side of the remote protocol ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspServer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace snr::remote;
using llvm::StringRef;

char StubError::ID = 0;

void StubError::log(llvm::raw_ostream &os) const { os << text; }

std::error_code StubError::convertToErrorCode() const {
  return std::make_error_code(std::errc::io_error);
}

TargetHandler::~TargetHandler() = default;

static std::string hex(uint64_t value) {
  return llvm::utohexstr(value, /*LowerCase=*/true);
}

/// "ADDR,LENGTH" as two hex numbers.
static bool parseAddressAndLength(StringRef text, uint64_t &address,
                                  uint64_t &length) {
  auto [a, l] = text.split(',');
  std::optional<uint64_t> addressValue = parseHexNumber(a);
  std::optional<uint64_t> lengthValue = parseHexNumber(l);
  if (!addressValue || !lengthValue)
    return false;
  address = *addressValue;
  length = *lengthValue;
  return true;
}

std::string RspServer::replyWithError(llvm::Error error, StringRef packet) {
  uint8_t code = 1;
  std::string message;
  llvm::handleAllErrors(
      std::move(error),
      [&](const StubError &stubError) {
        code = stubError.getCode();
        message = stubError.message();
      },
      [&](const llvm::ErrorInfoBase &other) { message = other.message(); });
  if (options.log)
    *options.log << "'" << quotePacket(packet) << "': " << message << " (E"
                 << llvm::format_hex_no_prefix(code, 2) << ")\n";
  std::string reply = "E";
  reply += llvm::hexdigit(code >> 4, /*LowerCase=*/true);
  reply += llvm::hexdigit(code & 0xf, /*LowerCase=*/true);
  return reply;
}

std::string RspServer::hexReply(llvm::ArrayRef<uint8_t> bytes) const {
  std::string text = hexEncode(bytes);
  return options.runLengthReplies ? encodeRunLength(text) : text;
}

std::string RspServer::handleStop(llvm::Expected<StopReply> stop,
                                  StringRef packet) {
  if (!stop)
    return replyWithError(stop.takeError(), packet);
  return formatStopReply(*stop);
}

std::string RspServer::handleXfer(StringRef packet) {
  // qXfer:features:read:ANNEX:OFFSET,LENGTH
  StringRef rest = packet;
  if (!rest.consume_front("qXfer:features:read:") || options.documents.empty())
    return "";
  size_t colon = rest.rfind(':');
  if (colon == StringRef::npos)
    return "E00";
  StringRef annex = rest.take_front(colon);
  uint64_t offset = 0, length = 0;
  if (!parseAddressAndLength(rest.drop_front(colon + 1), offset, length))
    return "E00";
  auto it = options.documents.find(annex);
  if (it == options.documents.end())
    return "E00";
  StringRef document = it->second;
  if (offset >= document.size())
    return "l";
  // As many bytes as asked for whose escaped form fits a packet.
  size_t room = options.packetSize > 8 ? options.packetSize - 8 : 1;
  std::string data;
  size_t taken = 0;
  for (size_t i = offset; i < document.size() && taken < length; ++i) {
    std::string escaped = escapeBinary(document.substr(i, 1));
    if (data.size() + escaped.size() > room)
      break;
    data += escaped;
    ++taken;
  }
  bool last = offset + taken >= document.size();
  return (last ? "l" : "m") + data;
}

std::string RspServer::handleQuery(StringRef packet) {
  if (packet.starts_with("qSupported")) {
    std::string reply = "PacketSize=" + hex(options.packetSize);
    if (!options.documents.empty())
      reply += ";qXfer:features:read+";
    if (options.offerNoAck)
      reply += ";QStartNoAckMode+";
    reply += ";vContSupported+";
    return reply;
  }
  if (packet.starts_with("qXfer:"))
    return handleXfer(packet);
  if (packet == "qAttached")
    return "1";
  if (packet == "qC")
    return "QC1";
  if (packet == "qfThreadInfo")
    return "m1";
  if (packet == "qsThreadInfo")
    return "l";
  if (packet.starts_with("qSymbol"))
    return "OK";
  return "";
}

std::string RspServer::handleVCont(StringRef packet) {
  if (packet == "vCont?")
    return "vCont;c;C;s;S";
  StringRef actions = packet;
  if (!actions.consume_front("vCont;"))
    return "";
  // One thread: the first action applies (an action for "any other
  // thread" comes last, and is the first when it is the only one).
  StringRef action = actions.split(';').first.split(':').first;
  if (action == "s" || action.starts_with("S"))
    return handleStop(handler.step(), packet);
  if (action == "c" || action.starts_with("C"))
    return handleStop(handler.resume([this] { return interrupted(); }), packet);
  return "E01";
}

std::string RspServer::handleMemory(StringRef packet) {
  char command = packet[0];
  StringRef body = packet.drop_front();
  auto [range, data] = body.split(':');
  uint64_t address = 0, length = 0;
  if (!parseAddressAndLength(range, address, length))
    return "E01";
  if (command == 'm') {
    // A reply holds at most what fits a packet; the debugger asks again.
    uint64_t limit = options.packetSize > 8 ? (options.packetSize - 8) / 2 : 1;
    length = std::min(length, limit);
    if (length == 0)
      return "";
    llvm::Expected<std::vector<uint8_t>> bytes =
        handler.readMemory(address, length);
    if (!bytes)
      return replyWithError(bytes.takeError(), packet);
    if (bytes->empty())
      return "E0e";
    if (bytes->size() > length)
      bytes->resize(length);
    return hexReply(*bytes);
  }
  if (range.size() == body.size())
    return "E01";
  std::vector<uint8_t> bytes;
  if (command == 'M') {
    llvm::Expected<std::vector<uint8_t>> decoded = hexDecode(data);
    if (!decoded) {
      llvm::consumeError(decoded.takeError());
      return "E01";
    }
    bytes = std::move(*decoded);
  } else {
    llvm::Expected<std::string> decoded = unescapeBinary(data);
    if (!decoded) {
      llvm::consumeError(decoded.takeError());
      return "E01";
    }
    bytes.assign(decoded->begin(), decoded->end());
  }
  if (bytes.size() != length)
    return "E01";
  if (bytes.empty())
    return "OK";
  if (llvm::Error error = handler.writeMemory(address, bytes))
    return replyWithError(std::move(error), packet);
  return "OK";
}

std::string RspServer::handleBreakpoint(StringRef packet) {
  // Z0,ADDR,KIND (conditions after ';' are not supported).
  if (packet.size() < 2 || packet[1] != '0')
    return "";
  StringRef body = packet.drop_front(2).split(';').first;
  if (!body.consume_front(","))
    return "E01";
  uint64_t address = 0, kind = 0;
  if (!parseAddressAndLength(body, address, kind))
    return "E01";
  llvm::Error error = packet[0] == 'Z'
                          ? handler.insertBreakpoint(address, unsigned(kind))
                          : handler.removeBreakpoint(address, unsigned(kind));
  if (error)
    return replyWithError(std::move(error), packet);
  return "OK";
}

bool RspServer::interrupted() {
  if (!current)
    return false;
  llvm::Expected<bool> interrupt = current->pollInterrupt();
  if (!interrupt) {
    // The debugger went away: stop, and let serve() see the closed socket.
    llvm::consumeError(interrupt.takeError());
    return true;
  }
  return *interrupt || !current->isOpen();
}

std::string RspServer::handle(StringRef packet,
                              std::optional<Outcome> &outcome) {
  ++handled;
  if (packet.empty())
    return "";
  switch (packet[0]) {
  case '?':
    return formatStopReply(handler.getStopReason());
  case 'g': {
    if (packet.size() != 1)
      return "";
    llvm::Expected<std::vector<uint8_t>> bytes = handler.readRegisters();
    if (!bytes)
      return replyWithError(bytes.takeError(), packet);
    return hexReply(*bytes);
  }
  case 'p': {
    std::optional<uint64_t> regnum = parseHexNumber(packet.drop_front());
    if (!regnum || *regnum > UINT32_MAX)
      return "E01";
    llvm::Expected<std::vector<uint8_t>> bytes =
        handler.readRegister(unsigned(*regnum));
    if (!bytes)
      return replyWithError(bytes.takeError(), packet);
    return hexReply(*bytes);
  }
  case 'P': {
    auto [number, value] = packet.drop_front().split('=');
    std::optional<uint64_t> regnum = parseHexNumber(number);
    llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(value);
    if (!regnum || *regnum > UINT32_MAX || !bytes) {
      if (!bytes)
        llvm::consumeError(bytes.takeError());
      return "E01";
    }
    if (llvm::Error error = handler.writeRegister(unsigned(*regnum), *bytes))
      return replyWithError(std::move(error), packet);
    return "OK";
  }
  case 'm':
  case 'M':
  case 'X':
    return handleMemory(packet);
  case 's':
  case 'c':
  case 'S':
  case 'C': {
    // `s`/`c` take an optional address to resume at, `S`/`C` a signal
    // first; a target without signals ignores them, and resuming
    // elsewhere is not supported.
    StringRef args = packet.drop_front();
    if (packet[0] == 'S' || packet[0] == 'C')
      args = args.split(';').second;
    if (!args.empty())
      return "E01";
    if (packet[0] == 's' || packet[0] == 'S')
      return handleStop(handler.step(), packet);
    return handleStop(handler.resume([this] { return interrupted(); }), packet);
  }
  case 'Z':
  case 'z':
    return handleBreakpoint(packet);
  case 'k':
    handler.kill();
    outcome = Outcome::Killed;
    return "";
  case 'D':
    handler.detach();
    outcome = Outcome::Detached;
    return "OK";
  case 'H':
  case 'T':
    // One thread: any thread is it.
    return "OK";
  case 'q':
    return handleQuery(packet);
  case 'Q':
    if (packet == "QStartNoAckMode" && options.offerNoAck) {
      noAckRequested = true;
      return "OK";
    }
    return "";
  case 'v':
    if (packet.starts_with("vCont"))
      return handleVCont(packet);
    if (packet.starts_with("vKill")) {
      handler.kill();
      outcome = Outcome::Killed;
      return "OK";
    }
    return "";
  default:
    return "";
  }
}

llvm::Expected<RspServer::Outcome> RspServer::serve(RspConnection &connection) {
  current = &connection;
  noAckRequested = false;
  // A debugger's commands are never run-length encoded: a `*` is data.
  connection.setExpandRunLength(false);
  unsigned ackTimeout = connection.getTimeout();
  auto finish = [&](Outcome outcome) {
    current = nullptr;
    connection.close();
    return outcome;
  };
  while (true) {
    connection.setTimeout(options.idleTimeoutMs);
    llvm::Expected<std::string> command = connection.receiveCommand();
    connection.setTimeout(ackTimeout);
    if (!command) {
      bool disconnected = false;
      llvm::Error rest = llvm::handleErrors(
          command.takeError(),
          [&](std::unique_ptr<RemoteError> error) -> llvm::Error {
            if (error->getKind() != RemoteError::Kind::Disconnected)
              return llvm::Error(std::move(error));
            disconnected = true;
            return llvm::Error::success();
          });
      current = nullptr;
      if (disconnected)
        return finish(Outcome::Disconnected);
      return std::move(rest);
    }
    std::optional<Outcome> outcome;
    std::string reply = handle(*command, outcome);
    // `k` has no reply.
    if (outcome == Outcome::Killed && *command == "k")
      return finish(Outcome::Killed);
    if (!connection.isOpen())
      return finish(Outcome::Disconnected);
    if (llvm::Error error = connection.sendPacket(reply)) {
      current = nullptr;
      return std::move(error);
    }
    if (noAckRequested && !connection.isNoAckMode())
      connection.setNoAckMode(true);
    if (outcome)
      return finish(*outcome);
  }
}
