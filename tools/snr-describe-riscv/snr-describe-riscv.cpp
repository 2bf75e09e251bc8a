//===- snr-describe-riscv.cpp - Decode RISC-V code, print its effects -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
//   snr-describe-riscv FILE [--isa rv64gcv] [--vlenb 16]
//                      [--start ADDR --end ADDR | --symbol NAME]
//                      [--mnemonics | --reg NAME=VALUE...]
//   snr-describe-riscv --check-steps STATES.jsonl [--isa ...] [--vlenb N]
//
// Decodes the executable sections of an ELF executable or object file (or
// one address range of them) with the RISC-V target, and prints each
// instruction with its effects, computed with the register values given by
// --reg (every other register reads 0). --mnemonics prints only each
// address and mnemonic, as `llvm-objdump -d` spells it, for a cross-check.
// The ISA is the file's .riscv.attributes one unless --isa says otherwise.
//
// --check-steps checks the effects against a real machine: STATES.jsonl
// holds the register state before each instruction a stub executed
// (test/Target/Inputs/qemu-step.py writes it from QEMU's gdbstub). Each
// instruction is described with the state it ran from, and every register
// whose value differs in the next state must be among its writes, and an
// instruction that is not a branch must fall through. Prints the problems
// and how many times each mnemonic ran; fails if there was a problem.
//
// A test tool: test/Target uses it.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/RISCVAttributeParser.h"
#include "llvm/Support/RISCVAttributes.h"
#include "llvm/Support/WithColor.h"

#include <map>
#include <set>

using namespace snr::target;
using namespace snr::target::riscv;
namespace cl = llvm::cl;

static cl::OptionCategory category("snr-describe-riscv options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<ELF file>"),
                                      cl::cat(category));
static cl::opt<std::string>
    checkSteps("check-steps",
               cl::desc("check the effects of the instructions a stub "
                        "executed, from their states (JSON lines)"),
               cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string>
    isaOption("isa",
              cl::desc("ISA string (default: the file's .riscv.attributes, "
                       "else rv64gcv)"),
              cl::cat(category));
static cl::opt<unsigned> vlenbOption("vlenb", cl::desc("VLEN / 8 (default 16)"),
                                     cl::init(16), cl::cat(category));
static cl::opt<uint64_t> startAddress("start",
                                      cl::desc("first address to decode"),
                                      cl::init(0), cl::cat(category));
static cl::opt<uint64_t> endAddress("end",
                                    cl::desc("address to stop decoding at"),
                                    cl::init(UINT64_MAX), cl::cat(category));
static cl::opt<std::string>
    symbolOption("symbol", cl::desc("decode this function symbol only"),
                 cl::cat(category));
static cl::opt<bool>
    mnemonicsOnly("mnemonics", cl::desc("print each address and mnemonic only"),
                  cl::init(false), cl::cat(category));
static cl::list<std::string>
    regValues("reg",
              cl::desc("a register's value, NAME=VALUE (hexadecimal with "
                       "0x, as wide as the register; else decimal)"),
              cl::cat(category));

namespace {
int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-describe-riscv") << message << "\n";
  return 1;
}

/// Register values from --reg; every other register is zero.
class GivenValues : public RegisterValues {
public:
  explicit GivenValues(const RegisterMap &map) : map(map) {}

  llvm::Error set(llvm::StringRef assignment) {
    auto [name, text] = assignment.split('=');
    std::optional<RegId> id = map.lookup(name.trim());
    if (!id)
      return llvm::createStringError("no register named '" + name + "'");
    std::vector<uint8_t> bytes(map.get(*id).bytes, 0);
    text = text.trim();
    if (text.consume_front_insensitive("0x")) {
      // Least significant digits last, as a number is written.
      std::string digits = text.str();
      if (digits.size() % 2)
        digits.insert(digits.begin(), '0');
      if (digits.size() / 2 > bytes.size() ||
          !llvm::all_of(digits, llvm::isHexDigit))
        return llvm::createStringError("bad value for " + name);
      for (size_t i = 0; i < digits.size() / 2; ++i)
        bytes[i] =
            uint8_t(llvm::hexFromNibbles(digits[digits.size() - 2 * i - 2],
                                         digits[digits.size() - 2 * i - 1]));
    } else {
      uint64_t value = 0;
      if (text.getAsInteger(10, value))
        return llvm::createStringError("bad value for " + name);
      for (size_t i = 0; i < bytes.size() && i < 8; ++i)
        bytes[i] = uint8_t(value >> (8 * i));
    }
    values[*id] = std::move(bytes);
    return llvm::Error::success();
  }

  llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) override {
    auto it = values.find(reg);
    if (it == values.end())
      it = values.emplace(reg, std::vector<uint8_t>(map.get(reg).bytes, 0))
               .first;
    return llvm::ArrayRef<uint8_t>(it->second);
  }

private:
  const RegisterMap &map;
  std::map<RegId, std::vector<uint8_t>> values;
};

