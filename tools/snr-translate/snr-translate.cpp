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
#include "SnR/Support/BytecodeChecksum.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Support/Version.h"
#include "SnR/Trace/TraceImport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/WithColor.h"

/// The input file mlirTranslateMain will read: the positional argument.
static llvm::StringRef findInput(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      return i + 1 < argc ? argv[i + 1] : "-";
    if (arg == "-o" || arg == "--o")
      ++i;
    else if (!arg.starts_with("-"))
      return arg;
  }
  return "-";
}

int main(int argc, char **argv) {
  // Before mlirTranslateMain's InitLLVM, which then keeps it.
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  // An input's bytecode checksum, before MLIR's reader sees it.
  if (llvm::Error error =
          snr::checkBytecodeFileChecksum(findInput(argc, argv))) {
    llvm::WithColor::error(llvm::errs(), "snr-translate")
        << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
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
