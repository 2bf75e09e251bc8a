//===- RspPacket.h - GDB remote serial protocol framing ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The byte level of GDB's remote serial protocol (RSP), with no I/O: framing
// a packet (`$payload#cs`), a decoder that turns a byte stream into packets,
// acknowledgements (`+`, `-`) and interrupts (`\x03`), the binary escape
// (`}` then the byte XOR 0x20), run-length expansion of replies (`*`), hex
// helpers, and the replies every command shares: `E NN` errors and stop
// replies (`S`, `T`, `W`, `X`). RspConnection moves these bytes over a
// socket; RspClient and RspServer give them meaning.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_RSPPACKET_H
#define SNR_REMOTE_RSPPACKET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace snr::remote {

//===----------------------------------------------------------------------===//
// Framing
//===----------------------------------------------------------------------===//

/// The modulo-256 sum of the payload's bytes, as sent after `#`.
uint8_t computeChecksum(llvm::StringRef payload);

/// Frames `payload` as `$payload#cs`. The payload is sent as it is: binary
/// fields must already be escaped (escapeBinary). A raw `$` or `#`, which
/// would end the frame early, is escaped here.
std::string encodePacket(llvm::StringRef payload);

/// Escapes binary data for a packet: each of `}`, `#`, `$` and `*` becomes
/// `}` followed by the byte XOR 0x20.
std::string escapeBinary(llvm::StringRef data);
/// Undoes escapeBinary. A `}` with nothing after it is an error.
llvm::Expected<std::string> unescapeBinary(llvm::StringRef data);

/// Expands run-length encoding: `X*c` stands for X followed by c - 29 more
/// copies of X (c is a printable character: 3 to 97 copies). Stubs may
/// encode any reply this way. A `*` with nothing before or after it, or a
/// count character below 30 or above 126, is an error.
llvm::Expected<std::string> expandRunLength(llvm::StringRef payload);
/// Run-length encodes `payload` as gdbserver does: runs of 4 or more, never
/// with a count that would be `#`, `$` or not printable. `*` must not occur
/// in `payload` (binary data is escaped first).
std::string encodeRunLength(llvm::StringRef payload);

//===----------------------------------------------------------------------===//
// Decoding a byte stream
//===----------------------------------------------------------------------===//

/// One thing read from the peer.
struct RspEvent {
  enum class Kind {
    /// `+`: the peer received our packet intact.
    Ack,
    /// `-`: the peer received our packet damaged; send it again.
    Nak,
    /// `\x03`: the debugger asks the running target to stop.
    Interrupt,
    /// A complete packet whose checksum matches; `payload` holds it as sent
    /// (still escaped and run-length encoded).
    Packet,
    /// A complete packet whose checksum does not match (or is not two hex
    /// digits); `payload` holds it, `received` and `computed` say why.
    BadChecksum,
    /// A packet longer than the decoder's limit; `payload` holds its first
    /// bytes. Sending it again would not help.
    Oversized,
  };
  Kind kind;
  std::string payload;
  /// For BadChecksum: the two characters after `#`, and the sum of the
  /// payload.
  std::string received;
  uint8_t computed = 0;
};

/// Turns bytes into RspEvents, whatever way the stream is split. Bytes
/// outside a packet other than `+`, `-`, `\x03` and `$` are noise and are
/// skipped (counted). A `$` inside a packet starts a new one: the peer gave
/// up on the first. A packet longer than the limit ends as Oversized, its
/// bytes past the limit dropped: memory stays bounded whatever the input.
class PacketDecoder {
public:
  explicit PacketDecoder(size_t maxPayloadBytes = 1 << 24)
      : maxPayloadBytes(maxPayloadBytes) {}

  /// Consumes `bytes`, appending every event they complete to `events`.
  void feed(llvm::StringRef bytes, std::vector<RspEvent> &events);

