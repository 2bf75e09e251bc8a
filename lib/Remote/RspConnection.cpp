//===- RspConnection.cpp - GDB remote serial protocol over TCP ------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspConnection.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace snr::remote;
using llvm::StringRef;
using Clock = std::chrono::steady_clock;
using Kind = RemoteError::Kind;

/// Milliseconds left before `deadline`, for poll(); -1 waits for ever.
static int remainingMs(std::optional<Clock::time_point> deadline) {
  if (!deadline)
    return -1;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  *deadline - Clock::now())
                  .count();
  return left < 0 ? 0 : int(std::min<long long>(left, INT32_MAX));
}

static std::optional<Clock::time_point> deadlineAfter(unsigned ms) {
  if (ms == 0)
    return std::nullopt;
  return Clock::now() + std::chrono::milliseconds(ms);
}

static void setNonBlocking(int fd) {
  int flags = fcntl(fd, F_GETFL, 0);
  fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

static void setNoDelay(int fd) {
  // Every packet is small and answered before the next: Nagle's algorithm
  // would hold each one back for the previous acknowledgement.
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

static std::string describeAddress(const sockaddr *addr) {
  char host[NI_MAXHOST], port[NI_MAXSERV];
  socklen_t len =
      addr->sa_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
  if (getnameinfo(addr, len, host, sizeof(host), port, sizeof(port),
                  NI_NUMERICHOST | NI_NUMERICSERV))
    return "?";
  if (addr->sa_family == AF_INET6)
    return std::string("[") + host + "]:" + port;
  return std::string(host) + ":" + port;
}

//===----------------------------------------------------------------------===//
// Connecting
//===----------------------------------------------------------------------===//

RspConnection::RspConnection(int fd, std::string peer,
                             const ConnectionOptions &options)
    : fd(fd), peer(std::move(peer)), options(options),
      decoder(options.maxPacketBytes) {}

RspConnection::~RspConnection() { close(); }

void RspConnection::close() {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

std::unique_ptr<RspConnection>
RspConnection::fromSocket(int fd, std::string peer,
                          const ConnectionOptions &options) {
  setNonBlocking(fd);
  setNoDelay(fd);
  return std::unique_ptr<RspConnection>(
      new RspConnection(fd, std::move(peer), options));
}

llvm::Expected<std::unique_ptr<RspConnection>>
RspConnection::connect(StringRef hostAndPort,
                       const ConnectionOptions &options) {
  size_t colon = hostAndPort.rfind(':');
  unsigned port = 0;
  if (colon == StringRef::npos ||
      hostAndPort.drop_front(colon + 1).getAsInteger(10, port) || port == 0 ||
      port > 65535)
    return makeRemoteError(Kind::Usage, "'" + hostAndPort +
                                            "' is not HOST:PORT (a port "
                                            "from 1 to 65535)");
  StringRef host = hostAndPort.take_front(colon);
  if (host.starts_with("[") && host.ends_with("]"))
    host = host.drop_front().drop_back();
  if (host.empty())
    host = "127.0.0.1";
  return connect(host, uint16_t(port), options);
}

llvm::Expected<std::unique_ptr<RspConnection>>
RspConnection::connect(StringRef host, uint16_t port,
                       const ConnectionOptions &options) {
  std::string name = host.contains(':') ? "[" + host.str() + "]" : host.str();
  name += ":" + std::to_string(port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *addresses = nullptr;
  std::string hostText = host.str(), portText = std::to_string(port);
  if (int status =
          getaddrinfo(hostText.c_str(), portText.c_str(), &hints, &addresses))
    return makeRemoteError(Kind::Socket, "cannot resolve '" + host +
                                             "': " + gai_strerror(status));
  std::unique_ptr<addrinfo, void (*)(addrinfo *)> owner(addresses,
                                                        freeaddrinfo);

  auto start = Clock::now();
  auto deadline = start + std::chrono::milliseconds(options.connectTimeoutMs);
  std::string lastError = "no address";
  unsigned attempts = 0;
  do {
    ++attempts;
    for (addrinfo *ai = addresses; ai; ai = ai->ai_next) {
      int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
                      ai->ai_protocol);
      if (fd < 0) {
        lastError = std::strerror(errno);
        continue;
      }
      setNonBlocking(fd);
      int status = ::connect(fd, ai->ai_addr, ai->ai_addrlen);
      if (status < 0 && errno == EINPROGRESS) {
        pollfd p{fd, POLLOUT, 0};
        int ready;
        do
          ready = poll(&p, 1, std::max(remainingMs(deadline), 1));
        while (ready < 0 && errno == EINTR);
        int soError = ETIMEDOUT;
        socklen_t len = sizeof(soError);
        if (ready > 0)
          getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &len);
        status = soError ? -1 : 0;
        errno = soError;
      }
      if (status == 0) {
        std::unique_ptr<RspConnection> connection =
            fromSocket(fd, name, options);
        return std::move(connection);
      }
      lastError = std::strerror(errno);
      ::close(fd);
    }
    if (Clock::now() >= deadline)
      break;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::max(1u, options.connectRetryMs)));
  } while (Clock::now() < deadline);
  return makeRemoteError(
      Kind::Socket, "cannot connect to " + name + " within " +
                        llvm::Twine(options.connectTimeoutMs) + " ms (" +
                        llvm::Twine(attempts) + " attempts): " + lastError);
}

