//===- FunctionalCoreTest.cpp - Unit tests of the functional core ---------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Exact, hand-computed expectations for sim::execute (lib/Sim/FunctionalCore):
// every opcode of Opcodes.def at least once, the edge cases docs/ISA.md
// promises (32-bit wrap-around, shift amounts mod 32, signed compares, IEEE
// f32 lanes, reduction and matmul summation order, DMA copy at issue),
// predication, and faults, which must leave the state untouched.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/FunctionalCore.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace snr;
using namespace snr::sim;
using arch::CmpPredicate;
using arch::Instruction;
using arch::MemOperand;
using arch::MemSpace;
using arch::Opcode;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

//===----------------------------------------------------------------------===//
// Building instructions
//===----------------------------------------------------------------------===//

Instruction make(Opcode opcode) {
  Instruction inst;
  inst.opcode = opcode;
  return inst;
}

/// rd, rs1, rs2 (scalar or vector, by opcode).
Instruction rrr(Opcode opcode, unsigned rd, unsigned rs1, unsigned rs2) {
  Instruction inst = make(opcode);
  inst.rd = uint8_t(rd);
  inst.rs1 = uint8_t(rs1);
  inst.rs2 = uint8_t(rs2);
  return inst;
}

/// rd, rs1 (any register classes, by opcode).
Instruction rr(Opcode opcode, unsigned rd, unsigned rs1) {
  return rrr(opcode, rd, rs1, 0);
}

/// rd, rs1, imm.
Instruction rri(Opcode opcode, unsigned rd, unsigned rs1, int64_t imm) {
  Instruction inst = rr(opcode, rd, rs1);
  inst.imm = imm;
  return inst;
}

Instruction movi(unsigned rd, int64_t imm) {
  return rri(Opcode::MovI, rd, 0, imm);
}

Instruction cmp(CmpPredicate pred, unsigned pd, unsigned rs1, unsigned rs2) {
  Instruction inst = rrr(Opcode::Cmp, pd, rs1, rs2);
  inst.cmp = pred;
  return inst;
}

Instruction cmpi(CmpPredicate pred, unsigned pd, unsigned rs1, int64_t imm) {
  Instruction inst = rri(Opcode::CmpI, pd, rs1, imm);
  inst.cmp = pred;
  return inst;
}

MemOperand mem(MemSpace space, int64_t offset) {
  MemOperand operand;
  operand.space = space;
  operand.offset = offset;
  return operand;
}

MemOperand mem(MemSpace space, unsigned base, int64_t offset) {
  MemOperand operand = mem(space, offset);
  operand.hasBase = true;
  operand.base = uint8_t(base);
  return operand;
}

MemOperand rhbm(unsigned chip, int64_t offset) {
  MemOperand operand = mem(MemSpace::RemoteHbm, offset);
  operand.chip = uint8_t(chip);
  return operand;
}

/// ld / vld: rd <- addr.
Instruction load(Opcode opcode, unsigned rd, MemOperand addr) {
  Instruction inst = make(opcode);
  inst.rd = uint8_t(rd);
  inst.src = addr;
  return inst;
}

/// st / vst: addr <- rs1.
Instruction store(Opcode opcode, unsigned rs1, MemOperand addr) {
  Instruction inst = make(opcode);
  inst.rs1 = uint8_t(rs1);
  inst.dst = addr;
  return inst;
}

Instruction vsplat(unsigned rd, float value) {
  Instruction inst = make(Opcode::VSplat);
  inst.rd = uint8_t(rd);
  inst.fimm = value;
  return inst;
}

Instruction push(unsigned rs1, unsigned row) {
  return rri(Opcode::MxuPush, 0, rs1, row);
}

Instruction dma(MemOperand src, MemOperand dst, int64_t size, unsigned flag) {
  Instruction inst = make(Opcode::DmaIssue);
  inst.src = src;
  inst.dst = dst;
  inst.imm = size;
  inst.flag = uint8_t(flag);
  return inst;
}

Instruction wait(unsigned flag) {
  Instruction inst = make(Opcode::DmaWait);
  inst.flag = uint8_t(flag);
  return inst;
}

Instruction br(int64_t target) {
  Instruction inst = make(Opcode::Br);
  inst.imm = target;
  return inst;
}

Instruction guarded(Instruction inst, unsigned pred, bool negated = false) {
  inst.guard.present = true;
  inst.guard.reg = uint8_t(pred);
  inst.guard.negated = negated;
  return inst;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// Lanes start, start + 1, ..., start + 15.
Vector iota(float start) {
  Vector lanes;
  for (unsigned i = 0; i < arch::kVectorLanes; ++i)
    lanes[i] = start + float(i);
  return lanes;
}

Vector splat(float value) {
  Vector lanes;
  lanes.fill(value);
  return lanes;
}

/// The unit row e_k.
Vector unit(unsigned k) {
  Vector lanes = splat(0.0f);
  lanes[k] = 1.0f;
  return lanes;
}

std::vector<uint8_t> readBytes(const SparseMemory &memory, uint64_t addr,
                               size_t n) {
  std::vector<uint8_t> bytes(n);
  memory.read(addr, bytes);
  return bytes;
}

/// The bytes 0, 1, ..., n - 1 plus `bias` (mod 256).
std::vector<uint8_t> pattern(size_t n, unsigned bias = 0) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i)
    bytes[i] = uint8_t(i + bias);
  return bytes;
}

bool sameBits(const Vector &a, const Vector &b) {
  return std::memcmp(a.data(), b.data(), sizeof(Vector)) == 0;
}

