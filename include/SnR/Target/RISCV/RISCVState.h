//===- RISCVState.h - An RV64GCV hart's architectural state -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What a functional replay of a RISC-V trace keeps: x0-x31, the pc, f0-f31
// (64 bits each; a single lives NaN-boxed in the low half), fflags and frm,
// v0-v31 (vlenb bytes each, one contiguous file so a register group's
// elements are contiguous), vl, vtype, vstart, vxrm, vxsat, and a sparse
// byte memory. Registers are read and written by the RegIds of
// RISCVRegisters.h, as bytes, little-endian: instruction effects read the
// state as they read a debugger, and a replay compares it with one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_RISCVSTATE_H
#define SNR_TARGET_RISCV_RISCVSTATE_H

#include "SnR/Target/PagedMemory.h"
#include "SnR/Target/Semantics.h"

#include <array>
#include <cstring>
#include <vector>

namespace snr::target::riscv {

class RISCVState final : public MachineState {
public:
  explicit RISCVState(unsigned vlenb);

  unsigned getVLenB() const { return vlenb; }

  // MachineState.
  uint64_t getPc() const override { return pc; }
  void setPc(uint64_t value) override { pc = value; }
  void writeRegister(RegId reg, llvm::ArrayRef<uint8_t> bytes) override;
  void writeMemory(SpaceId space, uint64_t addr,
                   llvm::ArrayRef<uint8_t> bytes) override;
  bool readMemory(SpaceId space, uint64_t addr,
                  llvm::MutableArrayRef<uint8_t> out) const override;
  // RegisterValues: any register of RISCVRegisters.h (fcsr and vcsr
  // composed of their parts, vlenb the machine's).
  llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) override;

  /// x[n]; x0 reads 0 (writes to x0 are dropped by setX).
  uint64_t getX(unsigned n) const { return x[n]; }
  void setX(unsigned n, uint64_t value) {
    if (n)
      x[n] = value;
  }
  /// The bytes of v[n] (a group continues into v[n + 1], ...).
  uint8_t *v(unsigned n) { return vregs.data() + size_t(n) * vlenb; }
  const uint8_t *v(unsigned n) const {
    return vregs.data() + size_t(n) * vlenb;
  }
  /// Bit i of the mask register v[n].
  bool maskBit(unsigned n, uint64_t i) const {
    return (v(n)[i / 8] >> (i % 8)) & 1;
  }
  void setMaskBit(unsigned n, uint64_t i, bool value) {
    uint8_t &byte = v(n)[i / 8];
    byte = uint8_t((byte & ~(1u << (i % 8))) | (unsigned(value) << (i % 8)));
  }

  uint64_t pc = 0;
  std::array<uint64_t, 32> x{};
  /// The f registers' 64 bits.
  std::array<uint64_t, 32> f{};
  uint64_t fflags = 0, frm = 0;
  uint64_t vstart = 0, vxsat = 0, vxrm = 0, vl = 0, vtype = 0;
  /// The reservation LR makes and SC checks, as QEMU's user mode keeps it:
  /// the address and the value loaded (not a register: no trace holds it).
  struct Reservation {
    bool valid = false;
    uint64_t addr = 0, value = 0;
  } reservation;
  PagedMemory memory;

private:
  unsigned vlenb;
  std::vector<uint8_t> vregs;
  /// Storage for a composed value read() returns (fcsr, vcsr, vlenb).
  uint64_t composed = 0;
};

} // namespace snr::target::riscv

#endif // SNR_TARGET_RISCV_RISCVSTATE_H
