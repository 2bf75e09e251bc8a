//===- RspClient.cpp - A debugger's side of the remote protocol -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspClient.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstring>

using namespace snr::remote;
using llvm::StringRef;
using Kind = RemoteError::Kind;

static std::string hex(uint64_t value) {
  return llvm::utohexstr(value, /*LowerCase=*/true);
}

/// "SIGSEGV" for 11: the names GDB's protocol numbers use (they are Linux's
/// for the common ones).
static StringRef signalName(unsigned signal) {
  switch (signal) {
  case 1:
    return "SIGHUP";
  case 2:
    return "SIGINT";
  case 3:
    return "SIGQUIT";
  case 4:
    return "SIGILL";
  case 5:
    return "SIGTRAP";
  case 6:
    return "SIGABRT";
  case 7:
    return "SIGEMT";
  case 8:
    return "SIGFPE";
  case 9:
    return "SIGKILL";
  case 10:
    return "SIGBUS";
  case 11:
    return "SIGSEGV";
  case 12:
    return "SIGSYS";
  case 13:
    return "SIGPIPE";
  case 14:
    return "SIGALRM";
  case 15:
    return "SIGTERM";
  default:
    return "";
  }
}

static std::string describeSignal(unsigned signal) {
  std::string text = "signal " + std::to_string(signal);
  StringRef name = signalName(signal);
  if (!name.empty())
    text += " (" + name.str() + ")";
  return text;
}

bool StubFeatures::hasVCont(StringRef action) const {
  return llvm::is_contained(vContActions, action);
}

