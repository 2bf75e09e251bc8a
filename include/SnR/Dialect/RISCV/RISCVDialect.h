//===- RISCVDialect.h - Recorded RISC-V executions --------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_RISCV_RISCVDIALECT_H
#define SNR_DIALECT_RISCV_RISCVDIALECT_H

#include "mlir/IR/Dialect.h"
#include "llvm/Support/Error.h"

namespace snr::target::riscv {
class RISCVTarget;
} // namespace snr::target::riscv

#include "SnR/Dialect/RISCV/RISCVDialect.h.inc"

namespace snr::riscv {
/// The target that decodes instructions of ISA string `isa` on a machine
/// with `vlenb`-byte vector registers: made once per process for each pair
/// (LLVM's MC objects are not tied to an MLIR context) and kept.
llvm::Expected<const target::riscv::RISCVTarget *>
getTarget(llvm::StringRef isa, unsigned vlenb);
} // namespace snr::riscv

#endif // SNR_DIALECT_RISCV_RISCVDIALECT_H
