//===- RISCVState.cpp - An RV64GCV hart's architectural state -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/RISCVState.h"
#include "SnR/Target/RISCV/RISCVRegisters.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

using namespace snr::target;
using namespace snr::target::riscv;

static_assert(llvm::endianness::native == llvm::endianness::little,
              "the state hands out its registers' bytes as they are stored");

RISCVState::RISCVState(unsigned vlenb)
    : vlenb(vlenb), vregs(size_t(32) * vlenb, 0) {}

/// The 8-byte CSR-like register `reg`, or null.
static uint64_t *scalarSlot(RISCVState &s, RegId reg) {
  if (reg < 32)
    return &s.x[reg];
  if (reg == reg::PC)
    return &s.pc;
  if (reg >= reg::f(0) && reg <= reg::f(31))
    return &s.f[reg - reg::f(0)];
  switch (reg) {
  case reg::FFLAGS:
    return &s.fflags;
  case reg::FRM:
    return &s.frm;
  case reg::VSTART:
    return &s.vstart;
  case reg::VXSAT:
    return &s.vxsat;
  case reg::VXRM:
    return &s.vxrm;
  case reg::VL:
    return &s.vl;
  case reg::VTYPE:
    return &s.vtype;
  default:
    return nullptr;
  }
}

void RISCVState::writeRegister(RegId reg, llvm::ArrayRef<uint8_t> bytes) {
  if (reg >= reg::v(0) && reg <= reg::v(31)) {
    std::memcpy(v(reg - reg::v(0)), bytes.data(),
                std::min<size_t>(bytes.size(), vlenb));
    return;
  }
  uint64_t value = 0;
  std::memcpy(&value, bytes.data(), std::min<size_t>(bytes.size(), 8));
  switch (reg) {
  case reg::FCSR:
    frm = (value >> 5) & 7;
    fflags = value & 0x1f;
    return;
  case reg::VCSR:
    vxrm = (value >> 1) & 3;
    vxsat = value & 1;
    return;
  case reg::VLENB:
    return; // the machine's
  default:
    break;
  }
  if (reg == reg::x(0))
    return;
  if (uint64_t *slot = scalarSlot(*this, reg))
    *slot = value;
}

void RISCVState::writeMemory(SpaceId space, uint64_t addr,
                             llvm::ArrayRef<uint8_t> bytes) {
  memory.write(addr, bytes);
}

bool RISCVState::readMemory(SpaceId space, uint64_t addr,
                            llvm::MutableArrayRef<uint8_t> out) const {
  return memory.read(addr, out);
}

llvm::Expected<llvm::ArrayRef<uint8_t>> RISCVState::read(RegId reg) {
  auto bytesOf = [](const uint64_t &slot) {
    return llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&slot), 8);
  };
  if (reg >= reg::v(0) && reg <= reg::v(31))
    return llvm::ArrayRef<uint8_t>(v(reg - reg::v(0)), vlenb);
  switch (reg) {
  case reg::FCSR:
    composed = frm << 5 | fflags;
    return bytesOf(composed);
  case reg::VCSR:
    composed = vxrm << 1 | vxsat;
    return bytesOf(composed);
  case reg::VLENB:
    composed = vlenb;
    return bytesOf(composed);
  default:
    break;
  }
  if (uint64_t *slot = scalarSlot(*this, reg))
    return bytesOf(*slot);
  return llvm::createStringError(llvm::formatv("no RISC-V register {0}", reg));
}
