//===- snr-rsp-probe.cpp - Drive a GDB stub, say what it answered ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   snr-rsp-probe HOST:PORT ACTION...
//
// A test tool (not installed): connects to any GDB remote stub with
// SnRRemote's client, runs the actions in order and prints what it learned,
// one fact per line, for FileCheck. An action that fails prints
// "error: MESSAGE" and the run goes on; the exit status is 1 if any failed.
// test/Remote runs it against QEMU's gdbstub; docs/remote.md.
//
// Actions:
//   features          what qSupported and vCont? said
//   registers         the register map: every register, every duplicate
//   stop              `?`
//   pc                the pc (by `p`)
//   step=N            N single steps, the pc after each
//   reg=NAME          one register by name
//   regs              every described register with `p`, one line each
//   g                 the `g` reply split into registers
//   read=ADDR,LEN     memory, as hex
//   write=ADDR,HEX    memory
//   break=ADDR[,KIND] / unbreak=ADDR[,KIND]   a software break point
//   continue[=SIG]    run until something stops the target (delivering
//                     signal SIG)
//   bench-step=N      N steps: steps per second
//   bench-step-g=N    N steps, each followed by `g`: steps per second
//   roundtrips        the round trips so far
//   kill / detach
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspClient.h"
#include "SnR/Support/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace snr::remote;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-rsp-probe options");
static cl::opt<std::string> address(cl::Positional, cl::Required,
                                    cl::desc("<HOST:PORT>"), cl::cat(category));
static cl::list<std::string> actions(cl::Positional, cl::desc("<action>..."),
                                     cl::cat(category));
static cl::opt<unsigned> timeoutMs("timeout",
                                   cl::desc("time-out of every wait (ms)"),
                                   cl::init(5000), cl::cat(category));
static cl::opt<unsigned>
    connectTimeoutMs("connect-timeout",
                     cl::desc("how long to retry connecting (ms)"),
                     cl::init(10000), cl::cat(category));
static cl::opt<unsigned>
    continueTimeoutMs("continue-timeout",
                      cl::desc("interrupt a continue after this long (ms; "
                               "0: never)"),
                      cl::init(20000), cl::cat(category));
static cl::opt<unsigned> maxMemoryChunk("max-memory-chunk",
                                        cl::desc("largest `m` request"),
                                        cl::init(2048), cl::cat(category));
static cl::opt<bool> noNoAck("no-noack", cl::desc("stay in acknowledged mode"),
                             cl::init(false), cl::cat(category));
static cl::opt<bool> noVCont("no-vcont", cl::desc("step with `s`, not vCont"),
                             cl::init(false), cl::cat(category));
