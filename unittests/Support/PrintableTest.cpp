//===- PrintableTest.cpp - Names made safe for a terminal -----------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Support/Printable.h"

#include "gtest/gtest.h"

using namespace snr;

namespace {

TEST(Printable, LeavesTextAsItIs) {
  EXPECT_EQ(printable("fusion.12"), "fusion.12");
  EXPECT_TRUE(isPrintable("fusion.12"));
  // Letters of other scripts are text, not controls.
  EXPECT_EQ(printable("f\xc3\xbcsion \xe6\xbc\xa2"), "f\xc3\xbcsion \xe6\xbc\xa2");
  EXPECT_EQ(printable(""), "");
}

TEST(Printable, EscapesControlCharacters) {
  // ESC [ 2 J clears a terminal; a newline forges a line.
  EXPECT_EQ(printable("p\x1b[2J\nX"), "p\\x1b[2J\\nX");
  EXPECT_EQ(printable("a\tb\rc\x07"), "a\\tb\\rc\\x07");
  EXPECT_EQ(printable("del\x7f"), "del\\x7f");
  EXPECT_EQ(printable(llvm::StringRef("nul\0x", 5)), "nul\\x00x");
  EXPECT_FALSE(isPrintable("p\x1b"));
}

TEST(Printable, EscapesC1ControlsAndInvalidBytes) {
  // U+009B is the 8-bit CSI, as UTF-8 C2 9B.
  EXPECT_EQ(printable("a\xc2\x9b" "31m"), "a\\u009b31m");
  // A lone continuation byte and a truncated sequence are no UTF-8.
  EXPECT_EQ(printable("a\x9b" "b"), "a\\x9bb");
  EXPECT_EQ(printable("a\xe6\xbc"), "a\\xe6\\xbc");
  EXPECT_FALSE(isPrintable("\xc2\x85"));
  // U+00A0, just past the C1 range, is text.
  EXPECT_EQ(printable("\xc2\xa0"), "\xc2\xa0");
}

} // namespace
