//===- ExportTranslations.cpp - snr-translate's export translations -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Export/ExportTranslations.h"
#include "SnR/Analysis/TraceReplayAnalysis.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Export/ChakraExport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

static llvm::cl::opt<snr::exporter::ChakraGranularity> chakraGranularity(
    "chakra-granularity",
    llvm::cl::desc("--snr-to-chakra: one compute node per"),
    llvm::cl::values(clEnumValN(snr::exporter::ChakraGranularity::Hlo, "hlo",
                                "run of instructions of one HLO (default)"),
                     clEnumValN(snr::exporter::ChakraGranularity::Instruction,
                                "instruction", "instruction")),
    llvm::cl::init(snr::exporter::ChakraGranularity::Hlo));
static llvm::cl::opt<unsigned>
    chakraNpu("chakra-npu",
              llvm::cl::desc("--snr-to-chakra: the chip the trace ran on"),
              llvm::cl::init(0));

void snr::registerExportTranslations() {
  TranslateFromMLIRRegistration toChakra(
      "snr-to-chakra",
      "replay the module's snr.trace and write it as a Chakra execution "
      "trace (<program>.<npu>.et)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        TraceOp traceOp;
        op->walk([&](TraceOp found) {
          traceOp = found;
          return WalkResult::interrupt();
        });
        if (!traceOp)
          return op->emitError("no snr.trace to export");
        TraceReplayAnalysis analysis(traceOp);
        if (!analysis.succeeded())
          return failure();
        exporter::ChakraOptions options;
        options.granularity = chakraGranularity;
        options.npu = chakraNpu;
        os << exporter::encodeChakraTrace(analysis.getResults(), options);
        return success();
      },
      [](DialectRegistry &registry) { registry.insert<SnRDialect>(); });
}