/// Every register, memory and the PC are bit-for-bit the same.
void expectSameState(const ArchState &a, const ArchState &b) {
  EXPECT_EQ(a.scalar, b.scalar);
  EXPECT_EQ(a.pred, b.pred);
  EXPECT_EQ(a.flag, b.flag);
  for (unsigned i = 0; i < a.vector.size(); ++i)
    EXPECT_TRUE(sameBits(a.vector[i], b.vector[i])) << "v" << i;
  for (unsigned i = 0; i < a.weight.size(); ++i)
    EXPECT_TRUE(sameBits(a.weight[i], b.weight[i])) << "w" << i;
  for (unsigned i = 0; i < a.result.size(); ++i)
    EXPECT_TRUE(sameBits(a.result[i], b.result[i])) << "q" << i;
  EXPECT_TRUE(a.smem.contentEquals(b.smem));
  EXPECT_TRUE(a.vmem.contentEquals(b.vmem));
  EXPECT_TRUE(a.hbm.contentEquals(b.hbm));
  ASSERT_EQ(a.remoteHbm.size(), b.remoteHbm.size());
  for (const auto &[chip, memory] : a.remoteHbm) {
    const SparseMemory *other = b.findMemory(MemSpace::RemoteHbm, chip);
    ASSERT_NE(other, nullptr) << "rhbm<" << chip << ">";
    EXPECT_TRUE(memory.contentEquals(*other)) << "rhbm<" << chip << ">";
  }
  EXPECT_EQ(a.pc, b.pc);
  EXPECT_EQ(a.halted, b.halted);
}

//===----------------------------------------------------------------------===//
// The fixture: a default-sized machine whose program counter advances
//===----------------------------------------------------------------------===//

class FunctionalCoreTest : public ::testing::Test {
protected:
  /// Executes `inst` at the current PC.
  StepResult step(Instruction inst,
                  llvm::SmallVectorImpl<ResolvedAccess> *accesses = nullptr) {
    inst.pc = state.pc;
    return execute(inst, state, accesses);
  }

  /// Executes `inst`, which must take effect and fall through to pc + 1.
  void run(const Instruction &inst) {
    uint64_t pc = state.pc;
    StepResult result = step(inst);
    ASSERT_TRUE(result.ok()) << result.error;
    EXPECT_TRUE(result.executed);
    EXPECT_FALSE(result.taken);
    EXPECT_EQ(state.pc, pc + 1);
  }

  /// Executes `inst`, which must fault with exactly `message` and change
  /// nothing, the PC included.
  void expectFault(const Instruction &inst, const std::string &message) {
    ArchState before = state;
    llvm::SmallVector<ResolvedAccess, 2> accesses;
    StepResult result = step(inst, &accesses);
    EXPECT_EQ(result.error, message);
    EXPECT_TRUE(accesses.empty()) << "a faulting instruction resolved "
                                  << accesses.size() << " accesses";
    expectSameState(state, before);
  }

  int32_t runScalar(Opcode opcode, int32_t a, int32_t b) {
    state.scalar[1] = a;
    state.scalar[2] = b;
    run(rrr(opcode, 3, 1, 2));
    return state.scalar[3];
  }

  int32_t runScalarImm(Opcode opcode, int32_t a, int64_t imm) {
    state.scalar[1] = a;
    run(rri(opcode, 3, 1, imm));
    return state.scalar[3];
  }

  bool runCmp(CmpPredicate pred, int32_t a, int32_t b) {
    state.scalar[1] = a;
    state.scalar[2] = b;
    run(cmp(pred, 4, 1, 2));
    return state.pred[4];
  }

  bool runCmpI(CmpPredicate pred, int32_t a, int64_t imm) {
    state.scalar[1] = a;
    run(cmpi(pred, 5, 1, imm));
    return state.pred[5];
  }

  Vector runVector(Opcode opcode, const Vector &a, const Vector &b) {
    state.vector[1] = a;
    state.vector[2] = b;
    run(rrr(opcode, 3, 1, 2));
    return state.vector[3];
  }

  Vector runVectorUnary(Opcode opcode, const Vector &a) {
    state.vector[1] = a;
    run(rr(opcode, 3, 1));
    return state.vector[3];
  }

  /// Pushes `rows` as W[0..15] and streams `in` through the matrix unit.
  Vector runMatmul(const std::array<Vector, 16> &rows, const Vector &in) {
    for (unsigned k = 0; k < 16; ++k) {
      state.vector[10] = rows[k];
      run(push(10, k));
    }
    state.vector[1] = in;
    run(rr(Opcode::MxuMatmul, 7, 1));
    run(rr(Opcode::MxuPop, 2, 7));
    return state.vector[2];
  }

  ArchState state;
};

//===----------------------------------------------------------------------===//
// Scalar unit
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, MovIWrapsTo32Bits) {
  run(movi(1, 4294967295));
  EXPECT_EQ(state.scalar[1], -1);
  EXPECT_EQ(state.readScalarLike({arch::RegClass::Scalar, 1}), -1);
  run(movi(2, -2147483648LL));
  EXPECT_EQ(state.scalar[2], INT32_MIN);
  run(movi(3, 2147483648LL));
  EXPECT_EQ(state.scalar[3], INT32_MIN);
  run(movi(4, 4096));
  EXPECT_EQ(state.scalar[4], 4096);
}

TEST_F(FunctionalCoreTest, Mov) {
  state.scalar[1] = -7;
  run(rr(Opcode::Mov, 2, 1));
  EXPECT_EQ(state.scalar[2], -7);
  EXPECT_EQ(state.scalar[1], -7);
}

TEST_F(FunctionalCoreTest, AddSubMulWrapAround) {
  EXPECT_EQ(runScalar(Opcode::Add, 2, 3), 5);
  EXPECT_EQ(runScalar(Opcode::Add, INT32_MAX, 1), INT32_MIN);
  EXPECT_EQ(runScalar(Opcode::Add, -1, -1), -2);
  EXPECT_EQ(runScalar(Opcode::Sub, 2, 3), -1);
  EXPECT_EQ(runScalar(Opcode::Sub, INT32_MIN, 1), INT32_MAX);
  EXPECT_EQ(runScalar(Opcode::Mul, -6, 7), -42);
  EXPECT_EQ(runScalar(Opcode::Mul, 65536, 65536), 0);
  EXPECT_EQ(runScalar(Opcode::Mul, INT32_MAX, 2), -2);
  EXPECT_EQ(runScalar(Opcode::Mul, 100000, 100000), 1410065408);
  EXPECT_EQ(runScalar(Opcode::Mul, INT32_MIN, -1), INT32_MIN);
}

