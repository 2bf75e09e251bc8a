//===- Passes.h - SnR passes ------------------------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TRANSFORMS_PASSES_H
#define SNR_TRANSFORMS_PASSES_H

#include "SnR/Dialect/SnROps.h"

#include "mlir/Pass/Pass.h"

#include <memory>

namespace snr {

#define GEN_PASS_DECL
#include "SnR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "SnR/Transforms/Passes.h.inc"

} // namespace snr

#endif // SNR_TRANSFORMS_PASSES_H
