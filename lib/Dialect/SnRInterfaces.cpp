//===- SnRInterfaces.cpp - Instruction semantics interface ----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRInterfaces.h"

#include "SnR/Dialect/SnRInterfaces.cpp.inc"
