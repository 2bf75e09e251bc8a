//===- RecordedTrace.cpp - What the timing reads of a RISC-V trace --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/RecordedTrace.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace snr::target::riscv::timing;

/// A register's value from its little-endian hex bytes.
static std::optional<uint64_t> parseRegisterBytes(llvm::StringRef hex) {
  std::string bytes;
  if (hex.empty() || hex.size() > 16 || !llvm::tryGetFromHex(hex, bytes))
    return std::nullopt;
  uint64_t value = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    value |= uint64_t(uint8_t(bytes[i])) << (8 * i);
  return value;
}

llvm::Expected<RecordedTrace> RecordedTrace::read(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(), "cannot read '%s': %s",
                                   path.str().c_str(),
                                   buffer.getError().message().c_str());
  llvm::StringRef text = (*buffer)->getBuffer();
  if (text.starts_with("\x1f\x8b") || text.starts_with("\x28\xb5\x2f\xfd"))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: a compressed trace; the timing reads uncompressed JSONL only",
        path.str().c_str());

  RecordedTrace trace;
  unsigned lineNo = 0;
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        (path + ":" + llvm::Twine(lineNo) + ": " + message).str());
  };
  bool sawHeader = false;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    ++lineNo;
    line = line.trim();
    if (line.empty())
      continue;
    llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
    if (!value)
      return fail("malformed JSON: " + llvm::toString(value.takeError()));
    const llvm::json::Object *object = value->getAsObject();
    if (!object)
      return fail("expected an object");
    if (!sawHeader) {
      sawHeader = true;
      std::optional<llvm::StringRef> isa = object->getString("isa");
      if (!isa || *isa != "riscv64")
        return fail("not a RISC-V trace (its header's 'isa' is not "
                    "\"riscv64\")");
      std::optional<llvm::StringRef> isaString =
          object->getString("isa_string");
      std::optional<int64_t> vlenb = object->getInteger("vlenb");
      if (!isaString || !vlenb || *vlenb <= 0)
        return fail("the header needs 'isa_string' and 'vlenb'");
      trace.isaString = isaString->str();
      trace.vlenb = unsigned(*vlenb);
      if (const llvm::json::Array *map = object->getArray("hlo_map"))
        for (const llvm::json::Value &entry : *map) {
          const llvm::json::Object *function = entry.getAsObject();
          if (!function)
            continue;
          std::optional<llvm::StringRef> name = function->getString("name");
          std::optional<int64_t> begin = function->getInteger("begin");
          std::optional<int64_t> end = function->getInteger("end");
          if (name && begin && end)
            trace.functions.push_back(
                {name->str(), uint64_t(*begin), uint64_t(*end)});
        }
      continue;
    }
    if (std::optional<llvm::StringRef> reg = object->getString("reg")) {
      if (*reg != "vl" && *reg != "vtype")
        continue;
      std::optional<llvm::StringRef> bytes = object->getString("bytes");
      std::optional<uint64_t> parsed =
          bytes ? parseRegisterBytes(*bytes) : std::nullopt;
      if (!parsed)
        return fail("'" + *reg + "' needs its value's bytes");
      (*reg == "vl" ? trace.vl : trace.vtype) = *parsed;
      continue;
    }
    std::optional<int64_t> pc = object->getInteger("pc");
    if (!pc)
      continue; // memory of the snapshot
    RecordedInstruction inst;
    inst.pc = uint64_t(*pc);
    std::optional<llvm::StringRef> enc = object->getString("enc");
    uint64_t word = 0;
    if (!enc || !enc->starts_with("0x") ||
        enc->drop_front(2).getAsInteger(16, word) || word > 0xffffffff)
      return fail("'enc' must be the instruction word in hex (\"0x1141\")");
    inst.encoding = uint32_t(word);
    inst.size = (word & 3) == 3 ? 4 : 2;
    inst.taken = object->get("next_pc") != nullptr;
    if (const llvm::json::Object *after = object->getObject("after")) {
      if (std::optional<int64_t> vl = after->getInteger("vl"))
        inst.vlAfter = uint64_t(*vl);
      if (std::optional<int64_t> vtype = after->getInteger("vtype"))
        inst.vtypeAfter = uint64_t(*vtype);
    }
    trace.instructions.push_back(inst);
  }
  if (!sawHeader)
    return fail("empty trace");
  return trace;
}

llvm::Expected<size_t>
RecordedTrace::countInFunction(llvm::StringRef name) const {
  for (const Function &function : functions) {
    if (function.name != name)
      continue;
    size_t count = 0;
    while (count < instructions.size() &&
           instructions[count].pc >= function.begin &&
           instructions[count].pc < function.end)
      ++count;
    return count;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the trace goes through no function '%s'",
                                 name.str().c_str());
}
