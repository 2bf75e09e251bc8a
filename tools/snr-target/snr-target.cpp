//===- snr-target.cpp - The reference accelerator as a GDB remote stub ----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Serves an snr.program running on the reference accelerator over GDB's
// remote serial protocol, as a vendor's debugger serves a real chip:
//
//   snr-target prog.mlir --gdb-port=0     # prints "listening on 127.0.0.1:N"
//   snr-record --remote 127.0.0.1:N --program prog.mlir --break-at ... -o t.jsonl
//
// The stub describes the register files in a target description, places the
// memory spaces at fixed bases of its flat address space (docs/recording.md,
// "The reference target over GDB's protocol"), and answers ?, g, p, P, m, M,
// s, c (and vCont), Z0/z0, k and D. It serves one debugger and exits after
// k or D.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/ProgramFile.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Remote/RspServer.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Version.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include "mlir/IR/MLIRContext.h"

#include <cstdlib>
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

using namespace snr;
using target::RegId;
using target::SnRTarget;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-target options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string>
    programName("program", cl::desc("the snr.program to serve, if several"),
                cl::value_desc("name"), cl::cat(category));
static cl::opt<unsigned> gdbPort(
    "gdb-port",
    cl::desc("the TCP port to serve on, on 127.0.0.1 (0 picks a free one; "
             "the port is printed to standard error when ready)"),
    cl::Required, cl::cat(category));
static cl::opt<unsigned> acceptTimeout(
    "accept-timeout",
    cl::desc("give up if no debugger connects in this many seconds (0: wait "
             "for ever)"),
    cl::init(0), cl::cat(category));

// Faults a real stub may have, for the recorder's tests.
static cl::opt<uint64_t> testExitAfter(
    "test-exit-after-steps",
    cl::desc("exit abruptly, as a killed stub would, after this many steps"),
    cl::init(0), cl::Hidden, cl::cat(category));
static cl::opt<uint64_t> testMemoryErrorsAfter(
    "test-memory-errors-after-steps",
    cl::desc("answer every memory read with E14 after this many steps"),
    cl::init(0), cl::Hidden, cl::cat(category));
static cl::opt<bool> testNoDescription(
    "test-no-target-description",
    cl::desc("offer no target description (qXfer:features:read)"),
    cl::init(false), cl::Hidden, cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-target") << message << "\n";
  return 1;
}

namespace {
/// The registers as GDB numbers them: the small ones first (scalars, the
/// PC, predicates, flags), which are what a `g` reply holds, then the
/// vector-like files. `regnum` -> the target's register, or the PC.
struct RegisterNumbering {
  static constexpr RegId kPc = ~RegId(0);
  std::vector<RegId> regs;
  RegisterNumbering() {
    auto file = [&](arch::RegClass cls) {
      for (unsigned i = 0; i < arch::getNumRegs(cls); ++i)
        regs.push_back(SnRTarget::getRegId({cls, uint8_t(i)}));
    };
    file(arch::RegClass::Scalar);
    regs.push_back(kPc);
    file(arch::RegClass::Pred);
    file(arch::RegClass::Flag);
    gRegisters = regs.size();
    file(arch::RegClass::Vector);
    file(arch::RegClass::MxuWeight);
    file(arch::RegClass::MxuResult);
  }
  /// The registers a `g` reply holds.
  size_t gRegisters = 0;
};

/// The target description: one feature per register file.
std::string describeTarget(const RegisterNumbering &numbering) {
  std::string xml;
  llvm::raw_string_ostream os(xml);
  os << "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM "
        "\"gdb-target.dtd\">\n<target version=\"1.0\">\n"
        "  <architecture>snr</architecture>\n";
  const target::RegisterMap &map = SnRTarget().getRegisters();
  std::string currentFile;
  for (unsigned regnum = 0; regnum < numbering.regs.size(); ++regnum) {
    RegId id = numbering.regs[regnum];
    std::string file = id == RegisterNumbering::kPc
                           ? "scalar"
                           : map.get(id).file;
    if (file != currentFile) {
      if (!currentFile.empty())
        os << "  </feature>\n";
      os << "  <feature name=\"org.snr." << file << "\">\n";
      if (id != RegisterNumbering::kPc &&
          arch::holdsLanes(SnRTarget::getReg(id).cls))
        os << "    <vector id=\"lanes16\" type=\"ieee_single\" "
              "count=\"16\"/>\n";
      currentFile = file;
    }
    if (id == RegisterNumbering::kPc) {
      os << "    <reg name=\"pc\" bitsize=\"64\" type=\"code_ptr\" regnum=\""
         << regnum << "\" group=\"general\"/>\n";
      continue;
    }
    const target::RegisterInfo &info = map.get(id);
    bool lanes = arch::holdsLanes(SnRTarget::getReg(id).cls);
    os << "    <reg name=\"" << info.name << "\" bitsize=\"" << info.bytes * 8
       << "\" type=\"" << (lanes ? "lanes16" : "int") << "\" regnum=\""
       << regnum << "\" group=\"" << (lanes ? "vector" : "general")
       << "\"/>\n";
  }
  os << "  </feature>\n</target>\n";
  return xml;
}

/// The reference target behind the stub.
class SnRStub : public remote::TargetHandler {
public:
  SnRStub(record::ReferenceTarget &device, const RegisterNumbering &numbering)
      : device(device), numbering(numbering) {}