TEST_F(FunctionalCoreTest, Bitwise) {
  EXPECT_EQ(runScalar(Opcode::And, 0x0FF0, 0x00FF), 0x00F0);
  EXPECT_EQ(runScalar(Opcode::Or, 0x0FF0, 0x00FF), 0x0FFF);
  EXPECT_EQ(runScalar(Opcode::Xor, 0x0FF0, 0x00FF), 0x0F0F);
  EXPECT_EQ(runScalar(Opcode::Xor, -1, 0x0F), -16);
  EXPECT_EQ(runScalar(Opcode::And, INT32_MIN, -1), INT32_MIN);
}

TEST_F(FunctionalCoreTest, ShiftsByRegisterTakeTheAmountMod32) {
  EXPECT_EQ(runScalar(Opcode::Shl, 1, 4), 16);
  EXPECT_EQ(runScalar(Opcode::Shl, 1, 31), INT32_MIN);
  EXPECT_EQ(runScalar(Opcode::Shl, 3, 32), 3);  // 32 mod 32 = 0
  EXPECT_EQ(runScalar(Opcode::Shl, 3, 33), 6);  // 33 mod 32 = 1
  EXPECT_EQ(runScalar(Opcode::Shl, 3, -1), INT32_MIN); // 0xFFFFFFFF mod 32
  EXPECT_EQ(runScalar(Opcode::Shr, 256, 4), 16);
  EXPECT_EQ(runScalar(Opcode::Shr, -16, 2), 0x3FFFFFFC); // logical
  EXPECT_EQ(runScalar(Opcode::Shr, -1, 31), 1);
  EXPECT_EQ(runScalar(Opcode::Shr, -1, 32), -1);
  EXPECT_EQ(runScalar(Opcode::Shr, 64, 35), 8);
  EXPECT_EQ(runScalar(Opcode::Sra, 256, 4), 16);
  EXPECT_EQ(runScalar(Opcode::Sra, 64, 37), 2);
  EXPECT_EQ(runScalar(Opcode::Sra, -64, 36), -4);
  EXPECT_EQ(runScalar(Opcode::Sra, -9, 32), -9);
}

TEST_F(FunctionalCoreTest, ArithmeticShiftOfNegatives) {
  EXPECT_EQ(runScalar(Opcode::Sra, -16, 2), -4);
  EXPECT_EQ(runScalar(Opcode::Sra, -7, 1), -4); // rounds towards -infinity
  EXPECT_EQ(runScalar(Opcode::Sra, -1, 31), -1);
  EXPECT_EQ(runScalar(Opcode::Sra, INT32_MIN, 31), -1);
  EXPECT_EQ(runScalar(Opcode::Sra, INT32_MIN, 4), -134217728);
  EXPECT_EQ(runScalarImm(Opcode::SraI, -16, 2), -4);
  EXPECT_EQ(runScalarImm(Opcode::SraI, -7, 1), -4);
  EXPECT_EQ(runScalarImm(Opcode::SraI, INT32_MIN, 31), -1);
  EXPECT_EQ(runScalarImm(Opcode::SraI, -5, 0), -5);
}

TEST_F(FunctionalCoreTest, Immediates) {
  EXPECT_EQ(runScalarImm(Opcode::AddI, 10, -8), 2);
  EXPECT_EQ(runScalarImm(Opcode::AddI, INT32_MAX, 1), INT32_MIN);
  // An immediate is taken modulo 2^32: 4294967295 adds -1.
  EXPECT_EQ(runScalarImm(Opcode::AddI, 5, 4294967295), 4);
  EXPECT_EQ(runScalarImm(Opcode::MulI, 7, -3), -21);
  EXPECT_EQ(runScalarImm(Opcode::MulI, 65536, 65536), 0);
  EXPECT_EQ(runScalarImm(Opcode::AndI, 0x1234, 0xFF), 0x34);
  EXPECT_EQ(runScalarImm(Opcode::AndI, -1, 4294967295), -1);
  EXPECT_EQ(runScalarImm(Opcode::OrI, 0x1200, 0x34), 0x1234);
  EXPECT_EQ(runScalarImm(Opcode::XorI, 0x0F, -1), -16);
  EXPECT_EQ(runScalarImm(Opcode::ShlI, 1, 31), INT32_MIN);
  EXPECT_EQ(runScalarImm(Opcode::ShlI, 5, 0), 5);
  EXPECT_EQ(runScalarImm(Opcode::ShrI, -1, 31), 1);
  EXPECT_EQ(runScalarImm(Opcode::ShrI, -16, 2), 0x3FFFFFFC);
}

TEST_F(FunctionalCoreTest, EveryComparePredicateIsSigned) {
  // -1 < 1 signed (unsigned, 0xFFFFFFFF would be the larger).
  EXPECT_FALSE(runCmp(CmpPredicate::Eq, -1, 1));
  EXPECT_TRUE(runCmp(CmpPredicate::Ne, -1, 1));
  EXPECT_TRUE(runCmp(CmpPredicate::Lt, -1, 1));
  EXPECT_TRUE(runCmp(CmpPredicate::Le, -1, 1));
  EXPECT_FALSE(runCmp(CmpPredicate::Gt, -1, 1));
  EXPECT_FALSE(runCmp(CmpPredicate::Ge, -1, 1));

  EXPECT_FALSE(runCmp(CmpPredicate::Eq, INT32_MAX, INT32_MIN));
  EXPECT_TRUE(runCmp(CmpPredicate::Ne, INT32_MAX, INT32_MIN));
  EXPECT_FALSE(runCmp(CmpPredicate::Lt, INT32_MAX, INT32_MIN));
  EXPECT_FALSE(runCmp(CmpPredicate::Le, INT32_MAX, INT32_MIN));
  EXPECT_TRUE(runCmp(CmpPredicate::Gt, INT32_MAX, INT32_MIN));
  EXPECT_TRUE(runCmp(CmpPredicate::Ge, INT32_MAX, INT32_MIN));

  EXPECT_TRUE(runCmp(CmpPredicate::Eq, -5, -5));
  EXPECT_FALSE(runCmp(CmpPredicate::Ne, -5, -5));
  EXPECT_FALSE(runCmp(CmpPredicate::Lt, -5, -5));
  EXPECT_TRUE(runCmp(CmpPredicate::Le, -5, -5));
  EXPECT_FALSE(runCmp(CmpPredicate::Gt, -5, -5));
  EXPECT_TRUE(runCmp(CmpPredicate::Ge, -5, -5));
}

