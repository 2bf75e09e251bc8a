//===- MlirNestingTest.cpp - Nesting depth of MLIR text -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/MlirNesting.h"

#include "gtest/gtest.h"

using namespace snr;

namespace {

TEST(MlirNesting, CountsBracketsOfEveryKind) {
  // module { ( [ tensor< : depth 4 at the '<'.
  llvm::StringRef text = "module {\"a\"([tensor<4xi8>])}";
  EXPECT_EQ(findNestingBeyond(text, 4), std::nullopt);
  EXPECT_EQ(findNestingBeyond(text, 3), text.find('<'));
}

TEST(MlirNesting, SkipsStringsCommentsAndArrows) {
  // Brackets in strings and comments nest nothing; "->" closes nothing.
  llvm::StringRef text = "// [[[[\n\"[[[[\\\"[[\" (a) -> (b) [x]";
  EXPECT_EQ(findNestingBeyond(text, 1), std::nullopt);
  // A '<' after no name is a comparison, not a bracket.
  EXPECT_EQ(findNestingBeyond("(a < b < c < d)", 1), std::nullopt);
}

TEST(MlirNesting, LocatesTheBracketThatGoesTooDeep) {
  std::string text = "module {\n" + std::string(300, '[') +
                     std::string(300, ']') + "\n}";
  llvm::Error error = checkMlirNesting(text, "deep.mlir", 256);
  ASSERT_TRUE(bool(error));
  // Level 1 is the module's '{'; level 257 is the 256th '[', column 256.
  EXPECT_EQ(llvm::toString(std::move(error)),
            "deep.mlir:2:256: nesting deeper than 256 levels of brackets, "
            "more than --max-nesting-depth=256 allows (raise it to read this "
            "input)");
  EXPECT_FALSE(bool(checkMlirNesting(text, "deep.mlir", 301)));
}

TEST(MlirNesting, AStrayClosingBracketDoesNotEndTheScan) {
  std::string text = "] " + std::string(100, '(');
  EXPECT_EQ(findNestingBeyond(text, 50), 52u);
}

} // namespace
