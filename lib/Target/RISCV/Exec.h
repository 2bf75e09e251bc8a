//===- Exec.h - Executing RISC-V instructions ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the parts of RISCVSemantics share. Each static instruction is
// prepared once: its opcode's handler (a function of one of the Exec*.cpp
// files, found by LLVM's opcode name when the table is built) and its
// operands by role (destination, scalar sources, vector sources, address
// base, immediates, mask, rounding mode) as register numbers. Executing it
// calls the handler with an ExecContext: the state, the prepared
// instruction, the values the trace recorded after it, and the next PC.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_EXEC_H
#define SNR_LIB_TARGET_RISCV_EXEC_H

#include "OpcodeTable.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"
#include "SnR/Target/RISCV/RISCVState.h"
#include "SnR/Target/RISCV/RISCVTarget.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <cstring>

namespace snr::target::riscv {

struct ExecContext;
using ExecFn = llvm::Error (*)(ExecContext &cx);

/// A handler and the operation it performs (each handler's own enum).
struct Handler {
  ExecFn fn = nullptr;
  uint16_t op = 0;
};

/// LLVM opcode names to handlers; each Exec*.cpp adds its own.
using HandlerTable = llvm::StringMap<Handler>;
void addScalarHandlers(HandlerTable &table);
void addFloatHandlers(HandlerTable &table);
void addVectorHandlers(HandlerTable &table);

/// A RISC-V instruction with its operands resolved by role.
struct ExecInst final : PreparedInstruction {
  explicit ExecInst(const RISCVInstruction &inst)
      : PreparedInstruction(inst), rv(inst) {}

  const RISCVInstruction &rv;
  ExecFn fn = nullptr;
  uint16_t op = 0;
  uint8_t size = 4;
  /// The destination's number (x, f or v as the opcode says); 0 when it
  /// has none (x0).
  uint8_t rd = 0;
  /// Scalar sources (x or f numbers) in operand order, the address base
  /// excluded: a store's data is src[0]. Missing ones are x0.
  uint8_t src[3] = {0, 0, 0};
  /// Vector operands: vs1, vs2 as RVV names them; vs3 a store's data.
  uint8_t vs1 = 0, vs2 = 0, vs3 = 0;
  /// The address base of a load, store or AMO.
  uint8_t base = 0;
  /// Masked by v0 (vm = 0).
  bool masked = false;
  /// The static rounding mode (7: frm's).
  uint8_t rm = 7;
  /// Immediates in operand order (vsetivli: AVL, then vtype).
  int64_t imm = 0, imm2 = 0;
  /// SnR's description of the opcode (its vector shape).
  const OpcodeInfo *info = nullptr;
};

/// One execution of an instruction.
struct ExecContext {
  RISCVState &s;
  const ExecInst &in;
  const RecordedValues &recorded;
  StepResult &result;
  /// The PC after it: the fall-through unless the handler changes it.
  uint64_t nextPc;

  /// An error saying why the instruction cannot execute (the replay
  /// locates it).
  llvm::Error fail(const llvm::Twine &why) const;

  /// Loads `out.size()` bytes at `addr`: an error if some byte was neither
  /// in the trace's snapshot nor written by an instruction before.
  llvm::Error load(uint64_t addr, llvm::MutableArrayRef<uint8_t> out) const;
  void store(uint64_t addr, llvm::ArrayRef<uint8_t> bytes) {
    s.memory.write(addr, bytes);
  }
  template <typename T> llvm::Error loadValue(uint64_t addr, T &out) const {
    uint8_t bytes[sizeof(T)];
    if (llvm::Error error = load(addr, bytes))
      return error;
    std::memcpy(&out, bytes, sizeof(T));
    return llvm::Error::success();
  }
  template <typename T> void storeValue(uint64_t addr, T value) {
    uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    store(addr, bytes);
  }

  uint64_t x(unsigned n) const { return s.getX(n); }
  void setX(unsigned n, uint64_t value) { s.setX(n, value); }
};

inline int64_t sext32(uint64_t value) { return int64_t(int32_t(value)); }

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_EXEC_H
