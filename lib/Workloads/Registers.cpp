//===- Registers.cpp - A scalar register pool -----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/Registers.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>

using namespace snr;
using namespace snr::workloads;

ScalarRegisterPool::ScalarRegisterPool() : free(~uint32_t(0)) {
  static_assert(sizeof(free) * 8 == 32, "one bit per scalar register");
}

SReg ScalarRegisterPool::take() {
  if (free == 0)
    llvm::report_fatal_error("the generator ran out of scalar registers");
  unsigned index = llvm::countr_zero(free);
  free &= ~(uint32_t(1) << index);
  return sreg(index);
}

void ScalarRegisterPool::give(SReg reg) {
  assert(!isFree(reg) && "register given back twice");
  free |= uint32_t(1) << reg.index;
}

unsigned ScalarRegisterPool::numFree() const { return llvm::popcount(free); }
