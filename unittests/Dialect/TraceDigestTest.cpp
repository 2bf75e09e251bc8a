//===- TraceDigestTest.cpp - What the bytecode digest covers --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The digest changes with every kind of content an annotated trace holds,
// reading bytecode checks and drops it, and a text form that carries one is
// checked by the verifier until the digest is deleted; a lazy reader's
// digest is checked once what it left for later is read. (Flipping every byte
// of a written file is test/Dialect/bytecode-digest.test: MLIR's bytecode
// reader can crash on some flips, so each read runs in its own process.)
//
//===----------------------------------------------------------------------===//

#include "SnR/Dialect/TraceDigest.h"
#include "SnR/Dialect/SnRAttrs.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/SnROps.h"
#include "SampleTrace.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;
using namespace snr;

namespace {

using test::kSampleTrace;
using test::printGeneric;

class TraceDigestTest : public ::testing::Test {
protected:
  TraceDigestTest() { context.loadDialect<SnRDialect>(); }

  /// The trace as bytecode (with a digest if `digest`) and as generic text.
  std::pair<std::string, std::string> write(bool digest) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kSampleTrace, &context);
    EXPECT_TRUE(module);
    std::string expected = printGeneric(*module);
    if (digest)
      attachTraceDigest(*module);
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    EXPECT_TRUE(succeeded(writeBytecodeToFile(*module, os)));
    return {bytes, expected};
  }

  MLIRContext context;
};

TEST_F(TraceDigestTest, ReadingDropsAnIntactDigest) {
  auto [bytes, expected] = write(/*digest=*/true);
  OwningOpRef<ModuleOp> read = parseSourceString<ModuleOp>(bytes, &context);
  ASSERT_TRUE(read);
  EXPECT_FALSE((*read)->hasAttr(kDigestAttrName));
  EXPECT_EQ(printGeneric(*read), expected);
}

TEST_F(TraceDigestTest, InTwoStepsTheSameAsInOne) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  ASSERT_TRUE(module);
  // Hashed before the annotations change (as snr-replay does while it
  // replays), attached after.
  TraceDigestBuilder builder(*module);
  (*module)->walk([](InstructionOpInterface inst) {
    ReplayAnnotation annotation = inst.getReplayAnnotation();
    annotation.ready += 1000;
    inst.setReplayAnnotation(annotation);
  });
  builder.attach();
  auto digest = cast<DigestAttr>((*module)->getAttr(kDigestAttrName));
  uint64_t expected = computeTraceDigest(*module);
  EXPECT_EQ(digest.getText().drop_front(3),
            llvm::utohexstr(expected, true, 16));
  EXPECT_TRUE(succeeded(checkTraceDigest(*module, (*module)->getLoc())));
}

TEST_F(TraceDigestTest, EveryKindOfContentChangesTheDigest) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  ASSERT_TRUE(module);
  uint64_t original = computeTraceDigest(*module);
  // Same content, another process-local object: the same digest.
  OwningOpRef<ModuleOp> again =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  EXPECT_EQ(computeTraceDigest(*again), original);
  // One edit of each kind, each on a fresh copy of the text.
  const std::pair<const char *, const char *> edits[] = {
      {"hlo = \"fusion.1\", pc = 1", "hlo = \"fusion.2\", pc = 1"}, // an HLO
      {"snr.movi s2", "snr.movi s3"},                   // a register
      {"ready = 2>", "ready = 9>"},                     // an annotation
      {"complete 110", "complete 111"},                 // a DMA's fields
      {"slack 0 dmas 1", "slack 0 dmas 2"},             // a wait's fields
      {"\"t.jsonl\":3:0", "\"t.jsonl\":4:0"},           // a location
      {"dense<[1, 2, 3, 4]>", "dense<[1, 2, 3, 5]>"},   // memory
      {"14.0, 15.0]", "14.0, 15.5]"},                   // lanes
      {"executed = true", "executed = false"},          // an outcome
      {"machine = \"snr-ref\"", "machine = \"snr-x\""}, // the trace's
      {"snr.movi s2, 3 {hlo", "snr.movi s2, 4 {hlo"},   // an immediate
  };
  for (auto [from, to] : edits) {
    std::string text = kSampleTrace;
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, strlen(from), to);
    OwningOpRef<ModuleOp> edited = parseSourceString<ModuleOp>(text, &context);
    ASSERT_TRUE(edited) << to;
    EXPECT_NE(computeTraceDigest(*edited), original) << from << " -> " << to;
  }
}

