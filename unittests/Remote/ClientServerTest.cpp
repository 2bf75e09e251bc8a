//===- ClientServerTest.cpp - RspClient against RspServer, over TCP -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// SnR's client drives SnR's server on a loopback socket; the server serves a
// toy target. Both sides are real: packets, acknowledgements, no-ack mode,
// escapes, run-length replies and chunked target descriptions all cross the
// socket.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspClient.h"
#include "SnR/Remote/RspServer.h"

#include "ErrorText.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <thread>

using namespace snr::remote;
using snr::remote::test::errorOf;

namespace {

/// A toy machine: r0, r1, r2, pc (64 bits each, in `g`), and a 128-bit
/// `vec` (number 10, `p` only). 4 KiB of memory at 0x1000 holds the
/// program; each instruction is 4 bytes, adds 1 to r0, and the program
/// exits with status 7 when the pc reaches 0x1100. With `spin`, the pc
/// stays put (a loop that never ends).
class ToyTarget : public TargetHandler {
public:
  uint64_t regs[4] = {0, 0, 0, 0x1000};
  uint8_t vec[16] = {};
  std::vector<uint8_t> memory = std::vector<uint8_t>(0x1000, 0);
  llvm::DenseSet<uint64_t> breakpoints;
  bool supportP = true;
  bool spin = false;
  /// How many interrupts a spinning continue ignores (the client going
  /// away looks like an interrupt too).
  unsigned ignoreInterrupts = 0;
  bool killed = false, detached = false;
  unsigned steps = 0;

  static std::vector<uint8_t> bytesOf(uint64_t v) {
    std::vector<uint8_t> out;
    for (int i = 0; i < 8; ++i)
      out.push_back(uint8_t(v >> (8 * i)));
    return out;
  }
  StopReply trap() {
    StopReply stop;
    stop.code = 5;
    stop.thread = "1";
    return stop;
  }
  StopReply exited() {
    StopReply stop;
    stop.kind = StopReply::Kind::Exited;
    stop.code = 7;
    return stop;
  }

  StopReply getStopReason() override { return trap(); }
  llvm::Expected<std::vector<uint8_t>> readRegisters() override {
    std::vector<uint8_t> out;
    for (uint64_t r : regs)
      for (uint8_t b : bytesOf(r))
        out.push_back(b);
    return out;
  }
  llvm::Expected<std::vector<uint8_t>> readRegister(unsigned regnum) override {
    if (!supportP)
      return makeStubError(0x99, "unreachable");
    if (regnum < 4)
      return bytesOf(regs[regnum]);
    if (regnum == 10)
      return std::vector<uint8_t>(vec, vec + 16);
    return makeStubError(0x14, "no such register");
  }
  llvm::Error writeRegister(unsigned regnum,
                            llvm::ArrayRef<uint8_t> bytes) override {
    if (regnum >= 4 || bytes.size() != 8)
      return makeStubError(0x16, "bad register write");
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= uint64_t(bytes[i]) << (8 * i);
    regs[regnum] = v;
    return llvm::Error::success();
  }
  llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                  size_t length) override {
    if (address < 0x1000 || address >= 0x2000)
      return makeStubError(0x14, "unmapped");
    size_t n = std::min<uint64_t>(length, 0x2000 - address);
    return std::vector<uint8_t>(memory.begin() + (address - 0x1000),
                                memory.begin() + (address - 0x1000) + n);
  }
  llvm::Error writeMemory(uint64_t address,
                          llvm::ArrayRef<uint8_t> bytes) override {
    if (address < 0x1000 || address + bytes.size() > 0x2000)
      return makeStubError(0x14, "unmapped");
    std::copy(bytes.begin(), bytes.end(), memory.begin() + (address - 0x1000));
    return llvm::Error::success();
  }
  StopReply stepOnce() {
    ++steps;
    if (spin)
      return trap();
    regs[0] += 1;
    regs[3] += 4;
    if (regs[3] >= 0x1100)
      return exited();
    return trap();
  }
  llvm::Expected<StopReply> step() override { return stepOnce(); }
  llvm::Expected<StopReply>
  resume(llvm::function_ref<bool()> interrupted) override {
    while (true) {
      StopReply stop = stepOnce();
      if (stop.kind != StopReply::Kind::Signal)
        return stop;
      if (breakpoints.contains(regs[3]))
        return stop;
      if (spin && interrupted() && !ignoreInterrupts--) {
        stop.code = 2;
        return stop;
      }
    }
  }
  llvm::Error insertBreakpoint(uint64_t address, unsigned kind) override {
    breakpoints.insert(address);
    return llvm::Error::success();
  }
  llvm::Error removeBreakpoint(uint64_t address, unsigned kind) override {
    breakpoints.erase(address);
    return llvm::Error::success();
  }
  void kill() override { killed = true; }
  void detach() override { detached = true; }
};