//===----------------------------------------------------------------------===//
// Bytes
//===----------------------------------------------------------------------===//

llvm::Error RspConnection::writeAll(StringRef bytes, StringRef what) {
  if (fd < 0)
    return makeRemoteError(Kind::Disconnected,
                           "cannot send " + what + " to " + peer +
                               ": the connection is closed");
  if (options.tap)
    options.tap(/*sent=*/true, bytes);
  auto deadline = deadlineAfter(options.timeoutMs);
  while (!bytes.empty()) {
    ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n >= 0) {
      bytes = bytes.drop_front(n);
      continue;
    }
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd p{fd, POLLOUT, 0};
      int ready = poll(&p, 1, remainingMs(deadline));
      if (ready == 0)
        return makeRemoteError(Kind::Timeout,
                               peer + " accepted nothing for " +
                                   llvm::Twine(options.timeoutMs) +
                                   " ms while SnR sent " + what);
      continue;
    }
    int error = errno;
    close();
    // A peer that went away while SnR sends is the same event as one seen
    // gone while SnR reads: which of the two it is depends on timing.
    if (error == EPIPE || error == ECONNRESET)
      return makeRemoteError(Kind::Disconnected,
                             "cannot send " + what + ": " + peer +
                                 " closed the connection (" +
                                 std::strerror(error) + ")");
    return makeRemoteError(Kind::Disconnected, "cannot send " + what + " to " +
                                                   peer + ": " +
                                                   std::strerror(error));
  }
  return llvm::Error::success();
}

llvm::Expected<RspConnection::FillResult> RspConnection::fill(int timeoutMs) {
  if (fd < 0)
    return FillResult::Closed;
  pollfd p{fd, POLLIN, 0};
  int ready;
  do
    ready = poll(&p, 1, timeoutMs);
  while (ready < 0 && errno == EINTR);
  if (ready == 0)
    return FillResult::TimedOut;
  char buffer[65536];
  ssize_t n;
  do
    n = ::recv(fd, buffer, sizeof(buffer), 0);
  while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return FillResult::Data;
  if (n == 0 || (n < 0 && (errno == ECONNRESET || errno == EPIPE))) {
    close();
    return FillResult::Closed;
  }
  if (n < 0) {
    int error = errno;
    close();
    return makeRemoteError(Kind::Disconnected, "cannot read from " + peer +
                                                   ": " + std::strerror(error));
  }
  StringRef bytes(buffer, size_t(n));
  if (options.tap)
    options.tap(/*sent=*/false, bytes);
  scratch.clear();
  decoder.feed(bytes, scratch);
  for (RspEvent &event : scratch) {
    if (event.kind == RspEvent::Kind::Interrupt)
      interruptPending = true;
    events.push_back(std::move(event));
  }
  return FillResult::Data;
}

std::string RspConnection::describeAwaited(bool isReply) const {
  if (isReply)
    return "the reply to '" + quotePacket(lastSent) + "'";
  return "a command";
}

//===----------------------------------------------------------------------===//
// Packets
//===----------------------------------------------------------------------===//

