//===- ProgramBuilder.cpp - Lay out instructions at increasing PCs --------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/ProgramBuilder.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>

using namespace snr;
using namespace snr::workloads;
using arch::Opcode;

namespace {
constexpr uint64_t kUnbound = ~uint64_t(0);

arch::Instruction make(Opcode opcode) {
  arch::Instruction inst;
  inst.opcode = opcode;
  return inst;
}
} // namespace

ProgramBuilder::ProgramBuilder(GeneratedProgram &program) : program(program) {
  // Loop back-edges own p7; nothing else in the pool is reserved.
  for (const std::string &name : program.hloNames)
    hloIndex[name] = hloIndex.size();
  currentHlo = ~0u;
}

ProgramBuilder::~ProgramBuilder() {
  assert(fixups.empty() && "a branch targets a label that was never bound");
}

unsigned ProgramBuilder::internHlo(llvm::StringRef name) {
  auto [it, inserted] = hloIndex.try_emplace(name, program.hloNames.size());
  if (inserted)
    program.hloNames.push_back(name.str());
  return it->second;
}

void ProgramBuilder::setHlo(llvm::StringRef name) {
  currentHlo = internHlo(name);
}

llvm::StringRef ProgramBuilder::getHlo() const {
  return currentHlo == ~0u ? llvm::StringRef()
                           : llvm::StringRef(program.hloNames[currentHlo]);
}

void ProgramBuilder::emit(arch::Instruction inst) {
  assert(currentHlo != ~0u && "set an HLO before emitting instructions");
  inst.pc = getPc();
  // Cheap enough to check in release builds too: a generator bug must not
  // become a program that fails to verify.
  std::string error = arch::validateInstruction(inst);
  if (!error.empty())
    llvm::report_fatal_error(llvm::Twine("snr-gen emitted an invalid ") +
                             arch::getMnemonic(inst.opcode) + " at pc " +
                             llvm::Twine(inst.pc) + ": " + error);
  program.instructions.push_back(inst);
  program.hloOf.push_back(currentHlo);
}

//===----------------------------------------------------------------------===//
// Single instructions
//===----------------------------------------------------------------------===//

void ProgramBuilder::movi(SReg rd, int64_t imm, arch::Guard guard) {
  arch::Instruction inst = make(Opcode::MovI);
  inst.rd = rd.index;
  inst.imm = imm;
  inst.guard = guard;
  emit(inst);
}

void ProgramBuilder::mov(SReg rd, SReg rs) {
  arch::Instruction inst = make(Opcode::Mov);
  inst.rd = rd.index;
  inst.rs1 = rs.index;
  emit(inst);
}

static arch::Instruction scalar3(Opcode opcode, SReg rd, SReg rs1, SReg rs2) {
  arch::Instruction inst = make(opcode);
  inst.rd = rd.index;
  inst.rs1 = rs1.index;
  inst.rs2 = rs2.index;
  return inst;
}

void ProgramBuilder::add(SReg rd, SReg rs1, SReg rs2) {
  emit(scalar3(Opcode::Add, rd, rs1, rs2));
}

void ProgramBuilder::sub(SReg rd, SReg rs1, SReg rs2) {
  emit(scalar3(Opcode::Sub, rd, rs1, rs2));
}

static arch::Instruction scalarImm(Opcode opcode, SReg rd, SReg rs,
                                   int64_t imm) {
  arch::Instruction inst = make(opcode);
  inst.rd = rd.index;
  inst.rs1 = rs.index;
  inst.imm = imm;
  return inst;
}

void ProgramBuilder::addi(SReg rd, SReg rs, int64_t imm, arch::Guard guard) {
  arch::Instruction inst = scalarImm(Opcode::AddI, rd, rs, imm);
  inst.guard = guard;
  emit(inst);
}

void ProgramBuilder::muli(SReg rd, SReg rs, int64_t imm) {
  emit(scalarImm(Opcode::MulI, rd, rs, imm));
}

void ProgramBuilder::xori(SReg rd, SReg rs, int64_t imm) {
  emit(scalarImm(Opcode::XorI, rd, rs, imm));
}