  remote::StopReply getStopReason() override { return trap(); }

  llvm::Expected<std::vector<uint8_t>> readRegisters() override {
    std::vector<uint8_t> bytes;
    for (unsigned regnum = 0; regnum < numbering.gRegisters; ++regnum) {
      llvm::Expected<std::vector<uint8_t>> value = readRegister(regnum);
      if (!value)
        return value.takeError();
      bytes.insert(bytes.end(), value->begin(), value->end());
    }
    return bytes;
  }

  llvm::Expected<std::vector<uint8_t>> readRegister(unsigned regnum) override {
    if (regnum >= numbering.regs.size())
      return remote::makeStubError(0x16, llvm::formatv("no register {0}",
                                                       regnum));
    RegId id = numbering.regs[regnum];
    if (id == RegisterNumbering::kPc) {
      uint64_t pc = *device.readPc();
      std::vector<uint8_t> bytes(8);
      for (unsigned i = 0; i < 8; ++i)
        bytes[i] = uint8_t(pc >> (8 * i));
      return bytes;
    }
    llvm::SmallVector<uint8_t, 64> value;
    if (llvm::Error error = device.readRegister(id, value))
      return std::move(error);
    return std::vector<uint8_t>(value.begin(), value.end());
  }

  llvm::Error writeRegister(unsigned regnum,
                            llvm::ArrayRef<uint8_t> bytes) override {
    if (regnum >= numbering.regs.size() ||
        numbering.regs[regnum] == RegisterNumbering::kPc)
      return remote::makeStubError(
          0x16, llvm::formatv("register {0} cannot be written", regnum));
    return device.writeRegister(numbering.regs[regnum], bytes);
  }

  llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                  size_t length) override {
    if (testMemoryErrorsAfter && steps >= testMemoryErrorsAfter)
      return remote::makeStubError(14, "memory errors injected for a test");
    std::optional<std::pair<target::SpaceId, uint64_t>> where =
        SnRTarget::fromDebuggerAddress(address);
    if (!where)
      return remote::makeStubError(14, "no memory there");
    std::vector<uint8_t> bytes(length);
    if (llvm::Error error = device.readMemory(where->first, where->second,
                                              bytes)) {
      llvm::consumeError(std::move(error));
      return remote::makeStubError(14, "outside the memory");
    }
    return bytes;
  }

  llvm::Error writeMemory(uint64_t address,
                          llvm::ArrayRef<uint8_t> bytes) override {
    std::optional<std::pair<target::SpaceId, uint64_t>> where =
        SnRTarget::fromDebuggerAddress(address);
    if (!where)
      return remote::makeStubError(14, "no memory there");
    if (llvm::Error error =
            device.writeMemory(where->first, where->second, bytes)) {
      llvm::consumeError(std::move(error));
      return remote::makeStubError(14, "outside the memory");
    }
    return llvm::Error::success();
  }

