//===- InstructionBuilder.h - Build instruction ops -------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Builds the op of an MLIR-free arch::Instruction, the inverse of
// snr::toInstruction. Trace import and the recorder build IR through it,
// directly from parsed records (never through MLIR text).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_INSTRUCTIONBUILDER_H
#define SNR_DIALECT_INSTRUCTIONBUILDER_H

#include "SnR/Arch/ISA.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <optional>

namespace snr {

/// What to attach to a built instruction beyond its operands.
struct InstructionExtras {
  bool withPc = true;
  mlir::StringAttr hlo;
  std::optional<bool> executed;
};

/// Builds instruction ops quickly: one op name per opcode and one attribute
/// per register are looked up once, and each op is created without an
/// attribute dictionary (its operands go straight into its properties).
/// Keep one for every op built into the same context.
class InstructionBuilder {
public:
  explicit InstructionBuilder(mlir::MLIRContext *context);
  mlir::Operation *build(mlir::OpBuilder &builder, mlir::Location loc,
                         const arch::Instruction &inst,
                         const InstructionExtras &extras = {});

private:
  mlir::Attribute getReg(arch::RegClass cls, uint8_t index);
  /// The attribute name of an operand (arch::OperandSlot::name).
  mlir::StringAttr getName(const char *name);

  mlir::MLIRContext *context;
  std::array<std::optional<mlir::OperationName>, arch::kNumOpcodes> opNames;
  /// Register attributes by arch::getRegSlot, made on first use.
  std::array<mlir::Attribute, arch::kNumRegSlots> regs{};
  /// Operand names by the address of their (static) spelling.
  llvm::SmallDenseMap<const char *, mlir::StringAttr, 16> names;
  /// The attributes every instruction may have besides its operands.
  mlir::StringAttr guard, pc, hlo, executed;
};

/// One op, with a builder of its own (prefer an InstructionBuilder for many).
mlir::Operation *buildInstruction(mlir::OpBuilder &builder, mlir::Location loc,
                                  const arch::Instruction &inst,
                                  const InstructionExtras &extras = {});

} // namespace snr

#endif // SNR_DIALECT_INSTRUCTIONBUILDER_H
