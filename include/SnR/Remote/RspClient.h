//===- RspClient.h - A debugger's side of the remote protocol ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Drives any GDB remote stub (QEMU, OpenOCD, gdbserver, a vendor's, SnR's
// own snr-target) as a recorder needs: the `qSupported` handshake (no-ack
// mode when offered, `vCont?`), the target description and its register
// map, break points, single steps and continues with their stop reasons,
// registers (`p`, or `g` sliced by the description when `p` is not
// supported) and memory (`m` in chunks the stub can answer, `M`), kill and
// detach.
//
// One request is in flight at a time. Every error names the packet sent and
// the stub's reply. The client counts round trips (getRoundTrips) for the
// recorder's report; it measures no time itself.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REMOTE_RSPCLIENT_H
#define SNR_REMOTE_RSPCLIENT_H

#include "SnR/Remote/RemoteError.h"
#include "SnR/Remote/RspConnection.h"
#include "SnR/Remote/RspPacket.h"
#include "SnR/Remote/TargetDescription.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace snr::remote {

struct ClientOptions {
  ConnectionOptions connection;
  /// Switch to no-ack mode when the stub offers QStartNoAckMode.
  bool allowNoAck = true;
  /// Step and continue with vCont when `vCont?` lists the actions.
  bool allowVCont = true;
  /// Read the target description when the stub offers one.
  bool readTargetDescription = true;
  TargetDescriptionLimits descriptionLimits;
  /// The largest `m` request, in bytes; PacketSize may lower it. QEMU
  /// answers at most 2048 bytes.
  unsigned maxMemoryChunk = 2048;
  /// The register holding the program counter (by its description name),
  /// used to tell a break point from another trap after a continue.
  std::string pcRegister = "pc";
  /// How long a continue may run before the client interrupts it
  /// (`\x03`); 0 waits for ever.
  unsigned continueTimeoutMs = 0;
};

/// What the stub said it supports.
struct StubFeatures {
  /// The qSupported reply as received.
  std::string qSupportedReply;
  /// `PacketSize=N`: the largest packet the stub accepts; 0 if not given.
  size_t packetSize = 0;
  bool xferFeatures = false;
  bool noAckOffered = false;
  bool vContSupported = false;
  bool swbreak = false;
  bool hwbreak = false;
  /// Every `name+`/`name=value` of the reply ("+" for the former).
  llvm::StringMap<std::string> all;
  /// The `vCont?` reply's actions ("c", "C", "s", "S", ...); empty when the
  /// stub has no vCont.
  std::vector<std::string> vContActions;
  bool hasVCont(llvm::StringRef action) const;
};

/// Why the target stopped, as the recorder needs it.
struct StopEvent {
  enum class Kind {
    /// A single step completed (SIGTRAP after a step).
    Stepped,
    /// A continue reached a break point the client inserted.
    Breakpoint,
    /// Stopped by another signal (a fault, a trap with no break point).
    Signal,
    /// The program exited; `code` is its status.
    Exited,
    /// The program was killed by signal `code`.
    Terminated,
  };
  Kind kind = Kind::Stepped;
  /// The signal, or the exit status for Exited.
  uint8_t code = 0;
  /// The PC, when the client read it (after a continue).
  std::optional<uint64_t> pc;
  StopReply reply;

  /// "stepped", "stopped at the break point at 0x1011a", "exited with
  /// status 7", "killed by signal 9 (SIGKILL)", "stopped by signal 11
  /// (SIGSEGV)".
  std::string describe() const;
};

/// A register's value as read.
struct RegisterValue {
  const RegisterDescription *reg;
  std::vector<uint8_t> bytes;
};

class RspClient {
public:
  /// Connects to "HOST:PORT" and shakes hands.
  static llvm::Expected<std::unique_ptr<RspClient>>
  connect(llvm::StringRef hostAndPort, const ClientOptions &options = {});
  /// Shakes hands over an open connection.
  static llvm::Expected<std::unique_ptr<RspClient>>
  open(std::unique_ptr<RspConnection> connection,
       const ClientOptions &options = {});

  const StubFeatures &getFeatures() const { return features; }
  /// The stub's target description; null when it offers none.
  const TargetDescription *getTargetDescription() const {
    return description ? &*description : nullptr;
  }
  /// The register named `name`. Without a target description this is an
  /// error saying so: "the stub offers no target description
  /// (qXfer:features:read)".
  llvm::Expected<const RegisterDescription *>
  findRegister(llvm::StringRef name) const;

