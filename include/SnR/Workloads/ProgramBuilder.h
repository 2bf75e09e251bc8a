//===- ProgramBuilder.h - Emit instructions at increasing PCs ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The assembler a workload generator writes through. Each instruction goes at
// the next PC and carries the current HLO name; labels may be used before they
// are bound (forward branches are patched when the label is bound); counted
// loops are a scalar counter, a cmpi and a predicated back-edge, as a compiler
// emits them. On top of single instructions it offers the short sequences
// every kernel repeats: pushing a 16x16 weight tile into the matrix unit,
// streaming a run of vectors through an unrolled loop, and a group of DMAs
// issued together (or, for a badly scheduled program, one after the other).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_PROGRAMBUILDER_H
#define SNR_WORKLOADS_PROGRAMBUILDER_H

#include "SnR/Workloads/GeneratedProgram.h"
#include "SnR/Workloads/Registers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

namespace snr::workloads {

/// Memory operands, spelled as in assembly.
namespace mem {
inline arch::MemOperand make(arch::MemSpace space, int64_t offset) {
  arch::MemOperand operand;
  operand.space = space;
  operand.offset = offset;
  return operand;
}
inline arch::MemOperand make(arch::MemSpace space, SReg base, int64_t offset) {
  arch::MemOperand operand = make(space, offset);
  operand.hasBase = true;
  operand.base = base.index;
  return operand;
}
inline arch::MemOperand smem(int64_t offset) {
  return make(arch::MemSpace::SMem, offset);
}
inline arch::MemOperand smem(SReg base, int64_t offset = 0) {
  return make(arch::MemSpace::SMem, base, offset);
}
inline arch::MemOperand vmem(int64_t offset) {
  return make(arch::MemSpace::VMem, offset);
}
inline arch::MemOperand vmem(SReg base, int64_t offset = 0) {
  return make(arch::MemSpace::VMem, base, offset);
}
inline arch::MemOperand hbm(int64_t offset) {
  return make(arch::MemSpace::Hbm, offset);
}
inline arch::MemOperand hbm(SReg base, int64_t offset = 0) {
  return make(arch::MemSpace::Hbm, base, offset);
}
inline arch::MemOperand rhbm(unsigned chip, SReg base, int64_t offset = 0) {
  arch::MemOperand operand = make(arch::MemSpace::RemoteHbm, base, offset);
  operand.chip = uint8_t(chip);
  return operand;
}
} // namespace mem

/// A branch target. Created unbound; branches to it before bind() are
/// patched when it is bound.
struct Label {
  unsigned id = ~0u;
};

/// One DMA of a group (see ProgramBuilder::dmaGroup).
struct DmaTransfer {
  arch::MemOperand src, dst;
  int64_t bytes = 0;
};

class ProgramBuilder {
public:
  /// The predicate register loop back-edges use. It is written by the cmpi
  /// right before each back-edge and read by the branch only, so nested
  /// loops share it; generators use other predicates for their own guards.
  static constexpr PReg kLoopPred{7};

  explicit ProgramBuilder(GeneratedProgram &program);
  ~ProgramBuilder();

  //===--------------------------------------------------------------------===//
  // Position and provenance
  //===--------------------------------------------------------------------===//

  /// Instructions emitted from now on belong to HLO `name`.
  void setHlo(llvm::StringRef name);
  llvm::StringRef getHlo() const;
  /// The PC the next instruction gets.
  uint64_t getPc() const { return program.instructions.size(); }
  ScalarRegisterPool &getRegisters() { return registers; }
  GeneratedProgram &getProgram() { return program; }

  /// Appends `inst` at the next PC in the current HLO. The instruction must
  /// be statically valid (validateInstruction); a generator bug otherwise.
  void emit(arch::Instruction inst);

  //===--------------------------------------------------------------------===//
  // Single instructions
  //===--------------------------------------------------------------------===//