std::string StopEvent::describe() const {
  switch (kind) {
  case Kind::Stepped:
    return "stepped";
  case Kind::Breakpoint:
    if (!pc)
      return "stopped at a break point (" + reply.reason + ")";
    return "stopped at the break point at 0x" + hex(*pc);
  case Kind::Signal:
    return "stopped by " + describeSignal(code);
  case Kind::Exited:
    return "exited with status " + std::to_string(code);
  case Kind::Terminated:
    return "killed by " + describeSignal(code);
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Handshake
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<RspClient>>
RspClient::connect(StringRef hostAndPort, const ClientOptions &options) {
  llvm::Expected<std::unique_ptr<RspConnection>> connection =
      RspConnection::connect(hostAndPort, options.connection);
  if (!connection)
    return connection.takeError();
  return open(std::move(*connection), options);
}

llvm::Expected<std::unique_ptr<RspClient>>
RspClient::open(std::unique_ptr<RspConnection> connection,
                const ClientOptions &options) {
  std::unique_ptr<RspClient> client(
      new RspClient(std::move(connection), options));
  if (llvm::Error error = client->handshake())
    return std::move(error);
  return std::move(client);
}

llvm::Error RspClient::handshake() {
  // What this client understands, so the stub may use it: stop reasons and
  // the vCont? reply's actions.
  llvm::Expected<std::string> reply =
      connection->request("qSupported:swbreak+;hwbreak+;vContSupported+");
  if (!reply)
    return reply.takeError();
  features.qSupportedReply = *reply;
  llvm::SmallVector<StringRef, 16> items;
  StringRef(*reply).split(items, ';', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    auto [name, value] = item.split('=');
    if (name.size() == item.size()) {
      if (item.ends_with("+"))
        features.all[item.drop_back()] = "+";
      continue;
    }
    features.all[name] = value.str();
  }
  if (auto it = features.all.find("PacketSize"); it != features.all.end()) {
    std::optional<uint64_t> size = parseHexNumber(it->second);
    if (size && *size >= 16 && *size <= (1u << 30))
      features.packetSize = *size;
  }
  features.xferFeatures = features.all.count("qXfer:features:read");
  features.noAckOffered = features.all.count("QStartNoAckMode");
  features.vContSupported = features.all.count("vContSupported");
  features.swbreak = features.all.count("swbreak");
  features.hwbreak = features.all.count("hwbreak");

  if (features.noAckOffered && options.allowNoAck) {
    llvm::Expected<std::string> ok = connection->request("QStartNoAckMode");
    if (!ok)
      return ok.takeError();
    // The OK was acknowledged in acknowledged mode; nothing is from now on.
    if (*ok == "OK")
      connection->setNoAckMode(true);
  }

  if (options.allowVCont) {
    llvm::Expected<std::string> vcont = connection->request("vCont?");
    if (!vcont)
      return vcont.takeError();
    StringRef actions = *vcont;
    if (actions.consume_front("vCont")) {
      llvm::SmallVector<StringRef, 8> list;
      actions.split(list, ';', -1, /*KeepEmpty=*/false);
      for (StringRef action : list)
        features.vContActions.push_back(action.str());
    }
  }

  if (features.xferFeatures && options.readTargetDescription) {
    llvm::Expected<TargetDescription> desc = TargetDescription::read(
        "target.xml",
        [&](StringRef annex) { return fetchFeatureDocument(annex); },
        options.descriptionLimits);
    if (!desc)
      return makeRemoteError(
          Kind::Protocol,
          "the target description of " + connection->getPeerName() +
              " is unusable: " + llvm::toString(desc.takeError()));
    description.emplace(std::move(*desc));
  }
  return llvm::Error::success();
}

llvm::Expected<std::string> RspClient::fetchFeatureDocument(StringRef annex) {
  std::string document;
  // Each request asks for what fits the stub's packets once escaped.
  size_t chunk = features.packetSize ? features.packetSize - 8 : 4000;
  chunk = std::max<size_t>(chunk, 64);
  while (true) {
    std::string packet = "qXfer:features:read:" + annex.str() + ":" +
                         hex(document.size()) + "," + hex(chunk);
    llvm::Expected<std::string> reply = connection->request(packet);
    if (!reply)
      return reply.takeError();
    if (reply->empty())
      return makeRemoteError(Kind::Unsupported,
                             "the stub gave an empty reply to '" + packet +
                                 "'");
    if (std::optional<ErrorReply> error = parseErrorReply(*reply))
      return makeRemoteError(Kind::ErrorReply, "the stub replied '" +
                                                   quotePacket(*reply) +
                                                   "' to '" + packet + "'");
    char kind = (*reply)[0];
    if (kind != 'm' && kind != 'l')
      return makeRemoteError(Kind::Protocol,
                             "the stub replied '" + quotePacket(*reply) +
                                 "' to '" + packet +
                                 "' (expected 'm' or 'l' and data)");
    llvm::Expected<std::string> data =
        unescapeBinary(StringRef(*reply).drop_front());
    if (!data)
      return makeRemoteError(Kind::Protocol,
                             "the reply to '" + packet + "' is malformed: " +
                                 llvm::toString(data.takeError()));
    document += *data;
    if (document.size() > options.descriptionLimits.xml.maxBytes)
      return makeRemoteError(
          Kind::Protocol,
          "'" + annex + "' is longer than " +
              llvm::Twine(options.descriptionLimits.xml.maxBytes) + " bytes");
    if (kind == 'l')
      return document;
    if (data->empty())
      return makeRemoteError(Kind::Protocol,
                             "the stub replied 'm' with no data to '" + packet +
                                 "' (the document would never end)");
  }
}

llvm::Expected<const RegisterDescription *>
RspClient::findRegister(StringRef name) const {
  if (!description)
    return makeRemoteError(Kind::Unsupported,
                           "cannot find register '" + name +
                               "': the stub offers no target "
                               "description (qXfer:features:read)");
  if (const RegisterDescription *reg = description->lookup(name))
    return reg;
  return makeRemoteError(
      Kind::Usage,
      "the target description has no register '" + name + "' (" +
          llvm::Twine(description->getRegisters().size()) + " registers in " +
          llvm::Twine(description->getFeatures().size()) + " features)");
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

llvm::Error RspClient::checkOpen(StringRef packet) const {
  if (!closedBy.empty())
    return makeRemoteError(Kind::Usage, "cannot send '" + packet +
                                            "': the session ended with '" +
                                            closedBy + "'");
  return llvm::Error::success();
}

llvm::Error RspClient::checkRunning(StringRef packet) const {
  if (llvm::Error error = checkOpen(packet))
    return error;
  if (ended)
    return makeRemoteError(Kind::Usage, "cannot send '" + packet +
                                            "': the program has ended (" +
                                            ended->describe() + ")");
  return llvm::Error::success();
}

llvm::Expected<std::string> RspClient::request(StringRef packet) {
  if (llvm::Error error = checkOpen(packet))
    return std::move(error);
  return connection->request(packet);
}

llvm::Expected<std::string> RspClient::requestChecked(StringRef packet,
                                                      StringRef what) {
  llvm::Expected<std::string> reply = request(packet);
  if (!reply)
    return reply.takeError();
  if (reply->empty())
    return makeRemoteError(Kind::Unsupported,
                           "cannot " + what + ": the stub does not support '" +
                               quotePacket(packet) + "' (empty reply)");
  if (parseErrorReply(*reply))
    return makeRemoteError(Kind::ErrorReply,
                           "cannot " + what + ": the stub replied '" +
                               quotePacket(*reply) + "' to '" +
                               quotePacket(packet) + "'");
  return reply;
}

llvm::Expected<StopReply> RspClient::queryStopReason() {
  llvm::Expected<std::string> reply =
      requestChecked("?", "ask why the target stopped");
  if (!reply)
    return reply.takeError();
  llvm::Expected<StopReply> stop = parseStopReply(*reply);
  if (!stop)
    return makeRemoteError(Kind::Protocol,
                           "the reply to '?' is not a stop "
                           "reply: " +
                               llvm::toString(stop.takeError()));
  return stop;
}

void RspClient::noteStop(const StopReply &reply) {
  if (reply.kind == StopReply::Kind::Signal)
    return;
  StopEvent event;
  event.kind = reply.kind == StopReply::Kind::Exited
                   ? StopEvent::Kind::Exited
                   : StopEvent::Kind::Terminated;
  event.code = reply.code;
  event.reply = reply;
  ended = event;
}

llvm::Expected<StopReply> RspClient::waitForStop(StringRef packet) {
  llvm::Expected<std::string> reply = connection->request(packet);
  while (true) {
    if (!reply)
      return reply.takeError();
    StringRef payload = *reply;
    // `O` packets carry the program's console output before the stop.
    if (payload.size() > 1 && payload[0] == 'O' && payload.size() % 2 == 1 &&
        payload != "OK") {
      llvm::Expected<std::vector<uint8_t>> text =
          hexDecode(payload.drop_front());
      if (text) {
        consoleOutput.append(text->begin(), text->end());
        reply = connection->receiveReply();
        continue;
      }
      llvm::consumeError(text.takeError());
    }
    if (payload.empty())
      return makeRemoteError(Kind::Unsupported, "the stub does not support '" +
                                                    packet + "' (empty reply)");
    if (parseErrorReply(payload))
      return makeRemoteError(Kind::ErrorReply, "the stub replied '" +
                                                   quotePacket(payload) +
                                                   "' to '" + packet + "'");
    llvm::Expected<StopReply> stop = parseStopReply(payload);
    if (!stop)
      return makeRemoteError(Kind::Protocol,
                             "the reply to '" + packet +
                                 "' is not a stop "
                                 "reply: " +
                                 llvm::toString(stop.takeError()));
    noteStop(*stop);
    return stop;
  }
}

llvm::Expected<StopEvent> RspClient::step() {
  StringRef packet = features.hasVCont("s") ? "vCont;s" : "s";
  if (llvm::Error error = checkRunning(packet))
    return std::move(error);
  llvm::Expected<StopReply> stop = waitForStop(packet);
  if (!stop)
    return stop.takeError();
  StopEvent event;
  event.reply = std::move(*stop);
  event.code = event.reply.code;
  switch (event.reply.kind) {
  case StopReply::Kind::Exited:
    event.kind = StopEvent::Kind::Exited;
    break;
  case StopReply::Kind::Terminated:
    event.kind = StopEvent::Kind::Terminated;
    break;
  case StopReply::Kind::Signal:
    event.kind = event.code == SIGTRAP ? StopEvent::Kind::Stepped
                                       : StopEvent::Kind::Signal;
    break;
  }
  return event;
}

std::optional<uint64_t> RspClient::readPc(const StopReply &reply) {
  if (!description)
    return std::nullopt;
  const RegisterDescription *pc = description->lookup(options.pcRegister);
  if (!pc)
    return std::nullopt;
  std::vector<uint8_t> bytes;
  for (const StopReply::Register &reg : reply.registers)
    if (reg.regnum == pc->regnum)
      bytes = reg.bytes;
  if (bytes.empty()) {
    llvm::Expected<std::vector<uint8_t>> read = readRegister(pc->regnum);
    if (!read) {
      llvm::consumeError(read.takeError());
      return std::nullopt;
    }
    bytes = std::move(*read);
  }
  uint64_t value = 0;
  for (size_t i = 0; i < bytes.size() && i < 8; ++i)
    value |= uint64_t(bytes[i]) << (8 * i);
  return value;
}

llvm::Expected<StopEvent> RspClient::resume(std::optional<uint8_t> signal) {
  std::string packet = features.hasVCont("c") ? "vCont;c" : "c";
  if (signal) {
    packet = features.hasVCont("C") ? "vCont;C" : "C";
    packet += llvm::hexdigit(*signal >> 4, /*LowerCase=*/true);
    packet += llvm::hexdigit(*signal & 0xf, /*LowerCase=*/true);
  }
  if (llvm::Error error = checkRunning(packet))
    return std::move(error);
  unsigned timeout = connection->getTimeout();
  connection->setTimeout(options.continueTimeoutMs);
  llvm::Expected<StopReply> stop = waitForStop(packet);
  connection->setTimeout(timeout);
  if (!stop) {
    bool timedOut = false;
    llvm::Error rest = llvm::handleErrors(
        stop.takeError(),
        [&](std::unique_ptr<RemoteError> error) -> llvm::Error {
          if (error->getKind() != Kind::Timeout)
            return llvm::Error(std::move(error));
          timedOut = true;
          return llvm::Error::success();
        });
    if (!timedOut)
      return std::move(rest);
    // Still running: stop it, so the session stays usable, and say so.
    if (llvm::Error error = connection->sendInterrupt())
      return std::move(error);
    llvm::Expected<std::string> reply = connection->receiveReply();
    if (!reply) {
      // Some stubs do not listen while the target runs (QEMU 7.2 in user
      // mode): its stop reply could come at any time, so the session is
      // over.
      llvm::consumeError(reply.takeError());
      connection->close();
      closedBy = "\\x03";
      return makeRemoteError(
          Kind::Timeout,
          "the target was still running " +
              llvm::Twine(options.continueTimeoutMs) + " ms after '" + packet +
              "' and did not stop within " +
              llvm::Twine(connection->getTimeout()) +
              " ms of an interrupt ('\\x03'); SnR closed the connection");
    }
    std::string how = "the stub did not say how it stopped";
    if (llvm::Expected<StopReply> interrupted = parseStopReply(*reply)) {
      noteStop(*interrupted);
      how = interrupted->kind == StopReply::Kind::Signal
                ? "it stopped with " + describeSignal(interrupted->code)
                : "the program ended";
    } else {
      llvm::consumeError(interrupted.takeError());
    }
    return makeRemoteError(Kind::Timeout,
                           "the target was still running " +
                               llvm::Twine(options.continueTimeoutMs) +
                               " ms after '" + packet +
                               "'; SnR interrupted it (" + how + ")");
  }
  StopEvent event;
  event.reply = std::move(*stop);
  event.code = event.reply.code;
  switch (event.reply.kind) {
  case StopReply::Kind::Exited:
    event.kind = StopEvent::Kind::Exited;
    return event;
  case StopReply::Kind::Terminated:
    event.kind = StopEvent::Kind::Terminated;
    return event;
  case StopReply::Kind::Signal:
    break;
  }
  event.kind = StopEvent::Kind::Signal;
  if (event.code != SIGTRAP)
    return event;
  event.pc = readPc(event.reply);
  if (event.reply.reason == "swbreak" || event.reply.reason == "hwbreak" ||
      (event.pc && breakpoints.contains(*event.pc)))
    event.kind = StopEvent::Kind::Breakpoint;
  return event;
}

llvm::Error RspClient::insertBreakpoint(uint64_t address, unsigned kind) {
  std::string packet = "Z0," + hex(address) + "," + hex(kind);
  if (llvm::Error error = checkRunning(packet))
    return error;
  llvm::Expected<std::string> reply =
      requestChecked(packet, "set a break point at 0x" + hex(address));
  if (!reply)
    return reply.takeError();
  if (*reply != "OK")
    return makeRemoteError(Kind::Protocol, "the stub replied '" +
                                               quotePacket(*reply) + "' to '" +
                                               packet + "' (expected 'OK')");
  breakpoints.insert(address);
  return llvm::Error::success();
}

llvm::Error RspClient::removeBreakpoint(uint64_t address, unsigned kind) {
  std::string packet = "z0," + hex(address) + "," + hex(kind);
  if (llvm::Error error = checkRunning(packet))
    return error;
  llvm::Expected<std::string> reply =
      requestChecked(packet, "remove the break point at 0x" + hex(address));
  if (!reply)
    return reply.takeError();
  if (*reply != "OK")
    return makeRemoteError(Kind::Protocol, "the stub replied '" +
                                               quotePacket(*reply) + "' to '" +
                                               packet + "' (expected 'OK')");
  breakpoints.erase(address);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

/// "register 'vl' (number 101)" or "register number 105".
static std::string describeRegister(const TargetDescription *description,
                                    unsigned regnum) {
  if (description)
    if (const RegisterDescription *reg = description->lookup(regnum))
      return "register '" + reg->name + "' (number " + std::to_string(regnum) +
             ")";
  return "register number " + std::to_string(regnum);
}

llvm::Expected<std::vector<uint8_t>> RspClient::readRegister(unsigned regnum) {
  const TargetDescription *desc = getTargetDescription();
  if (pSupported.value_or(true)) {
    std::string packet = "p" + hex(regnum);
    if (llvm::Error error = checkRunning(packet))
      return std::move(error);
    llvm::Expected<std::string> reply = request(packet);
    if (!reply)
      return reply.takeError();
    if (!reply->empty()) {
      pSupported = true;
      if (parseErrorReply(*reply))
        return makeRemoteError(
            Kind::ErrorReply, "cannot read " + describeRegister(desc, regnum) +
                                  ": the stub replied '" + quotePacket(*reply) +
                                  "' to '" + packet + "'");
      if (StringRef(*reply).contains('x'))
        return makeRemoteError(Kind::ErrorReply,
                               "cannot read " + describeRegister(desc, regnum) +
                                   ": the stub says it is unavailable ('" +
                                   quotePacket(*reply) + "' to '" + packet +
                                   "')");
      llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(*reply);
      if (!bytes)
        return makeRemoteError(Kind::Protocol,
                               "the reply to '" + packet + "' is not hex: " +
                                   llvm::toString(bytes.takeError()));
      if (desc)
        if (const RegisterDescription *reg = desc->lookup(regnum))
          if (bytes->size() != reg->getBytes())
            return makeRemoteError(Kind::Protocol,
                                   "the stub replied " +
                                       llvm::Twine(bytes->size()) +
                                       " bytes to '" + packet +
                                       "', but the target description "
                                       "gives " +
                                       describeRegister(desc, regnum) + " " +
                                       llvm::Twine(reg->bitsize) + " bits");
      return bytes;
    }
    // QEMU answers `p` only after the target description was read; any
    // stub may lack it. Fall back to `g` from now on.
    pSupported = false;
  }
  return readRegisterFromG(regnum);
}

llvm::Expected<std::vector<uint8_t>>
RspClient::readRegisterFromG(unsigned regnum) {
  if (!description)
    return makeRemoteError(
        Kind::Unsupported,
        "cannot read " + describeRegister(nullptr, regnum) +
            ": the stub does not support 'p', and it offers no target "
            "description (qXfer:features:read) to find the register in 'g'");
  llvm::Expected<std::vector<uint8_t>> g = readGPacket();
  if (!g)
    return g.takeError();
  for (const TargetDescription::GSlot &slot : description->getGSlots(g->size()))
    if (slot.reg->regnum == regnum)
      return std::vector<uint8_t>(g->begin() + slot.offset,
                                  g->begin() + slot.offset +
                                      slot.reg->getBytes());
  return makeRemoteError(
      Kind::Unsupported,
      "cannot read " + describeRegister(getTargetDescription(), regnum) +
          ": the stub does not support 'p', and its 'g' "
          "reply (" +
          llvm::Twine(g->size()) + " bytes) does not hold it");
}

llvm::Expected<std::vector<uint8_t>> RspClient::readRegister(StringRef name) {
  llvm::Expected<const RegisterDescription *> reg = findRegister(name);
  if (!reg)
    return reg.takeError();
  return readRegister((*reg)->regnum);
}

llvm::Error RspClient::writeRegister(unsigned regnum,
                                     llvm::ArrayRef<uint8_t> bytes) {
  std::string packet = "P" + hex(regnum) + "=" + hexEncode(bytes);
  if (llvm::Error error = checkRunning(packet))
    return error;
  llvm::Expected<std::string> reply = requestChecked(
      packet, "write " + describeRegister(getTargetDescription(), regnum));
  if (!reply)
    return reply.takeError();
  if (*reply != "OK")
    return makeRemoteError(
        Kind::Protocol, "the stub replied '" + quotePacket(*reply) + "' to '" +
                            quotePacket(packet) + "' (expected 'OK')");
  return llvm::Error::success();
}

llvm::Expected<std::vector<uint8_t>> RspClient::readGPacket() {
  if (llvm::Error error = checkRunning("g"))
    return std::move(error);
  llvm::Expected<std::string> reply = requestChecked("g", "read registers");
  if (!reply)
    return reply.takeError();
  if (StringRef(*reply).contains('x'))
    return makeRemoteError(Kind::ErrorReply,
                           "the 'g' reply marks registers unavailable ('x'): "
                           "'" +
                               quotePacket(*reply) + "'");
  llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(*reply);
  if (!bytes)
    return makeRemoteError(Kind::Protocol,
                           "the reply to 'g' is not hex: " +
                               llvm::toString(bytes.takeError()));
  return bytes;
}

llvm::Expected<std::vector<RegisterValue>> RspClient::readRegisters() {
  if (!description)
    return makeRemoteError(Kind::Unsupported,
                           "cannot split the 'g' reply into registers: the "
                           "stub offers no target description "
                           "(qXfer:features:read)");
  llvm::Expected<std::vector<uint8_t>> g = readGPacket();
  if (!g)
    return g.takeError();
  std::vector<RegisterValue> values;
  for (const TargetDescription::GSlot &slot : description->getGSlots(g->size()))
    values.push_back(
        {slot.reg, std::vector<uint8_t>(g->begin() + slot.offset,
                                        g->begin() + slot.offset +
                                            slot.reg->getBytes())});
  return values;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

size_t RspClient::getMemoryChunk() const {
  size_t chunk = std::max(1u, options.maxMemoryChunk);
  if (features.packetSize)
    chunk = std::min(chunk, std::max<size_t>(features.packetSize / 2, 1));
  return chunk;
}

llvm::Expected<std::vector<uint8_t>> RspClient::readMemory(uint64_t address,
                                                           size_t length) {
  std::vector<uint8_t> out;
  out.reserve(length);
  size_t chunk = getMemoryChunk();
  while (out.size() < length) {
    uint64_t at = address + out.size();
    size_t want = std::min(chunk, length - out.size());
    std::string packet = "m" + hex(at) + "," + hex(want);
    if (llvm::Error error = checkRunning(packet))
      return std::move(error);
    llvm::Expected<std::string> reply = request(packet);
    if (!reply)
      return reply.takeError();
    std::string where = " at 0x" + hex(at) + ", after " +
                        std::to_string(out.size()) + " of " +
                        std::to_string(length) + " bytes";
    if (reply->empty())
      return makeRemoteError(Kind::Unsupported,
                             "cannot read memory: the stub gave an empty reply "
                             "to '" +
                                 packet + "'" + where);
    if (parseErrorReply(*reply))
      return makeRemoteError(Kind::ErrorReply,
                             "cannot read memory: the stub replied '" +
                                 quotePacket(*reply) + "' to '" + packet + "'" +
                                 where);
    llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(*reply);
    if (!bytes)
      return makeRemoteError(Kind::Protocol,
                             "the reply to '" + packet + "' is not hex: " +
                                 llvm::toString(bytes.takeError()));
    if (bytes->size() > want || bytes->empty())
      return makeRemoteError(Kind::Protocol, "the stub replied " +
                                                 llvm::Twine(bytes->size()) +
                                                 " bytes to '" + packet + "'");
    // A short reply is allowed: the rest is asked for next.
    out.insert(out.end(), bytes->begin(), bytes->end());
  }
  return out;
}

llvm::Error RspClient::writeMemory(uint64_t address,
                                   llvm::ArrayRef<uint8_t> bytes) {
  size_t chunk = getMemoryChunk();
  for (size_t done = 0; done < bytes.size();) {
    uint64_t at = address + done;
    size_t count = std::min(chunk, bytes.size() - done);
    std::string packet = "M" + hex(at) + "," + hex(count) + ":" +
                         hexEncode(bytes.slice(done, count));
    if (llvm::Error error = checkRunning(packet))
      return error;
    llvm::Expected<std::string> reply = requestChecked(
        packet, "write " + std::to_string(bytes.size()) + " bytes at 0x" +
                    hex(address) + " (at 0x" + hex(at) + ")");
    if (!reply)
      return reply.takeError();
    if (*reply != "OK")
      return makeRemoteError(Kind::Protocol,
                             "the stub replied '" + quotePacket(*reply) +
                                 "' to '" + quotePacket(packet) +
                                 "' (expected 'OK')");
    done += count;
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Ending
//===----------------------------------------------------------------------===//

llvm::Error RspClient::kill() {
  if (llvm::Error error = checkOpen("k"))
    return error;
  closedBy = "k";
  if (llvm::Error error = connection->sendPacket("k")) {
    // A stub that exits at once may close before acknowledging.
    bool gone = false;
    llvm::Error rest = llvm::handleErrors(
        std::move(error), [&](std::unique_ptr<RemoteError> e) -> llvm::Error {
          if (e->getKind() != Kind::Disconnected)
            return llvm::Error(std::move(e));
          gone = true;
          return llvm::Error::success();
        });
    if (!gone)
      return rest;
    connection->close();
    return llvm::Error::success();
  }
  // No reply is defined; some stubs send one (`X09`, `OK`) before closing.
  llvm::Expected<bool> closed = connection->waitForClose();
  if (!closed)
    return closed.takeError();
  connection->close();
  return llvm::Error::success();
}

llvm::Error RspClient::detach() {
  if (llvm::Error error = checkOpen("D"))
    return error;
  llvm::Expected<std::string> reply = connection->request("D");
  closedBy = "D";
  if (!reply)
    return reply.takeError();
  connection->close();
  if (*reply != "OK")
    return makeRemoteError(parseErrorReply(*reply) ? Kind::ErrorReply
                                                   : Kind::Protocol,
                           "the stub replied '" + quotePacket(*reply) +
                               "' to 'D' (expected 'OK')");
  return llvm::Error::success();
}
