//===- RspConnection.h - GDB remote serial protocol over TCP ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One end of an RSP session over a TCP socket: packets sent and acknowledged
// (sent again on `-`, a bounded number of times), packets received and
// acknowledged (unless no-ack mode is on), a time-out on every wait, and
// errors that name the peer and the packet they concern ("no reply from
// 127.0.0.1:1234 within 5000 ms to 'm1000,40'"). RspListener is the server's
// side of the socket: it listens on a port (0 picks a free one) and accepts a
// debugger.
//
// A connection keeps strictly one request in flight: `request()` sends a
// packet and reads its reply before anything else is sent. Stubs need this:
// QEMU, waiting for the acknowledgement of its reply, reads whatever comes
// next as a bad acknowledgement and sends the reply again, so a packet sent
// early is lost.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_RSPCONNECTION_H
#define SNR_REMOTE_RSPCONNECTION_H

#include "SnR/Remote/RemoteError.h"
#include "SnR/Remote/RspPacket.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>

namespace snr::remote {

struct ConnectionOptions {
  /// How long any wait for the peer (an acknowledgement, a reply) lasts, in
  /// milliseconds; 0 waits for ever.
  unsigned timeoutMs = 5000;
  /// How long `connect` keeps trying a port nobody listens on yet (a stub
  /// still starting), and how long it pauses between tries.
  unsigned connectTimeoutMs = 5000;
  unsigned connectRetryMs = 20;
  /// How many times a packet is sent again after a `-`, and how many damaged
  /// packets are answered with `-`, before giving up.
  unsigned maxRetransmits = 3;
  /// The longest packet accepted from the peer (its payload, in bytes).
  size_t maxPacketBytes = 1 << 24;
  /// Expand run-length encoding in received packets (replies from a stub;
  /// a debugger's commands are never run-length encoded).
  bool expandRunLength = true;
  /// Sees every byte sent (`sent` true) and received, for logs and for
  /// capturing traffic.
  std::function<void(bool sent, llvm::StringRef bytes)> tap;
};

class RspConnection {
public:
  /// Connects to `host`:`port`, retrying a refused connection until
  /// `connectTimeoutMs` has passed.
  static llvm::Expected<std::unique_ptr<RspConnection>>
  connect(llvm::StringRef host, uint16_t port,
          const ConnectionOptions &options = {});
  /// Connects to "HOST:PORT".
  static llvm::Expected<std::unique_ptr<RspConnection>>
  connect(llvm::StringRef hostAndPort, const ConnectionOptions &options = {});
  /// Takes ownership of a connected socket; `peer` names it in errors.
  static std::unique_ptr<RspConnection>
  fromSocket(int fd, std::string peer, const ConnectionOptions &options = {});

  RspConnection(const RspConnection &) = delete;
  RspConnection &operator=(const RspConnection &) = delete;
  ~RspConnection();

  /// Sends `payload` (escaped as encodePacket says). In acknowledged mode,
  /// waits for `+`, sending again on each `-` up to maxRetransmits times.
  llvm::Error sendPacket(llvm::StringRef payload);
  /// Waits for the reply to the last packet sent and acknowledges it (in
  /// acknowledged mode; a damaged one gets `-`, up to maxRetransmits times).
  /// Returns its payload, run-length expanded if the options say so, still
  /// binary-escaped.
  llvm::Expected<std::string> receiveReply();
  /// The same for a stub waiting for its debugger's next command.
  llvm::Expected<std::string> receiveCommand();
  /// Sends `payload` and returns the reply: one round trip.
  llvm::Expected<std::string> request(llvm::StringRef payload);

  /// Sends `\x03`, the request to stop a running target.
  llvm::Error sendInterrupt();
  /// Whether the peer sent `\x03` since the last call. Does not wait; packets
  /// that arrive meanwhile are kept for receiveCommand.
  llvm::Expected<bool> pollInterrupt();
  /// Waits up to the time-out for the peer to close the connection (after
  /// `k`). Returns true if it did; a packet arriving instead is returned in
  /// `packet` when given.
  llvm::Expected<bool> waitForClose(std::string *packet = nullptr);

  /// No-ack mode: neither side sends `+`/`-` (after QStartNoAckMode).
  void setNoAckMode(bool on) { noAck = on; }
  bool isNoAckMode() const { return noAck; }
  /// Whether received packets are run-length expanded (a client's are; a
  /// server's commands never are encoded).
  void setExpandRunLength(bool on) { options.expandRunLength = on; }
  void setTimeout(unsigned ms) { options.timeoutMs = ms; }
  unsigned getTimeout() const { return options.timeoutMs; }
  /// "HOST:PORT" of the peer.
  llvm::StringRef getPeerName() const { return peer; }
  /// Requests answered so far (each `request()` is one).
  uint64_t getRoundTrips() const { return roundTrips; }
  /// Packets sent again after `-` or a time-out, and damaged packets
  /// received, so far.
  uint64_t getRetransmits() const { return retransmits; }
  uint64_t getDamagedPackets() const { return damaged; }
  /// Whether the socket is still open.
  bool isOpen() const { return fd >= 0; }
  void close();

private:
  RspConnection(int fd, std::string peer, const ConnectionOptions &options);

  /// Writes all of `bytes`, or an error naming `what`.
  llvm::Error writeAll(llvm::StringRef bytes, llvm::StringRef what);
  enum class FillResult { Data, TimedOut, Closed };
  /// Reads what the socket has into `events`, waiting up to `timeoutMs`
  /// (-1: for ever; 0: not at all). A failed read is an error.
  llvm::Expected<FillResult> fill(int timeoutMs);
  llvm::Expected<std::string> receive(bool isReply);
  /// "the reply to 'm1000,40'" or "a command".
  std::string describeAwaited(bool isReply) const;

  int fd;
  std::string peer;
  ConnectionOptions options;
  PacketDecoder decoder;
  std::deque<RspEvent> events;
  std::vector<RspEvent> scratch;
  bool noAck = false;
  /// The last packet sent, for errors.
  std::string lastSent;
  /// A `\x03` arrived and pollInterrupt has not said so yet.
  bool interruptPending = false;
  uint64_t roundTrips = 0;
  uint64_t retransmits = 0;
  uint64_t damaged = 0;
};

/// A listening socket for a stub: one debugger at a time.
class RspListener {
public:
  /// Listens on `host`:`port`; port 0 picks a free one (getPort says which).
  static llvm::Expected<std::unique_ptr<RspListener>>
  listen(uint16_t port, llvm::StringRef host = "127.0.0.1");
  RspListener(const RspListener &) = delete;
  RspListener &operator=(const RspListener &) = delete;
  ~RspListener();

  uint16_t getPort() const { return port; }
  llvm::StringRef getHost() const { return host; }
  /// Waits up to `timeoutMs` (0: for ever) for a debugger to connect.
  llvm::Expected<std::unique_ptr<RspConnection>>
  accept(unsigned timeoutMs = 0, const ConnectionOptions &options = {});

private:
  RspListener(int fd, std::string host, uint16_t port)
      : fd(fd), host(std::move(host)), port(port) {}
  int fd;
  std::string host;
  uint16_t port;
};

} // namespace snr::remote

#endif // SNR_REMOTE_RSPCONNECTION_H