static cl::opt<std::string>
    trafficFile("traffic",
                cl::desc("write every byte received from the stub here"),
                cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string> sentFile("traffic-sent",
                                     cl::desc("write every byte sent here"),
                                     cl::value_desc("file"), cl::cat(category));

namespace {

std::string hex(uint64_t value) {
  return "0x" + llvm::utohexstr(value, /*LowerCase=*/true);
}

uint64_t littleEndian(llvm::ArrayRef<uint8_t> bytes) {
  uint64_t value = 0;
  for (size_t i = 0; i < bytes.size() && i < 8; ++i)
    value |= uint64_t(bytes[i]) << (8 * i);
  return value;
}

std::optional<uint64_t> parseNumber(llvm::StringRef text) {
  uint64_t value;
  if (text.getAsInteger(0, value))
    return std::nullopt;
  return value;
}

class Probe {
public:
  Probe(RspClient &client, llvm::raw_ostream &os) : client(client), os(os) {}

  /// Runs one action; false when it failed (already reported).
  bool run(llvm::StringRef action);

private:
  llvm::Error features();
  llvm::Error registers();
  llvm::Expected<uint64_t> readPc();
  llvm::Error steps(unsigned count);
  llvm::Error bench(unsigned count, bool withG);
  llvm::Error printRegister(const RegisterDescription &reg);

  RspClient &client;
  llvm::raw_ostream &os;
  unsigned stepsDone = 0;
};

llvm::Error Probe::features() {
  const StubFeatures &f = client.getFeatures();
  os << "qSupported: " << f.qSupportedReply << "\n";
  os << "packet size: " << f.packetSize << "\n";
  os << "target description: " << (f.xferFeatures ? "yes" : "no") << "\n";
  os << "no-ack mode: "
     << (client.getConnection().isNoAckMode() ? "on"
         : f.noAckOffered                     ? "offered, off"
                                              : "not offered")
     << "\n";
  os << "vCont:";
  for (const std::string &action : f.vContActions)
    os << " " << action;
  if (f.vContActions.empty())
    os << " none";
  os << "\n";
  return llvm::Error::success();
}

llvm::Error Probe::registers() {
  const TargetDescription *desc = client.getTargetDescription();
  if (!desc)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_supported),
        "the stub offers no target description (qXfer:features:read)");
  os << "architecture: " << desc->getArchitecture() << "\n";
  os << "documents:";
  for (const std::string &doc : desc->getDocuments())
    os << " " << doc;
  os << "\n";
  os << "registers: " << desc->getRegisters().size() << " (+"
     << desc->getDuplicates().size() << " duplicates) in "
     << desc->getFeatures().size() << " features\n";
  for (const std::string &feature : desc->getFeatures())
    os << "feature " << feature << "\n";
  for (const RegisterDescription &reg : desc->getRegisters()) {
    os << "reg " << reg.regnum << " " << reg.name << " " << reg.bitsize << " "
       << reg.type;
    if (!reg.group.empty())
      os << " group=" << reg.group;
    os << " " << reg.feature << "\n";
  }
  for (const DuplicateRegister &dup : desc->getDuplicates())
    os << "duplicate " << dup.description.name << " " << dup.description.regnum
       << " in " << dup.description.feature << " (kept " << dup.keptRegnum
       << ")\n";
  return llvm::Error::success();
}

llvm::Expected<uint64_t> Probe::readPc() {
  llvm::Expected<std::vector<uint8_t>> bytes = client.readRegister("pc");
  if (!bytes)
    return bytes.takeError();
  return littleEndian(*bytes);
}

llvm::Error Probe::steps(unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    llvm::Expected<StopEvent> event = client.step();
    if (!event)
      return event.takeError();
    ++stepsDone;
    os << "step " << stepsDone << " " << event->describe();
    if (event->kind == StopEvent::Kind::Stepped ||
        event->kind == StopEvent::Kind::Signal) {
      llvm::Expected<uint64_t> pc = readPc();
      if (!pc)
        return pc.takeError();
      os << " pc " << hex(*pc);
    }
    os << "\n";
    if (event->kind == StopEvent::Kind::Exited ||
        event->kind == StopEvent::Kind::Terminated)
      break;
  }
  return llvm::Error::success();
}

