//===- Semantics.cpp - What an instruction does, for a replay -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/Semantics.h"

using namespace snr::target;

MachineState::~MachineState() = default;
RecordedValues::~RecordedValues() = default;
PreparedInstruction::~PreparedInstruction() = default;
Semantics::~Semantics() = default;
