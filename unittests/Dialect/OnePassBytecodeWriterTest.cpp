//===- OnePassBytecodeWriterTest.cpp - SnR's bytecode writer --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the one-pass writer writes reads back, through MLIR's reader, into the
// IR it was written from (SampleTrace.h's every kind of content, and a large
// index that takes a multi-byte varint), and IR it does not handle is
// refused with a reason and nothing written. The tools' use of it, against
// MLIR's writer, is test/Dialect/one-pass-bytecode.test.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SampleTrace.h"

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

TEST_F(OnePassBytecodeWriterTest, RefusesSSAValuesAndWritesNothing) {
  context.allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      "%0 = builtin.unrealized_conversion_cast to i32\n", &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  std::string unsupported;
  EXPECT_TRUE(failed(writeOnePassBytecode(*module, os, "test", &unsupported)));
  EXPECT_EQ(unsupported, "SSA values");
  EXPECT_TRUE(bytes.empty());
  // writeBytecode hands it to MLIR's writer.
  ASSERT_TRUE(succeeded(writeBytecode(*module, os, "test")));
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_EQ(printGeneric(*read), printGeneric(*module));
}

TEST_F(OnePassBytecodeWriterTest, RefusesUnregisteredOps) {
  context.allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>("\"foo.bar\"() : () -> ()\n", &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  std::string unsupported;
  EXPECT_TRUE(failed(writeOnePassBytecode(*module, os, "test", &unsupported)));
  EXPECT_EQ(unsupported, "an unregistered op ('foo.bar')");
  EXPECT_TRUE(bytes.empty());
}

} // namespace