/// The toy's description, split over two documents, with characters that
/// must be escaped in qXfer replies (`}`, `#`, `$`, `*` in a comment).
ServerOptions toyOptions() {
  ServerOptions options;
  options.documents["target.xml"] =
      "<?xml version=\"1.0\"?><!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
      "<target><architecture>toy</architecture>"
      "<!-- escapes: } # $ * -->"
      "<xi:include href=\"core.xml\"/></target>";
  options.documents["core.xml"] =
      "<feature name=\"toy.core\"><reg name=\"r0\" bitsize=\"64\"/>"
      "<reg name=\"r1\" bitsize=\"64\"/><reg name=\"r2\" bitsize=\"64\"/>"
      "<reg name=\"pc\" bitsize=\"64\" type=\"code_ptr\"/>"
      "<reg name=\"vec\" bitsize=\"128\" regnum=\"10\"/></feature>";
  // Small packets: the description comes in several chunks.
  options.packetSize = 64;
  options.connection.timeoutMs = 2000;
  return options;
}

/// Serves `target` to one client on a thread.
class Served {
public:
  Served(ToyTarget &target, ServerOptions options = toyOptions()) {
    auto listener = RspListener::listen(0);
    EXPECT_EQ(errorOf(listener), "");
    port = (*listener)->getPort();
    thread = std::thread([this, &target, options = std::move(options),
                          listener = std::move(*listener)]() mutable {
      auto connection = listener->accept(5000, options.connection);
      if (!connection) {
        result = errorOf(connection);
        return;
      }
      RspServer server(target, std::move(options));
      llvm::Expected<RspServer::Outcome> outcome = server.serve(**connection);
      if (!outcome)
        result = errorOf(outcome);
      else
        result = *outcome == RspServer::Outcome::Killed     ? "killed"
                 : *outcome == RspServer::Outcome::Detached ? "detached"
                                                            : "disconnected";
    });
  }
  ~Served() {
    if (thread.joinable())
      thread.join();
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port); }
  /// How the session ended (joins the server's thread).
  std::string outcome() {
    thread.join();
    return result;
  }

private:
  uint16_t port = 0;
  std::thread thread;
  std::string result;
};

ClientOptions fastOptions() {
  ClientOptions options;
  options.connection.timeoutMs = 2000;
  return options;
}

uint64_t le64(llvm::ArrayRef<uint8_t> bytes) {
  uint64_t v = 0;
  for (size_t i = 0; i < bytes.size() && i < 8; ++i)
    v |= uint64_t(bytes[i]) << (8 * i);
  return v;
}

TEST(ClientServer, HandshakeAndDescription) {
  ToyTarget target;
  Served served(target);
  {
    auto client = RspClient::connect(served.address(), fastOptions());
    ASSERT_EQ(errorOf(client), "");
    const StubFeatures &features = (*client)->getFeatures();
    EXPECT_EQ(features.packetSize, 64u);
    EXPECT_TRUE(features.xferFeatures);
    EXPECT_TRUE(features.noAckOffered);
    EXPECT_TRUE((*client)->getConnection().isNoAckMode());
    EXPECT_TRUE(features.hasVCont("s"));
    EXPECT_TRUE(features.hasVCont("c"));
    const TargetDescription *desc = (*client)->getTargetDescription();
    ASSERT_NE(desc, nullptr);
    EXPECT_EQ(desc->getArchitecture(), "toy");
    EXPECT_EQ(desc->getRegisters().size(), 5u);
    EXPECT_EQ(desc->lookup("vec")->regnum, 10u);
    // qSupported, QStartNoAckMode, vCont?, and the two documents in
    // 56-byte chunks (the server's packet size less the framing).
    uint64_t handshake = (*client)->getRoundTrips();
    EXPECT_GE(handshake, 3u + 5u);
    auto stop = (*client)->queryStopReason();
    ASSERT_EQ(errorOf(stop), "");
    EXPECT_EQ(stop->code, 5);
    EXPECT_EQ(stop->thread, "1");
    EXPECT_EQ((*client)->getRoundTrips(), handshake + 1);
  }
  // The client went away without k or D.
  EXPECT_EQ(served.outcome(), "disconnected");
}