  void movi(SReg rd, int64_t imm, arch::Guard guard = {});
  void mov(SReg rd, SReg rs);
  void add(SReg rd, SReg rs1, SReg rs2);
  void sub(SReg rd, SReg rs1, SReg rs2);
  void addi(SReg rd, SReg rs, int64_t imm, arch::Guard guard = {});
  void muli(SReg rd, SReg rs, int64_t imm);
  void xori(SReg rd, SReg rs, int64_t imm);
  void shli(SReg rd, SReg rs, unsigned amount);
  void shri(SReg rd, SReg rs, unsigned amount);
  void cmpi(arch::CmpPredicate pred, PReg rd, SReg rs, int64_t imm);
  void ld(SReg rd, arch::MemOperand addr);
  void st(SReg rs, arch::MemOperand addr);

  void vld(VReg rd, arch::MemOperand addr);
  void vst(VReg rs, arch::MemOperand addr);
  void vadd(VReg rd, VReg rs1, VReg rs2);
  void vsub(VReg rd, VReg rs1, VReg rs2);
  void vmul(VReg rd, VReg rs1, VReg rs2);
  void vmax(VReg rd, VReg rs1, VReg rs2);
  void vexp(VReg rd, VReg rs);
  void vrecip(VReg rd, VReg rs);
  void vredsum(VReg rd, VReg rs);
  void vredmax(VReg rd, VReg rs);
  void vsplat(VReg rd, float value);

  void mxuPush(VReg rs, unsigned row);
  void mxuMatmul(QReg rd, VReg rs);
  void mxuPop(VReg rd, QReg rs);

  void dmaIssue(arch::MemOperand src, arch::MemOperand dst, int64_t bytes,
                FReg flag, arch::Guard guard = {});
  void dmaWait(FReg flag, arch::Guard guard = {});

  void halt();

  //===--------------------------------------------------------------------===//
  // Control flow
  //===--------------------------------------------------------------------===//

  Label createLabel();
  /// Binds `label` to the next PC and patches the branches already emitted
  /// to it.
  void bind(Label label);
  void br(Label target, arch::Guard guard = {});

  /// A counted loop: `counter` = trips, the body, then the back-edge
  ///   addi counter, counter, -1; cmpi gt p7, counter, 0; br body if p7
  /// The body may read `counter` (trips on the first iteration, 1 on the
  /// last) but not write it. No code for trips == 0; for trips == 1 the body
  /// is emitted once after setting the counter, without a back-edge.
  void loop(uint64_t trips, SReg counter, llvm::function_ref<void()> body);
  /// The same loop with the trip count already in `counter` (at least 1 at
  /// run time, e.g. loaded from memory).
  void loopOnRegister(SReg counter, llvm::function_ref<void()> body);

  //===--------------------------------------------------------------------===//
  // Sequences
  //===--------------------------------------------------------------------===//

  /// Loads the 16 rows of a weight tile, vmem[base + offset + r * rowStride]
  /// for r = 0..15, into v<firstTemp>..v<firstTemp + 15> and pushes them as
  /// rows 0..15 of the matrix unit (all loads first, so they pipeline).
  void pushTile(SReg base, int64_t offset, int64_t rowStride,
                unsigned firstTemp = 16);

  /// Visits `count` consecutive vectors with a loop unrolled `unroll` times
  /// (which must divide `count`): `body(offset)` emits the work for the vector
  /// at byte `offset` from each of `cursors`, which the loop advances by
  /// unroll * 64 bytes per iteration. Uses one pool register as its counter.
  void forEachVector(uint64_t count, unsigned unroll,
                     llvm::ArrayRef<SReg> cursors,
                     llvm::function_ref<void(int64_t offset)> body);

  /// Issues independent DMAs on `flag` and waits for them. Together (the
  /// good schedule): every issue, then one wait, so their base latencies
  /// overlap. Serially: each issue is immediately followed by its wait.
  void dmaGroup(llvm::ArrayRef<DmaTransfer> transfers, FReg flag, bool serial);

private:
  unsigned internHlo(llvm::StringRef name);

  GeneratedProgram &program;
  ScalarRegisterPool registers;
  unsigned currentHlo = 0;
  llvm::StringMap<unsigned> hloIndex;
  /// Bound PC of each label, or ~0 while unbound.
  llvm::SmallVector<uint64_t> labelPcs;
  /// Branch instructions waiting for a label: (instruction index, label).
  llvm::SmallVector<std::pair<size_t, unsigned>> fixups;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_PROGRAMBUILDER_H
