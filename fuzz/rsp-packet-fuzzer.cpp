//===- rsp-packet-fuzzer.cpp - libFuzzer target for the RSP readers -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to everything in SnRRemote that reads what a peer
// sends: the packet decoder (the stream cut in two where the first byte
// says, as a socket might), and for every packet it yields, run-length
// expansion, the stop-reply and error-reply parsers, binary unescaping, hex
// decoding and the server's dispatch (to a target that answers everything);
// the whole input as one XML document; and the input as a set of target
// description documents: target.xml first, then "NAME\n" and the document,
// each after a NUL byte, which includes fetch by name. Any input must end in
// a result or an error: never a crash, a hang or a sanitizer report. The
// seeds are QEMU 7.2's traffic and documents (fuzz/rsp-seeds).
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/RspPacket.h"
#include "SnR/Remote/RspServer.h"
#include "SnR/Remote/TargetDescription.h"
#include "SnR/Remote/XmlReader.h"

#include "llvm/ADT/StringMap.h"

#include <cstddef>
#include <cstdint>

using namespace snr::remote;
using llvm::StringRef;

namespace {
/// A target with 64 bytes of memory at 0x1000 and four registers that
/// answers every request, so the server's dispatch runs to the end.
class Target : public TargetHandler {
public:
  StopReply getStopReason() override { return StopReply(); }
  llvm::Expected<std::vector<uint8_t>> readRegisters() override {
    return std::vector<uint8_t>(32, 0);
  }
  llvm::Expected<std::vector<uint8_t>> readRegister(unsigned regnum) override {
    if (regnum >= 4)
      return makeStubError(0x14, "no register");
    return std::vector<uint8_t>(8, uint8_t(regnum));
  }
  llvm::Error writeRegister(unsigned, llvm::ArrayRef<uint8_t>) override {
    return llvm::Error::success();
  }
  llvm::Expected<std::vector<uint8_t>> readMemory(uint64_t address,
                                                  size_t length) override {
    if (address < 0x1000 || address >= 0x1040)
      return makeStubError(0x14, "unmapped");
    return std::vector<uint8_t>(std::min<uint64_t>(length, 0x1040 - address),
                                0x2a);
  }
  llvm::Error writeMemory(uint64_t address,
                          llvm::ArrayRef<uint8_t> bytes) override {
    if (address < 0x1000 || address + bytes.size() > 0x1040)
      return makeStubError(0x14, "unmapped");
    return llvm::Error::success();
  }
  llvm::Expected<StopReply> step() override { return StopReply(); }
  llvm::Expected<StopReply> resume(llvm::function_ref<bool()>) override {
    StopReply stop;
    stop.kind = StopReply::Kind::Exited;
    return stop;
  }
  llvm::Error insertBreakpoint(uint64_t, unsigned) override {
    return llvm::Error::success();
  }
  llvm::Error removeBreakpoint(uint64_t, unsigned) override {
    return llvm::Error::success();
  }
};

void readPacket(StringRef payload, RspServer &server) {
  llvm::Expected<std::string> expanded = expandRunLength(payload);
  if (!expanded) {
    llvm::consumeError(expanded.takeError());
    return;
  }
  (void)parseErrorReply(*expanded);
  llvm::Expected<StopReply> stop = parseStopReply(*expanded);
  if (stop)
    (void)formatStopReply(*stop);
  else
    llvm::consumeError(stop.takeError());
  llvm::Expected<std::string> binary = unescapeBinary(*expanded);
  if (!binary)
    llvm::consumeError(binary.takeError());
  llvm::Expected<std::vector<uint8_t>> hex = hexDecode(*expanded);
  if (!hex)
    llvm::consumeError(hex.takeError());
  std::optional<RspServer::Outcome> outcome;
  (void)server.handle(payload, outcome);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);

  // The byte stream, cut where the first byte says.
  PacketDecoder decoder(1 << 16);
  std::vector<RspEvent> events;
  size_t cut = size ? data[0] % (size + 1) : 0;
  decoder.feed(input.take_front(cut), events);
  decoder.feed(input.drop_front(cut), events);
  Target target;
  ServerOptions options;
  options.documents["target.xml"] = "<target><feature name='f'/></target>";
  options.packetSize = 256;
  RspServer server(target, std::move(options));
  for (const RspEvent &event : events)
    if (event.kind == RspEvent::Kind::Packet ||
        event.kind == RspEvent::Kind::BadChecksum)
      readPacket(event.payload, server);

  // One XML document.
  llvm::Expected<std::unique_ptr<XmlElement>> root =
      parseXml(input, "fuzz.xml");
  if (!root)
    llvm::consumeError(root.takeError());

  // A target description and the documents it may include.
  llvm::StringMap<StringRef> documents;
  llvm::SmallVector<StringRef, 8> parts;
  input.split(parts, '\0');
  documents["target.xml"] = parts[0];
  for (StringRef part : llvm::ArrayRef(parts).drop_front()) {
    auto [name, text] = part.split('\n');
    documents[name] = text;
  }
  TargetDescriptionLimits limits;
  limits.maxTotalBytes = 1 << 20;
  llvm::Expected<TargetDescription> desc = TargetDescription::read(
      "target.xml",
      [&](StringRef annex) -> llvm::Expected<std::string> {
        auto it = documents.find(annex);
        if (it == documents.end())
          return llvm::createStringError(
              std::make_error_code(std::errc::no_such_file_or_directory),
              "no such document");
        return it->second.str();
      },
      limits);
  if (desc) {
    (void)desc->getGSlots(size);
    for (const RegisterDescription &reg : desc->getRegisters())
      (void)desc->lookup(reg.regnum);
  } else {
    llvm::consumeError(desc.takeError());
  }
  return 0;
}