TEST(ClientServer, StepRegistersMemoryBreakpointsKill) {
  ToyTarget target;
  for (unsigned i = 0; i < 0x100; ++i)
    target.memory[i] = uint8_t(i);
  // Bytes that must be escaped or run-length encoded on the way back.
  for (unsigned i = 0x100; i < 0x140; ++i)
    target.memory[i] = 0;
  Served served(target);
  ClientOptions options = fastOptions();
  options.maxMemoryChunk = 16;
  auto connected = RspClient::connect(served.address(), options);
  ASSERT_EQ(errorOf(connected), "");
  RspClient &client = **connected;

  // Steps, and the pc after each.
  for (unsigned i = 1; i <= 5; ++i) {
    auto event = client.step();
    ASSERT_EQ(errorOf(event), "");
    EXPECT_EQ(event->kind, StopEvent::Kind::Stepped);
    EXPECT_EQ(event->describe(), "stepped");
    auto pc = client.readRegister("pc");
    ASSERT_EQ(errorOf(pc), "");
    EXPECT_EQ(le64(*pc), 0x1000u + 4 * i);
  }
  // One round trip per step and per register read.
  uint64_t before = client.getRoundTrips();
  ASSERT_EQ(errorOf(client.step()), "");
  EXPECT_EQ(client.getRoundTrips(), before + 1);

  // `g` split by the description: r0..pc; vec (number 10) only by `p`.
  auto all = client.readRegisters();
  ASSERT_EQ(errorOf(all), "");
  ASSERT_EQ(all->size(), 4u);
  EXPECT_EQ((*all)[0].reg->name, "r0");
  EXPECT_EQ(le64((*all)[0].bytes), 6u);
  EXPECT_EQ((*all)[3].reg->name, "pc");
  auto vec = client.readRegister("vec");
  ASSERT_EQ(errorOf(vec), "");
  EXPECT_EQ(vec->size(), 16u);
  ASSERT_EQ(errorOf(client.writeRegister(1, ToyTarget::bytesOf(0x1234))), "");
  EXPECT_EQ(le64(*client.readRegister("r1")), 0x1234u);
  EXPECT_EQ(errorOf(client.readRegister(7)),
            "cannot read register number 7: the stub replied 'E14' to 'p7'");
  EXPECT_EQ(errorOf(client.readRegister("x9")),
            "the target description has no register 'x9' (5 registers in 1 "
            "features)");
  EXPECT_EQ(errorOf(client.writeRegister(10, {1, 2})),
            "cannot write register 'vec' (number 10): the stub replied 'E16' "
            "to 'Pa=0102'");

  // Memory in 16-byte chunks (and the server's 64-byte packets).
  auto bytes = client.readMemory(0x1000, 0x140);
  ASSERT_EQ(errorOf(bytes), "");
  ASSERT_EQ(bytes->size(), 0x140u);
  for (unsigned i = 0; i < 0x140; ++i)
    EXPECT_EQ((*bytes)[i], target.memory[i]) << i;
  std::vector<uint8_t> data = {'}', '#', '$', '*', 0, 0xff};
  ASSERT_EQ(errorOf(client.writeMemory(0x1ffa, data)), "");
  EXPECT_EQ(*client.readMemory(0x1ffa, 6), data);
  // Into unmapped memory: the error says where it stopped.
  EXPECT_EQ(errorOf(client.readMemory(0x1ff8, 40)),
            "cannot read memory: the stub replied 'E14' to 'm2000,10' at "
            "0x2000, after 8 of 40 bytes");
  EXPECT_EQ(errorOf(client.writeMemory(0x3000, data)),
            "cannot write 6 bytes at 0x3000 (at 0x3000): the stub replied "
            "'E14' to 'M3000,6:7d23242a00ff'");

  // A break point, a continue to it, and on to the end.
  ASSERT_EQ(errorOf(client.insertBreakpoint(0x1040, 4)), "");
  auto hit = client.resume();
  ASSERT_EQ(errorOf(hit), "");
  EXPECT_EQ(hit->kind, StopEvent::Kind::Breakpoint);
  EXPECT_EQ(hit->pc, 0x1040u);
  EXPECT_EQ(hit->describe(), "stopped at the break point at 0x1040");
  ASSERT_EQ(errorOf(client.removeBreakpoint(0x1040, 4)), "");
  auto end = client.resume();
  ASSERT_EQ(errorOf(end), "");
  EXPECT_EQ(end->kind, StopEvent::Kind::Exited);
  EXPECT_EQ(end->code, 7);
  EXPECT_EQ(end->describe(), "exited with status 7");
  EXPECT_EQ(errorOf(client.step()),
            "cannot send 'vCont;s': the program has ended (exited "
            "with status 7)");

  ASSERT_EQ(errorOf(client.kill()), "");
  EXPECT_EQ(errorOf(client.readMemory(0x1000, 4)),
            "cannot send 'm1000,4': the session ended with 'k'");
  EXPECT_EQ(served.outcome(), "killed");
  EXPECT_TRUE(target.killed);
}

