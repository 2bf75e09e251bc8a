//===- OnePassBytecodeDifferentialTest.cpp - The writer against MLIR's reader -===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// SnR's one-pass bytecode writer against MLIR's own reader, over a seeded
// corpus of random modules (RandomModule.h: traces and programs, annotated
// and not, with digests and without, nested modules, every opcode, every
// kind of location and attribute): each module the writer writes reads back
// into identical IR, eagerly (parseSourceString) and lazily (BytecodeReader
// with lazy loading, each isolated op materialized in turn, or some at
// once), compared op by op (name, location, properties, attributes: the
// same uniqued objects) and as printed. MLIR's writer reads back the same,
// which checks the corpus. A failure names the seed: re-run it alone with
// SNR_BYTECODE_SEED=<seed>.
//
//===----------------------------------------------------------------------===//

#include "RandomModule.h"
#include "SampleTrace.h"

#include "SnR/Dialect/OnePassBytecodeWriter.h"
#include "SnR/Dialect/SnRDialect.h"
#include "SnR/Dialect/TraceDigest.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Bytecode/Encoding.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

using namespace mlir;
using namespace snr;

namespace {

using test::printGeneric;

/// How many random modules the test writes and reads.
constexpr uint64_t kModules = 300;

/// Why `a` and `b` differ, or empty: op names, locations, properties and
/// discardable attributes must be the very same objects (attributes are
/// uniqued in the context both live in), and so on down every region.
std::string show(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text.size() > 400 ? text.substr(0, 400) + "..." : text;
}

std::string difference(Operation *a, Operation *b) {
  std::string where = a->getName().getStringRef().str();
  if (a->getName() != b->getName())
    return "op " + where + " read back as " +
           b->getName().getStringRef().str();
  if (a->getLoc() != b->getLoc())
    return "the location of an op " + where + ", " + show(a->getLoc()) +
           ", read back as " + show(b->getLoc());
  if (a->getDiscardableAttrDictionary() != b->getDiscardableAttrDictionary())
    return "the attributes of an op " + where + ", " +
           show(a->getDiscardableAttrDictionary()) + ", read back as " +
           show(b->getDiscardableAttrDictionary());
  if (a->getPropertiesStorageSize() != b->getPropertiesStorageSize() ||
      (a->getPropertiesStorageSize() &&
       !a->getName().compareOpProperties(a->getPropertiesStorage(),
                                         b->getPropertiesStorage())))
    return "the properties of an op " + where + ", " +
           show(a->getPropertiesAsAttribute()) + ", read back as " +
           show(b->getPropertiesAsAttribute());
  if (a->getNumRegions() != b->getNumRegions())
    return "an op " + where + " has another number of regions";
  for (auto [ra, rb] : llvm::zip(a->getRegions(), b->getRegions())) {
    if (ra.getBlocks().size() != rb.getBlocks().size())
      return "a region of " + where + " has another number of blocks";
    for (auto [ba, bb] : llvm::zip(ra, rb)) {
      if (ba.getOperations().size() != bb.getOperations().size())
        return "a block of " + where + " has another number of ops";
      for (auto [oa, ob] : llvm::zip(ba, bb))
        if (std::string why = difference(&oa, &ob); !why.empty())
          return why;
    }
  }
  return {};
}

class OnePassBytecodeDifferentialTest : public ::testing::Test {
protected:
  OnePassBytecodeDifferentialTest() { context.loadDialect<SnRDialect>(); }

  /// The seeds to run: all, or the one SNR_BYTECODE_SEED names.
  std::vector<uint64_t> seeds() const {
    if (const char *one = std::getenv("SNR_BYTECODE_SEED"))
      return {std::strtoull(one, nullptr, 10)};
    std::vector<uint64_t> all;
    for (uint64_t seed = 0; seed < kModules; ++seed)
      all.push_back(seed);
    return all;
  }

  std::string writeOnePass(ModuleOp module) {
    std::string bytes, unsupported;
    llvm::raw_string_ostream os(bytes);
    EXPECT_TRUE(
        succeeded(writeOnePassBytecode(module, os, "test", &unsupported)))
        << unsupported;
    return bytes;
  }

  std::string writeMlir(ModuleOp module) {
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    EXPECT_TRUE(succeeded(
        writeBytecodeToFile(module, os, BytecodeWriterConfig("test"))));
    return bytes;
  }

  /// `bytes` read by parseSourceString, which verifies.
  OwningOpRef<ModuleOp> readEagerly(StringRef bytes) {
    return parseSourceString<ModuleOp>(bytes, &context);
  }

  /// `bytes` read with lazy loading: isolated ops are left for later where
  /// `now` says so, then materialized one by one, outermost first. Returns
  /// the module, verified, and counts the ops that were read lazily.
  OwningOpRef<ModuleOp>
  readLazily(StringRef bytes, llvm::function_ref<bool(Operation *)> now,
             unsigned &lazyOps) {
    auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "lazy",
                                                   /*RequiresNull=*/false);
    // Unmaterialized ops have empty regions: verify once all are read.
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    BytecodeReader reader(buffer->getMemBufferRef(), config,
                          /*lazyLoad=*/true);
    Block block;
    if (failed(reader.readTopLevel(&block, now)))
      return {};
    while (reader.getNumOpsToMaterialize() > 0) {
      Operation *next = nullptr;
      block.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!reader.isMaterializable(op))
          return WalkResult::advance();
        next = op;
        return WalkResult::interrupt();
      });
      if (!next)
        return {};
      ++lazyOps;
      if (failed(reader.materialize(next, now)))
        return {};
    }
    if (failed(reader.finalize()) || !llvm::hasSingleElement(block))
      return {};
    auto module = dyn_cast<ModuleOp>(block.front());
    if (!module)
      return {};
    module->remove();
    if (failed(verify(module)))
      return {};
    return module;
  }

  MLIRContext context;
};

