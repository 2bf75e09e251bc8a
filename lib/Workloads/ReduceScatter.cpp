//===- ReduceScatter.cpp - Reduce-scatter over remote links ---------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every chip holds a full buffer; afterwards chip r holds the sum over all
// chips of shard r. This chip pulls shard `rank` of every peer's input into
// VMEM, chunk by chunk (rhbm<c> -> vmem, double-buffered), adds each to the
// local chunk with vector adds and writes the sums to its output. The first
// local chunk needs no peer address, so a good schedule loads it before the
// setup.
//
//===----------------------------------------------------------------------===//

#include "Collective.h"

using namespace snr;
using namespace snr::workloads;

llvm::Expected<GeneratedProgram>
snr::workloads::generateReduceScatter(const WorkloadOptions &options) {
  CollectiveGenerator gen(options, "reducescatter");
  if (llvm::Error error = gen.layout())
    return std::move(error);
  if (llvm::Error error =
          gen.emitSetupAndReduce("reducescatter.reduce", gen.output.addr))
    return std::move(error);
  gen.emitFinish();
  return gen.finish();
}