TEST(ClientServer, Detach) {
  ToyTarget target;
  Served served(target);
  auto client = RspClient::connect(served.address(), fastOptions());
  ASSERT_EQ(errorOf(client), "");
  ASSERT_EQ(errorOf((*client)->detach()), "");
  EXPECT_EQ(served.outcome(), "detached");
  EXPECT_TRUE(target.detached);
}

TEST(ClientServer, AcknowledgedModeAndPlainStepping) {
  // A server that offers no no-ack mode, a client that would not use it
  // anyway, and a client that does not use vCont.
  for (bool offer : {false, true}) {
    ToyTarget target;
    ServerOptions serverOptions = toyOptions();
    serverOptions.offerNoAck = offer;
    serverOptions.runLengthReplies = false;
    Served served(target, std::move(serverOptions));
    ClientOptions options = fastOptions();
    options.allowNoAck = false;
    options.allowVCont = false;
    auto client = RspClient::connect(served.address(), options);
    ASSERT_EQ(errorOf(client), "");
    EXPECT_EQ((*client)->getFeatures().noAckOffered, offer);
    EXPECT_FALSE((*client)->getConnection().isNoAckMode());
    EXPECT_TRUE((*client)->getFeatures().vContActions.empty());
    auto event = (*client)->step();
    ASSERT_EQ(errorOf(event), "");
    EXPECT_EQ(le64(*(*client)->readRegister("pc")), 0x1004u);
    ASSERT_EQ(errorOf((*client)->insertBreakpoint(0x1010, 4)), "");
    auto hit = (*client)->resume();
    ASSERT_EQ(errorOf(hit), "");
    EXPECT_EQ(hit->kind, StopEvent::Kind::Breakpoint);
    ASSERT_EQ(errorOf((*client)->kill()), "");
    EXPECT_EQ(served.outcome(), "killed");
  }
}

TEST(ClientServer, ContinueTimeoutInterrupts) {
  ToyTarget target;
  target.spin = true;
  Served served(target);
  ClientOptions options = fastOptions();
  options.continueTimeoutMs = 200;
  auto client = RspClient::connect(served.address(), options);
  ASSERT_EQ(errorOf(client), "");
  EXPECT_EQ(errorOf((*client)->resume()),
            "the target was still running 200 ms after 'vCont;c'; SnR "
            "interrupted it (it stopped with signal 2 (SIGINT))");
  // The session is still usable.
  target.spin = false;
  auto event = (*client)->step();
  ASSERT_EQ(errorOf(event), "");
  EXPECT_EQ(event->kind, StopEvent::Kind::Stepped);
  ASSERT_EQ(errorOf((*client)->kill()), "");
  EXPECT_EQ(served.outcome(), "killed");
}

TEST(ClientServer, ContinueThatIgnoresTheInterrupt) {
  // QEMU 7.2 in user mode does not read `\x03` while the program runs.
  ToyTarget target;
  target.spin = true;
  target.ignoreInterrupts = 1;
  Served served(target);
  ClientOptions options = fastOptions();
  options.connection.timeoutMs = 300;
  options.continueTimeoutMs = 200;
  auto client = RspClient::connect(served.address(), options);
  ASSERT_EQ(errorOf(client), "");
  EXPECT_EQ(errorOf((*client)->resume()),
            "the target was still running 200 ms after 'vCont;c' and did not "
            "stop within 300 ms of an interrupt ('\\x03'); SnR closed the "
            "connection");
  EXPECT_EQ(errorOf((*client)->step()),
            "cannot send 'vCont;s': the session ended with '\\x03'");
  // The server sees the client go away, stops, and cannot reply.
  EXPECT_EQ(served.outcome(), "disconnected");
}

