//===- RISCVOps.h - Recorded RISC-V executions ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_RISCV_RISCVOPS_H
#define SNR_DIALECT_RISCV_RISCVOPS_H

#include "SnR/Dialect/RISCV/RISCVDialect.h"
#include "SnR/Dialect/RISCV/RISCVReplayAnnotation.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#define GET_OP_CLASSES
#include "SnR/Dialect/RISCV/RISCVOps.h.inc"

#endif // SNR_DIALECT_RISCV_RISCVOPS_H
