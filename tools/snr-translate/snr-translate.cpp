//===- snr-translate.cpp - Trace files <-> MLIR ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with SnR's translations: --import-snr-trace turns a trace
// file into an snr.trace op, --export-snr-trace writes one back.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/OutputFile.h"
#include "SnR/Trace/TraceImport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  snr::reportOutputErrorsByName("snr-translate", argc, argv);
  snr::registerTraceTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "SnR translation tool"));
}