llvm::Error RspConnection::sendPacket(StringRef payload) {
  lastSent = payload.str();
  std::string frame = encodePacket(payload);
  std::string what = "'" + quotePacket(payload) + "'";
  if (llvm::Error error = writeAll(frame, what))
    return error;
  if (noAck)
    return llvm::Error::success();

  unsigned naks = 0;
  std::string stale;
  auto deadline = deadlineAfter(options.timeoutMs);
  while (true) {
    while (events.empty()) {
      llvm::Expected<FillResult> result = fill(remainingMs(deadline));
      if (!result)
        return result.takeError();
      if (*result == FillResult::Closed)
        return makeRemoteError(Kind::Disconnected,
                               peer +
                                   " closed the connection before "
                                   "acknowledging " +
                                   what);
      if (*result == FillResult::TimedOut) {
        std::string message = "no acknowledgement from " + peer + " within " +
                              std::to_string(options.timeoutMs) + " ms for " +
                              what;
        if (!stale.empty())
          message += " (it sent the packet '" + quotePacket(stale) +
                     "' instead: is it in no-ack mode?)";
        return makeRemoteError(Kind::Timeout, message);
      }
    }
    RspEvent event = std::move(events.front());
    events.pop_front();
    switch (event.kind) {
    case RspEvent::Kind::Ack:
      return llvm::Error::success();
    case RspEvent::Kind::Nak:
      if (++naks > options.maxRetransmits)
        return makeRemoteError(Kind::Protocol,
                               peer + " rejected " + what + " " +
                                   llvm::Twine(naks) +
                                   " times ('-': damaged in transit?)");
      ++retransmits;
      if (llvm::Error error = writeAll(frame, what))
        return error;
      deadline = deadlineAfter(options.timeoutMs);
      break;
    case RspEvent::Kind::Interrupt:
      break;
    case RspEvent::Kind::Packet:
    case RspEvent::Kind::BadChecksum:
    case RspEvent::Kind::Oversized:
      // A packet before the acknowledgement is an old reply sent again
      // (gdb does the same): acknowledge it so it stops, and keep waiting.
      stale = event.payload;
      if (event.kind == RspEvent::Kind::Packet)
        if (llvm::Error error = writeAll("+", "an acknowledgement"))
          return error;
      break;
    }
  }
}

llvm::Expected<std::string> RspConnection::receiveReply() {
  return receive(/*isReply=*/true);
}

llvm::Expected<std::string> RspConnection::receiveCommand() {
  return receive(/*isReply=*/false);
}

llvm::Expected<std::string> RspConnection::receive(bool isReply) {
  unsigned bad = 0;
  auto deadline = deadlineAfter(options.timeoutMs);
  while (true) {
    while (events.empty()) {
      llvm::Expected<FillResult> result = fill(remainingMs(deadline));
      if (!result)
        return result.takeError();
      if (*result == FillResult::Closed) {
        std::string message = peer + " closed the connection";
        if (decoder.isInsidePacket())
          message += " in the middle of a packet (" +
                     std::to_string(decoder.getPartialBytes()) +
                     " bytes into it)";
        if (isReply)
          message += " before replying to '" + quotePacket(lastSent) + "'";
        decoder.reset();
        return makeRemoteError(Kind::Disconnected, message);
      }
      if (*result == FillResult::TimedOut) {
        std::string message =
            "no " + std::string(isReply ? "reply" : "command") + " from " +
            peer + " within " + std::to_string(options.timeoutMs) + " ms";
        if (isReply)
          message += " to '" + quotePacket(lastSent) + "'";
        if (decoder.isInsidePacket())
          message += " (a packet started, " +
                     std::to_string(decoder.getPartialBytes()) +
                     " bytes, and never ended)";
        return makeRemoteError(Kind::Timeout, message);
      }
    }
    RspEvent event = std::move(events.front());
    events.pop_front();
    switch (event.kind) {
    case RspEvent::Kind::Ack:
    case RspEvent::Kind::Nak:
    case RspEvent::Kind::Interrupt:
      // A late or repeated acknowledgement; an interrupt is kept for
      // pollInterrupt.
      break;
    case RspEvent::Kind::Oversized:
      return makeRemoteError(Kind::Protocol,
                             peer + " sent a packet of more than " +
                                 llvm::Twine(options.maxPacketBytes) +
                                 " bytes as " + describeAwaited(isReply));
    case RspEvent::Kind::BadChecksum: {
      ++damaged;
      std::string why = "checksum '" + quotePacket(event.received) +
                        "' but the payload '" + quotePacket(event.payload) +
                        "' sums to " +
                        hexEncode(llvm::ArrayRef<uint8_t>(&event.computed, 1));
      if (noAck)
        return makeRemoteError(Kind::Protocol,
                               peer + " sent a damaged packet as " +
                                   describeAwaited(isReply) + " (" + why +
                                   ") in no-ack mode");
      if (++bad > options.maxRetransmits)
        return makeRemoteError(
            Kind::Protocol,
            peer + " sent " + llvm::Twine(bad) + " damaged packets as " +
                describeAwaited(isReply) + " (last: " + why + ")");
      if (llvm::Error error = writeAll("-", "a negative acknowledgement"))
        return std::move(error);
      deadline = deadlineAfter(options.timeoutMs);
      break;
    }
    case RspEvent::Kind::Packet: {
      if (!noAck)
        if (llvm::Error error = writeAll("+", "an acknowledgement"))
          return std::move(error);
      if (!options.expandRunLength)
        return std::move(event.payload);
      llvm::Expected<std::string> expanded = expandRunLength(event.payload);
      if (!expanded)
        return makeRemoteError(Kind::Protocol,
                               peer + " sent a malformed packet as " +
                                   describeAwaited(isReply) + ": " +
                                   llvm::toString(expanded.takeError()));
      return expanded;
    }
    }
  }
}

