//===- SnRDialect.h - The SnR ISA dialect -----------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRDIALECT_H
#define SNR_DIALECT_SNRDIALECT_H

#include "mlir/IR/Dialect.h"

#include "SnR/Dialect/SnRDialect.h.inc"

#endif // SNR_DIALECT_SNRDIALECT_H
