//===- ArgumentsTest.cpp - Empty option values refused --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Arguments.h"

#include "gtest/gtest.h"

using namespace snr;

namespace {

std::string check(std::vector<const char *> args) {
  args.insert(args.begin(), "tool");
  llvm::Error error = checkArguments(int(args.size()), args.data());
  return error ? llvm::toString(std::move(error)) : "";
}

TEST(Arguments, AcceptsValues) {
  EXPECT_EQ(check({"t.jsonl", "--machine=m.json", "-o", "out", "--apply"}), "");
  // A value may hold '=' and be a dash; '-' alone is standard input.
  EXPECT_EQ(check({"--pass-pipeline=builtin.module(a{b=c})", "-", "-o", "-"}),
            "");
}

TEST(Arguments, RefusesAnEmptyValue) {
  EXPECT_EQ(check({"t.jsonl", "--machine=", "-o", "out"}),
            "'--machine=' gives no value; name one, or leave the option out "
            "for its default");
  EXPECT_EQ(check({"-o="}), "'-o=' gives no value; name one, or leave the "
                            "option out for its default");
}

TEST(Arguments, RefusesAnEmptyArgument) {
  EXPECT_EQ(check({"t.jsonl", "--machine", ""}),
            "argument 3 is empty (after '--machine'); an option needs a "
            "value, a file a name");
  EXPECT_EQ(check({""}),
            "argument 1 is empty; an option needs a value, a file a name");
}

TEST(Arguments, AfterTheSeparatorOnlyEmptinessCounts) {
  EXPECT_EQ(check({"--", "--weird="}), "");
  EXPECT_NE(check({"--", ""}), "");
}

} // namespace
