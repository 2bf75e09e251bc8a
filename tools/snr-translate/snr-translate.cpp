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
#include "llvm/Support/WithColor.h"

int main(int argc, char **argv) {
  snr::registerSnRVersionPrinter();
  // -o through a temporary file: a failed translation or a full disk
  // leaves an earlier file as it was.
  if (llvm::Error error =
          snr::redirectDriverOutput("snr-translate", argc, argv)) {
    llvm::WithColor::error(llvm::errs(), "snr-translate")
        << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  snr::registerTraceTranslations();
  snr::registerExportTranslations();
  return snr::finishDriverOutput(mlir::succeeded(
      mlir::mlirTranslateMain(argc, argv, "SnR translation tool")));
}
