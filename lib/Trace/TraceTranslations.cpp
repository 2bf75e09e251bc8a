//===- TraceTranslations.cpp - mlir-translate registrations ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Trace/TraceImport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void snr::registerTraceTranslations() {
  TranslateToMLIRRegistration importTrace(
      "import-snr-trace", "import an SnR trace file (plain, .gz or .zst)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return snr::importTrace(buffer->getMemBufferRef(),
                                buffer->getBufferIdentifier(), context);
      },
      [](DialectRegistry &registry) { registry.insert<SnRDialect>(); });

  TranslateFromMLIRRegistration exportTrace(
      "export-snr-trace", "export the module's snr.trace as an SnR trace file",
      [](Operation *op, llvm::raw_ostream &os) {
        return snr::exportTrace(op, os);
      },
      [](DialectRegistry &registry) { registry.insert<SnRDialect>(); });
}
