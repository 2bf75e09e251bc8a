//===- FaultyStubTest.cpp - RspClient against stubs that misbehave --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Stubs written as scripts of raw bytes on a loopback socket: ones that NAK,
// damage checksums, reply `E01`, never reply, never acknowledge, disconnect
// in the middle of a packet, run-length encode, or lack `p`. Each must end
// in a clear error (or a recovery), never a hang or a crash.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspClient.h"
#include "SnR/Remote/RspConnection.h"

#include "ErrorText.h"

#include "gtest/gtest.h"

#include <arpa/inet.h>
#include <functional>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace snr::remote;
using snr::remote::test::errorOf;

namespace {

/// `+` and the framed reply.
std::string reply(llvm::StringRef payload) {
  return "+" + encodePacket(payload);
}

/// What a scripted stub does about one event: send `bytes`, then maybe
/// close the connection.
struct Answer {
  Answer(std::string bytes = "") : bytes(std::move(bytes)) {}
  Answer(const char *bytes) : bytes(bytes) {}
  static Answer hangUp(std::string bytes = "") {
    Answer answer(std::move(bytes));
    answer.close = true;
    return answer;
  }
  std::string bytes;
  bool close = false;
};

/// A stub that answers each packet (and each `-`) as its script says.
class ScriptedStub {
public:
  using Script = std::function<Answer(const RspEvent &)>;

  explicit ScriptedStub(Script script) : script(std::move(script)) {
    listenFd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(listenFd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr));
    listen(listenFd, 1);
    socklen_t len = sizeof(addr);
    getsockname(listenFd, reinterpret_cast<sockaddr *>(&addr), &len);
    port = ntohs(addr.sin_port);
    thread = std::thread([this] { run(); });
  }
  ~ScriptedStub() {
    thread.join();
    close(listenFd);
  }
  std::string address() const { return "127.0.0.1:" + std::to_string(port); }
  /// Every packet the client sent, in order, once it has disconnected.
  std::vector<std::string> received() {
    thread.join();
    thread = std::thread([] {});
    return packets;
  }

private:
  void run() {
    int fd = accept(listenFd, nullptr, nullptr);
    if (fd < 0)
      return;
    PacketDecoder decoder;
    char buffer[4096];
    while (true) {
      ssize_t n = recv(fd, buffer, sizeof(buffer), 0);
      if (n <= 0)
        break;
      std::vector<RspEvent> events;
      decoder.feed(llvm::StringRef(buffer, n), events);
      for (const RspEvent &event : events) {
        if (event.kind == RspEvent::Kind::Ack)
          continue;
        if (event.kind == RspEvent::Kind::Packet)
          packets.push_back(event.payload);
        Answer answer = script(event);
        if (!answer.bytes.empty())
          send(fd, answer.bytes.data(), answer.bytes.size(), MSG_NOSIGNAL);
        if (answer.close) {
          close(fd);
          return;
        }
      }
    }
    close(fd);
  }

  Script script;
  int listenFd;
  uint16_t port;
  std::thread thread;
  std::vector<std::string> packets;
};

ClientOptions quick() {
  ClientOptions options;
  options.connection.timeoutMs = 300;
  options.connection.connectTimeoutMs = 2000;
  return options;
}

const char *kQSupported = "qSupported:swbreak+;hwbreak+;vContSupported+";

/// The handshake of a stub with no description, no no-ack and no vCont;
/// then `rest` answers.
ScriptedStub::Script afterHandshake(ScriptedStub::Script rest) {
  return [rest](const RspEvent &event) -> Answer {
    if (event.kind == RspEvent::Kind::Packet &&
        llvm::StringRef(event.payload).starts_with("qSupported"))
      return reply("PacketSize=100");
    if (event.kind == RspEvent::Kind::Packet && event.payload == "vCont?")
      return reply("");
    return rest(event);
  };
}

