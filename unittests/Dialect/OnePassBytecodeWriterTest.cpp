//===- OnePassBytecodeWriterTest.cpp - SnR's bytecode writer --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the one-pass writer writes reads back, through MLIR's reader, into the
// IR it was written from (every kind of content a trace holds, and a large
// index that takes a multi-byte varint), and IR it does not handle is
// refused with a reason and nothing written. The tools' use of it, against
// MLIR's writer, is test/Dialect/one-pass-bytecode.test.
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/SnRDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace snr;

namespace {

constexpr const char *kTrace = R"mlir(
snr.trace @t at 0 attributes {machine = "snr-ref"} {
  snr.snapshot {
    snr.init_reg s1 = 4096 loc("t.jsonl":2:1)
    snr.init_vreg v0 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]
    snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
  }
  snr.dma.issue hbm[s1] -> vmem[0], 640, f0 {hlo = "fusion.1", pc = 0 : i64} replay<issue = 0, ready = 1, dma = "hbm->vmem" base_end 100 start 100 complete 110> loc("t.jsonl":3:1)
  snr.movi s2, -3 {hlo = "fusion.1", pc = 1 : i64} replay<issue = 1, ready = 2> loc("t.jsonl":4:1)
  snr.cmpi gt p1, s2, 0 {pc = 2 : i64} replay<issue = 2, ready = 3> loc(fused["a.py":1:2, "b.py":3:4])
  snr.addi s2, s2, -1 if p1 {executed = true, pc = 3 : i64} replay<issue = 3, ready = 4, stall = 1 scoreboard> loc("t.jsonl":6:1)
  snr.vsplat v4, 1.5 {pc = 4 : i64, note = "a discardable attribute"}
  snr.dma.wait f0 {pc = 5 : i64} replay<issue = 110, ready = 111, stall = 106 dma_wait, wait base 96 transfer 10 slack 0 dmas 1> loc("t.jsonl":7:1)
}
)mlir";

std::string printWithLocations(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  return text;
}

class OnePassBytecodeWriterTest : public ::testing::Test {
protected:
  OnePassBytecodeWriterTest() { context.loadDialect<SnRDialect>(); }
  MLIRContext context;
};

TEST_F(OnePassBytecodeWriterTest, ReadsBackIntoTheSameIR) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kTrace, &context);
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
  EXPECT_EQ(printWithLocations(*read), printWithLocations(*module));
}

TEST_F(OnePassBytecodeWriterTest, ManyEntriesTakeMultiByteIndices) {
  // More than 2^14 distinct locations and immediates: indices of three bytes.
  std::string text = "snr.trace @t at 0 {\n";
  for (int i = 0; i < 20000; ++i)
    text += "  snr.movi s1, " + std::to_string(i * 7 - 50000) + " {pc = " +
            std::to_string(i) + " : i64} loc(\"t.jsonl\":" +
            std::to_string(i + 2) + ":1)\n";
  text += "}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeOnePassBytecode(*module, os, "test")));
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_EQ(printWithLocations(*read), printWithLocations(*module));
}

TEST_F(OnePassBytecodeWriterTest, RefusesSSAValuesAndWritesNothing) {
  context.allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      "%0 = builtin.unrealized_conversion_cast to i32\n", &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  std::string unsupported;
  EXPECT_TRUE(
      failed(writeOnePassBytecode(*module, os, "test", &unsupported)));
  EXPECT_EQ(unsupported, "SSA values");
  EXPECT_TRUE(bytes.empty());
  // writeBytecode hands it to MLIR's writer.
  ASSERT_TRUE(succeeded(writeBytecode(*module, os, "test")));
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_EQ(printWithLocations(*read), printWithLocations(*module));
}

TEST_F(OnePassBytecodeWriterTest, RefusesUnregisteredOps) {
  context.allowUnregisteredDialects();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>("\"foo.bar\"() : () -> ()\n", &context);
  ASSERT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  std::string unsupported;
  EXPECT_TRUE(
      failed(writeOnePassBytecode(*module, os, "test", &unsupported)));
  EXPECT_EQ(unsupported, "an unregistered op ('foo.bar')");
  EXPECT_TRUE(bytes.empty());
}

} // namespace
