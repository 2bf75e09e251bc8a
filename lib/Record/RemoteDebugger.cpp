//===- RemoteDebugger.cpp - A GDB remote stub as a step debugger ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Record/RemoteDebugger.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::record;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

RemoteDebugger::RemoteDebugger(remote::RspClient &client,
                               const target::Target &target,
                               std::string pcRegister, unsigned breakpointKind)
    : client(client), target(target), pcRegister(std::move(pcRegister)),
      breakpointKind(breakpointKind) {}

void RemoteDebugger::forget() {
  gReply.reset();
  pValues.clear();
}

llvm::Error RemoteDebugger::read(const remote::RegisterDescription &desc,
                                 llvm::SmallVectorImpl<uint8_t> &bytes) {
  const remote::TargetDescription *description = client.getTargetDescription();
  // In the `g` reply? Its layout is the description's; its length is the
  // stub's (QEMU's RISC-V reply stops after the pc).
  const remote::TargetDescription::GSlot *slot = nullptr;
  if (description)
    for (const remote::TargetDescription::GSlot &candidate :
         description->getGLayout())
      if (candidate.reg == &desc) {
        slot = &candidate;
        break;
      }
  if (slot && (!gBytes || slot->offset + desc.getBytes() <= *gBytes)) {
    if (!gReply) {
      llvm::Expected<std::vector<uint8_t>> reply = client.readGPacket();
      if (!reply)
        return reply.takeError();
      gReply = std::move(*reply);
      gBytes = gReply->size();
    }
    if (slot->offset + desc.getBytes() <= gReply->size()) {
      bytes.assign(gReply->begin() + slot->offset,
                   gReply->begin() + slot->offset + desc.getBytes());
      return llvm::Error::success();
    }
  }
  auto cached = pValues.find(desc.regnum);
  if (cached == pValues.end()) {
    llvm::Expected<std::vector<uint8_t>> value =
        client.readRegister(desc.regnum);
    if (!value)
      return value.takeError();
    cached = pValues.try_emplace(desc.regnum, std::move(*value)).first;
  }
  bytes.assign(cached->second.begin(), cached->second.end());
  return llvm::Error::success();
}

llvm::Expected<uint64_t> RemoteDebugger::readPc() {
  llvm::Expected<const remote::RegisterDescription *> desc =
      client.findRegister(pcRegister);
  if (!desc)
    return desc.takeError();
  llvm::SmallVector<uint8_t, 8> bytes;
  if (llvm::Error error = read(**desc, bytes))
    return std::move(error);
  uint64_t pc = 0;
  for (size_t i = 0; i < bytes.size() && i < 8; ++i)
    pc |= uint64_t(bytes[i]) << (8 * i);
  return pc;
}

llvm::Expected<const remote::RegisterDescription *>
RemoteDebugger::describe(target::RegId reg) {
  auto it = described.find(reg);
  if (it != described.end())
    return it->second;
  const target::RegisterInfo &info = target.getRegisters().get(reg);
  llvm::Expected<const remote::RegisterDescription *> desc =
      client.findRegister(info.name);
  if (!desc)
    return desc.takeError();
  if (!*desc)
    return makeError(llvm::formatv(
        "the stub's target description has no register '{0}', which {1} "
        "instructions use",
        info.name, target.getName()));
  if ((*desc)->getBytes() != info.bytes)
    return makeError(llvm::formatv(
        "the stub's register '{0}' is {1} bytes wide, but {2} has it {3} "
        "bytes wide",
        info.name, (*desc)->getBytes(), target.getName(), info.bytes));
  described[reg] = *desc;
  return *desc;
}

llvm::Error RemoteDebugger::readRegister(target::RegId reg,
                                         llvm::SmallVectorImpl<uint8_t> &bytes) {
  llvm::Expected<const remote::RegisterDescription *> desc = describe(reg);
  if (!desc)
    return desc.takeError();
  return read(**desc, bytes);
}

