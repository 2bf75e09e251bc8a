//===- SnRAttrs.h - SnR attributes: registers, addresses --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_SNRATTRS_H
#define SNR_DIALECT_SNRATTRS_H

#include "SnR/Arch/ISA.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "SnR/Dialect/SnREnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "SnR/Dialect/SnRAttrs.h.inc"

#endif // SNR_DIALECT_SNRATTRS_H
