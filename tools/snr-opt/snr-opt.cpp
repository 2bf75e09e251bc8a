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
// BytecodeChecksum.h), written by SnR's one-pass writer when the IR has no
// SSA values (OnePassBytecodeWriter.h).
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/RISCV/RISCVDialect.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Support/Arguments.h"
#include "SnR/Support/BytecodeChecksum.h"
#include "SnR/Support/FileSizeSignal.h"
#include "SnR/Support/MlirInput.h"
#include "SnR/Support/OutputFile.h"
#include "SnR/Support/Version.h"
#include "SnR/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

namespace {
llvm::cl::opt<snr::BytecodeWriterKind> bytecodeWriter(
    "snr-bytecode-writer",
    llvm::cl::desc("which writer --emit-bytecode uses (docs/replay.md)"),
    llvm::cl::init(snr::BytecodeWriterKind::OnePass),
    snr::getBytecodeWriterValues());

/// The last step before bytecode is written: its digest, and the bytecode
/// itself when SnR's one-pass writer takes the IR. MlirOptMain then writes
/// what is left, an empty module, which is dropped: its writer cannot be
/// replaced, and the ops taken out are not torn down one by one either (a
/// tenth of a second on a 600k-instruction trace the process is about to
/// give back).
struct WriteBytecodePass
    : public mlir::PassWrapper<WriteBytecodePass, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WriteBytecodePass)
  WriteBytecodePass(std::optional<std::string> &written, bool onePass,
                    bool takeOps)
      : written(written), onePass(onePass), takeOps(takeOps) {}
  llvm::StringRef getArgument() const override { return "snr-write-bytecode"; }
  // The digest is an snr attribute, and the input may have no snr op.
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<snr::SnRDialect>();
  }
  void runOnOperation() override {
    mlir::Operation *op = getOperation();
    snr::attachTraceDigest(op);
    // A discardable attribute computed from the IR invalidates nothing, and
    // so the pass manager does not verify again: that would recompute the
    // digest just attached (with a verifier run, about 0.3 s of a
    // 600k-instruction trace's 2 s).
    markAllAnalysesPreserved();
    if (!onePass)
      return;
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    // The producer MLIR's writer gives; the checksum goes after it.
    if (mlir::failed(
            snr::writeOnePassBytecode(op, os, "MLIR" LLVM_VERSION_STRING)))
      return;
    written = std::move(bytes);
    if (!takeOps)
      return;
    for (mlir::Region &region : op->getRegions()) {
      auto *taken = new mlir::Region;
      taken->takeBody(region);
      llvm::BuryPointer(taken);
    }
  }
  std::optional<std::string> &written;
  bool onePass;
  /// False when the IR is printed after this pass (--mlir-print-ir-after-*):
  /// the dump shows the module as written, and MLIR's writer then writes it
  /// again, to be dropped.
  bool takeOps;
};

/// Whether an --mlir-print-ir-after* option asks for the IR after a pass.
bool printsIRAfterPasses() {
  const auto &options = llvm::cl::getRegisteredOptions();
  for (llvm::StringRef name :
       {"mlir-print-ir-after-all", "mlir-print-ir-after",
        "mlir-print-ir-after-change", "mlir-print-ir-after-failure"}) {
    auto it = options.find(name);
    if (it != options.end() && it->second->getNumOccurrences())
      return true;
  }
  return false;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  snr::ignoreFileSizeSignal();
  snr::registerSnRVersionPrinter();
  auto fail = [](const llvm::Twine &message) {
    llvm::WithColor::error(llvm::errs(), "snr-opt") << message << "\n";
    return 1;
  };
  if (llvm::Error error = snr::checkArguments(argc, argv))
    return fail(llvm::toString(std::move(error)));
  mlir::DialectRegistry registry;
  registry.insert<snr::SnRDialect, snr::riscv::RISCVDialect>();
  // The generic passes (canonicalize, cse, symbol-dce, ...) compose with ours.
  mlir::registerTransformsPasses();
  snr::registerSnRPasses();
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "SnR optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // The bytecode of the one-pass writer, when it wrote the output.
  std::optional<std::string> written;
  if (config.shouldEmitBytecode()) {
    // It writes one module, in the version MLIR writes by default.
    bool onePass = bytecodeWriter == snr::BytecodeWriterKind::OnePass &&
                   config.inputSplitMarker().empty() &&
                   !config.bytecodeVersionToEmit() &&
                   !config.shouldElideResourceDataFromBytecode();
    bool takeOps = !printsIRAfterPasses();
    mlir::MlirOptMainConfig userPipeline = config;
    config.setPassPipelineSetupFn(
        [userPipeline, onePass, takeOps, &written](mlir::PassManager &pm) {
          if (mlir::failed(userPipeline.setupPassPipeline(pm)))
            return mlir::failure();
          pm.addPass(
              std::make_unique<WriteBytecodePass>(written, onePass, takeOps));
          return mlir::success();
        });
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &errorMessage);
  if (!input)
    return fail(errorMessage);
  // Before MLIR's reader, which corrupt bytecode crashes, and its parser,
  // which deep nesting overflows: the checksum, or the structure of
  // bytecode without one, or the nesting of text.
  if (llvm::Error error = snr::checkMlirInput(input->getBuffer(), inputFile))
    return fail(llvm::toString(std::move(error)));
  llvm::Expected<std::unique_ptr<snr::OutputFile>> output =
      snr::OutputFile::open(outputFile);
  if (!output)
    return fail(llvm::toString(output.takeError()));
  // Bytecode is made whole in memory, to add its checksum.
  std::string bytecode;
  llvm::raw_string_ostream bytecodeStream(bytecode);
  // On failure the temporary file goes (~OutputFile); the target is as it
  // was. On a large stack: what the input checks cannot see costs stack,
  // not the process.
  if (snr::runOnLargeStack([&] {
        return mlir::failed(mlir::MlirOptMain(
            config.shouldEmitBytecode() ? bytecodeStream : (*output)->os(),
            std::move(input), registry, config));
      }))
    return 1;
  if (config.shouldEmitBytecode())
    snr::writeWithBytecodeChecksum(written ? *written : bytecode,
                                   (*output)->os());
  if (llvm::Error error = (*output)->keep())
    return fail(llvm::toString(std::move(error)));
  return 0;
}