TEST_F(FunctionalCoreTest, CompareWithImmediate) {
  EXPECT_TRUE(runCmpI(CmpPredicate::Eq, 3, 3));
  EXPECT_TRUE(runCmpI(CmpPredicate::Ne, 3, 4));
  EXPECT_TRUE(runCmpI(CmpPredicate::Lt, -2, 0));
  EXPECT_TRUE(runCmpI(CmpPredicate::Le, 0, 0));
  EXPECT_TRUE(runCmpI(CmpPredicate::Gt, 1, 0));
  EXPECT_FALSE(runCmpI(CmpPredicate::Ge, -1, 0));
  // The immediate wraps like movi's: 4294967295 is -1.
  EXPECT_TRUE(runCmpI(CmpPredicate::Eq, -1, 4294967295));
  EXPECT_FALSE(runCmpI(CmpPredicate::Lt, 0, 4294967295));
  // A compare also clears a predicate that was set.
  state.pred[5] = true;
  EXPECT_FALSE(runCmpI(CmpPredicate::Gt, 0, 0));
}

//===----------------------------------------------------------------------===//
// Load/store paths
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, StoreAndLoadAreLittleEndian) {
  state.scalar[1] = 0x04030201;
  run(store(Opcode::St, 1, mem(MemSpace::SMem, 8)));
  EXPECT_EQ(readBytes(state.smem, 8, 4), (std::vector<uint8_t>{1, 2, 3, 4}));
  run(load(Opcode::Ld, 2, mem(MemSpace::SMem, 8)));
  EXPECT_EQ(state.scalar[2], 0x04030201);

  // A set top byte reads back negative.
  state.smem.write(16, std::vector<uint8_t>{0xFE, 0xFF, 0xFF, 0xFF});
  run(load(Opcode::Ld, 3, mem(MemSpace::SMem, 16)));
  EXPECT_EQ(state.scalar[3], -2);
}

TEST_F(FunctionalCoreTest, LoadAndStoreWithBaseRegister) {
  state.scalar[5] = 64;
  state.scalar[6] = 123456;
  run(store(Opcode::St, 6, mem(MemSpace::SMem, 5, -4))); // smem[60]
  EXPECT_EQ(readBytes(state.smem, 60, 4),
            (std::vector<uint8_t>{0x40, 0xE2, 0x01, 0x00}));
  run(load(Opcode::Ld, 7, mem(MemSpace::SMem, 5, -4)));
  EXPECT_EQ(state.scalar[7], 123456);
  // A load overwriting its own base register uses the old value.
  state.smem.write(64, std::vector<uint8_t>{9, 0, 0, 0});
  run(load(Opcode::Ld, 5, mem(MemSpace::SMem, 5, 0)));
  EXPECT_EQ(state.scalar[5], 9);
}

TEST_F(FunctionalCoreTest, VectorLoadStoreRoundTrip) {
  state.vector[1] = iota(-3.5f);
  state.scalar[2] = 4096;
  run(store(Opcode::VSt, 1, mem(MemSpace::VMem, 2, 128))); // vmem[4224]
  // Lane 0 is -3.5f = 0xC0600000, little-endian.
  EXPECT_EQ(readBytes(state.vmem, 4224, 4),
            (std::vector<uint8_t>{0x00, 0x00, 0x60, 0xC0}));
  // Lane 15 is 11.5f = 0x41380000.
  EXPECT_EQ(readBytes(state.vmem, 4224 + 60, 4),
            (std::vector<uint8_t>{0x00, 0x00, 0x38, 0x41}));
  EXPECT_EQ(readBytes(state.vmem, 4224 + 64, 4),
            (std::vector<uint8_t>{0, 0, 0, 0}));
  run(load(Opcode::VLd, 9, mem(MemSpace::VMem, 4224)));
  EXPECT_EQ(state.vector[9], iota(-3.5f));
}

TEST_F(FunctionalCoreTest, ExecuteReportsResolvedAccesses) {
  state.scalar[2] = 4096;
  llvm::SmallVector<ResolvedAccess, 2> accesses;
  ASSERT_TRUE(step(load(Opcode::VLd, 1, mem(MemSpace::VMem, 2, 64)),
                   &accesses).ok());
  ASSERT_EQ(accesses.size(), 1u);
  EXPECT_EQ(accesses[0].space, MemSpace::VMem);
  EXPECT_EQ(accesses[0].addr, 4160u);
  EXPECT_EQ(accesses[0].bytes, 64u);
  EXPECT_FALSE(accesses[0].isWrite);

  ASSERT_TRUE(step(dma(mem(MemSpace::Hbm, 2, 0), rhbm(3, 32), 96, 1),
                   &accesses).ok());
  ASSERT_EQ(accesses.size(), 3u);
  EXPECT_EQ(accesses[1].space, MemSpace::Hbm);
  EXPECT_EQ(accesses[1].addr, 4096u);
  EXPECT_EQ(accesses[1].bytes, 96u);
  EXPECT_FALSE(accesses[1].isWrite);
  EXPECT_EQ(accesses[2].space, MemSpace::RemoteHbm);
  EXPECT_EQ(accesses[2].chip, 3u);
  EXPECT_EQ(accesses[2].addr, 32u);
  EXPECT_EQ(accesses[2].bytes, 96u);
  EXPECT_TRUE(accesses[2].isWrite);

  // Instructions without memory operands, and false guards, resolve none.
  ASSERT_TRUE(step(movi(1, 1), &accesses).ok());
  ASSERT_TRUE(step(guarded(load(Opcode::Ld, 1, mem(MemSpace::SMem, 0)), 0),
                   &accesses).ok());
  EXPECT_EQ(accesses.size(), 3u);
}