llvm::Error RemoteDebugger::readMemory(target::SpaceId space, uint64_t addr,
                                       llvm::MutableArrayRef<uint8_t> out) {
  std::optional<uint64_t> flat = target.getDebuggerAddress(space, addr);
  if (!flat)
    return makeError(llvm::formatv("{0} has no debugger address for {1}[{2}]",
                                   target.getName(),
                                   target.getSpaceName(space), addr));
  llvm::Expected<std::vector<uint8_t>> bytes =
      client.readMemory(*flat, out.size());
  if (!bytes)
    return bytes.takeError();
  if (bytes->size() != out.size())
    return makeError(llvm::formatv("the stub sent {0} of the {1} bytes at "
                                   "{2}[{3}]",
                                   bytes->size(), out.size(),
                                   target.getSpaceName(space), addr));
  std::copy(bytes->begin(), bytes->end(), out.begin());
  return llvm::Error::success();
}

StopReason RemoteDebugger::translate(const remote::StopEvent &event) {
  StopReason stop;
  switch (event.kind) {
  case remote::StopEvent::Kind::Stepped:
  case remote::StopEvent::Kind::Breakpoint:
    return stop;
  case remote::StopEvent::Kind::Exited:
    stop.kind = StopReason::Kind::Exited;
    break;
  case remote::StopEvent::Kind::Signal:
  case remote::StopEvent::Kind::Terminated:
    stop.kind = StopReason::Kind::Signalled;
    break;
  }
  stop.code = event.code;
  stop.message = "the program " + event.describe();
  // A stub may say more on its console (snr-target names the fault).
  llvm::StringRef console = llvm::StringRef(client.getConsoleOutput()).trim();
  if (!console.empty() && stop.kind == StopReason::Kind::Signalled)
    stop.message += ": " + console.rsplit('\n').second.str();
  return stop;
}

llvm::Expected<StopReason> RemoteDebugger::step() {
  forget();
  llvm::Expected<remote::StopEvent> event = client.step();
  if (!event)
    return event.takeError();
  return translate(*event);
}

llvm::Expected<StopReason> RemoteDebugger::runTo(uint64_t pc,
                                                 uint64_t maxSteps) {
  llvm::Expected<uint64_t> current = readPc();
  if (!current)
    return current.takeError();
  if (*current == pc)
    return StopReason();
  if (llvm::Error error = client.insertBreakpoint(pc, breakpointKind)) {
    // Without Z0, by steps.
    if (!error.isA<remote::RemoteError>())
      return std::move(error);
    bool unsupported = false;
    llvm::handleAllErrors(std::move(error), [&](const remote::RemoteError &e) {
      unsupported = e.getKind() == remote::RemoteError::Kind::Unsupported;
    });
    if (!unsupported)
      return makeError(llvm::formatv("cannot set a break point at {0}",
                                     target.formatPc(pc)));
    return StepDebugger::runTo(pc, maxSteps);
  }
  forget();
  llvm::Expected<remote::StopEvent> event = client.resume();
  if (!event)
    return event.takeError();
  StopReason stop = translate(*event);
  if (!stop.ended())
    if (llvm::Error error = client.removeBreakpoint(pc, breakpointKind))
      return std::move(error);
  if (stop.ended() || event->kind == remote::StopEvent::Kind::Breakpoint)
    return stop;
  // Stopped elsewhere (an interrupt): say where.
  llvm::Expected<uint64_t> where = readPc();
  if (!where)
    return where.takeError();
  if (*where == pc)
    return stop;
  stop.kind = StopReason::Kind::Signalled;
  stop.message = "the program " + event->describe() + " at " +
                 target.formatPc(*where) + " before reaching the break point";
  return stop;
}

llvm::Expected<uint64_t> RemoteDebugger::readInteger(remote::RspClient &client,
                                                     llvm::StringRef name) {
  llvm::Expected<std::vector<uint8_t>> bytes = client.readRegister(name);
  if (!bytes)
    return bytes.takeError();
  uint64_t value = 0;
  for (size_t i = 0; i < bytes->size() && i < 8; ++i)
    value |= uint64_t((*bytes)[i]) << (8 * i);
  return value;
}
