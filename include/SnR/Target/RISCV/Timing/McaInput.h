//===- McaInput.h - A timed trace as llvm-mca's input -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The dynamic instruction stream of a prepared trace as assembly text for
// llvm-mca, one straight-line block: each instruction as LLVM prints it
// (branch and jump targets as offsets, so that the text assembles), and an
// instrument comment pair (`# LLVM-MCA-RISCV-LMUL M2`, `# LLVM-MCA-RISCV-SEW
// E32`) before the first instruction of each run under a new vtype, as
// llvm-mca's RISC-V support expects. Fed to `llvm-mca -mtriple=riscv64
// -mcpu=X -iterations=1`, it is the same input SnR times.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_MCAINPUT_H
#define SNR_TARGET_RISCV_TIMING_MCAINPUT_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace snr::target::riscv::timing {

class TraceTimer;

llvm::Error writeMcaInput(const TraceTimer &timer, llvm::raw_ostream &os);

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_MCAINPUT_H
