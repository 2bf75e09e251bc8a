//===- ProgramDiffTest.cpp - A program rewrite as a diff and a pc_map -----===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// formatUnifiedDiff (Myers' diff through a key, hunks with context) and
// computePcMap (where each original instruction is after a program rewrite),
// on small hand-made inputs whose expected outputs are written out.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/ProgramDiff.h"
#include "SnR/Report/RewriteOutcome.h"
#include "SnR/Rewrite/SnR/SnRRewriteTarget.h"

#include "llvm/Support/Regex.h"

#include <gtest/gtest.h>

using namespace snr;
using namespace snr::report;

namespace {

std::string diff(llvm::StringRef before, llvm::StringRef after,
                 unsigned context = 1) {
  // Lines compare without their "#N" suffix (a stand-in for a PC).
  llvm::Regex pc(" #[0-9]+$");
  llvm::Expected<std::string> text = formatUnifiedDiff(
      "a", before, "b", after,
      [&](llvm::StringRef line, bool) { return pc.sub("", line); }, context);
  EXPECT_TRUE(bool(text));
  return text ? *text : llvm::toString(text.takeError());
}

TEST(ProgramDiffTest, EqualTextsHaveNoDiff) {
  EXPECT_EQ(diff("x\ny\n", "x\ny\n"), "");
  // Equal but for the keys' ignored part: no diff either.
  EXPECT_EQ(diff("x #1\ny #2\n", "x #7\ny #8\n"), "");
}

TEST(ProgramDiffTest, AMovedLineIsRemovedHereAndAddedThere) {
  // d moves in front of b; one line of context around each change. The
  // changes are 2 lines apart (at most 2 * context): one hunk.
  EXPECT_EQ(diff("a #0\nb #1\nc #2\nd #3\ne #4\n",
                 "a #0\nd #1\nb #2\nc #3\ne #4\n"),
            "--- a\n+++ b\n"
            "@@ -1,5 +1,5 @@\n"
            " a #0\n"
            "+d #1\n"
            " b #1\n"
            " c #2\n"
            "-d #3\n"
            " e #4\n");
}

TEST(ProgramDiffTest, FarChangesAreHunksOfTheirOwn) {
  // Lines 2 and 9 change; 6 unchanged lines between (more than 2 * 1):
  // two hunks, each with a line of context, numbered in both files.
  EXPECT_EQ(diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
                 "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"),
            "--- a\n+++ b\n"
            "@@ -1,3 +1,3 @@\n"
            " 1\n-2\n+X\n 3\n"
            "@@ -10,1 +10,2 @@\n"
            " 10\n+11\n");
}

TEST(ProgramDiffTest, TooManyEditsIsAnError) {
  llvm::Expected<std::string> text = formatUnifiedDiff(
      "a", "1\n2\n3\n", "b", "4\n5\n6\n",
      [](llvm::StringRef line, bool) { return line.str(); }, 3,
      /*maxEdits=*/5);
  ASSERT_FALSE(bool(text));
  EXPECT_EQ(llvm::toString(text.takeError()),
            "a and b differ in more than 5 lines");
}

TEST(ProgramDiffTest, TheHtmlPageAnchorsEachRemovedInstruction) {
  std::string page;
  llvm::raw_string_ostream os(page);
  writeDiffHtml("t", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-x {pc = 7 : i64}\n"
                     "+x {pc = 3 : i64}\n",
                os);
  EXPECT_NE(page.find("<span class=\"del\" id=\"pc-7\">"), std::string::npos)
      << page;
  EXPECT_EQ(page.find("id=\"pc-3\""), std::string::npos);
}

TEST(ProgramDiffTest, ThePcMapFollowsEachInstruction) {
  // Six instructions at PCs 0-5; the DMA at index 4 moves in front of
  // index 1 with a copy of its slice (index 3, which it removes). The
  // layout: 0, then the block (the copy of 3, the DMA), then 1, 2, 5.
  ProgramRewriteOutcome outcome;
  for (uint64_t pc = 0; pc < 6; ++pc) {
    arch::Instruction inst;
    inst.pc = pc;
    inst.opcode = pc == 4   ? arch::Opcode::DmaIssue
                  : pc == 3 ? arch::Opcode::AddI
                            : arch::Opcode::Nop;
    outcome.instructions.push_back(inst);
  }
  rewrite::ProgramDecision d;
  d.dma = 4;
  d.move.emplace();
  d.move->dma = 4;
  d.move->landing = 1;
  d.move->block = {outcome.instructions[3], outcome.instructions[4]};
  d.move->blockOrigin = {3, 4};
  d.move->slice = {3};
  d.move->removed = {3};
  outcome.proved.accepted = true;
  outcome.proved.decisions = {d};
  record::LoadedProgram program;
  program.instructions = outcome.instructions;
  outcome.proved.layout =
      rewrite::applyProgramRewrite(program, outcome.proved.decisions,
                                   rewrite::getDefaultRewriteTarget());
  computePcMap(outcome);
  // 0 stays; 1 and 2 now at 3 and 4; the removed 3 is its copy at 1, the
  // DMA at 2; 5 stays. No copy is new.
  std::vector<std::tuple<uint64_t, uint64_t, uint64_t>> ranges;
  for (const PcMapRange &r : outcome.pcMap)
    ranges.emplace_back(r.before, r.after, r.count);
  EXPECT_EQ(ranges, (std::vector<std::tuple<uint64_t, uint64_t, uint64_t>>{
                        {0, 0, 1}, {1, 3, 2}, {3, 1, 2}, {5, 5, 1}}));
  EXPECT_TRUE(outcome.newPcs.empty());
  EXPECT_EQ(outcome.getNewPc(outcome.proved.decisions[0]), 2u);

  // Had the move not removed 3, its copy would be new and 3 itself stays.
  outcome.proved.decisions[0].move->removed.clear();
  outcome.proved.layout =
      rewrite::applyProgramRewrite(program, outcome.proved.decisions,
                                   rewrite::getDefaultRewriteTarget());
  computePcMap(outcome);
  EXPECT_EQ(outcome.newPcs, std::vector<uint64_t>{1});
  ranges.clear();
  for (const PcMapRange &r : outcome.pcMap)
    ranges.emplace_back(r.before, r.after, r.count);
  EXPECT_EQ(ranges, (std::vector<std::tuple<uint64_t, uint64_t, uint64_t>>{
                        {0, 0, 1}, {1, 3, 3}, {4, 2, 1}, {5, 6, 1}}));
}

} // namespace
