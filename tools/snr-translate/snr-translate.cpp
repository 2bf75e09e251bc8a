//===- snr-translate.cpp - Trace files <-> MLIR ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-translate with SnR's translations: --import-snr-trace turns a trace
// file into an snr.trace op, --export-snr-trace writes one back,
// --snr-to-chakra replays one and writes a Chakra execution trace.
//
//===----------------------------------------------------------------------===//

#include "SnR/Export/ExportTranslations.h"
#include "SnR/Support/Version.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Trace/TraceImport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  snr::registerSnRVersionPrinter();
  snr::reportOutputErrorsByName("snr-translate", argc, argv);
  snr::registerTraceTranslations();
  snr::registerExportTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "SnR translation tool"));
}
