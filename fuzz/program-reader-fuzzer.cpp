//===- program-reader-fuzzer.cpp - libFuzzer target for snr.program files -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Arbitrary bytes as a program file (MLIR text or bytecode), as snr-record
// and snr-replay --program read one: checked (MlirInput.h), parsed and
// verified, each snr.program loaded into the reference target, its line
// table collected and a few hundred of its instructions recorded. A program
// or a located error, never a crash. The limits are lowered so that every
// input runs in bounded time and memory.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SnR/Record/LineTable.h"
#include "SnR/Record/ProgramLoader.h"
#include "SnR/Record/ReferenceTarget.h"
#include "SnR/Record/SnRRecording.h"
#include "SnR/Support/BytecodeStructure.h"
#include "SnR/Support/Limits.h"
#include "SnR/Support/MlirInput.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;
using namespace snr;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Limits limits;
  limits.maxSnapshotBytes = 16 << 20;
  limits.maxDmaBytes = 64 << 20;
  limits.maxNestingDepth = 64;
  setLimits(limits);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (llvm::Error error = checkMlirInput(text, "fuzz.mlir")) {
    llvm::consumeError(std::move(error));
    return 0;
  }
  // A context per input: attributes and types do not pile up.
  MLIRContext context;
  context.loadDialect<SnRDialect>();
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) {
    return success();
  });
  // MLIR's text lexer reads up to a terminating NUL, as every file MLIR
  // opens has (SourceMgr buffers do); libFuzzer's bytes have none, so text
  // is copied into a string, which ends in one. Bytecode is read as given
  // (its reader is bounded by the buffer and checks its alignment).
  std::string terminated;
  llvm::StringRef source = text;
  if (!isBytecode(text)) {
    terminated = text.str();
    source = terminated;
  }
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, ParserConfig(&context), "fuzz.mlir");
  if (!module)
    return 0;
  SmallVector<ProgramOp> programs;
  module->walk([&](ProgramOp op) { programs.push_back(op); });
  for (ProgramOp op : programs) {
    (void)record::collectLineTable(op, "fuzz.mlir");
    sim::MemorySizes sizes;
    std::vector<trace::HloRange> hloMap;
    FailureOr<record::LoadedProgram> program =
        record::loadProgram(op, sizes, hloMap);
    if (failed(program))
      continue;
    record::ReferenceTarget target(*program,
                                   std::move(program->initialState));
    llvm::Expected<trace::Trace> recorded = record::recordTrace(
        target, program->instructions, 256, /*recording=*/nullptr,
        [](const arch::Instruction &, const trace::RecordedOutcome &) {});
    if (!recorded)
      llvm::consumeError(recorded.takeError());
  }
  return 0;
}