TEST_F(FunctionalCoreTest, BaseRegisterIsReadAsUnsigned) {
  // s1 = -4096 is the address 0xFFFFF000 = 4294963200, inside a 16 GiB HBM.
  state.scalar[1] = -4096;
  state.hbm.write(4294963200u, pattern(32, 7));
  llvm::SmallVector<ResolvedAccess, 2> accesses;
  ASSERT_TRUE(step(dma(mem(MemSpace::Hbm, 1, 0), mem(MemSpace::VMem, 0), 32,
                       0),
                   &accesses)
                  .ok());
  EXPECT_EQ(accesses[0].addr, 4294963200u);
  EXPECT_EQ(readBytes(state.vmem, 0, 32), pattern(32, 7));
}

//===----------------------------------------------------------------------===//
// Vector unit
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, ElementwiseArithmetic) {
  Vector a = iota(1.0f);  // 1..16
  Vector b = splat(0.5f);
  Vector sum, diff, prod, quot;
  for (unsigned i = 0; i < 16; ++i) {
    sum[i] = float(i + 1) + 0.5f;
    diff[i] = float(i + 1) - 0.5f;
    prod[i] = float(i + 1) * 0.5f;
    quot[i] = float(i + 1) * 2.0f;
  }
  EXPECT_EQ(runVector(Opcode::VAdd, a, b), sum);
  EXPECT_EQ(runVector(Opcode::VSub, a, b), diff);
  EXPECT_EQ(runVector(Opcode::VMul, a, b), prod);
  EXPECT_EQ(runVector(Opcode::VDiv, a, b), quot);
  // Each lane is rounded to f32: 2^24 + 1 is not representable.
  Vector r = runVector(Opcode::VAdd, splat(16777216.0f), splat(1.0f));
  EXPECT_EQ(r[0], 16777216.0f);
}

TEST_F(FunctionalCoreTest, DivisionByZeroIsInfinite) {
  Vector a = splat(1.0f), b = splat(0.0f);
  a[1] = -1.0f;
  a[2] = 0.0f;
  b[3] = -0.0f;
  Vector q = runVector(Opcode::VDiv, a, b);
  EXPECT_EQ(q[0], kInf);
  EXPECT_EQ(q[1], -kInf);
  EXPECT_TRUE(std::isnan(q[2])); // 0 / 0
  EXPECT_EQ(q[3], -kInf);        // 1 / -0
}

TEST_F(FunctionalCoreTest, MaxMinIgnoreANaNOperand) {
  Vector a = iota(0.0f), b = splat(7.5f);
  a[3] = kNaN;
  b[4] = kNaN;
  Vector hi = runVector(Opcode::VMax, a, b);
  Vector lo = runVector(Opcode::VMin, a, b);
  EXPECT_EQ(hi[0], 7.5f);
  EXPECT_EQ(hi[15], 15.0f);
  EXPECT_EQ(hi[3], 7.5f);  // max(NaN, 7.5)
  EXPECT_EQ(hi[4], 4.0f);  // max(4, NaN)
  EXPECT_EQ(lo[0], 0.0f);
  EXPECT_EQ(lo[15], 7.5f);
  EXPECT_EQ(lo[3], 7.5f);
  EXPECT_EQ(lo[4], 4.0f);
  Vector both = runVector(Opcode::VMax, splat(kNaN), splat(kNaN));
  EXPECT_TRUE(std::isnan(both[0]));
}

TEST_F(FunctionalCoreTest, MovExpRecip) {
  EXPECT_EQ(runVectorUnary(Opcode::VMov, iota(2.0f)), iota(2.0f));

  Vector in = splat(0.0f);
  in[1] = 1.0f;
  in[2] = -kInf;
  in[3] = kInf;
  in[4] = 100.0f; // e^100 overflows f32
  Vector e = runVectorUnary(Opcode::VExp, in);
  EXPECT_EQ(e[0], 1.0f);
  EXPECT_FLOAT_EQ(e[1], 2.71828182845904523536f);
  EXPECT_EQ(e[2], 0.0f);
  EXPECT_EQ(e[3], kInf);
  EXPECT_EQ(e[4], kInf);

  Vector r = splat(4.0f);
  r[1] = 0.0f;
  r[2] = -0.0f;
  r[3] = -kInf;
  r[4] = 3.0f;
  Vector recip = runVectorUnary(Opcode::VRecip, r);
  EXPECT_EQ(recip[0], 0.25f);
  EXPECT_EQ(recip[1], kInf);
  EXPECT_EQ(recip[2], -kInf);
  EXPECT_EQ(recip[3], -0.0f);
  EXPECT_TRUE(std::signbit(recip[3]));
  EXPECT_EQ(recip[4], 1.0f / 3.0f); // correctly rounded 1 / 3
}

TEST_F(FunctionalCoreTest, ReductionsBroadcastToEveryLane) {
  EXPECT_EQ(runVectorUnary(Opcode::VRedSum, iota(0.0f)), splat(120.0f));
  Vector in = iota(-20.0f); // -20 .. -5
  in[6] = 3.25f;
  EXPECT_EQ(runVectorUnary(Opcode::VRedMax, in), splat(3.25f));
  EXPECT_EQ(runVectorUnary(Opcode::VRedMax, iota(-20.0f)), splat(-5.0f));
  // A NaN lane is skipped (fmax), here even in lane 0.
  Vector nan = iota(0.0f);
  nan[0] = kNaN;
  nan[15] = kNaN;
  EXPECT_EQ(runVectorUnary(Opcode::VRedMax, nan), splat(14.0f));
}

TEST_F(FunctionalCoreTest, ReductionSumsInLaneOrder) {
  // Lanes 0..15 left to right: (1 + 1e8) rounds to 1e8, minus 1e8 gives 0.
  // Summed right to left it would be 1.
  Vector in = splat(0.0f);
  in[0] = 1.0f;
  in[1] = 1e8f;
  in[2] = -1e8f;
  EXPECT_EQ(runVectorUnary(Opcode::VRedSum, in), splat(0.0f));
}

