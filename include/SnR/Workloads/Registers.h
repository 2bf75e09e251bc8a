//===- Registers.h - Typed registers and a scalar register pool -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Generators name registers through small typed wrappers, so a vector
// register cannot be passed where a scalar one is expected, and take scalar
// registers for addresses and loop counters from a pool, the way a register
// allocator hands them out: nested loops get distinct counters, and a kernel
// returns what it took when it ends.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_REGISTERS_H
#define SNR_WORKLOADS_REGISTERS_H

#include "SnR/Arch/ISA.h"

#include <cstdint>

namespace snr::workloads {

/// A scalar register s0..s31.
struct SReg {
  uint8_t index = 0;
  arch::Reg reg() const { return {arch::RegClass::Scalar, index}; }
};
/// A vector register v0..v31.
struct VReg {
  uint8_t index = 0;
};
/// A predicate register p0..p7.
struct PReg {
  uint8_t index = 0;
};
/// A matrix-unit result slot q0..q15.
struct QReg {
  uint8_t index = 0;
};
/// A DMA sync flag f0..f15.
struct FReg {
  uint8_t index = 0;
};

inline SReg sreg(unsigned i) { return {uint8_t(i)}; }
inline VReg vreg(unsigned i) { return {uint8_t(i)}; }
inline PReg preg(unsigned i) { return {uint8_t(i)}; }
inline QReg qreg(unsigned i) { return {uint8_t(i)}; }
inline FReg freg(unsigned i) { return {uint8_t(i)}; }

/// Guards: execute if the predicate is set, or if it is clear.
inline arch::Guard ifSet(PReg p) { return {true, false, p.index}; }
inline arch::Guard ifClear(PReg p) { return {true, true, p.index}; }

/// The scalar registers a generator may use, handed out lowest first.
/// Running out is a generator bug (kernels are written to fit), so it
/// asserts rather than fails.
class ScalarRegisterPool {
public:
  ScalarRegisterPool();

  SReg take();
  void give(SReg reg);
  bool isFree(SReg reg) const { return free & (uint32_t(1) << reg.index); }
  unsigned numFree() const;

  /// A register taken for the lifetime of a C++ scope.
  class Scoped {
  public:
    explicit Scoped(ScalarRegisterPool &pool) : pool(pool), reg(pool.take()) {}
    ~Scoped() { pool.give(reg); }
    Scoped(const Scoped &) = delete;
    Scoped &operator=(const Scoped &) = delete;
    operator SReg() const { return reg; }
    SReg get() const { return reg; }

  private:
    ScalarRegisterPool &pool;
    SReg reg;
  };

private:
  uint32_t free;
};

} // namespace snr::workloads

#endif // SNR_WORKLOADS_REGISTERS_H