/// Code from a section's bytes.
class SectionCode : public CodeReader {
public:
  SectionCode(uint64_t address, llvm::ArrayRef<uint8_t> bytes)
      : address(address), bytes(bytes) {}
  llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t pc, unsigned count) override {
    llvm::SmallVector<uint8_t, 4> result;
    for (uint64_t a = pc; a < pc + count; ++a)
      if (a >= address && a - address < bytes.size())
        result.push_back(bytes[a - address]);
      else
        break;
    return result;
  }

private:
  uint64_t address;
  llvm::ArrayRef<uint8_t> bytes;
};

std::string registerList(const RegisterMap &map, llvm::ArrayRef<RegId> regs) {
  std::string text;
  for (RegId reg : regs) {
    if (!text.empty())
      text += ' ';
    text += map.get(reg).name;
  }
  return text;
}

std::string rangeList(llvm::ArrayRef<MemoryRange> ranges) {
  std::string text;
  for (const MemoryRange &range : ranges) {
    if (!text.empty())
      text += ' ';
    text +=
        llvm::formatv("[{0:x}, {1:x})", range.addr, range.addr + range.bytes);
  }
  return text;
}

void printEffects(llvm::raw_ostream &os, const RegisterMap &map,
                  const InstructionEffects &effects) {
  if (!effects.regReads.empty())
    os << "  reads: " << registerList(map, effects.regReads) << "\n";
  if (!effects.regWrites.empty())
    os << "  writes: " << registerList(map, effects.regWrites) << "\n";
  if (!effects.loads.empty())
    os << "  loads: " << rangeList(effects.loads) << "\n";
  if (!effects.stores.empty())
    os << "  stores: " << rangeList(effects.stores) << "\n";
  if (effects.loadsMayStopAtFault)
    os << "  loads may stop at a fault\n";
  if (effects.control == ControlKind::Branch)
    os << "  control: branch\n";
  if (effects.control == ControlKind::SystemCall)
    os << "  control: system call\n";
  if (!effects.recordAfter.empty())
    os << "  record after: " << registerList(map, effects.recordAfter) << "\n";
}

/// The ISA string of the file's .riscv.attributes, if it has one.
std::optional<std::string> attributeISA(const llvm::object::ObjectFile &obj) {
  for (const llvm::object::SectionRef &section : obj.sections()) {
    llvm::Expected<llvm::StringRef> name = section.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (*name != ".riscv.attributes")
      continue;
    llvm::Expected<llvm::StringRef> contents = section.getContents();
    if (!contents) {
      llvm::consumeError(contents.takeError());
      return std::nullopt;
    }
    llvm::RISCVAttributeParser parser;
    if (llvm::Error error = parser.parse(llvm::arrayRefFromStringRef(*contents),
                                         llvm::endianness::little)) {
      llvm::consumeError(std::move(error));
      return std::nullopt;
    }
    if (std::optional<llvm::StringRef> arch =
            parser.getAttributeString(llvm::RISCVAttrs::ARCH))
      return arch->str();
  }
  return std::nullopt;
}
/// One state of a stepped program: the instruction at `pc` (its first bytes
/// in `code`) and every register's value before it ran.
struct Step {
  uint64_t pc = 0;
  std::vector<uint8_t> code;
  std::map<RegId, std::vector<uint8_t>> regs;
};

