//===- SampleTrace.h - An annotated trace with every kind of content -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The sample the dialect's tests write and read: instructions with
// registers, addresses, guards, PCs, HLO names and their replay annotation
// (plain, DMA, wait), a discardable attribute, a snapshot with registers,
// lanes and memory, and file and fused locations.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_DIALECT_SAMPLETRACE_H
#define SNR_UNITTESTS_DIALECT_SAMPLETRACE_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::test {

inline constexpr const char *kSampleTrace = R"mlir(
snr.trace @t at 0 attributes {machine = "snr-ref"} {
  snr.snapshot {
    snr.init_reg s1 = 4096 loc("t.jsonl":1:0)
    snr.init_vreg v0 = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]
    snr.init_mem hbm[4096] = dense<[1, 2, 3, 4]> : tensor<4xi8>
  }
  snr.dma.issue hbm[s1] -> vmem[0], 640, f0 {hlo = "fusion.1", pc = 0 : i64} replay<issue = 0, ready = 1, dma = "hbm->vmem" base_end 100 start 100 complete 110> loc("t.jsonl":2:0)
  snr.movi s2, 3 {hlo = "fusion.1", pc = 1 : i64} replay<issue = 1, ready = 2> loc("t.jsonl":3:0)
  snr.cmpi gt p1, s2, 0 {pc = 2 : i64} replay<issue = 2, ready = 3> loc(fused["a.py":1:2, "b.py":3:4])
  snr.addi s2, s2, -1 if p1 {executed = true, pc = 3 : i64} replay<issue = 3, ready = 4, stall = 1 scoreboard> loc("t.jsonl":5:0)
  snr.vsplat v4, 1.5 {pc = 4 : i64, note = "a discardable attribute"}
  snr.dma.wait f0 {pc = 5 : i64} replay<issue = 110, ready = 111, stall = 106 dma_wait, wait base 96 transfer 10 slack 0 dmas 1> loc("t.jsonl":6:0)
}
)mlir";

/// `op` in the generic form, with its locations.
inline std::string printGeneric(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os,
            mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  return text;
}

} // namespace snr::test

#endif // SNR_UNITTESTS_DIALECT_SAMPLETRACE_H
