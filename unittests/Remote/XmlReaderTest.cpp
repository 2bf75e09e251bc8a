//===- XmlReaderTest.cpp - The small XML reader ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/XmlReader.h"

#include "ErrorText.h"

#include "gtest/gtest.h"

using namespace snr::remote;
using snr::remote::test::errorOf;

namespace {

std::string parseError(llvm::StringRef text, const XmlLimits &limits = {}) {
  return errorOf(parseXml(text, "t.xml", limits));
}

TEST(XmlReader, PrologCommentsDoctypeAndElements) {
  const char *text = "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n"
                     "<!-- a comment with <tags> & such -->\n"
                     "<!DOCTYPE target SYSTEM \"gdb-target.dtd\" [\n"
                     "  <!ENTITY x \"]>\"> <!-- ] > -->\n"
                     "]>\n"
                     "<target version='1.0'>\n"
                     "  <architecture>riscv:rv64</architecture>\n"
                     "  <?pi inside?><!-- c -->\n"
                     "  <xi:include href=\"a.xml\"/>\n"
                     "  <feature name=\"f\"><reg name=\"x&lt;0&#x3e;&#65;\" "
                     "bitsize = \"64\" /></feature>\n"
                     "  <![CDATA[<raw & text>]]>\n"
                     "</target>\n<!-- trailing -->\n";
  llvm::Expected<std::unique_ptr<XmlElement>> root = parseXml(text, "t.xml");
  ASSERT_EQ(errorOf(root), "");
  XmlElement &target = **root;
  EXPECT_EQ(target.name, "target");
  EXPECT_EQ(target.getAttribute("version"), "1.0");
  ASSERT_EQ(target.children.size(), 3u);
  EXPECT_EQ(target.children[0]->text, "riscv:rv64");
  XmlElement &include = *target.children[1];
  EXPECT_EQ(include.name, "xi:include");
  EXPECT_EQ(include.getPrefix(), "xi");
  EXPECT_EQ(include.getLocalName(), "include");
  EXPECT_EQ(include.getAttribute("href"), "a.xml");
  XmlElement &reg = *target.children[2]->children[0];
  EXPECT_EQ(reg.getAttribute("name"), "x<0>A");
  EXPECT_EQ(reg.getAttribute("bitsize"), "64");
  EXPECT_FALSE(reg.getAttribute("regnum"));
  EXPECT_NE(target.text.find("<raw & text>"), std::string::npos);
  EXPECT_EQ(include.offset, std::string(text).find("<xi:include"));
}

TEST(XmlReader, UndeclaredPrefixIsNotAnError) {
  // QEMU's target.xml uses xi: without declaring it.
  llvm::Expected<std::unique_ptr<XmlElement>> root = parseXml(
      "<target><xi:include href=\"riscv-64bit-cpu.xml\"/></target>", "q.xml");
  ASSERT_EQ(errorOf(root), "");
  EXPECT_EQ((*root)->children[0]->getLocalName(), "include");
}

TEST(XmlReader, ErrorsGiveLineColumnAndOffset) {
  EXPECT_EQ(parseError(""), "t.xml:1:1 (offset 0): no root element");
  EXPECT_EQ(parseError("<a>"), "t.xml:1:1 (offset 0): <a> is never closed");
  EXPECT_EQ(parseError("<a></b>"),
            "t.xml:1:4 (offset 3): </b> closes <a> (opened at t.xml:1:1 "
            "(offset 0))");
  EXPECT_EQ(parseError("<a>\n <b x=1/></a>"),
            "t.xml:2:7 (offset 10): expected a quoted value for attribute "
            "'x'");
  EXPECT_EQ(parseError("<a x='1' x='2'/>"),
            "t.xml:1:10 (offset 9): attribute 'x' given twice");
  EXPECT_EQ(parseError("<a x='1'y='2'/>"),
            "t.xml:1:9 (offset 8): expected white space, '>' or '/>' in <a>");
  EXPECT_EQ(parseError("<a x/>"),
            "t.xml:1:5 (offset 4): expected '=' after attribute 'x'");
  EXPECT_EQ(parseError("<a x='<'/>"),
            "t.xml:1:7 (offset 6): '<' in the value of attribute 'x'");
  EXPECT_EQ(parseError("<a x='1"),
            "t.xml:1:4 (offset 3): unterminated value of attribute 'x'");
  EXPECT_EQ(parseError("<a>&nbsp;</a>"),
            "t.xml:1:4 (offset 3): unknown entity '&nbsp;'");
  EXPECT_EQ(parseError("<a>&#0;</a>"),
            "t.xml:1:4 (offset 3): invalid character reference");
  EXPECT_EQ(parseError("<a>&#xD800;</a>"),
            "t.xml:1:4 (offset 3): invalid character reference");
  EXPECT_EQ(parseError("<a>& b</a>"),
            "t.xml:1:4 (offset 3): '&' does not start an entity reference");
  EXPECT_EQ(parseError("<!-- x"), "t.xml:1:1 (offset 0): unterminated comment");
  EXPECT_EQ(parseError("<?xml"),
            "t.xml:1:1 (offset 0): unterminated processing instruction");
  EXPECT_EQ(parseError("<!DOCTYPE x [ "),
            "t.xml:1:1 (offset 0): unterminated <!DOCTYPE>");
  EXPECT_EQ(parseError("<!DOCTYPE a><!DOCTYPE b><a/>"),
            "t.xml:1:13 (offset 12): a second <!DOCTYPE>");
  EXPECT_EQ(parseError("hello"),
            "t.xml:1:1 (offset 0): text before the root element");
  EXPECT_EQ(parseError("<a/><b/>"),
            "t.xml:1:5 (offset 4): content after the root element </a>");
  EXPECT_EQ(parseError("<a/>\n<!DOCTYPE x>"),
            "t.xml:2:1 (offset 5): content after the root element </a>");
  EXPECT_EQ(parseError("<1/>"),
            "t.xml:1:2 (offset 1): expected an element name after '<'");
  EXPECT_EQ(parseError("<a><![CDATA[x</a>"),
            "t.xml:1:4 (offset 3): unterminated CDATA section");
  EXPECT_EQ(parseError("<a><!ELEMENT x></a>"),
            "t.xml:1:4 (offset 3): unexpected markup declaration in <a>");
}

TEST(XmlReader, Limits) {
  XmlLimits limits;
  limits.maxDepth = 3;
  EXPECT_EQ(parseError("<a><b><c/></b></a>", limits), "");
  EXPECT_EQ(parseError("<a><b><c><d/></c></b></a>", limits),
            "t.xml:1:10 (offset 9): elements nested deeper than 3");
  limits = XmlLimits();
  limits.maxElements = 2;
  EXPECT_EQ(parseError("<a><b/><c/></a>", limits),
            "t.xml:1:8 (offset 7): more than 2 elements");
  limits = XmlLimits();
  limits.maxBytes = 4;
  EXPECT_EQ(parseError("<a></a>", limits),
            "t.xml:1:1 (offset 0): the document has 7 bytes, more than the "
            "limit of 4");
  // Deep nesting stops at the default depth, not at the end of the stack.
  std::string deep;
  for (int i = 0; i < 100000; ++i)
    deep += "<a>";
  EXPECT_NE(parseError(deep).find("nested deeper than 64"), std::string::npos);
}

} // namespace
