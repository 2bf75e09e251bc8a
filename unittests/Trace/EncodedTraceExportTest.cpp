//===- EncodedTraceExportTest.cpp - riscv ops back to a trace -------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A RISC-V trace read from text, imported into the riscv dialect and
// exported again (exportEncodedTrace) is the trace that was read, field for
// field: the header the replay and the timing use, the snapshot, each
// instruction's PC, encoding, size, next PC and `after` values; the
// positions index the ops.
//
//===----------------------------------------------------------------------===//

#include "SnR/Trace/EncodedTraceExport.h"
#include "SnR/Dialect/RISCV/RISCVOps.h"
#include "SnR/Trace/EncodedTrace.h"
#include "SnR/Trace/EncodedTraceImport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace snr;

namespace {

// A vsetvli with values after it, a jump with a next_pc, a compressed add.
constexpr const char *kTrace =
    R"({"format":"snr-trace","version":1,"isa":"riscv64","isa_string":"rv64gcv","vlenb":64,"machine":"riscv:rv64","program":"k.elf","start_pc":4096,"instructions":3}
{"reg":"a0","bytes":"2000000000000000"}
{"mem":"ram","addr":8192,"bytes":"05000000"}
{"reg":"a5","bytes":"0020000000000000"}
{"pc":4096,"enc":"0x0d1572d7","after":{"vl":32,"vtype":209}}
{"pc":4100,"enc":"0x0080006f","next_pc":4108}
{"pc":4108,"enc":"0x962e"}
)";

TEST(EncodedTraceExport, GivesBackTheTraceItWasImportedFrom) {
  llvm::Expected<trace::EncodedTrace> read =
      trace::loadEncodedTrace(llvm::MemoryBufferRef(kTrace, "k.jsonl"),
                              "k.jsonl");
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      importEncodedTrace(*read, &context);
  ASSERT_TRUE(module);
  auto traceOp = *module->getOps<riscv::TraceOp>().begin();
  mlir::FailureOr<ExportedEncodedTrace> exported = exportEncodedTrace(traceOp);
  ASSERT_TRUE(succeeded(exported));
  const trace::EncodedTrace &out = exported->trace;

  EXPECT_EQ(out.header.isa, "riscv64");
  EXPECT_EQ(out.header.isaString, "rv64gcv");
  EXPECT_EQ(out.header.vlenb, std::optional<uint64_t>(64));
  EXPECT_EQ(out.header.machine, "riscv:rv64");
  EXPECT_EQ(out.header.program, "k.elf");
  EXPECT_EQ(out.header.startPc, 4096u);
  EXPECT_EQ(out.header.instructionCount, std::optional<uint64_t>(3));

  // Registers, then memory; each entry's line is 1 + its op's index.
  ASSERT_EQ(out.registers.size(), 2u);
  EXPECT_EQ(out.registers[0].name, "a0");
  EXPECT_EQ(out.registers[0].bytes, read->registers[0].bytes);
  EXPECT_EQ(out.registers[1].name, "a5");
  EXPECT_EQ(out.registers[1].bytes, read->registers[1].bytes);
  ASSERT_EQ(out.memory.size(), 1u);
  EXPECT_EQ(out.memory[0].space, "ram");
  EXPECT_EQ(out.memory[0].addr, 8192u);
  EXPECT_EQ(out.memory[0].bytes, (std::vector<uint8_t>{5, 0, 0, 0}));
  EXPECT_EQ(out.registers[1].pos.line, 2u);
  EXPECT_EQ(out.memory[0].pos.line, 3u);
  ASSERT_EQ(exported->snapshotOps.size(), 3u);
  EXPECT_TRUE(mlir::isa<riscv::InitMemOp>(exported->getSnapshotOp(3)));
  EXPECT_EQ(exported->getSnapshotOp(4), nullptr);

  ASSERT_EQ(out.instructions.size(), read->instructions.size());
  for (size_t i = 0; i < out.instructions.size(); ++i) {
    const trace::EncodedTrace::Instruction &a = read->instructions[i],
                                           &b = out.instructions[i];
    EXPECT_EQ(b.pc, a.pc) << i;
    EXPECT_EQ(b.word, a.word) << i;
    EXPECT_EQ(b.size, a.size) << i;
    EXPECT_EQ(b.nextPc, a.nextPc) << i;
    EXPECT_EQ(b.line, i + 1);
    EXPECT_EQ(exported->getInstructionOp(i)->getAttrOfType<mlir::IntegerAttr>(
                  "pc").getInt(),
              int64_t(a.pc));
    ASSERT_EQ(b.numAfter, a.numAfter) << i;
    for (unsigned k = 0; k < a.numAfter; ++k) {
      const trace::EncodedTrace::After &x = read->getAfter(a)[k],
                                       &y = out.getAfter(b)[k];
      EXPECT_EQ(out.afterNames[y.name], read->afterNames[x.name]);
      EXPECT_EQ(y.value, x.value);
    }
  }
  EXPECT_EQ(out.instructions[1].nextPc, 4108u);
  EXPECT_FALSE(out.instructions[1].fallsThrough());
  EXPECT_EQ(out.instructions[2].size, 2u);
  EXPECT_EQ(out.getAfter(out.instructions[0]).size(), 2u);
}

} // namespace
