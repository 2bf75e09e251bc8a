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
} // namespace snr

#include "SnR/Dialect/SnRInterfaces.h.inc"

#endif // SNR_DIALECT_SNRINTERFACES_H