TEST(ClientServer, NoTargetDescription) {
  ToyTarget target;
  ServerOptions options = toyOptions();
  options.documents.clear();
  Served served(target, std::move(options));
  auto client = RspClient::connect(served.address(), fastOptions());
  ASSERT_EQ(errorOf(client), "");
  EXPECT_FALSE((*client)->getFeatures().xferFeatures);
  EXPECT_EQ((*client)->getTargetDescription(), nullptr);
  EXPECT_EQ(errorOf((*client)->readRegister("pc")),
            "cannot find register 'pc': the stub offers no target description "
            "(qXfer:features:read)");
  EXPECT_EQ(errorOf((*client)->readRegisters()),
            "cannot split the 'g' reply into registers: the stub offers no "
            "target description (qXfer:features:read)");
  // By number, `p` still works; so does raw `g`.
  auto pc = (*client)->readRegister(3u);
  ASSERT_EQ(errorOf(pc), "");
  EXPECT_EQ(le64(*pc), 0x1000u);
  auto g = (*client)->readGPacket();
  ASSERT_EQ(errorOf(g), "");
  EXPECT_EQ(g->size(), 32u);
  // A continue cannot tell a break point from a trap without the pc.
  ASSERT_EQ(errorOf((*client)->insertBreakpoint(0x1008, 4)), "");
  auto hit = (*client)->resume();
  ASSERT_EQ(errorOf(hit), "");
  EXPECT_EQ(hit->kind, StopEvent::Kind::Signal);
  EXPECT_EQ(hit->describe(), "stopped by signal 5 (SIGTRAP)");
  ASSERT_EQ(errorOf((*client)->kill()), "");
  EXPECT_EQ(served.outcome(), "killed");
}

TEST(RspServer, Dispatch) {
  ToyTarget target;
  ServerOptions options = toyOptions();
  options.packetSize = 0x4000;
  RspServer server(target, std::move(options));
  std::optional<RspServer::Outcome> outcome;
  auto handle = [&](llvm::StringRef packet) {
    return server.handle(packet, outcome);
  };
  // Unknown packets get the empty reply.
  EXPECT_EQ(handle("!"), "");
  EXPECT_EQ(handle("vMustReplyEmpty"), "");
  EXPECT_EQ(handle("qTStatus"), "");
  EXPECT_EQ(handle("Z2,1000,4"), "");
  EXPECT_EQ(handle("G00"), "");
  EXPECT_EQ(handle("qSupported:swbreak+"),
            "PacketSize=4000;qXfer:features:read+;QStartNoAckMode+;"
            "vContSupported+");
  EXPECT_EQ(handle("vCont?"), "vCont;c;C;s;S");
  EXPECT_EQ(handle("?"), "T05thread:1;");
  EXPECT_EQ(handle("Hg0"), "OK");
  EXPECT_EQ(handle("qAttached"), "1");
  // Registers, run-length encoded: r0 = 0 is "0*,".
  EXPECT_EQ(handle("p0"), "0*,");
  EXPECT_EQ(handle("p3"), "0010*)");
  EXPECT_EQ(handle("pzz"), "E01");
  EXPECT_EQ(handle("P1=0100000000000000"), "OK");
  EXPECT_EQ(handle("P1=01"), "E16");
  // Memory.
  EXPECT_EQ(handle("m3000,4"), "E14");
  // A short read: the last two bytes of memory.
  EXPECT_EQ(handle("m1ffe,4"), "0* ");
  EXPECT_EQ(handle("M1000,2:abcd"), "OK");
  EXPECT_EQ(handle("M1000,3:abcd"), "E01");
  EXPECT_EQ(handle("X1002,0:"), "OK");
  EXPECT_EQ(handle("X1002,2:}]}\x03"), "OK");
  EXPECT_EQ(target.memory[2], '}');
  EXPECT_EQ(target.memory[3], '#');
  EXPECT_EQ(handle("m1000,4"), "abcd7d23");
  // Target description chunks: offsets, lengths, the end, unknown annexes.
  EXPECT_EQ(handle("qXfer:features:read:target.xml:0,5"), "m<?xml");
  EXPECT_EQ(handle("qXfer:features:read:target.xml:5,3"), "m ve");
  EXPECT_EQ(handle("qXfer:features:read:nope.xml:0,5"), "E00");
  EXPECT_EQ(handle("qXfer:features:read:target.xml:100000,5"), "l");
  std::string tail = handle("qXfer:features:read:core.xml:1b0,100");
  EXPECT_EQ(tail[0], 'l');
  // Stepping, break points, resuming.
  EXPECT_EQ(handle("s"), "T05thread:1;");
  EXPECT_EQ(handle("s1000"), "E01");
  EXPECT_EQ(handle("vCont;s:1"), "T05thread:1;");
  EXPECT_EQ(handle("Z0,1010,4"), "OK");
  EXPECT_EQ(handle("vCont;c"), "T05thread:1;");
  EXPECT_EQ(target.regs[3], 0x1010u);
  EXPECT_EQ(handle("z0,1010,4"), "OK");
  EXPECT_EQ(handle("C05"), "W07");
  EXPECT_FALSE(outcome);
  EXPECT_EQ(handle("D;1"), "OK");
  EXPECT_EQ(outcome, RspServer::Outcome::Detached);
}

} // namespace
