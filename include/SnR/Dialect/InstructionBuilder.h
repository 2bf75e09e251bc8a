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

#include <optional>

namespace snr {

/// What to attach to a built instruction beyond its operands.
struct InstructionExtras {
  bool withPc = true;
  mlir::StringAttr hlo;
  std::optional<bool> executed;
};

mlir::Operation *buildInstruction(mlir::OpBuilder &builder, mlir::Location loc,
                                  const arch::Instruction &inst,
                                  const InstructionExtras &extras = {});

} // namespace snr

#endif // SNR_DIALECT_INSTRUCTIONBUILDER_H
