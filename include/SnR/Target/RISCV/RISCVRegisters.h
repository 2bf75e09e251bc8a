//===- RISCVRegisters.h - RV64GC+V registers, as QEMU's gdbstub names them
//-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The registers a RISC-V trace can name, numbered once and for all within the
// target: the x registers, the pc, the f registers, the floating-point CSRs,
// the v registers and the vector CSRs. Each has the name QEMU 7.2's gdbstub
// gives it (gdb-xml/riscv-64bit-cpu.xml, riscv-64bit-fpu.xml, and the vector
// and CSR features target/riscv/gdbstub.c generates), so a trace's register
// names are the ones its stub serves: "fp" for x8, "ft0" for f0, "v8", "vl".
// The architectural names ("x5", "f10", "s0") are aliases.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_RISCVREGISTERS_H
#define SNR_TARGET_RISCV_RISCVREGISTERS_H

#include "SnR/Target/RegisterMap.h"

namespace snr::target::riscv {

/// The RegIds of RISCVTarget's RegisterMap. Every register is 8 bytes wide
/// (as the stub describes them: the CSRs too), except the v registers, which
/// are vlenb bytes.
namespace reg {
/// x0 ("zero") reads as 0: no instruction's effects name it.
constexpr RegId x(unsigned n) { return n; }
constexpr RegId PC = 32;
/// A 64-bit f register; a single-precision value lives NaN-boxed in it (its
/// upper 32 bits all ones), so a single's read or write is of all 8 bytes.
constexpr RegId f(unsigned n) { return 33 + n; }
constexpr RegId FFLAGS = 65;
constexpr RegId FRM = 66;
/// frm and fflags seen together (frm << 5 | fflags); instructions' effects
/// name its two parts, never fcsr itself.
constexpr RegId FCSR = 67;
constexpr RegId v(unsigned n) { return 68 + n; }
constexpr RegId VSTART = 100;
constexpr RegId VXSAT = 101;
constexpr RegId VXRM = 102;
/// vxrm and vxsat seen together (vxrm << 1 | vxsat); effects name its parts.
constexpr RegId VCSR = 103;
constexpr RegId VL = 104;
constexpr RegId VTYPE = 105;
constexpr RegId VLENB = 106;
constexpr unsigned NumRegisters = 107;
} // namespace reg

/// The register map, v registers `vlenb` bytes wide.
RegisterMap buildRegisterMap(unsigned vlenb);

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_RISCVREGISTERS_H