TEST(FaultyStub, NaksForever) {
  ScriptedStub stub([](const RspEvent &) { return Answer("-"); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            stub.address() + " rejected '" + kQSupported +
                "' 4 times ('-': damaged in transit?)");
}

TEST(FaultyStub, NakOnceThenRecovers) {
  int naks = 0;
  ScriptedStub stub(afterHandshake([&](const RspEvent &event) {
    return Answer(naks++ == 0 ? "-" : reply("0102"));
  }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  auto bytes = (*client)->readMemory(0x1000, 2);
  ASSERT_EQ(errorOf(bytes), "");
  EXPECT_EQ(*bytes, (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ((*client)->getConnection().getRetransmits(), 1u);
}

TEST(FaultyStub, BadChecksumsForever) {
  ScriptedStub stub([](const RspEvent &) { return Answer("+$OK#00"); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            stub.address() + " sent 4 damaged packets as the reply to '" +
                kQSupported +
                "' (last: checksum '00' but the payload 'OK' sums to 9a)");
}

TEST(FaultyStub, BadChecksumOnceThenRecovers) {
  bool damaged = false;
  ScriptedStub stub(afterHandshake([&](const RspEvent &event) {
    if (event.kind == RspEvent::Kind::Nak)
      return Answer(encodePacket("0102"));
    if (!damaged) {
      damaged = true;
      return Answer("+$0102#ff");
    }
    return Answer(reply("0102"));
  }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  auto bytes = (*client)->readMemory(0x1000, 2);
  ASSERT_EQ(errorOf(bytes), "");
  EXPECT_EQ(*bytes, (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ((*client)->getConnection().getDamagedPackets(), 1u);
}

TEST(FaultyStub, ErrorReplies) {
  ScriptedStub stub(afterHandshake(
      [](const RspEvent &event) { return Answer(reply("E01")); }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  RspClient &c = **client;
  EXPECT_EQ(errorOf(c.readMemory(0x1000, 16)),
            "cannot read memory: the stub replied 'E01' to 'm1000,10' at "
            "0x1000, after 0 of 16 bytes");
  EXPECT_EQ(errorOf(c.readRegister(5u)),
            "cannot read register number 5: the stub replied 'E01' to 'p5'");
  EXPECT_EQ(errorOf(c.step()), "the stub replied 'E01' to 's'");
  EXPECT_EQ(errorOf(c.insertBreakpoint(0x10, 2)),
            "cannot set a break point at 0x10: the stub replied 'E01' to "
            "'Z0,10,2'");
  EXPECT_EQ(errorOf(c.readGPacket()),
            "cannot read registers: the stub replied 'E01' to 'g'");
  EXPECT_EQ(errorOf(c.writeMemory(0x20, {1})),
            "cannot write 1 bytes at 0x20 (at 0x20): the stub replied 'E01' "
            "to 'M20,1:01'");
  EXPECT_EQ(errorOf(c.detach()), "the stub replied 'E01' to 'D' (expected "
                                 "'OK')");
}

TEST(FaultyStub, NeverReplies) {
  ScriptedStub stub([](const RspEvent &) { return Answer("+"); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            "no reply from " + stub.address() + " within 300 ms to '" +
                kQSupported + "'");
}

TEST(FaultyStub, NeverAcknowledges) {
  ScriptedStub stub([](const RspEvent &) { return Answer(); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            "no acknowledgement from " + stub.address() +
                " within 300 ms for '" + kQSupported + "'");
}

TEST(FaultyStub, RepliesWithoutAcknowledging) {
  // A stub in no-ack mode from an earlier session: its reply is taken for
  // an old one, and the error says what happened.
  ScriptedStub stub(
      [](const RspEvent &) { return Answer(encodePacket("PacketSize=100")); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            "no acknowledgement from " + stub.address() +
                " within 300 ms for '" + kQSupported +
                "' (it sent the packet 'PacketSize=100' instead: is it in "
                "no-ack mode?)");
}

TEST(FaultyStub, DisconnectsMidPacket) {
  ScriptedStub stub(
      [](const RspEvent &) { return Answer::hangUp("+$PacketSi"); });
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), quick())),
            stub.address() +
                " closed the connection in the middle of a packet (8 bytes "
                "into it) before replying to '" +
                kQSupported + "'");
}

TEST(FaultyStub, DisconnectsBeforeReplying) {
  ScriptedStub stub(afterHandshake([](const RspEvent &event) -> Answer {
    if (event.payload == "s")
      return Answer::hangUp();
    return reply("");
  }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  EXPECT_EQ(errorOf((*client)->step()),
            stub.address() + " closed the connection before acknowledging 's'");
  EXPECT_EQ(errorOf((*client)->step()), "cannot send 's' to " + stub.address() +
                                            ": the connection is closed");
}

// A peer gone before SnR sends (the write fails: EPIPE) is reported as
// one gone before SnR reads: "closed the connection". Which of the two a
// killed stub gives depends on timing (test/Record/qemu-killed.test).
TEST(FaultyStub, SendingToAClosedPeerSaysItClosedTheConnection) {
  int fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  ::close(fds[1]);
  std::unique_ptr<RspConnection> connection =
      RspConnection::fromSocket(fds[0], "stub:1234");
  connection->setNoAckMode(true);
  EXPECT_EQ(errorOf(connection->sendPacket("s")),
            "cannot send 's': stub:1234 closed the connection (Broken pipe)");
  EXPECT_FALSE(connection->isOpen());
}

TEST(FaultyStub, RunLengthRepliesAndGInsteadOfP) {
  const char *xml = "<target><feature name='f'>"
                    "<reg name='a' bitsize='32'/><reg name='pc' bitsize='32'/>"
                    "<reg name='c' bitsize='32' regnum='5'/>"
                    "</feature></target>";
  ScriptedStub stub([&](const RspEvent &event) -> Answer {
    llvm::StringRef p = event.payload;
    if (p.starts_with("qSupported"))
      return reply("PacketSize=100;qXfer:features:read+");
    if (p.starts_with("qXfer:features:read:target.xml:0,"))
      return reply(std::string("l") + xml);
    // `p` unsupported; `g` run-length encoded: a = 0, pc = 0x11111111.
    if (p.starts_with("p"))
      return reply("");
    if (p == "g")
      return reply("0*\"001*\"11");
    if (p == "m10,8")
      return reply("0*+1");
    return reply("");
  });
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  auto pc = (*client)->readRegister("pc");
  ASSERT_EQ(errorOf(pc), "");
  EXPECT_EQ(*pc, (std::vector<uint8_t>{0x11, 0x11, 0x11, 0x11}));
  EXPECT_EQ(errorOf((*client)->readRegister("c")),
            "cannot read register 'c' (number 5): the stub does not support "
            "'p', and its 'g' reply (8 bytes) does not hold it");
  // Expanded before it is read as hex: 15 zeros and a one.
  auto memory = (*client)->readMemory(0x10, 8);
  ASSERT_EQ(errorOf(memory), "");
  EXPECT_EQ(*memory, (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0, 1}));
  // `p` is tried once, then `g` serves every read.
  client->reset();
  std::vector<std::string> sent = stub.received();
  EXPECT_EQ(
      llvm::count_if(sent, [](const std::string &s) { return s[0] == 'p'; }),
      1);
}

TEST(FaultyStub, OversizedPacket) {
  ScriptedStub stub(
      [](const RspEvent &) { return Answer(reply(std::string(100, 'a'))); });
  ClientOptions options = quick();
  options.connection.maxPacketBytes = 16;
  EXPECT_EQ(errorOf(RspClient::connect(stub.address(), options)),
            stub.address() +
                " sent a packet of more than 16 bytes as the "
                "reply to '" +
                kQSupported + "'");
}

TEST(FaultyStub, ConsoleOutputAndStopKinds) {
  int steps = 0;
  ScriptedStub stub(afterHandshake([&](const RspEvent &event) -> Answer {
    if (event.payload != "s")
      return reply("");
    ++steps;
    if (steps == 1)
      return reply("O48690a") + encodePacket("T05");
    if (steps == 2)
      return reply("S0b");
    if (steps == 3)
      return reply("T");
    return reply("X09");
  }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  RspClient &c = **client;
  auto first = c.step();
  ASSERT_EQ(errorOf(first), "");
  EXPECT_EQ(first->kind, StopEvent::Kind::Stepped);
  EXPECT_EQ(c.getConsoleOutput(), "Hi\n");
  auto fault = c.step();
  ASSERT_EQ(errorOf(fault), "");
  EXPECT_EQ(fault->kind, StopEvent::Kind::Signal);
  EXPECT_EQ(fault->describe(), "stopped by signal 11 (SIGSEGV)");
  EXPECT_EQ(errorOf(c.step()),
            "the reply to 's' is not a stop reply: malformed stop reply 'T': "
            "expected a two-digit hex signal after 'T'");
  auto killed = c.step();
  ASSERT_EQ(errorOf(killed), "");
  EXPECT_EQ(killed->kind, StopEvent::Kind::Terminated);
  EXPECT_EQ(killed->describe(), "killed by signal 9 (SIGKILL)");
  EXPECT_EQ(errorOf(c.step()),
            "cannot send 's': the program has ended (killed by "
            "signal 9 (SIGKILL))");
}

TEST(FaultyStub, BreakpointReasonFromTheStub) {
  // A stub that says why (swbreak): a break point even without the pc.
  ScriptedStub stub(afterHandshake([](const RspEvent &event) -> Answer {
    if (event.payload == "c")
      return reply("T05swbreak:;");
    return reply("");
  }));
  auto client = RspClient::connect(stub.address(), quick());
  ASSERT_EQ(errorOf(client), "");
  auto hit = (*client)->resume();
  ASSERT_EQ(errorOf(hit), "");
  EXPECT_EQ(hit->kind, StopEvent::Kind::Breakpoint);
  EXPECT_EQ(hit->describe(), "stopped at a break point (swbreak)");
}

TEST(FaultyStub, NobodyListening) {
  // A port that was free a moment ago.
  uint16_t port;
  {
    auto listener = RspListener::listen(0);
    ASSERT_EQ(errorOf(listener), "");
    port = (*listener)->getPort();
  }
  ClientOptions options = quick();
  options.connection.connectTimeoutMs = 200;
  std::string error =
      errorOf(RspClient::connect("127.0.0.1:" + std::to_string(port), options));
  EXPECT_EQ(error.rfind("cannot connect to 127.0.0.1:" + std::to_string(port) +
                            " within 200 ms (",
                        0),
            0u)
      << error;
  EXPECT_NE(error.find("attempts): Connection refused"), std::string::npos)
      << error;
  EXPECT_EQ(errorOf(RspClient::connect("nonsense", options)),
            "'nonsense' is not HOST:PORT (a port from 1 to 65535)");
}

TEST(FaultyStub, KillWhenTheStubExitsAtOnce) {
  // QEMU acknowledges `k` and exits; some stubs close before the ack.
  for (bool ack : {true, false}) {
    ScriptedStub stub(afterHandshake([ack](const RspEvent &event) -> Answer {
      if (event.payload == "k")
        return Answer::hangUp(ack ? "+" : "");
      return reply("");
    }));
    auto client = RspClient::connect(stub.address(), quick());
    ASSERT_EQ(errorOf(client), "");
    EXPECT_EQ(errorOf((*client)->kill()), "");
  }
}

} // namespace
