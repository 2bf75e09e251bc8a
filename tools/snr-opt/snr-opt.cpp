//===- snr-opt.cpp - The SnR optimizer driver -----------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt for the SnR dialect: the same flags (--split-input-file,
// --verify-diagnostics, --mlir-print-ir-after-all, --remarks-filter, ...),
// with the SnR dialect and passes registered. Two things differ, so this is
// mlir-opt's main spelled out: -o is written under a temporary name and
// renamed when everything succeeded (a failed pipeline or a full disk leaves
// an earlier file as it was, and the error names the file), and bytecode
// carries the digest and the checksum SnR checks on reading (TraceDigest.h,
// BytecodeChecksum.h).
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Support/BytecodeChecksum.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Support/Version.h"
#include "SnR/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

namespace {
/// The last step before bytecode is written: its digest.
struct AttachDigestPass
    : public mlir::PassWrapper<AttachDigestPass, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AttachDigestPass)
  llvm::StringRef getArgument() const override { return "snr-attach-digest"; }
  // The digest is an snr attribute, and the input may have no snr op.
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<snr::SnRDialect>();
  }
  void runOnOperation() override {
    snr::attachTraceDigest(getOperation());
    // A discardable attribute computed from the IR invalidates nothing, and
    // so the pass manager does not verify again: that would recompute the
    // digest just attached (with a verifier run, about 0.3 s of a
    // 600k-instruction trace's 2 s).
    markAllAnalysesPreserved();
  }
};
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  mlir::DialectRegistry registry;
  registry.insert<snr::SnRDialect>();
  // The generic passes (canonicalize, cse, symbol-dce, ...) compose with ours.
  mlir::registerTransformsPasses();
  snr::registerSnRPasses();
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "SnR optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldEmitBytecode()) {
    mlir::MlirOptMainConfig userPipeline = config;
    config.setPassPipelineSetupFn([userPipeline](mlir::PassManager &pm) {
      if (mlir::failed(userPipeline.setupPassPipeline(pm)))
        return mlir::failure();
      pm.addPass(std::make_unique<AttachDigestPass>());
      return mlir::success();
    });
  }

  auto fail = [](const llvm::Twine &message) {
    llvm::WithColor::error(llvm::errs(), "snr-opt") << message << "\n";
    return 1;
  };
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &errorMessage);
  if (!input)
    return fail(errorMessage);
  // Before MLIR's reader, which some corrupt bytecode crashes.
  if (llvm::Error error =
          snr::checkBytecodeChecksum(input->getBuffer(), inputFile))
    return fail(llvm::toString(std::move(error)));
  llvm::Expected<std::unique_ptr<snr::OutputFile>> output =
      snr::OutputFile::open(outputFile);
  if (!output)
    return fail(llvm::toString(output.takeError()));
  // Bytecode is made whole in memory, to add its checksum.
  std::string bytecode;
  llvm::raw_string_ostream bytecodeStream(bytecode);
  // On failure the temporary file goes (~OutputFile); the target is as it
  // was.
  if (mlir::failed(mlir::MlirOptMain(
          config.shouldEmitBytecode() ? bytecodeStream : (*output)->os(),
          std::move(input), registry, config)))
    return 1;
  if (config.shouldEmitBytecode())
    snr::writeWithBytecodeChecksum(bytecode, (*output)->os());
  if (llvm::Error error = (*output)->keep())
    return fail(llvm::toString(std::move(error)));
  return 0;
}
