//===- MCRegisterTable.h - LLVM's RISC-V registers as SnR RegIds -*- C++
//-*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Each LLVM MCRegister a RISC-V instruction can name (X5, F10_F, F10_D, V8,
// V8M2, VL, VTYPE, FRM, FFLAGS, VXRM, VXSAT, FCSR), resolved once by its name
// into the RegIds of RISCVRegisters.h.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_TARGET_RISCV_MCREGISTERTABLE_H
#define SNR_LIB_TARGET_RISCV_MCREGISTERTABLE_H

#include "SnR/Target/RegisterMap.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace llvm {
class MCRegisterInfo;
} // namespace llvm

namespace snr::target::riscv {

struct MCRegisterTable {
  struct Entry {
    /// Whether SnR knows the register (x0 is known and names nothing).
    bool known = false;
    /// A v register or a group of them.
    bool isVector = false;
    llvm::SmallVector<RegId, 1> regIds;
  };
  std::vector<Entry> byRegister;

  const Entry &operator[](unsigned reg) const { return byRegister[reg]; }

  static MCRegisterTable build(const llvm::MCRegisterInfo &registerInfo);
};

} // namespace snr::target::riscv

#endif // SNR_LIB_TARGET_RISCV_MCREGISTERTABLE_H
