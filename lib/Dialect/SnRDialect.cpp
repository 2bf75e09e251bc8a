//===- SnRDialect.cpp - The SnR ISA dialect -------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnRBytecode.h"

using namespace snr;

#include "SnR/Dialect/SnRDialect.cpp.inc"

void SnRDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "SnR/Dialect/SnROps.cpp.inc"
      >();
  registerAttributes();
  detail::addBytecodeInterface(this);
}
