//===- TraceWriter.cpp - Writes SnR trace files ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/TraceWriter.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace snr;
using namespace snr::trace;

void snr::trace::writeJsonString(llvm::raw_ostream &os, llvm::StringRef text) {
  os << '"';
  for (char c : text) {
    switch (c) {
    case '"': os << "\\\""; break;
    case '\\': os << "\\\\"; break;
    case '\n': os << "\\n"; break;
    case '\t': os << "\\t"; break;
    case '\r': os << "\\r"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        os << llvm::format("\\u%04x", unsigned(c));
      else
        os << c;
    }
  }
  os << '"';
}

void snr::trace::writeJsonFloat(llvm::raw_ostream &os, float value) {
  // A NaN's sign and payload are data (vst stores them): write its bits,
  // spelled as the dialect prints them.
  if (std::isnan(value))
    os << llvm::format("\"0x%08X\"", llvm::bit_cast<uint32_t>(value));
  else if (std::isinf(value))
    os << (value > 0 ? "\"inf\"" : "\"-inf\"");
  else
    os << llvm::format("%.9g", double(value));
}

static void writeReg(llvm::raw_ostream &os, const char *key, arch::Reg reg) {
  os << ",\"" << key << "\":\"" << arch::formatReg(reg) << '"';
}

static void writeMem(llvm::raw_ostream &os, const char *key,
                     const arch::MemOperand &mem) {
  os << ",\"" << key << "\":{\"space\":\"" << arch::getMemSpaceName(mem.space)
     << '"';
  if (mem.space == arch::MemSpace::RemoteHbm)
    os << ",\"chip\":" << unsigned(mem.chip);
  if (mem.hasBase)
    os << ",\"base\":\"s" << unsigned(mem.base) << '"';
  os << ",\"offset\":" << mem.offset << '}';
}

void TraceWriter::writeHeader(const TraceHeader &header) {
  os << "{\"format\":\"" << kFormatName << "\",\"version\":" << header.version;
  if (!header.isa.empty()) {
    os << ",\"isa\":";
    writeJsonString(os, header.isa);
    if (!header.isaString.empty()) {
      os << ",\"isa_string\":";
      writeJsonString(os, header.isaString);
    }
    if (header.vlenb)
      os << ",\"vlenb\":" << *header.vlenb;
  }
  os << ",\"machine\":";
  writeJsonString(os, header.machine);
  os << ",\"program\":";
  writeJsonString(os, header.program);
  os << ",\"start_pc\":" << header.startPc;
  if (header.instructionCount)
    os << ",\"instructions\":" << *header.instructionCount;
  if (header.reordered)
    os << ",\"reordered\":true";
  os << ",\"hlo_map\":[";
  for (size_t i = 0; i < header.hloMap.size(); ++i) {
    const HloRange &range = header.hloMap[i];
    os << (i ? "," : "") << "{\"begin\":" << range.begin
       << ",\"end\":" << range.end << ",\"name\":";
    writeJsonString(os, range.name);
    if (!range.xlaName.empty()) {
      os << ",\"xla_name\":";
      writeJsonString(os, range.xlaName);
    }
    os << '}';
  }
  os << ']';
  if (!header.lineTable.empty()) {
    os << ",\"line_table\":{\"file\":";
    writeJsonString(os, header.lineTable.file);
    os << ",\"entries\":[";
    for (size_t i = 0; i < header.lineTable.entries.size(); ++i) {
      const LineEntry &entry = header.lineTable.entries[i];
      os << (i ? ",[" : "[") << entry.pc << ',' << entry.line << ','
         << entry.column << ']';
    }
    os << "]}";
  }
  os << "}\n";
}

void TraceWriter::writeRegister(arch::Reg reg, int64_t value) {
  os << "{\"reg\":\"" << arch::formatReg(reg) << "\",\"value\":" << value
     << "}\n";
}

void TraceWriter::writeVectorRegister(arch::Reg reg, const arch::Vector &lanes) {
  os << "{\"reg\":\"" << arch::formatReg(reg) << "\",\"lanes\":[";
  for (size_t i = 0; i < lanes.size(); ++i) {
    if (i)
      os << ',';
    writeJsonFloat(os, lanes[i]);
  }
  os << "]}\n";
}

