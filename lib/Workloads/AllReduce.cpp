//===- AllReduce.cpp - All-reduce as reduce-scatter then all-gather -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every chip holds a full buffer; afterwards every chip holds the sum. The
// textbook two phases: reduce-scatter (this chip sums shard `rank` of every
// chip's input into slot `rank` of its output, see ReduceScatter.cpp), then
// all-gather (it sends that slot to slot `rank` of every peer's output). The
// all-gather phase reloads the peers' output addresses from SMEM.
//
//===----------------------------------------------------------------------===//

#include "Collective.h"

using namespace snr;
using namespace snr::workloads;

llvm::Expected<GeneratedProgram>
snr::workloads::generateAllReduce(const WorkloadOptions &options) {
  CollectiveGenerator gen(options, "allreduce");
  if (llvm::Error error = gen.layout())
    return std::move(error);
  uint64_t slot = gen.output.addr + uint64_t(gen.rank) * gen.shard;
  if (llvm::Error error =
          gen.emitSetupAndReduce("allreduce.reduce_scatter", slot))
    return std::move(error);
  // The reduced shard is already in its slot of the local output.
  gen.emitSend("allreduce.all_gather", slot, /*localCopy=*/false,
               /*localCopyIssued=*/false);
  gen.emitFinish();
  return gen.finish();
}
