//===- OnePassBytecodeWriterTest.cpp - SnR's bytecode writer --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the one-pass writer writes reads back, through MLIR's reader, into the
// IR it was written from (SampleTrace.h's every kind of content, and a large
// index that takes a multi-byte varint), in the version it is pinned to; and
// IR it does not handle is refused with a reason and nothing written, and
// goes to MLIR's writer, byte for byte. The random corpus is
// OnePassBytecodeDifferentialTest.cpp; the tools' use of it, against MLIR's
// writer, test/Dialect/one-pass-bytecode.test.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SampleTrace.h"

#include "SnR/Dialect/TraceDigest.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace snr;

namespace {

using test::kSampleTrace;
using test::printGeneric;

class OnePassBytecodeWriterTest : public ::testing::Test {
protected:
  OnePassBytecodeWriterTest() { context.loadDialect<SnRDialect>(); }
  MLIRContext context;
};

TEST_F(OnePassBytecodeWriterTest, ReadsBackIntoTheSameIR) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  std::string unsupported;
  ASSERT_TRUE(
      succeeded(writeOnePassBytecode(*module, os, "test", &unsupported)))
      << unsupported;
  EXPECT_TRUE(StringRef(bytes).starts_with("ML\xefR"));
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_EQ(printGeneric(*read), printGeneric(*module));
}

TEST_F(OnePassBytecodeWriterTest, ManyEntriesTakeMultiByteIndices) {
  // More than 2^14 distinct locations and immediates: indices of three bytes.
  std::string text = "snr.trace @t at 0 {\n";
  for (int i = 0; i < 20000; ++i)
    text += "  snr.movi s1, " + std::to_string(i * 7 - 50000) +
            " {pc = " + std::to_string(i) +
            " : i64} loc(\"t.jsonl\":" + std::to_string(i + 2) + ":1)\n";
  text += "}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeOnePassBytecode(*module, os, "test")));
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_EQ(printGeneric(*read), printGeneric(*module));
}

TEST_F(OnePassBytecodeWriterTest, WritesThePinnedVersion) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeOnePassBytecode(*module, os, "test")));
  // The magic number, then the version as a one-byte varint.
  ASSERT_GT(bytes.size(), 5u);
  EXPECT_EQ(uint8_t(bytes[4]), (kOnePassBytecodeVersion << 1) | 1);
}

/// IR the one-pass writer does not handle, and the reason it gives.
struct Refusal {
  const char *ir;
  const char *reason;
};

class OnePassBytecodeRefusalTest
    : public OnePassBytecodeWriterTest,
      public ::testing::WithParamInterface<Refusal> {};

TEST_P(OnePassBytecodeRefusalTest, WritesNothingAndFallsBackToMlirsWriter) {
  context.allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().ir, &context);
  ASSERT_TRUE(module);
  if (StringRef(GetParam().reason) == "block arguments") {
    // No parser makes these: a trace whose body takes an argument.
    OpBuilder builder(&context);
    Block &body = (*module)->getRegion(0).front().front().getRegion(0).front();
    body.addArgument(builder.getI32Type(), builder.getUnknownLoc());
  }
  std::string bytes, unsupported;
  llvm::raw_string_ostream os(bytes);
  EXPECT_TRUE(failed(writeOnePassBytecode(*module, os, "test", &unsupported)));
  EXPECT_EQ(unsupported, GetParam().reason);
  EXPECT_TRUE(bytes.empty());

  // snr::writeBytecode, which SnR's tools call, then writes what MLIR's
  // writer writes, byte for byte...
  ASSERT_TRUE(succeeded(writeBytecode(*module, os, "test")));
  std::string mlirBytes;
  llvm::raw_string_ostream mlirOs(mlirBytes);
  ASSERT_TRUE(succeeded(
      writeBytecodeToFile(*module, mlirOs, BytecodeWriterConfig("test"))));
  EXPECT_TRUE(bytes == mlirBytes);
  // ...and so does writeTraceBytecode (snr-replay, snr-opt): with its digest
  // and checksum, it reads back into the same IR.
  std::string expected = printGeneric(*module);
  std::string traced;
  llvm::raw_string_ostream tracedOs(traced);
  ASSERT_TRUE(succeeded(writeTraceBytecode(*module, tracedOs)));
  // In a context of its own, as another process reads it (here a dialect
  // resource would be renamed, its name taken).
  MLIRContext other;
  other.loadDialect<SnRDialect>();
  other.allowUnregisteredDialects();
  ParserConfig config(&other, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(traced, config);
  ASSERT_TRUE(read);
  EXPECT_EQ(printGeneric(*read), expected);
}

INSTANTIATE_TEST_SUITE_P(
    EveryRefusal, OnePassBytecodeRefusalTest,
    ::testing::Values(
        Refusal{"%0 = builtin.unrealized_conversion_cast to i32\n",
                "SSA values"},
        Refusal{"\"foo.bar\"() : () -> ()\n",
                "an unregistered op ('foo.bar')"},
        Refusal{"module attributes {test.x = #foo.bar<1>} {}\n",
                "an attribute or type of an unregistered dialect"},
        Refusal{"module attributes {test.x = !foo.bar} {}\n",
                "an attribute or type of an unregistered dialect"},
        Refusal{"module attributes {test.x = dense_resource<blob> : "
                "tensor<4xi8>} {}\n"
                "{-#\n  dialect_resources: {\n    builtin: {\n      blob: "
                "\"0x0100000001020304\"\n    }\n  }\n#-}\n",
                "a dialect resource"},
        Refusal{"snr.trace @t at 0 {\n  snr.halt {pc = 0 : i64}\n}\n",
                "block arguments"}));

} // namespace
