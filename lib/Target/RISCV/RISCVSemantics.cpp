//===- RISCVSemantics.cpp - What RV64GCV instructions do ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The table of handlers by LLVM opcode number, built once from the opcodes'
// names; the preparation of an instruction (its operands by role, from the
// MCInst and LLVM's MCInstrDesc); and its execution.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVSemantics.h"
#include "Exec.h"
#include "MCRegisterTable.h"

#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

llvm::Error ExecContext::fail(const llvm::Twine &why) const {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), why);
}

llvm::Error ExecContext::load(uint64_t addr,
                              llvm::MutableArrayRef<uint8_t> out) const {
  if (s.memory.read(addr, out))
    return llvm::Error::success();
  return fail(llvm::formatv(
      "it reads ram[{0:x}, {1:x}), which the trace's snapshot does not hold "
      "and no instruction before it wrote",
      addr, addr + out.size()));
}

static const HandlerTable &handlersByName() {
  static const HandlerTable table = [] {
    HandlerTable t;
    addScalarHandlers(t);
    addFloatHandlers(t);
    addVectorHandlers(t);
    return t;
  }();
  return table;
}

RISCVSemantics::RISCVSemantics(const RISCVTarget &target) : target(target) {
  const llvm::MCInstrInfo &info = target.getInstrInfo();
  handlers.resize(info.getNumOpcodes());
  const HandlerTable &byName = handlersByName();
  for (unsigned opcode = 0, e = info.getNumOpcodes(); opcode < e; ++opcode) {
    auto it = byName.find(info.getName(opcode));
    if (it != byName.end())
      handlers[opcode] = it->second;
  }
}

RISCVSemantics::~RISCVSemantics() = default;

bool RISCVSemantics::hasSemantics(llvm::StringRef opcodeName) const {
  return handlersByName().count(opcodeName);
}

std::unique_ptr<MachineState> RISCVSemantics::createState() const {
  return std::make_unique<RISCVState>(target.getVLenB());
}

namespace {
enum class RegKind { None, X, F, V };

/// The kind and number of an LLVM register (V8M2: v8).
std::pair<RegKind, unsigned> classify(const RISCVTarget &target,
                                      llvm::MCRegister reg) {
  if (!reg.isValid())
    return {RegKind::None, 0};
  llvm::ArrayRef<RegId> ids = target.getRegIds(reg);
  if (ids.empty())
    return {RegKind::X, 0}; // x0 (or a register SnR does not track)
  RegId id = ids.front();
  if (id < 32)
    return {RegKind::X, id};
  if (id >= reg::f(0) && id <= reg::f(31))
    return {RegKind::F, id - reg::f(0)};
  if (id >= reg::v(0) && id <= reg::v(31))
    return {RegKind::V, id - reg::v(0)};
  return {RegKind::None, 0};
}
} // namespace

llvm::Expected<std::unique_ptr<PreparedInstruction>>
RISCVSemantics::prepare(const DecodedInstruction &decoded) const {
  const auto &inst = static_cast<const RISCVInstruction &>(decoded);
  assert(&inst.getTarget() == &target && "an instruction of another target");
  const Handler &handler = handlers[inst.getOpcode()];
  if (!handler.fn)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("SnR has no semantics for '{0}' (LLVM's {1})",
                      inst.getMnemonic(), inst.getOpcodeName()));

  auto prepared = std::make_unique<ExecInst>(inst);
  ExecInst &e = *prepared;
  e.fn = handler.fn;
  e.op = handler.op;
  e.size = uint8_t(inst.size);
  e.info = &(*target.opcodes)[inst.getOpcode()];

  const llvm::MCInst &mc = inst.getMCInst();
  const llvm::MCInstrDesc &desc = target.getInstrInfo().get(mc.getOpcode());
  const OpcodeTable &table = *target.opcodes;
  bool memory = desc.mayLoad() || desc.mayStore();
  unsigned defs = desc.getNumDefs();
  llvm::SmallVector<unsigned, 3> scalars, vectors;
  bool destIsSource = false, sawImm = false;
  for (unsigned i = 0, n = mc.getNumOperands(); i < n; ++i) {
    const llvm::MCOperand &operand = mc.getOperand(i);
    bool described = i < desc.getNumOperands();
    int type = described ? desc.operands()[i].OperandType : -1;
    if (operand.isImm()) {
      if (type == table.frmOperandType)
        e.rm = uint8_t(operand.getImm());
      else if (!sawImm) {
        e.imm = operand.getImm();
        sawImm = true;
      } else {
        e.imm2 = operand.getImm();
      }
      continue;
    }
    if (!operand.isReg())
      continue;
    auto [kind, number] = classify(target, operand.getReg());
    if (i < defs) {
      e.rd = uint8_t(number);
      continue;
    }
    if (type == table.maskOperandType) {
      e.masked = operand.getReg().isValid();
      continue;
    }
    if (described && desc.operands()[i].RegClass == table.v0RegClass)
      continue; // v0 as carry or merge selector: the handlers read it
    if (kind == RegKind::V &&
        desc.getOperandConstraint(i, llvm::MCOI::TIED_TO) >= 0) {
      destIsSource = true;
      continue;
    }
    if (memory && type == llvm::MCOI::OPERAND_MEMORY) {
      e.base = uint8_t(number);
      continue;
    }
    if (kind == RegKind::V)
      vectors.push_back(number);
    else if (kind != RegKind::None)
      scalars.push_back(number);
  }
  for (size_t i = 0; i < scalars.size() && i < 3; ++i)
    e.src[i] = uint8_t(scalars[i]);

  // Vector operands by role (LLVM lists them in assembly order).
  const VectorOpcode &vop = e.info->vector;
  bool vectorMemory =
      e.info->kind == OpcodeKind::Vector &&
      (vop.kind == VectorKind::UnitStride || vop.kind == VectorKind::Strided ||
       vop.kind == VectorKind::Indexed ||
       vop.kind == VectorKind::WholeRegister ||
       vop.kind == VectorKind::MaskMemory);
  if (vectorMemory) {
    // A store's data, then an index.
    size_t next = 0;
    if (vop.isStore && next < vectors.size())
      e.vs3 = uint8_t(vectors[next++]);
    if (next < vectors.size())
      e.vs2 = uint8_t(vectors[next]);
  } else if (destIsSource) {
    // vmacc.vv vd, vs1, vs2; vmacc.vx vd, rs1, vs2.
    if (vectors.size() == 2)
      e.vs1 = uint8_t(vectors[0]);
    if (!vectors.empty())
      e.vs2 = uint8_t(vectors.back());
  } else {
    // vadd.vv vd, vs2, vs1.
    if (!vectors.empty())
      e.vs2 = uint8_t(vectors[0]);
    if (vectors.size() > 1)
      e.vs1 = uint8_t(vectors[1]);
  }
  return std::unique_ptr<PreparedInstruction>(std::move(prepared));
}

llvm::Error RISCVSemantics::execute(const PreparedInstruction &prepared,
                                    MachineState &state,
                                    const RecordedValues &recorded,
                                    StepResult &result) const {
  const auto &in = static_cast<const ExecInst &>(prepared);
  auto &s = static_cast<RISCVState &>(state);
  ExecContext cx{s, in, recorded, result, s.pc + in.size};
  if (llvm::Error error = in.fn(cx))
    return error;
  s.pc = cx.nextPc;
  return llvm::Error::success();
}
