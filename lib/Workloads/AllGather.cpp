//===- AllGather.cpp - All-gather over remote links -----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every chip contributes one shard; afterwards every chip's output holds all
// of them in rank order. This chip's part: after the setup, send its shard to
// slot `rank` of every peer's output (HBM -> rhbm<c>, chunk by chunk, all in
// flight at once) and copy it into slot `rank` of its own output. The local
// copy needs no peer address, so a good schedule issues it before the setup.
//
//===----------------------------------------------------------------------===//

#include "Collective.h"

using namespace snr;
using namespace snr::workloads;

llvm::Expected<GeneratedProgram>
snr::workloads::generateAllGather(const WorkloadOptions &options) {
  CollectiveGenerator gen(options, "allgather");
  if (llvm::Error error = gen.layout())
    return std::move(error);
  bool early = !options.schedule.noPrefetch;
  llvm::SmallVector<DmaTransfer, 1> prefetch;
  if (early)
    prefetch.push_back(gen.localCopy(gen.input.addr));
  gen.emitSetup(CollectiveGenerator::OutputAddr, prefetch,
                CollectiveGenerator::kCopyFlag);
  gen.emitSend("allgather.send", gen.input.addr, /*localCopy=*/true, early);
  gen.emitFinish();
  return gen.finish();
}
