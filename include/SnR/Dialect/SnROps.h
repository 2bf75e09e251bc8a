//===- SnROps.h - SnR instructions and containers ---------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNROPS_H
#define SNR_DIALECT_SNROPS_H

#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnRInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

namespace snr {
class SnapshotOp;

/// The verifier every instruction runs: register classes from the ISA table,
/// then arch::validateInstruction on the decoded form.
llvm::LogicalResult verifyInstruction(mlir::Operation *op, arch::Opcode opcode);
} // namespace snr

#define GET_OP_CLASSES
#include "SnR/Dialect/SnROps.h.inc"

#endif // SNR_DIALECT_SNROPS_H
