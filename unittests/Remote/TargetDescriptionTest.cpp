//===- TargetDescriptionTest.cpp - Register maps from target XML ----------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Remote/TargetDescription.h"

#include "ErrorText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace snr::remote;
using snr::remote::test::errorOf;

namespace {

/// Documents served by name, counting fetches.
struct Documents {
  llvm::StringMap<std::string> files;
  unsigned fetches = 0;
  llvm::Expected<std::string> operator()(llvm::StringRef annex) {
    ++fetches;
    auto it = files.find(annex);
    if (it == files.end())
      return llvm::createStringError(
          std::make_error_code(std::errc::no_such_file_or_directory),
          "the stub replied 'E00'");
    return it->second;
  }
  llvm::Expected<TargetDescription>
  read(const TargetDescriptionLimits &limits = {}) {
    return TargetDescription::read(
        "target.xml", [this](llvm::StringRef a) { return (*this)(a); }, limits);
  }
};

/// QEMU 7.2's description for `qemu-riscv64 -cpu rv64,v=true,vlen=128`,
/// as its stub served it (unittests/Remote/Inputs).
Documents qemuDocuments() {
  Documents docs;
  for (const char *name :
       {"target.xml", "riscv-64bit-cpu.xml", "riscv-64bit-fpu.xml",
        "riscv-vector.xml", "riscv-64bit-virtual.xml", "riscv-csr.xml"}) {
    llvm::SmallString<256> path(SNR_REMOTE_TEST_INPUTS);
    llvm::sys::path::append(path, "qemu-7.2-rv64v", name);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    EXPECT_TRUE(bool(buffer)) << path.c_str();
    if (buffer)
      docs.files[name] = (*buffer)->getBuffer().str();
  }
  return docs;
}

TEST(TargetDescription, Qemu72RiscvVector) {
  Documents docs = qemuDocuments();
  llvm::Expected<TargetDescription> desc = docs.read();
  ASSERT_EQ(errorOf(desc), "");
  EXPECT_EQ(docs.fetches, 6u);
  EXPECT_EQ(desc->getArchitecture(), "riscv:rv64");
  ASSERT_EQ(desc->getFeatures().size(), 5u);
  EXPECT_EQ(desc->getFeatures()[0], "org.gnu.gdb.riscv.cpu");
  EXPECT_EQ(desc->getFeatures()[4], "org.gnu.gdb.riscv.csr");
  // 118 registers described, 7 of them twice.
  EXPECT_EQ(desc->getRegisters().size() + desc->getDuplicates().size(), 118u);
  EXPECT_EQ(desc->getRegisters().size(), 111u);
  ASSERT_EQ(desc->getDuplicates().size(), 7u);

  // Numbered as GDB numbers them: by count where no regnum is given.
  EXPECT_EQ(desc->lookup("zero")->regnum, 0u);
  EXPECT_EQ(desc->lookup("pc")->regnum, 32u);
  EXPECT_EQ(desc->lookup("pc")->type, "code_ptr");
  EXPECT_EQ(desc->lookup("ft0")->regnum, 33u);
  EXPECT_EQ(desc->lookup("ft11")->regnum, 64u);
  EXPECT_EQ(desc->lookup("ft0")->type, "riscv_double");
  EXPECT_EQ(desc->lookup("v0")->regnum, 65u);
  EXPECT_EQ(desc->lookup("v31")->regnum, 96u);
  EXPECT_EQ(desc->lookup("v31")->bitsize, 128u);
  EXPECT_EQ(desc->lookup("v31")->getBytes(), 16u);
  EXPECT_EQ(desc->lookup("v31")->group, "vector");
  EXPECT_EQ(desc->lookup("v31")->feature, "org.gnu.gdb.riscv.vector");
  // The count goes on after an explicit number: priv follows vlenb (103).
  EXPECT_EQ(desc->lookup("priv")->regnum, 104u);
  EXPECT_EQ(desc->lookup("fflags")->regnum, 106u);
  EXPECT_EQ(desc->lookup("cycle")->regnum, 3177u);
  EXPECT_EQ(desc->lookup(3177u)->name, "cycle");
  EXPECT_EQ(desc->lookup(105u), nullptr);
  EXPECT_EQ(desc->lookup("x5"), nullptr);

  // The vector feature comes first and keeps the names; the CSR feature's
  // copies are duplicates, with their own numbers.
  EXPECT_EQ(desc->lookup("vl")->regnum, 101u);
  EXPECT_EQ(desc->lookup("vl")->feature, "org.gnu.gdb.riscv.vector");
  std::vector<std::string> names;
  for (const DuplicateRegister &dup : desc->getDuplicates())
    names.push_back(dup.description.name + "@" +
                    std::to_string(dup.description.regnum) + "/" +
                    std::to_string(dup.keptRegnum));
  EXPECT_EQ(names, (std::vector<std::string>{"vstart@113/97", "vxsat@114/98",
                                             "vxrm@115/99", "vcsr@120/100",
                                             "vl@3209/101", "vtype@3210/102",
                                             "vlenb@3211/103"}));
  EXPECT_EQ(desc->getDuplicates()[4].description.feature,
            "org.gnu.gdb.riscv.csr");

  // QEMU's `g` reply (264 bytes) holds x0-x31 and pc.
  auto slots = desc->getGSlots(264);
  ASSERT_EQ(slots.size(), 33u);
  EXPECT_EQ(slots[32].reg->name, "pc");
  EXPECT_EQ(slots[32].offset, 256u);
  // The full layout: every number once, duplicates included, by number.
  EXPECT_EQ(desc->getGLayout().size(), 118u);
  EXPECT_EQ(desc->getGLayout()[65].reg->name, "v0");
  EXPECT_EQ(desc->getGLayout()[65].offset, 65u * 8);
  EXPECT_EQ(desc->getGLayout()[66].offset, 65u * 8 + 16);
}

TEST(TargetDescription, ExplicitAndImplicitNumbers) {
  llvm::Expected<TargetDescription> desc = TargetDescription::parse(
      "<target><feature name='a'>"
      "<reg name='r0' bitsize='32'/>"
      "<reg name='r1' bitsize='32' regnum='10'/>"
      "<reg name='r2' bitsize='8'/>"
      "<reg name='r3' bitsize='1' regnum='2'/>"
      "<reg name='r4' bitsize='16' type='uint16' group='general'/>"
      "</feature><feature name='b'><reg name='r5' bitsize='64'/></feature>"
      "</target>",
      "t.xml");
  ASSERT_EQ(errorOf(desc), "");
  EXPECT_EQ(desc->lookup("r0")->regnum, 0u);
  EXPECT_EQ(desc->lookup("r1")->regnum, 10u);
  EXPECT_EQ(desc->lookup("r2")->regnum, 11u);
  EXPECT_EQ(desc->lookup("r3")->regnum, 2u);
  EXPECT_EQ(desc->lookup("r3")->getBytes(), 1u);
  EXPECT_EQ(desc->lookup("r4")->regnum, 3u);
  EXPECT_EQ(desc->lookup("r4")->type, "uint16");
  EXPECT_EQ(desc->lookup("r4")->group, "general");
  EXPECT_EQ(desc->lookup("r0")->type, "int");
  EXPECT_EQ(desc->lookup("r5")->regnum, 4u);
  EXPECT_EQ(desc->lookup("r5")->feature, "b");
  // `g`: by number, r0 r3 r4 r5 r1 r2.
  auto layout = desc->getGLayout();
  ASSERT_EQ(layout.size(), 6u);
  EXPECT_EQ(layout[1].reg->name, "r3");
  EXPECT_EQ(layout[1].offset, 4u);
  EXPECT_EQ(layout[4].reg->name, "r1");
  EXPECT_EQ(layout[4].offset, 4u + 1 + 2 + 8);
  // A reply that ends inside a register holds only those before it.
  EXPECT_EQ(desc->getGSlots(6).size(), 2u);
  EXPECT_EQ(desc->getGSlots(7).size(), 3u);
}

TEST(TargetDescription, NestedIncludesAndUnknownElements) {
  Documents docs;
  docs.files["target.xml"] =
      "<?xml version=\"1.0\"?><!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
      "<target><architecture> arm </architecture><osabi>GNU/Linux</osabi>"
      "<compatible>x</compatible><future-thing/>"
      "<xi:include href=\"core.xml\"/></target>";
  docs.files["core.xml"] =
      "<feature name='core'><reg name='a' bitsize='32'/>"
      "<flags id='f' size='4'><field name='z' start='0' end='0'/></flags>"
      "<include:include href='more.xml'/></feature>";
  docs.files["more.xml"] = "<reg name='b' bitsize='32'/>";
  llvm::Expected<TargetDescription> desc = docs.read();
  ASSERT_EQ(errorOf(desc), "");
  EXPECT_EQ(desc->getArchitecture(), "arm");
  EXPECT_EQ(desc->getOsAbi(), "GNU/Linux");
  ASSERT_EQ(desc->getRegisters().size(), 2u);
  EXPECT_EQ(desc->lookup("b")->regnum, 1u);
  EXPECT_EQ(desc->lookup("b")->feature, "core");
  EXPECT_EQ(desc->getDocuments().size(), 3u);
}

TEST(TargetDescription, Errors) {
  auto fail = [](llvm::StringMap<std::string> files,
                 const TargetDescriptionLimits &limits = {}) {
    Documents docs;
    docs.files = std::move(files);
    return errorOf(docs.read(limits));
  };
  EXPECT_EQ(fail({{"target.xml", "<feature name='x'/>"}}),
            "target.xml:1:1 (offset 0): the root element is <feature>, not "
            "<target>");
  EXPECT_EQ(
      fail({{"target.xml", "<target><feature><reg/></feature></target>"}}),
      "target.xml:1:9 (offset 8): <feature> has no name");
  EXPECT_EQ(fail({{"target.xml",
                   "<target><feature name='f'><reg bitsize='8'/></feature>"
                   "</target>"}}),
            "target.xml:1:27 (offset 26): <reg> has no name");
  EXPECT_EQ(
      fail({{"target.xml", "<target><feature name='f'><reg name='r'/></feature>"
                           "</target>"}}),
      "target.xml:1:27 (offset 26): register 'r' has no bitsize");
  EXPECT_EQ(fail({{"target.xml",
                   "<target><feature name='f'><reg name='r' bitsize='0'/>"
                   "</feature></target>"}}),
            "target.xml:1:27 (offset 26): register 'r' has bitsize '0' "
            "(expected 1 to 65536)");
  EXPECT_EQ(fail({{"target.xml",
                   "<target><feature name='f'><reg name='r' bitsize='8' "
                   "regnum='-1'/></feature></target>"}}),
            "target.xml:1:27 (offset 26): register 'r' has regnum '-1' "
            "(expected a decimal number below 16777216)");
  // A missing include, a broken one, one with no href.
  EXPECT_EQ(
      fail({{"target.xml", "<target><xi:include href='a.xml'/></target>"}}),
      "target.xml:1:9 (offset 8): cannot read 'a.xml': the stub replied "
      "'E00'");
  EXPECT_EQ(
      fail({{"target.xml", "<target>\n  <xi:include href='a.xml'/></target>"},
            {"a.xml", "<feature name='f'><reg name='r'></feature>"}}),
      "a.xml:1:33 (offset 32): </feature> closes <reg> (opened at "
      "a.xml:1:19 (offset 18)) (included from target.xml:2:3 (offset "
      "11))");
  EXPECT_EQ(fail({{"target.xml", "<target><xi:include href='a.xml'/></target>"},
                  {"a.xml", "<feature name='f'><reg name='r'/></feature>"}}),
            "a.xml:1:19 (offset 18): register 'r' has no bitsize (included "
            "from target.xml:1:9 (offset 8))");
  EXPECT_EQ(fail({{"target.xml", "<target><xi:include/></target>"}}),
            "target.xml:1:9 (offset 8): <xi:include> has no href");
  EXPECT_EQ(fail({{"target.xml",
                   "<target><xi:include href='target.xml'/></target>"}}),
            "target.xml:1:9 (offset 8): includes itself: target.xml -> "
            "target.xml");
  EXPECT_EQ(fail({{"target.xml", "<target><xi:include href='a.xml'/></target>"},
                  {"a.xml", "<target/>"}}),
            "a.xml:1:1 (offset 0): an included document cannot be a <target> "
            "(included from target.xml:1:9 (offset 8))");
  // Limits: include count, depth, total size, register count.
  TargetDescriptionLimits limits;
  limits.maxIncludes = 2;
  EXPECT_EQ(fail({{"target.xml",
                   "<target><xi:include href='a'/><xi:include href='a'/>"
                   "<xi:include href='a'/></target>"},
                  {"a", "<feature name='f'/>"}},
                 limits),
            "target.xml:1:53 (offset 52): more than 2 includes");
  limits = TargetDescriptionLimits();
  limits.maxIncludeDepth = 2;
  EXPECT_EQ(fail({{"target.xml", "<target><xi:include href='a'/></target>"},
                  {"a", "<feature name='a'><xi:include href='b'/></feature>"},
                  {"b", "<feature name='b'><xi:include href='c'/></feature>"},
                  {"c", "<feature name='c'/>"}},
                 limits),
            "b:1:19 (offset 18): includes nested deeper than 2 (included from "
            "a:1:19 (offset 18))");
  limits = TargetDescriptionLimits();
  limits.maxTotalBytes = 60;
  EXPECT_EQ(fail({{"target.xml", "<target><xi:include href='a'/></target>"},
                  {"a", "<feature name='ffffffffffffffffffffffff'/>"}},
                 limits),
            "target.xml:1:9 (offset 8): the target description's documents "
            "exceed 60 bytes");
  limits = TargetDescriptionLimits();
  limits.maxRegisters = 1;
  EXPECT_EQ(fail({{"target.xml",
                   "<target><feature name='f'><reg name='a' bitsize='8'/>"
                   "<reg name='b' bitsize='8'/></feature></target>"}},
                 limits),
            "target.xml:1:54 (offset 53): more than 1 registers");
  // No fetcher at all.
  EXPECT_EQ(errorOf(TargetDescription::parse(
                "<target><xi:include href='a'/></target>", "t.xml")),
            "t.xml:1:9 (offset 8): cannot include 'a': nothing to fetch it "
            "with");
}

} // namespace