llvm::Expected<std::string> RspConnection::request(StringRef payload) {
  if (llvm::Error error = sendPacket(payload))
    return std::move(error);
  ++roundTrips;
  return receiveReply();
}

llvm::Error RspConnection::sendInterrupt() {
  return writeAll("\x03", "an interrupt");
}

llvm::Expected<bool> RspConnection::pollInterrupt() {
  llvm::Expected<FillResult> result = fill(0);
  if (!result)
    return result.takeError();
  bool interrupted = interruptPending;
  interruptPending = false;
  if (interrupted)
    llvm::erase_if(events, [](const RspEvent &event) {
      return event.kind == RspEvent::Kind::Interrupt;
    });
  return interrupted;
}

llvm::Expected<bool> RspConnection::waitForClose(std::string *packet) {
  auto deadline = deadlineAfter(options.timeoutMs);
  while (true) {
    while (!events.empty()) {
      RspEvent event = std::move(events.front());
      events.pop_front();
      if (event.kind != RspEvent::Kind::Packet)
        continue;
      if (!noAck && fd >= 0)
        llvm::consumeError(writeAll("+", "an acknowledgement"));
      if (packet)
        *packet = std::move(event.payload);
      return false;
    }
    llvm::Expected<FillResult> result = fill(remainingMs(deadline));
    if (!result) {
      // A reset is as good as a close here.
      llvm::consumeError(result.takeError());
      return true;
    }
    if (*result == FillResult::Closed)
      return true;
    if (*result == FillResult::TimedOut)
      return false;
  }
}

//===----------------------------------------------------------------------===//
// RspListener
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<RspListener>>
RspListener::listen(uint16_t port, StringRef host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo *addresses = nullptr;
  std::string hostText = host.str(), portText = std::to_string(port);
  if (int status =
          getaddrinfo(hostText.c_str(), portText.c_str(), &hints, &addresses))
    return makeRemoteError(Kind::Socket, "cannot resolve '" + host +
                                             "': " + gai_strerror(status));
  std::unique_ptr<addrinfo, void (*)(addrinfo *)> owner(addresses,
                                                        freeaddrinfo);
  std::string lastError = "no address";
  for (addrinfo *ai = addresses; ai; ai = ai->ai_next) {
    int fd =
        socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
      lastError = std::strerror(errno);
      continue;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (::bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || ::listen(fd, 1) < 0) {
      lastError = std::strerror(errno);
      ::close(fd);
      continue;
    }
    sockaddr_storage bound{};
    socklen_t len = sizeof(bound);
    getsockname(fd, reinterpret_cast<sockaddr *>(&bound), &len);
    uint16_t actual =
        bound.ss_family == AF_INET6
            ? ntohs(reinterpret_cast<sockaddr_in6 *>(&bound)->sin6_port)
            : ntohs(reinterpret_cast<sockaddr_in *>(&bound)->sin_port);
    setNonBlocking(fd);
    return std::unique_ptr<RspListener>(
        new RspListener(fd, host.str(), actual));
  }
  return makeRemoteError(Kind::Socket, "cannot listen on " + host + ":" +
                                           llvm::Twine(port) + ": " +
                                           lastError);
}

RspListener::~RspListener() {
  if (fd >= 0)
    ::close(fd);
}

llvm::Expected<std::unique_ptr<RspConnection>>
RspListener::accept(unsigned timeoutMs, const ConnectionOptions &options) {
  auto deadline = deadlineAfter(timeoutMs);
  while (true) {
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, remainingMs(deadline));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready == 0)
      return makeRemoteError(Kind::Timeout, "no debugger connected to " + host +
                                                ":" + llvm::Twine(port) +
                                                " within " +
                                                llvm::Twine(timeoutMs) + " ms");
    sockaddr_storage peer{};
    socklen_t len = sizeof(peer);
    int client =
        ::accept4(fd, reinterpret_cast<sockaddr *>(&peer), &len, SOCK_CLOEXEC);
    if (client < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ||
          errno == ECONNABORTED)
        continue;
      return makeRemoteError(Kind::Socket, "cannot accept on " + host + ":" +
                                               llvm::Twine(port) + ": " +
                                               std::strerror(errno));
    }
    return RspConnection::fromSocket(
        client, describeAddress(reinterpret_cast<sockaddr *>(&peer)), options);
  }
}