/// A step's registers; one missing from it is an error.
class StepValues : public RegisterValues {
public:
  StepValues(const RegisterMap &map, const Step &step) : map(map), step(step) {}
  llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) override {
    auto it = step.regs.find(reg);
    if (it == step.regs.end())
      return llvm::createStringError("the state at pc " +
                                     llvm::utohexstr(step.pc) + " has no " +
                                     map.get(reg).name);
    return llvm::ArrayRef<uint8_t>(it->second);
  }

private:
  const RegisterMap &map;
  const Step &step;
};

llvm::Expected<std::vector<Step>> readSteps(llvm::StringRef path,
                                            const RegisterMap &map) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + buffer.getError().message());
  std::vector<Step> steps;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
    if (!value)
      return value.takeError();
    const llvm::json::Object *object = value->getAsObject();
    std::optional<int64_t> pc =
        object ? object->getInteger("pc") : std::nullopt;
    std::optional<llvm::StringRef> code =
        object ? object->getString("code") : std::nullopt;
    const llvm::json::Object *regs =
        object ? object->getObject("regs") : nullptr;
    if (!pc || !code || !regs)
      return llvm::createStringError("'" + path +
                                     "': a state needs pc, code "
                                     "and regs");
    Step step;
    step.pc = uint64_t(*pc);
    std::string bytes;
    if (code->empty() || !llvm::tryGetFromHex(*code, bytes))
      return llvm::createStringError("'" + path + "': bad code " + *code);
    step.code.assign(bytes.begin(), bytes.end());
    for (const auto &[name, hex] : *regs) {
      std::optional<RegId> id = map.lookup(name.str());
      std::optional<llvm::StringRef> text = hex.getAsString();
      bytes.clear();
      if (!id || !text || text->empty() || !llvm::tryGetFromHex(*text, bytes))
        return llvm::createStringError("'" + path + "': bad register " +
                                       name.str());
      step.regs[*id].assign(bytes.begin(), bytes.end());
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

/// Describes each stepped instruction with the state it ran from and checks
/// the next state against its effects.
int runCheckSteps(RISCVTarget &target) {
  const RegisterMap &map = target.getRegisters();
  llvm::Expected<std::vector<Step>> steps = readSteps(checkSteps, map);
  if (!steps)
    return fail(llvm::toString(steps.takeError()));
  llvm::raw_ostream &os = llvm::outs();
  std::map<std::string, unsigned> histogram;
  unsigned checked = 0, problems = 0;
  for (size_t i = 0; i + 1 < steps->size(); ++i) {
    const Step &step = (*steps)[i], &next = (*steps)[i + 1];
    if (step.code.empty())
      return fail("no code at pc " + llvm::utohexstr(step.pc));
    unsigned size = (step.code[0] & 3) == 3 ? 4 : 2;
    auto inst = target.decode(
        step.pc, llvm::ArrayRef<uint8_t>(step.code).take_front(size));
    if (!inst) {
      os << "problem: " << llvm::toString(inst.takeError()) << "\n";
      ++problems;
      continue;
    }
    ++checked;
    ++histogram[(*inst)->getMnemonic()];
    StepValues values(map, step);
    InstructionEffects effects;
    if (llvm::Error error = target.getEffects(**inst, values, effects)) {
      os << "problem: " << llvm::toString(std::move(error)) << "\n";
      ++problems;
      continue;
    }
    std::string text;
    llvm::raw_string_ostream textStream(text);
    (*inst)->print(textStream);
    std::set<RegId> writes(effects.regWrites.begin(), effects.regWrites.end());
    for (const auto &[reg, bytes] : step.regs) {
      auto after = next.regs.find(reg);
      if (after != next.regs.end() && after->second != bytes &&
          !writes.count(reg)) {
        os << llvm::formatv("problem: pc {0:x}: {1}: {2} changed, not among "
                            "its writes\n",
                            step.pc, text, map.get(reg).name);
        ++problems;
      }
    }
    if (effects.control == ControlKind::None &&
        next.pc != step.pc + (*inst)->size) {
      os << llvm::formatv("problem: pc {0:x}: {1}: not a branch, but the next "
                          "pc is {2:x}\n",
                          step.pc, text, next.pc);
      ++problems;
    }
  }
  os << "checked " << checked << " instructions: " << problems
     << " problem(s)\n";
  for (const auto &[mnemonic, count] : histogram)
    os << "  " << mnemonic << " " << count << "\n";
  return problems ? 1 : 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Decode RISC-V code and print its effects\n");

  if (!checkSteps.empty()) {
    auto target = RISCVTarget::create(
        isaOption.empty() ? std::string("rv64gcv") : isaOption, vlenbOption);
    if (!target)
      return fail(llvm::toString(target.takeError()));
    return runCheckSteps(**target);
  }
  if (inputFile.empty())
    return fail("no input file");
  auto binary = llvm::object::ObjectFile::createObjectFile(inputFile);
  if (!binary)
    return fail("cannot read '" + inputFile +
                "': " + llvm::toString(binary.takeError()));
  const llvm::object::ObjectFile &obj = *binary->getBinary();

  std::string isa = isaOption;
  if (isa.empty())
    isa = attributeISA(obj).value_or("rv64gcv");
  auto target = RISCVTarget::create(isa, vlenbOption);
  if (!target)
    return fail(llvm::toString(target.takeError()));
  const RegisterMap &map = (*target)->getRegisters();

  GivenValues values(map);
  for (const std::string &assignment : regValues)
    if (llvm::Error error = values.set(assignment))
      return fail(llvm::toString(std::move(error)));

  uint64_t start = startAddress, end = endAddress;
  if (!symbolOption.empty()) {
    bool found = false;
    for (const llvm::object::SymbolRef &symbol : obj.symbols()) {
      llvm::Expected<llvm::StringRef> name = symbol.getName();
      if (!name || *name != symbolOption) {
        if (!name)
          llvm::consumeError(name.takeError());
        continue;
      }
      llvm::Expected<uint64_t> address = symbol.getAddress();
      if (!address)
        return fail(llvm::toString(address.takeError()));
      start = *address;
      end = start + llvm::object::ELFSymbolRef(symbol).getSize();
      found = true;
      break;
    }
    if (!found)
      return fail("no symbol '" + symbolOption + "' in '" + inputFile + "'");
  }

  llvm::raw_ostream &os = llvm::outs();
  for (const llvm::object::SectionRef &section : obj.sections()) {
    if (!section.isText() || section.getSize() == 0)
      continue;
    llvm::Expected<llvm::StringRef> contents = section.getContents();
    if (!contents)
      return fail(llvm::toString(contents.takeError()));
    llvm::ArrayRef<uint8_t> bytes = llvm::arrayRefFromStringRef(*contents);
    uint64_t address = section.getAddress();
    SectionCode code(address, bytes);
    uint64_t pc = std::max(address, start);
    uint64_t stop = std::min(address + bytes.size(), end);
    while (pc < stop) {
      auto decoded = (*target)->decode(pc, code);
      if (!decoded) {
        std::string message = llvm::toString(decoded.takeError());
        // As llvm-objdump does: skip what the length bits say.
        unsigned size = (bytes[pc - address] & 3) == 3 ? 4 : 2;
        if (mnemonicsOnly)
          os << llvm::format_hex_no_prefix(pc, 1) << " <unknown>\n";
        else
          os << llvm::formatv("{0:x}: <unknown>\n  error: {1}\n", pc, message);
        pc += size;
        continue;
      }
      const DecodedInstruction &inst = **decoded;
      if (mnemonicsOnly) {
        os << llvm::format_hex_no_prefix(pc, 1) << " " << inst.getMnemonic()
           << "\n";
        pc += inst.size;
        continue;
      }
      os << llvm::formatv("{0:x}: ", pc);
      inst.print(os);
      os << "\n";
      InstructionEffects effects;
      if (llvm::Error error = (*target)->getEffects(inst, values, effects))
        os << "  error: " << llvm::toString(std::move(error)) << "\n";
      else
        printEffects(os, map, effects);
      pc += inst.size;
    }
  }
  return 0;
}
