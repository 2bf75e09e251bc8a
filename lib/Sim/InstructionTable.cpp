//===- InstructionTable.cpp - A run's instructions, ISA-neutral -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/InstructionTable.h"

using namespace snr::sim;

InstructionTable::~InstructionTable() = default;

void InstructionTable::printInstruction(uint64_t index,
                                        llvm::raw_ostream &os) const {
  os << getMnemonic(index);
}