/// The number of isolated-from-above ops in `op`, `op` included: each is a
/// section of its own, which a lazy reader may leave for later.
unsigned countIsolated(Operation *op) {
  unsigned count = 0;
  op->walk([&](Operation *nested) {
    count += nested->hasTrait<OpTrait::IsIsolatedFromAbove>();
  });
  return count;
}

TEST_F(OnePassBytecodeDifferentialTest, RandomModulesReadBackIdentical) {
  test::RandomModuleStats stats;
  unsigned withDigest = 0, lazilyRead = 0;
  for (uint64_t seed : seeds()) {
    SCOPED_TRACE("seed " + std::to_string(seed) +
                 " (re-run it alone with SNR_BYTECODE_SEED=" +
                 std::to_string(seed) + ")");
    OwningOpRef<ModuleOp> module =
        test::buildRandomModule(&context, seed, &stats);
    ASSERT_TRUE(succeeded(verify(*module))) << "the generator made bad IR";
    // What reading gives back: a digest is checked and dropped on reading.
    std::string expected = printGeneric(*module);
    OwningOpRef<ModuleOp> reference = module->clone();
    if (seed % 2) {
      attachTraceDigest(*module);
      ++withDigest;
    }

    std::string bytes = writeOnePass(*module);
    ASSERT_FALSE(bytes.empty());

    // MLIR's own writer agrees, eagerly and lazily: the corpus is IR that
    // bytecode carries exactly.
    std::string mlirBytes = writeMlir(*module);
    OwningOpRef<ModuleOp> viaMlir = readEagerly(mlirBytes);
    ASSERT_TRUE(viaMlir);
    ASSERT_EQ(difference(*reference, *viaMlir), "");
    unsigned mlirLazyOps = 0;
    viaMlir = readLazily(mlirBytes, [](Operation *) { return false; },
                         mlirLazyOps);
    ASSERT_TRUE(viaMlir);
    dropTraceDigest(*viaMlir);
    ASSERT_EQ(difference(*reference, *viaMlir), "");

    OwningOpRef<ModuleOp> eager = readEagerly(bytes);
    ASSERT_TRUE(eager);
    EXPECT_EQ(difference(*reference, *eager), "");
    EXPECT_TRUE(printGeneric(*eager) == expected) << "printed differently";

    // Lazily: every isolated op left for later, then read in turn. The
    // digest, which the reader could not check with the IR unread, was
    // checked by the verifier (readLazily) and is still there.
    unsigned lazyOps = 0;
    OwningOpRef<ModuleOp> lazy =
        readLazily(bytes, [](Operation *) { return false; }, lazyOps);
    ASSERT_TRUE(lazy);
    EXPECT_EQ(lazyOps, countIsolated(*module));
    lazilyRead += lazyOps;
    EXPECT_EQ(bool((*lazy)->getDiscardableAttr(kDigestAttrName)), seed % 2);
    dropTraceDigest(*lazy);
    EXPECT_EQ(difference(*reference, *lazy), "");
    EXPECT_TRUE(printGeneric(*lazy) == expected) << "printed differently";

    // Some isolated ops read at once, others later.
    std::mt19937_64 coin(seed);
    lazyOps = 0;
    OwningOpRef<ModuleOp> mixed = readLazily(
        bytes, [&](Operation *) { return coin() % 2 == 0; }, lazyOps);
    ASSERT_TRUE(mixed);
    dropTraceDigest(*mixed);
    EXPECT_EQ(difference(*reference, *mixed), "");
  }
  // What the corpus held (a generator that stopped making some content
  // would no longer test it).
  std::printf("%u traces, %u programs, %u nested modules, %u snapshots, %u "
              "instructions (%u annotated), %u attributes drawn; %u digests; "
              "%u ops read lazily\n",
              stats.traces, stats.programs, stats.nestedModules,
              stats.snapshots, stats.instructions, stats.annotated,
              stats.attributes, withDigest, lazilyRead);
  if (!std::getenv("SNR_BYTECODE_SEED")) {
    EXPECT_GT(stats.traces, kModules);
    EXPECT_GT(stats.programs, kModules / 2);
    EXPECT_GT(stats.nestedModules, kModules / 20);
    EXPECT_GT(stats.snapshots, kModules / 2);
    EXPECT_GT(stats.annotated, 10000u);
    EXPECT_GT(stats.instructions - stats.annotated, 10000u);
    EXPECT_GT(stats.attributes, 1000u);
    EXPECT_GT(withDigest, kModules / 3);
    EXPECT_GT(lazilyRead, kModules);
  }
}

} // namespace
