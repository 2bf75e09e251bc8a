//===- RspServer.h - A stub's side of the remote protocol -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Serves a target to a debugger (gdb, or SnR's own RspClient) over GDB's
// remote serial protocol. The server speaks the protocol: acknowledgements
// and QStartNoAckMode, `qSupported`, target descriptions read with
// `qXfer:features:read` in chunks, binary escapes, the empty reply to what
// it does not know. A TargetHandler, which the target's author writes,
// does the work: registers, memory, steps, continues and break points.
// `snr-target` serves the reference accelerator this way.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_RSPSERVER_H
#define SNR_REMOTE_RSPSERVER_H

#include "SnR/Remote/RemoteError.h"
#include "SnR/Remote/RspConnection.h"
#include "SnR/Remote/RspPacket.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace snr::remote {

/// The error a handler returns to make the server reply `E NN`: `code` is
/// the number sent (14, EFAULT, for memory that is not there, as QEMU and
/// gdbserver do). Any other error is sent as `E01`.
class StubError : public llvm::ErrorInfo<StubError> {
public:
  StubError(uint8_t code, std::string message)
      : code(code), text(std::move(message)) {}
  uint8_t getCode() const { return code; }
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
  static char ID;

private:
  uint8_t code;
  std::string text;
};

inline llvm::Error makeStubError(uint8_t code, const llvm::Twine &message) {
  return llvm::make_error<StubError>(code, message.str());
}

/// What a target served over RSP does. Registers are numbered as the
/// target description numbers them; values are target-order bytes.
class TargetHandler {
public:
  virtual ~TargetHandler();

  /// `?`: why the target is stopped (SIGTRAP at the start).
  virtual StopReply getStopReason() = 0;
  /// `g`: the registers of the `g` layout, concatenated.
  virtual llvm::Expected<std::vector<uint8_t>> readRegisters() = 0;
  /// `p`.
  virtual llvm::Expected<std::vector<uint8_t>>
  readRegister(unsigned regnum) = 0;
  /// `P`.
  virtual llvm::Error writeRegister(unsigned regnum,
                                    llvm::ArrayRef<uint8_t> bytes) = 0;
  /// `m`: up to `length` bytes at `address`; fewer when the rest is not
  /// readable (an error only when none is).
  virtual llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                          size_t length) = 0;
  /// `M` and `X`.
  virtual llvm::Error writeMemory(uint64_t address,
                                  llvm::ArrayRef<uint8_t> bytes) = 0;
  /// `s` / `vCont;s`: one instruction.
  virtual llvm::Expected<StopReply> step() = 0;
  /// `c` / `vCont;c`: run until a break point, the end or an interrupt.
  /// Call `interrupted()` now and then: true means the debugger sent
  /// `\x03`, and the target should stop (with SIGINT).
  virtual llvm::Expected<StopReply>
  resume(llvm::function_ref<bool()> interrupted) = 0;
  /// `Z0`/`z0`: `kind` is the debugger's breakpoint kind (an instruction
  /// length).
  virtual llvm::Error insertBreakpoint(uint64_t address, unsigned kind) = 0;
  virtual llvm::Error removeBreakpoint(uint64_t address, unsigned kind) = 0;
  /// `k` and `D`: the session ends after these.
  virtual void kill() {}
  virtual void detach() {}
};

struct ServerOptions {
  /// For RspListener::accept (time-outs of acknowledgements, the packet
  /// limit).
  ConnectionOptions connection;
  /// How long to wait for the debugger's next command; 0 waits for ever.
  unsigned idleTimeoutMs = 0;
  /// The largest packet accepted, as `qSupported` announces it.
  size_t packetSize = 0x4000;
  /// Offer QStartNoAckMode.
  bool offerNoAck = true;
  /// Run-length encode hex replies (`g`, `p`, `m`), as gdbserver does.
  bool runLengthReplies = true;
  /// Target description documents by name; "target.xml" is the one a
  /// debugger asks for first. None: no qXfer:features:read.
  llvm::StringMap<std::string> documents;
  /// Where to report what went wrong in a handler (the debugger only sees
  /// `E NN`); null: nowhere.
  llvm::raw_ostream *log = nullptr;
};

class RspServer {
public:
  /// How a session ended.
  enum class Outcome { Killed, Detached, Disconnected };

  RspServer(TargetHandler &handler, ServerOptions options = {})
      : handler(handler), options(std::move(options)) {}

  /// Serves one debugger on `connection` until `k`, `D` or the connection
  /// closes. A protocol failure (damaged packets past the retries, a
  /// time-out) is an error.
  llvm::Expected<Outcome> serve(RspConnection &connection);

  /// The reply to one command (already unescaped where the command is
  /// binary), without the connection: for tests, and the dispatch
  /// `serve` uses. `outcome` is set when the command ends the session.
  std::string handle(llvm::StringRef packet, std::optional<Outcome> &outcome);

  /// Packets answered so far.
  uint64_t getPacketsHandled() const { return handled; }

private:
  std::string replyWithError(llvm::Error error, llvm::StringRef packet);
  std::string hexReply(llvm::ArrayRef<uint8_t> bytes) const;
  std::string handleQuery(llvm::StringRef packet);
  std::string handleXfer(llvm::StringRef packet);
  std::string handleVCont(llvm::StringRef packet);
  std::string handleMemory(llvm::StringRef packet);
  std::string handleBreakpoint(llvm::StringRef packet);
  std::string handleStop(llvm::Expected<StopReply> stop,
                         llvm::StringRef packet);
  /// Whether the debugger sent `\x03` (or went away) during a continue.
  bool interrupted();

  TargetHandler &handler;
  ServerOptions options;
  /// The connection being served (for interrupts during a continue).
  RspConnection *current = nullptr;
  /// QStartNoAckMode was accepted; no-ack starts after its OK.
  bool noAckRequested = false;
  uint64_t handled = 0;
};

} // namespace snr::remote

#endif // SNR_REMOTE_RSPSERVER_H