  llvm::Expected<remote::StopReply> step() override {
    if (ended)
      return *ended;
    if (testExitAfter && steps == testExitAfter)
      std::_Exit(3);
    ++steps;
    llvm::Expected<record::StopReason> stop = device.step();
    if (!stop)
      return stop.takeError();
    if (stop->kind == record::StopReason::Kind::Signalled) {
      // A fault: the machine stops there, as a chip raises an exception,
      // reported as QEMU reports one (SIGSEGV).
      llvm::WithColor::warning(llvm::errs(), "snr-target")
          << "pc " << *device.readPc() << ": " << stop->message << "\n";
      remote::StopReply fault;
      fault.code = uint8_t(stop->code);
      return fault;
    }
    if (stop->ended()) {
      remote::StopReply exited;
      exited.kind = remote::StopReply::Kind::Exited;
      ended = exited;
      return exited;
    }
    return trap();
  }

  llvm::Expected<remote::StopReply>
  resume(llvm::function_ref<bool()> interrupted) override {
    for (uint64_t steps = 0;; ++steps) {
      if (steps % 4096 == 0 && steps && interrupted()) {
        remote::StopReply stopped;
        stopped.code = 2; // SIGINT
        return stopped;
      }
      llvm::Expected<remote::StopReply> stop = step();
      if (!stop || stop->kind != remote::StopReply::Kind::Signal ||
          stop->code != 5)
        return stop;
      if (breakpoints.contains(*device.readPc())) {
        remote::StopReply hit = trap();
        hit.reason = "swbreak";
        return hit;
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

private:
  static remote::StopReply trap() {
    remote::StopReply reply;
    reply.code = 5; // SIGTRAP
    return reply;
  }

  record::ReferenceTarget &device;
  const RegisterNumbering &numbering;
  llvm::DenseSet<uint64_t> breakpoints;
  std::optional<remote::StopReply> ended;
  uint64_t steps = 0;
};
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "SnR reference target: an snr.program on the reference accelerator, "
      "served over GDB's remote serial protocol\n");
  if (gdbPort > 65535)
    return fail(llvm::formatv("--gdb-port={0} is not a TCP port", gdbPort));

  mlir::MLIRContext context;
  llvm::Expected<record::ProgramFile> file =
      record::readProgramFile(inputFile, programName, context);
  if (!file)
    return fail(llvm::toString(file.takeError()));
  sim::MemorySizes sizes;
  std::vector<trace::HloRange> hloMap;
  mlir::FailureOr<record::LoadedProgram> program =
      record::loadProgram(file->program, sizes, hloMap);
  if (mlir::failed(program))
    return 1;
  record::ReferenceTarget device(*program, std::move(program->initialState));

  RegisterNumbering numbering;
  remote::ServerOptions options;
  if (!testNoDescription)
    options.documents["target.xml"] = describeTarget(numbering);
  options.log = &llvm::errs();
  SnRStub stub(device, numbering);
  remote::RspServer server(stub, options);

  llvm::Expected<std::unique_ptr<remote::RspListener>> listener =
      remote::RspListener::listen(uint16_t(gdbPort));
  if (!listener)
    return fail(llvm::toString(listener.takeError()));
  llvm::errs() << "listening on " << (*listener)->getHost() << ":"
               << (*listener)->getPort() << "\n";
  llvm::errs().flush();
  llvm::Expected<std::unique_ptr<remote::RspConnection>> connection =
      (*listener)->accept(acceptTimeout * 1000, options.connection);
  if (!connection)
    return fail(llvm::toString(connection.takeError()));
  llvm::Expected<remote::RspServer::Outcome> outcome =
      server.serve(**connection);
  if (!outcome)
    return fail(llvm::toString(outcome.takeError()));
  // A debugger may leave once the program ended; before, it should have
  // said k or D.
  if (*outcome == remote::RspServer::Outcome::Disconnected &&
      !device.getState().halted)
    return fail("the debugger disconnected without 'k' or 'D'");
  return 0;
}