void ProgramBuilder::shli(SReg rd, SReg rs, unsigned amount) {
  emit(scalarImm(Opcode::ShlI, rd, rs, amount));
}

void ProgramBuilder::shri(SReg rd, SReg rs, unsigned amount) {
  emit(scalarImm(Opcode::ShrI, rd, rs, amount));
}

void ProgramBuilder::cmpi(arch::CmpPredicate pred, PReg rd, SReg rs,
                          int64_t imm) {
  arch::Instruction inst = make(Opcode::CmpI);
  inst.cmp = pred;
  inst.rd = rd.index;
  inst.rs1 = rs.index;
  inst.imm = imm;
  emit(inst);
}

void ProgramBuilder::ld(SReg rd, arch::MemOperand addr) {
  arch::Instruction inst = make(Opcode::Ld);
  inst.rd = rd.index;
  inst.src = addr;
  emit(inst);
}

void ProgramBuilder::st(SReg rs, arch::MemOperand addr) {
  arch::Instruction inst = make(Opcode::St);
  inst.rs1 = rs.index;
  inst.dst = addr;
  emit(inst);
}

void ProgramBuilder::vld(VReg rd, arch::MemOperand addr) {
  arch::Instruction inst = make(Opcode::VLd);
  inst.rd = rd.index;
  inst.src = addr;
  emit(inst);
}

void ProgramBuilder::vst(VReg rs, arch::MemOperand addr) {
  arch::Instruction inst = make(Opcode::VSt);
  inst.rs1 = rs.index;
  inst.dst = addr;
  emit(inst);
}

static arch::Instruction vector(Opcode opcode, VReg rd, VReg rs1,
                                VReg rs2 = {}) {
  arch::Instruction inst = make(opcode);
  inst.rd = rd.index;
  inst.rs1 = rs1.index;
  inst.rs2 = rs2.index;
  return inst;
}

void ProgramBuilder::vadd(VReg rd, VReg rs1, VReg rs2) {
  emit(vector(Opcode::VAdd, rd, rs1, rs2));
}
void ProgramBuilder::vsub(VReg rd, VReg rs1, VReg rs2) {
  emit(vector(Opcode::VSub, rd, rs1, rs2));
}
void ProgramBuilder::vmul(VReg rd, VReg rs1, VReg rs2) {
  emit(vector(Opcode::VMul, rd, rs1, rs2));
}
void ProgramBuilder::vmax(VReg rd, VReg rs1, VReg rs2) {
  emit(vector(Opcode::VMax, rd, rs1, rs2));
}
void ProgramBuilder::vexp(VReg rd, VReg rs) {
  emit(vector(Opcode::VExp, rd, rs));
}
void ProgramBuilder::vrecip(VReg rd, VReg rs) {
  emit(vector(Opcode::VRecip, rd, rs));
}
void ProgramBuilder::vredsum(VReg rd, VReg rs) {
  emit(vector(Opcode::VRedSum, rd, rs));
}
void ProgramBuilder::vredmax(VReg rd, VReg rs) {
  emit(vector(Opcode::VRedMax, rd, rs));
}

void ProgramBuilder::vsplat(VReg rd, float value) {
  arch::Instruction inst = make(Opcode::VSplat);
  inst.rd = rd.index;
  inst.fimm = value;
  emit(inst);
}

void ProgramBuilder::mxuPush(VReg rs, unsigned row) {
  arch::Instruction inst = make(Opcode::MxuPush);
  inst.rs1 = rs.index;
  inst.imm = row;
  emit(inst);
}

void ProgramBuilder::mxuMatmul(QReg rd, VReg rs) {
  arch::Instruction inst = make(Opcode::MxuMatmul);
  inst.rd = rd.index;
  inst.rs1 = rs.index;
  emit(inst);
}

void ProgramBuilder::mxuPop(VReg rd, QReg rs) {
  arch::Instruction inst = make(Opcode::MxuPop);
  inst.rd = rd.index;
  inst.rs1 = rs.index;
  emit(inst);
}