TEST_F(FunctionalCoreTest, SplatAndBroadcast) {
  run(vsplat(4, -0.25f));
  EXPECT_EQ(state.vector[4], splat(-0.25f));
  state.scalar[1] = -3;
  run(rr(Opcode::VBcast, 5, 1));
  EXPECT_EQ(state.vector[5], splat(-3.0f)); // signed, not 4294967293
  state.scalar[1] = INT32_MIN;
  run(rr(Opcode::VBcast, 5, 1));
  EXPECT_EQ(state.vector[5], splat(-2147483648.0f));
  // 2^24 + 1 has no f32: round to nearest even.
  state.scalar[1] = 16777217;
  run(rr(Opcode::VBcast, 5, 1));
  EXPECT_EQ(state.vector[5], splat(16777216.0f));
}

//===----------------------------------------------------------------------===//
// Matrix unit
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, MatmulByIdentity) {
  std::array<Vector, 16> rows;
  for (unsigned k = 0; k < 16; ++k)
    rows[k] = unit(k);
  EXPECT_EQ(runMatmul(rows, iota(1.0f)), iota(1.0f));
  EXPECT_EQ(state.weight[3], unit(3));
  EXPECT_EQ(state.result[7], iota(1.0f));
}

TEST_F(FunctionalCoreTest, MatmulByPermutation) {
  // W[k][j] = 1 iff j = (k + 1) mod 16, so rd[j] = rs1[(j + 15) mod 16]:
  // the lanes rotate up by one.
  std::array<Vector, 16> rows;
  for (unsigned k = 0; k < 16; ++k)
    rows[k] = unit((k + 1) % 16);
  Vector expected = {16, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  EXPECT_EQ(runMatmul(rows, iota(1.0f)), expected);
}

TEST_F(FunctionalCoreTest, MatmulIsRowVectorTimesWeights) {
  // W[k][j] = 16k + j. A unit row e_3 selects row 3 of W.
  std::array<Vector, 16> rows;
  for (unsigned k = 0; k < 16; ++k)
    rows[k] = iota(float(16 * k));
  EXPECT_EQ(runMatmul(rows, unit(3)), iota(48.0f));
  // rs1[k] = k + 1: rd[j] = sum_k (k + 1)(16k + j)
  //                      = 16 * sum_k (k^2 + k) + j * sum_k (k + 1)
  //                      = 16 * 1360 + 136 j = 21760 + 136 j.
  Vector expected;
  for (unsigned j = 0; j < 16; ++j)
    expected[j] = float(21760 + 136 * j);
  EXPECT_EQ(runMatmul(rows, iota(1.0f)), expected);
}

TEST_F(FunctionalCoreTest, MatmulSumsInAscendingK) {
  // Column 0 of W is all ones: rd[0] = ((1 + 1e8) - 1e8) + 0 + ... = 0 with
  // k ascending (the 1 is lost to rounding); descending k would give 1.
  std::array<Vector, 16> rows;
  for (unsigned k = 0; k < 16; ++k)
    rows[k] = unit(0);
  Vector in = splat(0.0f);
  in[0] = 1.0f;
  in[1] = 1e8f;
  in[2] = -1e8f;
  Vector out = runMatmul(rows, in);
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], 0.0f);
}

TEST_F(FunctionalCoreTest, ResultSlotsAreIndependentRegisters) {
  std::array<Vector, 16> rows;
  for (unsigned k = 0; k < 16; ++k)
    rows[k] = unit(k);
  runMatmul(rows, iota(1.0f)); // into q7
  state.vector[1] = splat(2.0f);
  run(rr(Opcode::MxuMatmul, 0, 1));
  // Pushing a new row changes later products, not computed slots.
  state.vector[11] = splat(0.0f);
  run(push(11, 0));
  EXPECT_EQ(state.weight[0], splat(0.0f));
  run(rr(Opcode::MxuPop, 3, 0));
  run(rr(Opcode::MxuPop, 4, 7));
  EXPECT_EQ(state.vector[3], splat(2.0f));
  EXPECT_EQ(state.vector[4], iota(1.0f));
  // Popping does not clear the slot.
  EXPECT_EQ(state.result[0], splat(2.0f));
}

//===----------------------------------------------------------------------===//
// DMA engine
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, DmaCopiesAtIssueAndCountsOnTheFlag) {
  state.hbm.write(8192, pattern(256, 1));
  state.scalar[1] = 8192;
  state.scalar[2] = 1024;
  run(dma(mem(MemSpace::Hbm, 1, 0), mem(MemSpace::VMem, 2, 32), 128, 3));
  EXPECT_EQ(readBytes(state.vmem, 1056, 128), pattern(128, 1));
  EXPECT_EQ(readBytes(state.vmem, 1056 + 128, 32),
            std::vector<uint8_t>(32, 0));
  EXPECT_EQ(state.flag[3], 1);
  run(dma(mem(MemSpace::Hbm, 8192 + 128), mem(MemSpace::VMem, 1056 + 128),
          128, 3));
  EXPECT_EQ(readBytes(state.vmem, 1056, 256), pattern(256, 1));
  EXPECT_EQ(state.flag[3], 2);
  EXPECT_EQ(state.flag[4], 0);
  // The source is read, not moved.
  EXPECT_EQ(readBytes(state.hbm, 8192, 256), pattern(256, 1));

  run(wait(3));
  EXPECT_EQ(state.flag[3], 0);
  // Waiting on a clear flag is harmless.
  run(wait(3));
  EXPECT_EQ(state.flag[3], 0);
}

