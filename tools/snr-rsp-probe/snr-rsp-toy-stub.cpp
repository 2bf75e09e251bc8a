//===- snr-rsp-toy-stub.cpp - RspServer serving a toy target --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   snr-rsp-toy-stub [--port=N] [--description=DIR]
//
// A test tool (not installed): serves a toy target with SnRRemote's server so
// that a real debugger can drive it (test/Remote/gdb-server.test runs gdb
// against it). The toy is shaped like x86-64, the only architecture
// Debian's gdb knows: 16 64-bit registers, rip and eflags in `g` (gdb's
// layout; the rest of gdb's amd64 `g`, 536 bytes, is zeros), 4 KiB of
// memory at 0x400000 full of one-byte `nop`s; each step moves rip by one,
// and the program exits with status 3 when rip reaches 0x400010. With
// --description, it serves DIR/target.xml and the documents beside it
// over qXfer. Prints "listening on 127.0.0.1:PORT" to stderr when ready,
// then "session: killed|detached|disconnected".
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspServer.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace snr::remote;
namespace cl = llvm::cl;

static cl::opt<unsigned> port("port", cl::desc("port to listen on (0: any)"),
                              cl::init(0));
static cl::opt<std::string>
    descriptionDir("description",
                   cl::desc("serve the target description in this directory"),
                   cl::value_desc("dir"));

namespace {
constexpr uint64_t kBase = 0x400000;
constexpr uint64_t kEnd = 0x400010;

class Toy : public TargetHandler {
public:
  uint64_t regs[16] = {};
  uint64_t rip = kBase;
  std::vector<uint8_t> memory = std::vector<uint8_t>(0x1000, 0x90);
  llvm::DenseSet<uint64_t> breakpoints;

  StopReply trap() {
    StopReply stop;
    stop.code = 5;
    stop.thread = "1";
    return stop;
  }
  static void append(std::vector<uint8_t> &out, uint64_t value,
                     unsigned bytes) {
    for (unsigned i = 0; i < bytes; ++i)
      out.push_back(uint8_t(value >> (8 * i)));
  }

  StopReply getStopReason() override { return trap(); }
  llvm::Expected<std::vector<uint8_t>> readRegisters() override {
    std::vector<uint8_t> out;
    for (uint64_t r : regs)
      append(out, r, 8);
    append(out, rip, 8);
    append(out, 0x202, 4); // eflags
    out.resize(536, 0);    // segments, x87, SSE: zeros
    return out;
  }
  llvm::Expected<std::vector<uint8_t>> readRegister(unsigned regnum) override {
    std::vector<uint8_t> out;
    if (regnum < 16)
      append(out, regs[regnum], 8);
    else if (regnum == 16)
      append(out, rip, 8);
    else if (regnum == 17)
      append(out, 0x202, 4);
    else
      return makeStubError(0x0e, "no such register");
    return out;
  }
  llvm::Error writeRegister(unsigned regnum,
                            llvm::ArrayRef<uint8_t> bytes) override {
    if (regnum > 16 || bytes.size() != 8)
      return makeStubError(0x0e, "cannot write that register");
    uint64_t value = 0;
    for (unsigned i = 0; i < 8; ++i)
      value |= uint64_t(bytes[i]) << (8 * i);
    (regnum == 16 ? rip : regs[regnum]) = value;
    return llvm::Error::success();
  }
  llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                  size_t length) override {
    if (address < kBase || address >= kBase + memory.size())
      return makeStubError(0x0e, "unmapped");
    size_t n = std::min<uint64_t>(length, kBase + memory.size() - address);
    return std::vector<uint8_t>(memory.begin() + (address - kBase),
                                memory.begin() + (address - kBase) + n);
  }
  llvm::Error writeMemory(uint64_t address,
                          llvm::ArrayRef<uint8_t> bytes) override {
    if (address < kBase || address + bytes.size() > kBase + memory.size())
      return makeStubError(0x0e, "unmapped");
    std::copy(bytes.begin(), bytes.end(), memory.begin() + (address - kBase));
    return llvm::Error::success();
  }
  StopReply stepOnce() {
    ++rip;
    ++regs[0];
    if (rip >= kEnd) {
      StopReply stop;
      stop.kind = StopReply::Kind::Exited;
      stop.code = 3;
      return stop;
    }
    return trap();
  }
  llvm::Expected<StopReply> step() override { return stepOnce(); }
  llvm::Expected<StopReply>
  resume(llvm::function_ref<bool()> interrupted) override {
    while (true) {
      StopReply stop = stepOnce();
      if (stop.kind != StopReply::Kind::Signal || breakpoints.contains(rip))
        return stop;
      if (interrupted()) {
        stop.code = 2;
        return stop;
      }
    }
  }
  llvm::Error insertBreakpoint(uint64_t address, unsigned) override {
    breakpoints.insert(address);
    return llvm::Error::success();
  }
  llvm::Error removeBreakpoint(uint64_t address, unsigned) override {
    breakpoints.erase(address);
    return llvm::Error::success();
  }
};
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "serve a toy target over GDB's remote protocol "
                              "(a test tool)\n");
  ServerOptions options;
  options.log = &llvm::errs();
  options.connection.timeoutMs = 10000;
  if (!descriptionDir.empty()) {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(descriptionDir, ec), end;
         it != end && !ec; it.increment(ec)) {
      auto buffer = llvm::MemoryBuffer::getFile(it->path());
      if (!buffer) {
        llvm::errs() << "error: cannot read '" << it->path() << "'\n";
        return 1;
      }
      options.documents[llvm::sys::path::filename(it->path())] =
          (*buffer)->getBuffer().str();
    }
  }

  auto listener = RspListener::listen(uint16_t(port));
  if (!listener) {
    llvm::errs() << "error: " << llvm::toString(listener.takeError()) << "\n";
    return 1;
  }
  llvm::errs() << "listening on 127.0.0.1:" << (*listener)->getPort() << "\n";
  auto connection = (*listener)->accept(30000, options.connection);
  if (!connection) {
    llvm::errs() << "error: " << llvm::toString(connection.takeError()) << "\n";
    return 1;
  }
  Toy toy;
  RspServer server(toy, std::move(options));
  llvm::Expected<RspServer::Outcome> outcome = server.serve(**connection);
  if (!outcome) {
    llvm::errs() << "error: " << llvm::toString(outcome.takeError()) << "\n";
    return 1;
  }
  llvm::errs() << "session: "
               << (*outcome == RspServer::Outcome::Killed     ? "killed"
                   : *outcome == RspServer::Outcome::Detached ? "detached"
                                                              : "disconnected")
               << " after " << server.getPacketsHandled() << " packets\n";
  return 0;
}
