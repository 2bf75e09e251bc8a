//===- snr-opt.cpp - The SnR optimizer driver -----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt for the SnR dialect: the same flags (--split-input-file,
// --verify-diagnostics, --mlir-print-ir-after-all, --remarks-filter, ...),
// with the SnR dialect and passes registered.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Support/Version.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  snr::registerSnRVersionPrinter();
  snr::reportOutputErrorsByName("snr-opt", argc, argv);
  mlir::DialectRegistry registry;
  registry.insert<snr::SnRDialect>();
  // The generic passes (canonicalize, cse, symbol-dce, ...) compose with ours.
  mlir::registerTransformsPasses();
  snr::registerSnRPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "SnR optimizer driver\n", registry));
}