TEST_F(FunctionalCoreTest, DmaToRemoteHbm) {
  state.vmem.write(0, pattern(64, 50));
  run(dma(mem(MemSpace::VMem, 0), rhbm(2, 0), 64, 1));
  run(dma(mem(MemSpace::VMem, 0), rhbm(3, 0), 64, 1));
  state.hbm.write(0, pattern(32, 9));
  run(dma(mem(MemSpace::Hbm, 0), rhbm(2, 0), 32, 1));
  EXPECT_EQ(readBytes(state.remoteHbm.at(2), 0, 64),
            [] {
              std::vector<uint8_t> bytes = pattern(32, 9);
              std::vector<uint8_t> rest = pattern(64, 50);
              bytes.insert(bytes.end(), rest.begin() + 32, rest.end());
              return bytes;
            }());
  EXPECT_EQ(readBytes(state.remoteHbm.at(3), 0, 64), pattern(64, 50));
  EXPECT_EQ(state.flag[1], 3);
  // Remote HBM is not this chip's HBM, whatever the chip number.
  EXPECT_EQ(readBytes(state.hbm, 32, 32), std::vector<uint8_t>(32, 0));
}

TEST_F(FunctionalCoreTest, DmaFromUntouchedRemoteChipWritesZeros) {
  state.vmem.write(0, std::vector<uint8_t>(64, 0xAB));
  run(dma(rhbm(5, 4096), mem(MemSpace::VMem, 0), 64, 0));
  EXPECT_EQ(readBytes(state.vmem, 0, 64), std::vector<uint8_t>(64, 0));
}

TEST_F(FunctionalCoreTest, DmaBetweenHbmAndSmem) {
  state.hbm.write(64, pattern(32, 100));
  run(dma(mem(MemSpace::Hbm, 64), mem(MemSpace::SMem, 0), 32, 2));
  run(load(Opcode::Ld, 1, mem(MemSpace::SMem, 4)));
  EXPECT_EQ(state.scalar[1], 0x6B6A6968); // bytes 104..107
  run(dma(mem(MemSpace::SMem, 0), mem(MemSpace::Hbm, 4096), 32, 2));
  EXPECT_EQ(readBytes(state.hbm, 4096, 32), pattern(32, 100));
  EXPECT_EQ(state.flag[2], 2);
}

TEST_F(FunctionalCoreTest, DmaWithOverlappingRangesCopiesTheOldSource) {
  state.hbm.write(4000, pattern(192));
  // Destination above the source, across a 4 KiB page boundary.
  run(dma(mem(MemSpace::Hbm, 4000), mem(MemSpace::Hbm, 4064), 128, 0));
  EXPECT_EQ(readBytes(state.hbm, 4000, 64), pattern(64));
  EXPECT_EQ(readBytes(state.hbm, 4064, 128), pattern(128));
  // Destination below the source.
  state.hbm.write(8192, pattern(192));
  run(dma(mem(MemSpace::Hbm, 8192 + 32), mem(MemSpace::Hbm, 8192), 128, 0));
  EXPECT_EQ(readBytes(state.hbm, 8192, 128), pattern(128, 32));
  EXPECT_EQ(readBytes(state.hbm, 8192 + 128, 64), pattern(64, 128));
}

//===----------------------------------------------------------------------===//
// Control and predication
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, Branches) {
  state.pc = 10;
  StepResult result = step(br(3));
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result.executed);
  EXPECT_TRUE(result.taken);
  EXPECT_EQ(state.pc, 3u);

  state.pred[1] = true;
  result = step(guarded(br(7), 1));
  EXPECT_TRUE(result.executed);
  EXPECT_TRUE(result.taken);
  EXPECT_EQ(state.pc, 7u);

  result = step(guarded(br(2), 1, /*negated=*/true));
  EXPECT_FALSE(result.executed);
  EXPECT_FALSE(result.taken);
  EXPECT_EQ(state.pc, 8u);

  state.pred[1] = false;
  result = step(guarded(br(2), 1, /*negated=*/true));
  EXPECT_TRUE(result.executed);
  EXPECT_TRUE(result.taken);
  EXPECT_EQ(state.pc, 2u);

  // A branch to the next PC is still taken.
  result = step(br(3));
  EXPECT_TRUE(result.taken);
  EXPECT_EQ(state.pc, 3u);
}

TEST_F(FunctionalCoreTest, FenceAndNopOnlyAdvance) {
  state.scalar[4] = 17;
  state.pc = 5;
  ArchState before = state;
  run(make(Opcode::Fence));
  run(make(Opcode::Nop));
  before.pc = 7;
  expectSameState(state, before);
}

TEST_F(FunctionalCoreTest, HaltStopsWithoutAdvancing) {
  state.pc = 12;
  StepResult result = step(make(Opcode::Halt));
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result.executed);
  EXPECT_FALSE(result.taken);
  EXPECT_TRUE(state.halted);
  EXPECT_EQ(state.pc, 12u);
}

TEST_F(FunctionalCoreTest, FalseGuardLeavesStateAndAdvances) {
  state.pred[2] = true;
  state.scalar[1] = 5;
  state.scalar[2] = 3; // misaligned as a base: a false guard does not fault
  state.vector[1] = iota(1.0f);
  state.hbm.write(0, pattern(64));
  state.flag[1] = 1;
  std::vector<Instruction> program = {
      movi(1, 9),
      rrr(Opcode::Add, 1, 1, 1),
      rri(Opcode::AddI, 1, 1, 1),
      cmp(CmpPredicate::Eq, 2, 1, 1),
      cmpi(CmpPredicate::Ne, 2, 1, 5),
      load(Opcode::Ld, 1, mem(MemSpace::SMem, 2, 0)),
      store(Opcode::St, 1, mem(MemSpace::SMem, 2, 0)),
      load(Opcode::VLd, 1, mem(MemSpace::VMem, 2, 0)),
      store(Opcode::VSt, 1, mem(MemSpace::VMem, 0)),
      rrr(Opcode::VAdd, 1, 1, 1),
      rr(Opcode::VExp, 1, 1),
      rr(Opcode::VRedSum, 1, 1),
      vsplat(1, 2.0f),
      rr(Opcode::VBcast, 1, 1),
      push(1, 4),
      rr(Opcode::MxuMatmul, 1, 1),
      rr(Opcode::MxuPop, 1, 1),
      dma(mem(MemSpace::Hbm, 0), mem(MemSpace::VMem, 0), 64, 1),
      dma(mem(MemSpace::Hbm, 2, 0), rhbm(1, 0), 64, 1),
      wait(1),
      br(0),
      make(Opcode::Fence),
      make(Opcode::Nop),
      make(Opcode::Halt),
  };
  for (const Instruction &inst : program) {
    ArchState before = state;
    StepResult result = step(guarded(inst, 2, /*negated=*/true));
    ASSERT_TRUE(result.ok()) << arch::getMnemonic(inst.opcode).str() << ": "
                             << result.error;
    EXPECT_FALSE(result.executed) << arch::getMnemonic(inst.opcode).str();
    EXPECT_FALSE(result.taken);
    before.pc += 1;
    expectSameState(state, before);
  }
  EXPECT_EQ(state.pc, program.size());
  EXPECT_FALSE(state.halted);

  // The same guard, true: the instruction takes effect.
  state.pred[2] = false;
  run(guarded(movi(1, 9), 2, /*negated=*/true));
  EXPECT_EQ(state.scalar[1], 9);
  run(guarded(movi(1, 10), 7, /*negated=*/true));
  EXPECT_EQ(state.scalar[1], 10);
}

