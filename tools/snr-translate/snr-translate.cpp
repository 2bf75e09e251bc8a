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
#include "SnR/Support/Arguments.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirInput.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Support/Version.h"
#include "SnR/Trace/TraceImport.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"

/// The input file mlirTranslateMain will read: the positional argument.
static llvm::StringRef findInput(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      return i + 1 < argc ? argv[i + 1] : "-";
    // Options whose value may follow as the next argument.
    if (arg == "-o" || arg == "--o" ||
        ((arg.starts_with("--max-") || arg.starts_with("-max-")) &&
         !arg.contains('=')))
      ++i;
    else if (!arg.starts_with("-"))
      return arg;
  }
  return "-";
}

/// Whether the translation reads a trace file (not MLIR).
static bool readsTrace(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if (arg == "--import-snr-trace" || arg == "-import-snr-trace")
      return true;
  }
  return false;
}

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "snr-translate") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  // Before mlirTranslateMain's InitLLVM, which then keeps it.
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  // The driver parses the options late: the input's checks read the limits
  // from the arguments themselves.
  snr::applyLimitArguments(argc, argv);
  llvm::StringRef input = findInput(argc, argv);
  if (input != "-" && !llvm::sys::fs::exists(input))
    return fail("cannot open input file '" + input +
                "': No such file or directory");
  // An MLIR input's checksum, structure or nesting, before MLIR's reader or
  // parser sees it (a trace is the trace reader's to check).
  if (!readsTrace(argc, argv))
    if (llvm::Error error = snr::checkMlirInputFile(input))
      return fail(llvm::toString(std::move(error)));
  // -o through a temporary file: a failed translation or a full disk
  // leaves an earlier file as it was.
  if (llvm::Error error =
          snr::redirectDriverOutput("snr-translate", argc, argv))
    return fail(llvm::toString(std::move(error)));
  snr::registerTraceTranslations();
  snr::registerExportTranslations();
  // On a large stack: what the input checks cannot see costs stack, not
  // the process.
  return snr::runOnLargeStack([&] {
    return snr::finishDriverOutput(mlir::succeeded(
        mlir::mlirTranslateMain(argc, argv, "SnR translation tool")));
  });
}