llvm::Error Probe::bench(unsigned count, bool withG) {
  uint64_t before = client.getRoundTrips();
  auto start = std::chrono::steady_clock::now();
  unsigned done = 0;
  for (; done < count; ++done) {
    llvm::Expected<StopEvent> event = client.step();
    if (!event)
      return event.takeError();
    if (event->kind != StopEvent::Kind::Stepped)
      break;
    if (withG) {
      llvm::Expected<std::vector<uint8_t>> g = client.readGPacket();
      if (!g)
        return g.takeError();
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  stepsDone += done;
  std::string packet =
      client.getFeatures().hasVCont("s") && !noVCont ? "vCont;s" : "s";
  os << "bench " << packet << (withG ? "+g" : "") << ": " << done << " steps, "
     << (client.getRoundTrips() - before) << " round trips, "
     << llvm::format("%.3f", seconds) << " s, "
     << llvm::format("%.0f", seconds > 0 ? done / seconds : 0.0)
     << " steps/s\n";
  return llvm::Error::success();
}

llvm::Error Probe::printRegister(const RegisterDescription &reg) {
  llvm::Expected<std::vector<uint8_t>> bytes = client.readRegister(reg.regnum);
  if (!bytes)
    return bytes.takeError();
  os << "value " << reg.name << " " << hexEncode(*bytes) << "\n";
  return llvm::Error::success();
}

bool Probe::run(llvm::StringRef action) {
  auto [name, argument] = action.split('=');
  llvm::Error error = llvm::Error::success();
  auto usage = [&](const llvm::Twine &why) {
    return llvm::createStringError(
        std::make_error_code(std::errc::invalid_argument),
        "action '" + action + "': " + why);
  };
  // Address and optional second number: "ADDR,N".
  auto twoNumbers = [&](uint64_t &first, std::optional<uint64_t> &second) {
    auto [a, b] = argument.split(',');
    std::optional<uint64_t> value = parseNumber(a);
    if (!value)
      return false;
    first = *value;
    if (!b.empty()) {
      second = parseNumber(b);
      return second.has_value();
    }
    return true;
  };

  llvm::consumeError(std::move(error));
  if (name == "features") {
    error = features();
  } else if (name == "registers") {
    error = registers();
  } else if (name == "stop") {
    llvm::Expected<StopReply> stop = client.queryStopReason();
    if (!stop)
      error = stop.takeError();
    else
      os << "stop: " << formatStopReply(*stop) << "\n";
  } else if (name == "pc") {
    llvm::Expected<uint64_t> pc = readPc();
    if (!pc)
      error = pc.takeError();
    else
      os << "pc " << hex(*pc) << "\n";
  } else if (name == "step" || name == "bench-step" || name == "bench-step-g") {
    std::optional<uint64_t> count =
        argument.empty() ? std::optional<uint64_t>(1) : parseNumber(argument);
    if (!count)
      error = usage("expected a count");
    else if (name == "step")
      error = steps(unsigned(*count));
    else
      error = bench(unsigned(*count), name == "bench-step-g");
  } else if (name == "reg") {
    llvm::Expected<const RegisterDescription *> reg =
        client.findRegister(argument);
    if (!reg)
      error = reg.takeError();
    else
      error = printRegister(**reg);
  } else if (name == "regs") {
    const TargetDescription *desc = client.getTargetDescription();
    if (!desc) {
      error = client.findRegister("pc").takeError();
    } else {
      unsigned failed = 0;
      for (const RegisterDescription &reg : desc->getRegisters())
        if (llvm::Error e = printRegister(reg)) {
          os << "error: " << llvm::toString(std::move(e)) << "\n";
          ++failed;
        }
      os << "regs: " << desc->getRegisters().size() - failed << " read, "
         << failed << " failed\n";
    }
  } else if (name == "g") {
    llvm::Expected<std::vector<RegisterValue>> values = client.readRegisters();
    if (!values) {
      error = values.takeError();
    } else {
      size_t bytes = 0;
      for (const RegisterValue &value : *values)
        bytes += value.bytes.size();
      os << "g: " << values->size() << " registers, " << bytes << " bytes";
      if (!values->empty())
        os << ", " << values->front().reg->name << " to "
           << values->back().reg->name;
      os << "\n";
    }
  } else if (name == "read") {
    uint64_t addr = 0;
    std::optional<uint64_t> length;
    if (!twoNumbers(addr, length) || !length) {
      error = usage("expected ADDR,LEN");
    } else {
      llvm::Expected<std::vector<uint8_t>> bytes =
          client.readMemory(addr, *length);
      if (!bytes)
        error = bytes.takeError();
      else
        os << "read " << hex(addr) << " " << bytes->size() << ": "
           << hexEncode(*bytes) << "\n";
    }
  } else if (name == "write") {
    auto [a, data] = argument.split(',');
    std::optional<uint64_t> addr = parseNumber(a);
    llvm::Expected<std::vector<uint8_t>> bytes = hexDecode(data);
    if (!addr || !bytes) {
      if (!bytes)
        llvm::consumeError(bytes.takeError());
      error = usage("expected ADDR,HEX");
    } else {
      error = client.writeMemory(*addr, *bytes);
      if (!error)
        os << "wrote " << bytes->size() << " bytes at " << hex(*addr) << "\n";
    }
  } else if (name == "break" || name == "unbreak") {
    uint64_t addr = 0;
    std::optional<uint64_t> kind;
    if (!twoNumbers(addr, kind)) {
      error = usage("expected ADDR[,KIND]");
    } else if (name == "break") {
      error = client.insertBreakpoint(addr, unsigned(kind.value_or(4)));
      if (!error)
        os << "break point at " << hex(addr) << "\n";
    } else {
      error = client.removeBreakpoint(addr, unsigned(kind.value_or(4)));
      if (!error)
        os << "removed the break point at " << hex(addr) << "\n";
    }
  } else if (name == "continue") {
    std::optional<uint64_t> signal;
    if (!argument.empty())
      signal = parseNumber(argument);
    llvm::Expected<StopEvent> event =
        client.resume(signal ? std::optional<uint8_t>(*signal) : std::nullopt);
    if (!event)
      error = event.takeError();
    else
      os << "continue: " << event->describe() << "\n";
  } else if (name == "roundtrips") {
    os << "round trips: " << client.getRoundTrips() << "\n";
  } else if (name == "kill") {
    error = client.kill();
    if (!error)
      os << "killed\n";
  } else if (name == "detach") {
    error = client.detach();
    if (!error)
      os << "detached\n";
  } else {
    error = usage("unknown action");
  }
  if (!error)
    return true;
  os << "error: " << llvm::toString(std::move(error)) << "\n";
  return false;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::registerSnRVersionPrinter();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "drive a GDB remote stub and print what it "
                              "answered (a test tool)\n");

  std::unique_ptr<llvm::raw_fd_ostream> traffic, sent;
  auto open = [](const std::string &path,
                 std::unique_ptr<llvm::raw_fd_ostream> &stream) {
    if (path.empty())
      return true;
    std::error_code ec;
    stream = std::make_unique<llvm::raw_fd_ostream>(path, ec);
    if (ec) {
      llvm::WithColor::error(llvm::errs(), "snr-rsp-probe")
          << "cannot write '" << path << "': " << ec.message() << "\n";
      return false;
    }
    return true;
  };
  if (!open(trafficFile, traffic) || !open(sentFile, sent))
    return 1;

  ClientOptions options;
  options.connection.timeoutMs = timeoutMs;
  options.connection.connectTimeoutMs = connectTimeoutMs;
  options.continueTimeoutMs = continueTimeoutMs;
  options.maxMemoryChunk = maxMemoryChunk;
  options.allowNoAck = !noNoAck;
  options.allowVCont = !noVCont;
  if (traffic || sent)
    options.connection.tap = [&](bool isSent, llvm::StringRef bytes) {
      if (isSent && sent)
        *sent << bytes;
      else if (!isSent && traffic)
        *traffic << bytes;
    };

  llvm::Expected<std::unique_ptr<RspClient>> client =
      RspClient::connect(address, options);
  if (!client) {
    llvm::outs() << "error: " << llvm::toString(client.takeError()) << "\n";
    return 1;
  }
  llvm::outs() << "connected to " << (*client)->getConnection().getPeerName()
               << " in " << (*client)->getRoundTrips() << " round trips\n";
  Probe probe(**client, llvm::outs());
  bool ok = true;
  for (const std::string &action : actions)
    ok &= probe.run(action);
  return ok ? 0 : 1;
}