//===----------------------------------------------------------------------===//
// Faults
//===----------------------------------------------------------------------===//

TEST_F(FunctionalCoreTest, FaultOutOfRange) {
  // Default sizes: smem 16 KiB, vmem 16 MiB.
  state.pc = 4;
  state.scalar[1] = 16384;
  expectFault(load(Opcode::Ld, 2, mem(MemSpace::SMem, 1, 0)),
              "source smem[16384, 16388) is outside smem (16384 bytes)");
  expectFault(store(Opcode::St, 2, mem(MemSpace::SMem, 1, -4 + 8)),
              "destination smem[16388, 16392) is outside smem (16384 bytes)");
  expectFault(load(Opcode::VLd, 2, mem(MemSpace::VMem, 16777216 - 32)),
              "source vmem[16777184, 16777248) is outside vmem (16777216 "
              "bytes)");
  // A negative base register is a huge unsigned address.
  state.scalar[1] = -64;
  expectFault(load(Opcode::Ld, 2, mem(MemSpace::SMem, 1, 0)),
              "source smem[4294967232, 4294967236) is outside smem (16384 "
              "bytes)");
  // The last word and vector fit.
  state.scalar[1] = 16380;
  run(store(Opcode::St, 1, mem(MemSpace::SMem, 1, 0)));
  run(store(Opcode::VSt, 1, mem(MemSpace::VMem, 16777216 - 64)));
}

TEST_F(FunctionalCoreTest, FaultOutOfRangeDmaDestinationChangesNothing) {
  state.hbm.write(0, pattern(64));
  state.flag[2] = 1;
  expectFault(dma(mem(MemSpace::Hbm, 0), mem(MemSpace::VMem, 16777216 - 32),
                  64, 2),
              "destination vmem[16777184, 16777248) is outside vmem "
              "(16777216 bytes)");
  EXPECT_EQ(state.flag[2], 1);
  expectFault(dma(mem(MemSpace::Hbm, 16ull << 30), rhbm(1, 0), 32, 2),
              "source hbm[17179869184, 17179869216) is outside hbm "
              "(17179869184 bytes)");
  EXPECT_TRUE(state.remoteHbm.empty());
}

TEST_F(FunctionalCoreTest, FaultMisalignedAtRunTime) {
  state.scalar[1] = 2;
  expectFault(store(Opcode::St, 2, mem(MemSpace::SMem, 1, 0)),
              "destination address smem[2] is not 4-byte aligned");
  state.scalar[1] = 32;
  expectFault(load(Opcode::VLd, 2, mem(MemSpace::VMem, 1, 0)),
              "source address vmem[32] is not 64-byte aligned");
  expectFault(store(Opcode::VSt, 2, mem(MemSpace::VMem, 1, 64)),
              "destination address vmem[96] is not 64-byte aligned");
  state.scalar[1] = 16;
  expectFault(dma(mem(MemSpace::Hbm, 1, 0), mem(MemSpace::VMem, 0), 32, 0),
              "source address hbm[16] is not 32-byte aligned");
  expectFault(dma(mem(MemSpace::Hbm, 0), mem(MemSpace::VMem, 1, 32), 32, 0),
              "destination address vmem[48] is not 32-byte aligned");
  EXPECT_EQ(state.flag[0], 0);
}

TEST_F(FunctionalCoreTest, FaultNegativeEffectiveAddress) {
  state.scalar[1] = 4;
  expectFault(store(Opcode::St, 2, mem(MemSpace::SMem, 1, -8)),
              "destination address smem[s1 - 8] = -4 is negative");
  state.scalar[3] = 32;
  expectFault(dma(mem(MemSpace::Hbm, 3, -64), mem(MemSpace::VMem, 0), 32, 0),
              "source address hbm[s3 - 64] = -32 is negative");
  expectFault(dma(mem(MemSpace::Hbm, 0), rhbm(2, -32), 32, 0),
              "destination address rhbm<2>[-32] is negative");
}

} // namespace

// A flag counts outstanding DMAs; one more than it can hold is a fault that
// changes nothing (no copy, no increment), not a wrap-around.
TEST(FunctionalCoreFaults, FlagOverflow) {
  ArchState state;
  state.flag[2] = INT32_MAX;
  arch::Instruction inst;
  inst.opcode = arch::Opcode::DmaIssue;
  inst.src.space = arch::MemSpace::Hbm;
  inst.dst.space = arch::MemSpace::VMem;
  inst.imm = 32;
  inst.flag = 2;
  uint8_t one[32];
  std::fill(std::begin(one), std::end(one), 1);
  state.hbm.write(0, one);
  llvm::SmallVector<ResolvedAccess, 2> accesses;
  StepResult result = execute(inst, state, &accesses);
  EXPECT_EQ(result.error, "flag f2 already counts 2147483647 outstanding "
                          "DMAs, the most it can hold");
  EXPECT_EQ(state.flag[2], INT32_MAX);
  EXPECT_TRUE(accesses.empty());
  uint8_t copied[32];
  state.vmem.read(0, copied);
  EXPECT_EQ(copied[0], 0);
  EXPECT_EQ(state.pc, 0u);
}
