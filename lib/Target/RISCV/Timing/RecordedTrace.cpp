//===- RecordedTrace.cpp - What the timing reads of a RISC-V trace --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Trace/EncodedTrace.h"

using namespace snr::target::riscv::timing;

/// A register's value from its little-endian bytes (8 at most).
static std::optional<uint64_t> valueOf(llvm::ArrayRef<uint8_t> bytes) {
  if (bytes.empty() || bytes.size() > 8)
    return std::nullopt;
  uint64_t value = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    value |= uint64_t(bytes[i]) << (8 * i);
  return value;
}

llvm::Expected<RecordedTrace>
RecordedTrace::fromEncodedTrace(const snr::trace::EncodedTrace &encoded) {
  const snr::trace::TraceHeader &header = encoded.header;
  if (header.isa != "riscv64")
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: not a RISC-V trace (its header's 'isa' is '%s')",
        encoded.fileName.c_str(), header.isa.c_str());
  if (!header.vlenb || !*header.vlenb || header.isaString.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: a RISC-V trace's header needs 'isa_string' and 'vlenb'",
        encoded.fileName.c_str());
  RecordedTrace trace;
  trace.isaString = header.isaString;
  trace.vlenb = unsigned(*header.vlenb);
  for (const snr::trace::HloRange &range : header.hloMap)
    trace.functions.push_back({range.name, range.begin, range.end});
  for (const snr::trace::EncodedTrace::Register &reg : encoded.registers) {
    if (reg.name == "vl")
      trace.vl = valueOf(reg.bytes);
    else if (reg.name == "vtype")
      trace.vtype = valueOf(reg.bytes);
  }
  // The `after` names, looked up once.
  int vlName = -1, vtypeName = -1;
  for (size_t i = 0; i < encoded.afterNames.size(); ++i) {
    if (encoded.afterNames[i] == "vl")
      vlName = int(i);
    else if (encoded.afterNames[i] == "vtype")
      vtypeName = int(i);
  }
  trace.instructions.reserve(encoded.instructions.size());
  for (const snr::trace::EncodedTrace::Instruction &inst :
       encoded.instructions) {
    if (inst.size != 2 && inst.size != 4)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s:%u: an instruction of %u bytes: RISC-V's are 2 or 4",
          encoded.fileName.c_str(), inst.line, unsigned(inst.size));
    RecordedInstruction recorded;
    recorded.pc = inst.pc;
    recorded.encoding = uint32_t(inst.word);
    recorded.size = inst.size;
    recorded.taken = !inst.fallsThrough();
    for (const snr::trace::EncodedTrace::After &after :
         encoded.getAfter(inst)) {
      if (int(after.name) == vlName)
        recorded.vlAfter = after.value;
      else if (int(after.name) == vtypeName)
        recorded.vtypeAfter = after.value;
    }
    trace.instructions.push_back(recorded);
  }
  return trace;
}

llvm::Expected<RecordedTrace> RecordedTrace::read(llvm::StringRef path) {
  llvm::Expected<snr::trace::EncodedTrace> encoded =
      snr::trace::loadEncodedTrace(path);
  if (!encoded)
    return encoded.takeError();
  return fromEncodedTrace(*encoded);
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
