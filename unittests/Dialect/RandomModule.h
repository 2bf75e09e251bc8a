//===- RandomModule.h - Random valid modules of SnR IR ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A seeded generator of modules that verify, for the bytecode writer's
// differential test: traces and programs (in a module, in nested modules),
// with and without snapshots, replay annotations and digests; every opcode
// with random operands; guards, PCs, HLO names, recorded outcomes; every kind
// of location; and discardable attributes drawn from the builtin and snr
// attributes and types (integers of every width, floats with NaN and
// infinities, strings with any byte, dense elements and arrays, nested
// arrays and dictionaries, symbol references, affine maps, shaped and
// function types), some shared between ops and some used once. The same
// seed gives the same module.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_DIALECT_RANDOMMODULE_H
#define SNR_UNITTESTS_DIALECT_RANDOMMODULE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>

namespace snr::test {

/// What a generated module holds, for the test to say what it covered.
struct RandomModuleStats {
  unsigned traces = 0, programs = 0, nestedModules = 0, instructions = 0,
           annotated = 0, snapshots = 0, attributes = 0;
};

/// A module that verifies, built from `seed` in `context` (which must have
/// the snr dialect loaded).
mlir::OwningOpRef<mlir::ModuleOp>
buildRandomModule(mlir::MLIRContext *context, uint64_t seed,
                  RandomModuleStats *stats = nullptr);

} // namespace snr::test

#endif // SNR_UNITTESTS_DIALECT_RANDOMMODULE_H
