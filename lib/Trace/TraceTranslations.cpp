//===- TraceTranslations.cpp - mlir-translate registrations ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/RISCV/RISCVDialect.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Target/ElfImage.h"
#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/EncodedTraceImport.h"
#include "SnR/Trace/TraceImport.h"
#include "SnR/Trace/TraceReader.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace snr;

static llvm::cl::opt<std::string> elfFile(
    "snr-elf",
    llvm::cl::desc("with --import-snr-trace of a RISC-V trace: the ELF it was "
                   "recorded from; each op is located at its source line "
                   "(DWARF) and names its function"),
    llvm::cl::value_desc("file"));

/// A trace of another ISA (its header names one), into its dialect.
static OwningOpRef<Operation *> importOtherIsa(llvm::MemoryBufferRef input,
                                               MLIRContext *context) {
  llvm::Expected<trace::EncodedTrace> loaded =
      trace::loadEncodedTrace(input, input.getBufferIdentifier());
  auto located = [&](const llvm::Twine &message, unsigned line,
                     unsigned column) {
    mlir::emitError(FileLineColLoc::get(context, input.getBufferIdentifier(),
                                        line, column))
        << message;
  };
  if (!loaded) {
    llvm::handleAllErrors(
        loaded.takeError(),
        [&](const trace::TraceError &e) {
          located(e.message, e.pos.line, e.pos.column);
        },
        [&](const llvm::ErrorInfoBase &e) { located(e.message(), 1, 1); });
    return nullptr;
  }
  std::unique_ptr<target::ElfImage> elf;
  if (!elfFile.empty()) {
    llvm::Expected<std::unique_ptr<target::ElfImage>> loaded =
        target::ElfImage::load(elfFile);
    if (!loaded) {
      mlir::emitError(UnknownLoc::get(context))
          << "--snr-elf: " << llvm::toString(loaded.takeError());
      return nullptr;
    }
    elf = std::move(*loaded);
  }
  return importEncodedTrace(*loaded, context, elf.get());
}

void snr::registerTraceTranslations() {
  TranslateToMLIRRegistration importTrace(
      "import-snr-trace", "import an SnR trace file (plain, .gz or .zst)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        // The header says which ISA, and so which reader and dialect.
        llvm::Expected<std::string> isa = trace::readTraceIsa(
            buffer->getMemBufferRef(), buffer->getBufferIdentifier());
        if (isa && *isa != "snr")
          return importOtherIsa(buffer->getMemBufferRef(), context);
        // The snr reader reports a bad header in its words.
        llvm::consumeError(isa.takeError());
        return snr::importTrace(buffer->getMemBufferRef(),
                                buffer->getBufferIdentifier(), context);
      },
      [](DialectRegistry &registry) {
        registry.insert<SnRDialect, riscv::RISCVDialect>();
      });

  TranslateFromMLIRRegistration exportTrace(
      "export-snr-trace", "export the module's snr.trace as an SnR trace file",
      [](Operation *op, llvm::raw_ostream &os) {
        return snr::exportTrace(op, os);
      },
      [](DialectRegistry &registry) { registry.insert<SnRDialect>(); });
}