void ProgramBuilder::dmaIssue(arch::MemOperand src, arch::MemOperand dst,
                              int64_t bytes, FReg flag, arch::Guard guard) {
  arch::Instruction inst = make(Opcode::DmaIssue);
  inst.src = src;
  inst.dst = dst;
  inst.imm = bytes;
  inst.flag = flag.index;
  inst.guard = guard;
  emit(inst);
}

void ProgramBuilder::dmaWait(FReg flag, arch::Guard guard) {
  arch::Instruction inst = make(Opcode::DmaWait);
  inst.flag = flag.index;
  inst.guard = guard;
  emit(inst);
}

void ProgramBuilder::halt() { emit(make(Opcode::Halt)); }

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

Label ProgramBuilder::createLabel() {
  labelPcs.push_back(kUnbound);
  return Label{unsigned(labelPcs.size() - 1)};
}

void ProgramBuilder::bind(Label label) {
  assert(label.id < labelPcs.size() && labelPcs[label.id] == kUnbound &&
         "label bound twice");
  uint64_t pc = getPc();
  labelPcs[label.id] = pc;
  llvm::erase_if(fixups, [&](const std::pair<size_t, unsigned> &fixup) {
    if (fixup.second != label.id)
      return false;
    program.instructions[fixup.first].imm = int64_t(pc);
    return true;
  });
}

void ProgramBuilder::br(Label target, arch::Guard guard) {
  assert(target.id < labelPcs.size() && "unknown label");
  arch::Instruction inst = make(Opcode::Br);
  inst.guard = guard;
  uint64_t pc = labelPcs[target.id];
  if (pc == kUnbound)
    fixups.push_back({program.instructions.size(), target.id});
  else
    inst.imm = int64_t(pc);
  emit(inst);
}

void ProgramBuilder::loop(uint64_t trips, SReg counter,
                          llvm::function_ref<void()> body) {
  if (trips == 0)
    return;
  movi(counter, int64_t(trips));
  if (trips == 1) {
    body();
    return;
  }
  loopOnRegister(counter, body);
}

void ProgramBuilder::loopOnRegister(SReg counter,
                                    llvm::function_ref<void()> body) {
  Label top = createLabel();
  bind(top);
  body();
  addi(counter, counter, -1);
  cmpi(arch::CmpPredicate::Gt, kLoopPred, counter, 0);
  br(top, ifSet(kLoopPred));
}

//===----------------------------------------------------------------------===//
// Sequences
//===----------------------------------------------------------------------===//

void ProgramBuilder::pushTile(SReg base, int64_t offset, int64_t rowStride,
                              unsigned firstTemp) {
  assert(firstTemp + arch::kMxuRows <= 32 && "temporaries past v31");
  for (unsigned r = 0; r < arch::kMxuRows; ++r)
    vld(vreg(firstTemp + r), mem::vmem(base, offset + int64_t(r) * rowStride));
  for (unsigned r = 0; r < arch::kMxuRows; ++r)
    mxuPush(vreg(firstTemp + r), r);
}

void ProgramBuilder::forEachVector(
    uint64_t count, unsigned unroll, llvm::ArrayRef<SReg> cursors,
    llvm::function_ref<void(int64_t offset)> body) {
  assert(unroll > 0 && count % unroll == 0 && "unroll must divide count");
  ScalarRegisterPool::Scoped counter(registers);
  loop(count / unroll, counter, [&] {
    for (unsigned u = 0; u < unroll; ++u)
      body(int64_t(u) * arch::kVectorBytes);
    for (SReg cursor : cursors)
      addi(cursor, cursor, int64_t(unroll) * arch::kVectorBytes);
  });
}

void ProgramBuilder::dmaGroup(llvm::ArrayRef<DmaTransfer> transfers, FReg flag,
                              bool serial) {
  for (const DmaTransfer &transfer : transfers) {
    dmaIssue(transfer.src, transfer.dst, transfer.bytes, flag);
    if (serial)
      dmaWait(flag);
  }
  if (!serial && !transfers.empty())
    dmaWait(flag);
}