  /// `?`: why the target is stopped now.
  llvm::Expected<StopReply> queryStopReason();

  /// One instruction: `vCont;s` when offered, else `s`.
  llvm::Expected<StopEvent> step();
  /// Runs until something stops it: `vCont;c` when offered, else `c`.
  /// With `signal`, delivers it to the program (`vCont;CNN` or `CNN`): a
  /// program stopped by a fault is otherwise stopped by it again, as the
  /// faulting instruction runs again without the signal.
  llvm::Expected<StopEvent>
  resume(std::optional<uint8_t> signal = std::nullopt);

  /// `Z0`/`z0`: a software break point at `address`; `kind` is the
  /// stub's breakpoint kind (the instruction length on RISC-V and ARM).
  llvm::Error insertBreakpoint(uint64_t address, unsigned kind);
  llvm::Error removeBreakpoint(uint64_t address, unsigned kind);

  /// One register by GDB's number: `p` (or the slice of `g` holding it
  /// when the stub does not support `p`).
  llvm::Expected<std::vector<uint8_t>> readRegister(unsigned regnum);
  llvm::Expected<std::vector<uint8_t>> readRegister(llvm::StringRef name);
  /// `P`.
  llvm::Error writeRegister(unsigned regnum, llvm::ArrayRef<uint8_t> bytes);
  /// `g` as received: the registers of GDB's `g` layout, as many as the
  /// stub puts in it.
  llvm::Expected<std::vector<uint8_t>> readGPacket();
  /// `g` split by the target description: one value per register it
  /// holds, in layout order.
  llvm::Expected<std::vector<RegisterValue>> readRegisters();

  /// `m`, in chunks of at most min(maxMemoryChunk, PacketSize / 2) bytes.
  /// An error reply names the address reached ("... 'E14' to
  /// 'm11000,800' at 0x11000, after 244 of 300 bytes").
  llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                  size_t length);
  /// `M`, in chunks that fit PacketSize.
  llvm::Error writeMemory(uint64_t address, llvm::ArrayRef<uint8_t> bytes);

  /// `k`: ends the program and the session. The protocol gives `k` no
  /// reply; the client waits (up to the time-out) for the stub to close
  /// the connection.
  llvm::Error kill();
  /// `D`: lets the program run on and ends the session.
  llvm::Error detach();

  /// Sends any other packet and returns the reply as received (an error
  /// reply is returned, not turned into an error).
  llvm::Expected<std::string> request(llvm::StringRef packet);

  /// Round trips so far, the handshake included.
  uint64_t getRoundTrips() const { return connection->getRoundTrips(); }
  /// Text the stub sent in `O` packets while the target ran.
  llvm::StringRef getConsoleOutput() const { return consoleOutput; }
  RspConnection &getConnection() { return *connection; }
  const ClientOptions &getOptions() const { return options; }

private:
  RspClient(std::unique_ptr<RspConnection> connection,
            const ClientOptions &options)
      : connection(std::move(connection)), options(options) {}

  llvm::Error handshake();
  llvm::Expected<std::string> fetchFeatureDocument(llvm::StringRef annex);
  /// Sends `packet` and requires a reply; an empty reply is Unsupported,
  /// an error reply an ErrorReply error, both naming `packet`.
  llvm::Expected<std::string> requestChecked(llvm::StringRef packet,
                                             llvm::StringRef what);
  /// Waits for the stop reply to a step or continue, collecting `O`
  /// output.
  llvm::Expected<StopReply> waitForStop(llvm::StringRef packet);
  llvm::Error checkRunning(llvm::StringRef packet) const;
  llvm::Error checkOpen(llvm::StringRef packet) const;
  void noteStop(const StopReply &reply);
  llvm::Expected<std::vector<uint8_t>> readRegisterFromG(unsigned regnum);
  /// The PC after a stop: from the stop reply's registers, else `p`.
  std::optional<uint64_t> readPc(const StopReply &reply);
  size_t getMemoryChunk() const;

  std::unique_ptr<RspConnection> connection;
  ClientOptions options;
  StubFeatures features;
  std::optional<TargetDescription> description;
  /// Whether `p` works: unknown until tried.
  std::optional<bool> pSupported;
  llvm::DenseSet<uint64_t> breakpoints;
  std::string consoleOutput;
  /// Set once the program has exited or been killed.
  std::optional<StopEvent> ended;
  /// Set once `k` or `D` closed the session.
  std::string closedBy;
};

} // namespace snr::remote

#endif // SNR_REMOTE_RSPCLIENT_H
