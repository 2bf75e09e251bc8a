//===- AnnotatedTraceWriter.cpp - The annotated trace as a file -----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Pipeline/AnnotatedTraceWriter.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Trace/TraceImport.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Pipeline/Annotate.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/BuryPointer.h"

#include <thread>

using namespace mlir;
using namespace snr;

struct AnnotatedTraceWriter::Impl {
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  /// All of the bytecode's digest but the annotations, hashed on the
  /// importer thread too (TraceDigest.h).
  std::unique_ptr<TraceDigestBuilder> digest;
  std::thread importer;

  ~Impl() {
    if (importer.joinable())
      importer.join();
    // Tearing down a module of a million ops takes a tenth of a second the
    // process is about to give back anyway.
    if (module)
      (void)module.release();
    llvm::BuryPointer(std::move(context));
  }
};

AnnotatedTraceWriter::AnnotatedTraceWriter(const trace::Trace &trace)
    : impl(std::make_unique<Impl>()) {
  impl->context = std::make_unique<MLIRContext>();
  impl->context->disableMultithreading();
  impl->context->getOrLoadDialect<SnRDialect>();
  Impl *state = impl.get();
  impl->importer = std::thread([state, &trace] {
    state->module = importTraceTable(trace, state->context.get());
    if (state->module)
      state->digest = std::make_unique<TraceDigestBuilder>(*state->module);
  });
}

AnnotatedTraceWriter::~AnnotatedTraceWriter() = default;

void AnnotatedTraceWriter::release() {
  waitForImport();
  impl->digest.reset();
  impl->module = nullptr;
  impl->context.reset();
}

void AnnotatedTraceWriter::waitForImport() {
  if (impl->importer.joinable())
    impl->importer.join();
}

llvm::Error AnnotatedTraceWriter::write(const sim::TimingRecorder &run,
                                        llvm::StringRef path, Format format,
                                        BytecodeWriterKind writer) {
  waitForImport();
  if (!impl->module)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot build the IR of the trace for " +
                                       path);
  ModuleOp module = *impl->module;
  SmallVector<Operation *> ops;
  ops.reserve(run.instructions.size());
  module->walk([&](TraceOp traceOp) {
    for (Operation &op : *traceOp.getBody())
      if (isa<InstructionOpInterface>(op))
        ops.push_back(&op);
  });
  annotateTiming(ops, run);
  // Through a temporary name: a run killed while writing leaves no file
  // that could pass for a complete one.
  return writeFileAtomically(path, [&](llvm::raw_ostream &os) -> llvm::Error {
    if (format == Format::Bytecode) {
      // With a digest and a checksum: MLIR bytecode has none (TraceDigest.h).
      if (failed(writeTraceBytecode(module, os, impl->digest.get(), writer)))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "cannot write bytecode");
    } else {
      module->print(os);
      os << '\n';
    }
    return llvm::Error::success();
  });
}