  /// Whether a packet has started and not yet ended (a disconnect now cuts
  /// a packet in half).
  bool isInsidePacket() const { return state != State::Idle; }
  /// The bytes of the unfinished packet so far.
  size_t getPartialBytes() const { return payload.size(); }
  /// Bytes skipped outside packets.
  uint64_t getNoiseBytes() const { return noise; }
  void reset();

private:
  enum class State { Idle, Payload, Checksum1, Checksum2 };
  State state = State::Idle;
  std::string payload;
  char checksum[2] = {0, 0};
  bool overlong = false;
  uint64_t noise = 0;
  size_t maxPayloadBytes;
};

//===----------------------------------------------------------------------===//
// Hex
//===----------------------------------------------------------------------===//

/// Bytes as lowercase hex, two digits each.
std::string hexEncode(llvm::ArrayRef<uint8_t> bytes);
std::string hexEncode(llvm::StringRef bytes);
/// Two hex digits per byte; anything else (odd length, a non-hex digit) is
/// an error quoting the text.
llvm::Expected<std::vector<uint8_t>> hexDecode(llvm::StringRef hex);
/// A hex number such as an address or a register number ("1010c"); empty,
/// non-hex or over 64 bits gives nothing.
std::optional<uint64_t> parseHexNumber(llvm::StringRef hex);

/// Quotes a packet for an error message: printable text as it is, other
/// bytes as \xNN, cut after `maxChars` with "...".
std::string quotePacket(llvm::StringRef payload, size_t maxChars = 64);

//===----------------------------------------------------------------------===//
// Replies every command shares
//===----------------------------------------------------------------------===//

/// An error reply: `ENN` (two hex digits, an errno-like code the protocol
/// leaves to the stub) or `E.text` (newer stubs' textual errors).
struct ErrorReply {
  uint8_t code = 0;
  std::string message;
};
/// The error a reply carries, if it is one. `E` followed by anything else
/// (an odd-length hex reply cannot be `ENN`) is not an error reply.
std::optional<ErrorReply> parseErrorReply(llvm::StringRef payload);

/// Why a target stopped, as a stub says it (`S`, `T`, `W`, `X`).
struct StopReply {
  enum class Kind {
    /// `SAA` or `TAA...`: stopped with signal AA (5, SIGTRAP, after a step
    /// or at a break point).
    Signal,
    /// `WAA`: the process exited with status AA.
    Exited,
    /// `XAA`: the process was terminated by signal AA.
    Terminated,
  };
  Kind kind = Kind::Signal;
  /// The signal for Signal and Terminated; the exit status for Exited.
  uint8_t code = 0;

  /// `T` pairs the protocol defines, when present.
  std::optional<std::string> thread;
  std::optional<unsigned> core;
  /// `;process:PID` after `W` or `X`.
  std::optional<uint64_t> process;
  /// The stop reason: "swbreak", "hwbreak", "watch", "rwatch", "awatch",
  /// "library", "replaylog", "fork", "vfork", "vforkdone", "exec",
  /// "create", "no-resumed"; empty when the stub gives none.
  std::string reason;
  /// The reason's value (a watched address, a new thread); may be empty.
  std::string reasonValue;
  /// Register values the stub sent with the stop (`NN:bytes` pairs).
  struct Register {
    unsigned regnum;
    std::vector<uint8_t> bytes;
  };
  llvm::SmallVector<Register, 2> registers;
};

/// Parses a stop reply. An empty reply, an error reply, a malformed signal
/// number or register pair is an error quoting the reply; unknown `T` pairs
/// are skipped, as the protocol asks.
llvm::Expected<StopReply> parseStopReply(llvm::StringRef payload);
/// Formats a stop reply as a stub sends it: `TAA` with its pairs (or `SAA`
/// without), `WAA`, `XAA`, with `;process:PID` when given.
std::string formatStopReply(const StopReply &reply);

} // namespace snr::remote

#endif // SNR_REMOTE_RSPPACKET_H
