//===- SnRDialect.cpp - The SnR ISA dialect -------------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Dialect/TraceDigest.h"
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

/// A digest still present when the IR is verified was not checked on
/// reading (a text form that carries one, or bytecode that lost its snr
/// version entry): it is checked now.
llvm::LogicalResult
SnRDialect::verifyOperationAttribute(mlir::Operation *op,
                                     mlir::NamedAttribute attr) {
  // Not before a lazy reader has read all of it (hasUnreadRegions).
  if ((attr.getName() == kDigestAttrName ||
       mlir::isa<DigestAttr>(attr.getValue())) &&
      !hasUnreadRegions(op))
    return checkTraceDigest(op, op->getLoc());
  return llvm::success();
}