TEST_F(TraceDigestTest, AnEditedTextFormIsRejectedUntilItsDigestGoes) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kSampleTrace, &context);
  ASSERT_TRUE(module);
  attachTraceDigest(*module);
  // With its locations: they are content too.
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo());
  // The text form read back verifies; with one cycle changed it does not.
  EXPECT_TRUE(parseSourceString<ModuleOp>(text, &context));
  std::string edited = text;
  size_t at = edited.find("ready = 2>");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 10, "ready = 9>");
  std::string error;
  {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      error = diag.str();
      return success();
    });
    EXPECT_FALSE(parseSourceString<ModuleOp>(edited, &context));
  }
  EXPECT_NE(error.find("does not match its digest"), std::string::npos)
      << error;
  // Deleting the digest accepts the edit.
  size_t begin = edited.find(" attributes {snr.digest");
  ASSERT_NE(begin, std::string::npos);
  edited.erase(begin, edited.find('}', begin) + 1 - begin);
  EXPECT_TRUE(parseSourceString<ModuleOp>(edited, &context)) << edited;
}

TEST_F(TraceDigestTest, ALazyReaderChecksTheDigestOnceItHasReadEverything) {
  // With lazy loading, the trace (isolated from above) is not read when the
  // dialect's hook runs: the digest cannot be checked then, and is not
  // taken for a mismatch. Verifying the module once it is read checks it.
  for (bool intact : {true, false}) {
    SCOPED_TRACE(intact ? "an intact digest" : "a wrong digest");
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kSampleTrace, &context);
    ASSERT_TRUE(module);
    attachTraceDigest(*module);
    if (!intact)
      (*module)->setDiscardableAttr(
          kDigestAttrName, DigestAttr::get(&context, "v1:0123456789abcdef"));
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    ASSERT_TRUE(succeeded(writeBytecodeToFile(*module, os)));

    auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "lazy", false);
    // The reader keeps a reference to its config.
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    BytecodeReader reader(buffer->getMemBufferRef(), config,
                          /*lazyLoad=*/true);
    Block block;
    ASSERT_TRUE(succeeded(
        reader.readTopLevel(&block, [](Operation *) { return false; })));
    // The module itself was left for later, and its digest with it.
    Operation *read = &block.front();
    ASSERT_TRUE(reader.isMaterializable(read));
    EXPECT_TRUE(read->hasAttr(kDigestAttrName));
    EXPECT_TRUE(hasUnreadRegions(read));
    // (The module does not verify yet: its body is not there.)
    EXPECT_TRUE(succeeded(context.getLoadedDialect<SnRDialect>()
                              ->verifyOperationAttribute(
                                  read, *read->getAttrDictionary().getNamed(
                                            kDigestAttrName))))
        << "checked before it was read";
    while (reader.getNumOpsToMaterialize() > 0) {
      Operation *next = nullptr;
      block.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (next || !reader.isMaterializable(op))
          return;
        next = op;
      });
      ASSERT_TRUE(next);
      ASSERT_TRUE(succeeded(reader.materialize(
          next, [](Operation *) { return false; })));
    }
    ASSERT_TRUE(succeeded(reader.finalize()));
    EXPECT_FALSE(hasUnreadRegions(read));
    std::string error;
    {
      ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
        error = diag.str();
        return success();
      });
      EXPECT_EQ(succeeded(verify(read)), intact);
    }
    if (!intact) {
      EXPECT_NE(error.find("does not match its digest"), std::string::npos)
          << error;
    }
  }
}

} // namespace
