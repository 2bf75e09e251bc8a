//===- SnRBytecode.h - The SnR attributes in MLIR bytecode ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_DIALECT_SNRBYTECODE_H
#define SNR_LIB_DIALECT_SNRBYTECODE_H

#include <cstdint>

namespace mlir {
class DialectBytecodeReader;
} // namespace mlir

namespace snr {
class SnRDialect;
namespace detail {
/// The snr bytecode version of the file `reader` reads (this build's when
/// the file names none).
uint64_t getBytecodeVersion(mlir::DialectBytecodeReader &reader);

/// Registers how the dialect's attributes are written to and read from MLIR
/// bytecode (a compact binary encoding instead of their assembly text).
void addBytecodeInterface(SnRDialect *dialect);
} // namespace detail
} // namespace snr

#endif // SNR_LIB_DIALECT_SNRBYTECODE_H
