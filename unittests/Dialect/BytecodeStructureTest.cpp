//===- BytecodeStructureTest.cpp - Flipped bytecode never crashes a reader ===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every bit of bytecode written by MLIR's own writer (what a stock MLIR tool
// writes: no SnR checksum) and by SnR's one-pass writer, flipped in turn and
// read as SnR's tools read it: checked (MlirInput.h), then parsed, in this
// process. A crash or a hang fails the test; a flipped file that reads must
// read as the same IR (the digest catches the others). Before the structure
// check, single-byte flips of such a file aborted MLIR's reader ("SmallVector
// unable to grow", "double free or corruption").
//
//===----------------------------------------------------------------------===//

#include "SampleTrace.h"

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Support/BytecodeStructure.h"
#include "SnR/Support/MlirInput.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Config/llvm-config.h"

#include "gtest/gtest.h"

#include <cstdio>

using namespace mlir;
using namespace snr;

namespace {

struct FlipCounts {
  unsigned structure = 0, parse = 0, same = 0;
};

class BytecodeFlips : public ::testing::Test {
protected:
  void SetUp() override { context.loadDialect<SnRDialect>(); }

  /// The sample trace, with its digest, in bytecode: MLIR's writer or SnR's.
  std::string write(bool onePass) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(test::kSampleTrace, &context);
    EXPECT_TRUE(module);
    attachTraceDigest(*module);
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (onePass)
      EXPECT_TRUE(succeeded(
          writeOnePassBytecode(*module, os, "MLIR" LLVM_VERSION_STRING)));
    else
      EXPECT_TRUE(succeeded(writeBytecodeToFile(
          *module, os, BytecodeWriterConfig("MLIR" LLVM_VERSION_STRING))));
    return bytes;
  }

  /// The IR `bytes` read as, or nullopt if checking or parsing refused it.
  std::optional<std::string> read(llvm::StringRef bytes, FlipCounts &counts) {
    if (llvm::Error error = checkMlirInput(bytes, "flipped.mlirbc")) {
      llvm::consumeError(std::move(error));
      ++counts.structure;
      return std::nullopt;
    }
    MLIRContext readContext;
    readContext.loadDialect<SnRDialect>();
    ScopedDiagnosticHandler quiet(&readContext,
                                  [](Diagnostic &) { return success(); });
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
        bytes, ParserConfig(&readContext), "flipped.mlirbc");
    if (!module) {
      ++counts.parse;
      return std::nullopt;
    }
    return test::printGeneric(*module);
  }

  /// Flips every bit of `bytes` in turn.
  FlipCounts flipEveryBit(const std::string &bytes) {
    FlipCounts counts;
    FlipCounts unused;
    std::optional<std::string> original = read(bytes, unused);
    EXPECT_TRUE(original) << "the unflipped file does not read";
    for (size_t at = 0; at < bytes.size(); ++at) {
      for (unsigned bit = 0; bit < 8; ++bit) {
        std::string flipped = bytes;
        flipped[at] = char(uint8_t(flipped[at]) ^ (1u << bit));
        std::optional<std::string> ir = read(flipped, counts);
        if (!ir)
          continue;
        ++counts.same;
        EXPECT_EQ(*ir, *original)
            << "byte " << at << " bit " << bit << " read as other IR";
      }
    }
    std::printf("%zu flips: %u refused by the structure check, %u by MLIR, "
                "%u read as the same IR\n",
                bytes.size() * 8, counts.structure, counts.parse, counts.same);
    return counts;
  }

  MLIRContext context;
};

TEST_F(BytecodeFlips, MlirWriterWithoutChecksum) {
  std::string bytes = write(/*onePass=*/false);
  ASSERT_FALSE(bytes.empty());
  FlipCounts counts = flipEveryBit(bytes);
  // Refused by the structure check, by MLIR (the parser, a verifier, the
  // digest), or read as the same IR: nothing else, and no crash or hang.
  EXPECT_GT(counts.structure, 0u);
  EXPECT_EQ(counts.structure + counts.parse + counts.same, bytes.size() * 8);
}

TEST_F(BytecodeFlips, OnePassWriterWithoutChecksum) {
  std::string bytes = write(/*onePass=*/true);
  ASSERT_FALSE(bytes.empty());
  FlipCounts counts = flipEveryBit(bytes);
  EXPECT_EQ(counts.structure + counts.parse + counts.same, bytes.size() * 8);
}

TEST(BytecodeStructure, AcceptsWhatMlirWrites) {
  MLIRContext context;
  context.loadDialect<SnRDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(test::kSampleTrace, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeBytecodeToFile(*module, os)));
  EXPECT_TRUE(isBytecode(bytes));
  llvm::Error error = checkBytecodeStructure(bytes, "sample.mlirbc");
  EXPECT_FALSE(error) << llvm::toString(std::move(error));
}

TEST(BytecodeStructure, RefusesTruncation) {
  MLIRContext context;
  context.loadDialect<SnRDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(test::kSampleTrace, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeBytecodeToFile(*module, os)));
  // Every proper prefix is refused, with the byte where it goes wrong.
  for (size_t size = 0; size < bytes.size(); ++size) {
    llvm::Error error =
        checkBytecodeStructure(llvm::StringRef(bytes).take_front(size), "t");
    ASSERT_TRUE(bool(error)) << "a prefix of " << size << " bytes passed";
    EXPECT_NE(llvm::toString(std::move(error)).find("invalid MLIR bytecode"),
              std::string::npos);
  }
}

} // namespace