static void writeHex(llvm::raw_ostream &os, llvm::ArrayRef<uint8_t> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (uint8_t byte : bytes)
    os << kHex[byte >> 4] << kHex[byte & 15];
}

void TraceWriter::writeMemory(arch::MemSpace space, unsigned chip,
                              uint64_t addr, llvm::ArrayRef<uint8_t> bytes) {
  os << "{\"mem\":\"" << arch::getMemSpaceName(space) << '"';
  if (space == arch::MemSpace::RemoteHbm)
    os << ",\"chip\":" << chip;
  os << ",\"addr\":" << addr << ",\"bytes\":\"";
  writeHex(os, bytes);
  os << "\"}\n";
}

void TraceWriter::writeRegisterBytes(llvm::StringRef name,
                                     llvm::ArrayRef<uint8_t> bytes) {
  os << "{\"reg\":";
  writeJsonString(os, name);
  os << ",\"bytes\":\"";
  writeHex(os, bytes);
  os << "\"}\n";
}

void TraceWriter::writeMemoryBytes(llvm::StringRef space, uint64_t addr,
                                   llvm::ArrayRef<uint8_t> bytes) {
  os << "{\"mem\":";
  writeJsonString(os, space);
  os << ",\"addr\":" << addr << ",\"bytes\":\"";
  writeHex(os, bytes);
  os << "\"}\n";
}

void TraceWriter::writeEncodedInstruction(
    uint64_t pc, llvm::ArrayRef<uint8_t> encoding,
    std::optional<uint64_t> nextPc,
    llvm::ArrayRef<std::pair<llvm::StringRef, uint64_t>> after) {
  // The encoding as the instruction word, most significant digit first, as
  // disassemblers print it: 0x8082 for the bytes 82 80.
  os << "{\"pc\":" << pc << ",\"enc\":\"0x";
  static constexpr char kHex[] = "0123456789abcdef";
  for (size_t i = encoding.size(); i-- > 0;)
    os << kHex[encoding[i] >> 4] << kHex[encoding[i] & 15];
  os << '"';
  if (nextPc)
    os << ",\"next_pc\":" << *nextPc;
  if (!after.empty()) {
    os << ",\"after\":{";
    for (size_t i = 0; i < after.size(); ++i) {
      os << (i ? "," : "");
      writeJsonString(os, after[i].first);
      os << ':' << after[i].second;
    }
    os << '}';
  }
  os << "}\n";
}

void TraceWriter::writeInstruction(const arch::Instruction &inst,
                                   const RecordedOutcome &outcome) {
  os << "{\"pc\":" << inst.pc << ",\"op\":\"" << arch::getMnemonic(inst.opcode)
     << '"';
  using Kind = arch::OperandSlot::Kind;
  for (const arch::OperandSlot &slot : arch::getOperandSlots(inst.opcode)) {
    switch (slot.kind) {
    case Kind::Reg:
      writeReg(os, slot.name, {slot.regClass, inst.*slot.reg});
      break;
    case Kind::Imm:
      os << ",\"" << slot.name << "\":" << inst.imm;
      break;
    case Kind::FImm:
      os << ",\"" << slot.name << "\":";
      writeJsonFloat(os, inst.fimm);
      break;
    case Kind::Cmp:
      os << ",\"" << slot.name << "\":\""
         << arch::getCmpPredicateName(inst.cmp) << '"';
      break;
    case Kind::Mem:
      writeMem(os, slot.name, inst.*slot.mem);
      break;
    }
  }
  if (inst.guard.present) {
    os << ",\"guard\":{\"reg\":\"p" << unsigned(inst.guard.reg)
       << "\",\"negated\":" << (inst.guard.negated ? "true" : "false") << '}';
    os << ",\"executed\":" << (outcome.executed.value_or(true) ? "true" : "false");
  }
  if (arch::isBranch(inst.opcode))
    os << ",\"taken\":"
       << (outcome.taken.value_or(!inst.guard.present ||
                                  outcome.executed.value_or(true))
               ? "true"
               : "false");
  os << "}\n";
}
