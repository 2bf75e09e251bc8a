//===- SnRInterfaces.h - Instruction semantics interface --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRINTERFACES_H
#define SNR_DIALECT_SNRINTERFACES_H

#include "SnR/Arch/ISA.h"
#include "SnR/Dialect/ReplayAnnotation.h"
#include "mlir/IR/OpDefinition.h"

namespace snr {
/// Decodes an instruction op (one implementing InstructionOpInterface) into
/// the MLIR-free form the simulator and recorder work on.
arch::Instruction toInstruction(mlir::Operation *op);
/// The instruction of an `opcode` op with these operand attributes (in the
/// order of its slots in the ISA table), guard and pc (either null when
/// absent): what toInstruction returns.
arch::Instruction decodeInstruction(arch::Opcode opcode,
                                    llvm::ArrayRef<mlir::Attribute> operands,
                                    mlir::Attribute guard, mlir::Attribute pc);
/// The inherent attributes every instruction has beside its own operands, in
/// the order InstructionOpInterface::appendInherentAttrs appends them.
inline constexpr llvm::StringLiteral kSharedInstructionAttrs[] = {
    "guard", "pc", "hlo", "executed"};
} // namespace snr

#include "SnR/Dialect/SnRInterfaces.h.inc"

#endif // SNR_DIALECT_SNRINTERFACES_H
