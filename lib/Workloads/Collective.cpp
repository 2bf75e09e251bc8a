//===- Collective.cpp - What the collectives share ------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "Collective.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::workloads;
using Scoped = ScalarRegisterPool::Scoped;

namespace {
constexpr int64_t kVec = arch::kVectorBytes;
/// Where peers keep their buffers in their own HBM (below 4 GiB, as base
/// registers require): inputs from 1 GiB, outputs from 2 GiB.
constexpr uint64_t kPeerInputBase = 1ull << 30, kPeerOutputBase = 2ull << 30;
constexpr uint64_t kPeerBufferAlign = 1 << 20;
/// Distance between two peers' descriptors in HBM (separate mailboxes).
constexpr uint64_t kMailboxBytes = 256;
} // namespace

CollectiveGenerator::CollectiveGenerator(const WorkloadOptions &options,
                                         llvm::StringRef name)
    : options(options), opts(options.collective), schedule(options.schedule),
      name(name.str()), chips(opts.chips), rank(opts.rank),
      shard(opts.bytes / opts.chips), chunk(opts.chunkBytes), b(program),
      vmem(schedule.fragmentingAllocator ? AllocPolicy::Fragmenting
                                         : AllocPolicy::Compact) {
  program.name = options.programName.empty() ? this->name : options.programName;
}

std::vector<unsigned> CollectiveGenerator::peers() const {
  std::vector<unsigned> result;
  for (unsigned c = 0; c < chips; ++c)
    if (c != rank)
      result.push_back(c);
  return result;
}

uint64_t CollectiveGenerator::peerBuffer(unsigned chip, Field field) const {
  uint64_t stride =
      (opts.bytes + kPeerBufferAlign - 1) / kPeerBufferAlign * kPeerBufferAlign;
  return (field == InputAddr ? kPeerInputBase : kPeerOutputBase) +
         uint64_t(chip) * stride;
}

llvm::Error CollectiveGenerator::layout() {
  HbmLayout hbm;
  bool gather = options.kind == WorkloadKind::AllGather;
  bool scatter = options.kind == WorkloadKind::ReduceScatter;
  auto in =
      hbm.reserve("input", HbmKind::Collective, gather ? shard : opts.bytes);
  if (!in)
    return in.takeError();
  input = *in;
  auto out =
      hbm.reserve("output", HbmKind::Collective, scatter ? shard : opts.bytes);
  if (!out)
    return out.takeError();
  output = *out;
  auto descriptors =
      hbm.reserve("peer_descriptors", HbmKind::Table, chips * kMailboxBytes);
  if (!descriptors)
    return descriptors.takeError();
  table = *descriptors;

  SplitMix64 rng(options.seed);
  auto dataByte = [&] { return uint8_t(0x3C + rng.below(4)); };
  // This chip's input, one value per shard slot.
  for (uint64_t offset = 0; offset < input.bytes; offset += shard)
    addSplat(program, arch::MemSpace::Hbm, 0, input.addr + offset, shard,
             dataByte());
  for (unsigned c : peers()) {
    addWords(program, arch::MemSpace::Hbm, table.addr + c * kMailboxBytes,
             {uint32_t(peerBuffer(c, InputAddr)),
              uint32_t(peerBuffer(c, OutputAddr))},
             32);
    // The part of each peer's input this chip reads.
    if (!gather)
      addSplat(program, arch::MemSpace::RemoteHbm, c,
               peerBuffer(c, InputAddr) + rank * shard, shard, dataByte());
  }
  if (gather)
    return llvm::Error::success();
  // The reduction's VMEM: two accumulators and two staging buffers, so one
  // chunk arrives while the previous one is added.
  for (unsigned i = 0; i < 2; ++i) {
    auto accBuffer = vmem.allocate(chunk, "accumulator", Placement::Persistent);
    if (!accBuffer)
      return accBuffer.takeError();
    accBuffers[i] = *accBuffer;
    auto stageBuffer = vmem.allocate(chunk, "staging buffer");
    if (!stageBuffer)
      return stageBuffer.takeError();
    stageBuffers[i] = *stageBuffer;
  }
  return llvm::Error::success();
}

void CollectiveGenerator::pinPeers(Field field) {
  std::vector<unsigned> others = peers();
  if (others.size() > kMaxPinnedPeers || pinnedField == field)
    return;
  if (pinned.empty())
    for (size_t i = 0; i < others.size(); ++i)
      pinned.push_back(b.getRegisters().take());
  for (size_t i = 0; i < others.size(); ++i)
    b.ld(pinned[i], mem::smem(descriptorSmem(others[i]) + 4 * field));
  pinnedField = field;
}

SReg CollectiveGenerator::peerAddress(unsigned chip, Field field,
                                      SReg scratch) {
  if (pinnedField == field) {
    unsigned index = chip < rank ? chip : chip - 1;
    return pinned[index];
  }
  b.ld(scratch, mem::smem(descriptorSmem(chip) + 4 * field));
  return scratch;
}

void CollectiveGenerator::emitSetup(Field firstField,
                                    llvm::ArrayRef<DmaTransfer> early,
                                    FReg earlyFlag) {
  b.setHlo(name + ".setup");
  for (const DmaTransfer &t : early)
    b.dmaIssue(t.src, t.dst, t.bytes, earlyFlag);
  llvm::SmallVector<DmaTransfer> descriptors;
  for (unsigned c : peers())
    descriptors.push_back({mem::hbm(int64_t(table.addr + c * kMailboxBytes)),
                           mem::smem(descriptorSmem(c)), 32});
  b.dmaGroup(descriptors, kSetupFlag, schedule.serialSetup);
  pinPeers(firstField);
}

DmaTransfer CollectiveGenerator::localCopy(uint64_t src) const {
  return {mem::hbm(int64_t(src)),
          mem::hbm(int64_t(output.addr + uint64_t(rank) * shard)),
          int64_t(shard)};
}

void CollectiveGenerator::emitSend(llvm::StringRef hlo, uint64_t src,
                                   bool copyLocal, bool localCopyIssued) {
  b.setHlo(hlo);
  ScalarRegisterPool &pool = b.getRegisters();
  if (copyLocal && !localCopyIssued) {
    DmaTransfer copy = localCopy(src);
    b.dmaIssue(copy.src, copy.dst, copy.bytes, kCopyFlag);
  }
  pinPeers(OutputAddr);
  Scoped offset(pool), target(pool), counter(pool);
  b.movi(offset, 0);
  b.loop(shard / chunk, counter, [&] {
    for (unsigned c : peers()) {
      SReg base = peerAddress(c, OutputAddr, target);
      b.add(target, base, offset);
      b.dmaIssue(mem::hbm(offset, int64_t(src)),
                 mem::rhbm(c, target, int64_t(rank) * int64_t(shard)),
                 int64_t(chunk), kSendFlag);
    }
    // Late: every chunk's sends are waited before the next are issued.
    if (schedule.lateDma)
      b.dmaWait(kSendFlag);
    b.addi(offset, offset, int64_t(chunk));
  });
  if (!schedule.lateDma)
    b.dmaWait(kSendFlag);
  if (copyLocal)
    b.dmaWait(kCopyFlag);
}

llvm::SmallVector<DmaTransfer, 1> CollectiveGenerator::reduceHead() {
  return {{mem::hbm(int64_t(input.addr + uint64_t(rank) * shard)),
           mem::vmem(int64_t(accBuffers[0]->addr)), int64_t(chunk)}};
}

llvm::Error CollectiveGenerator::emitSetupAndReduce(llvm::StringRef hlo,
                                                    uint64_t dst) {
  bool early = !schedule.noPrefetch;
  llvm::SmallVector<DmaTransfer, 1> prefetch;
  if (early)
    prefetch = reduceHead();
  emitSetup(InputAddr, prefetch, kAccFlag);
  return emitReduce(hlo, dst, early);
}

llvm::Error CollectiveGenerator::emitReduce(llvm::StringRef hlo, uint64_t dst,
                                            bool firstChunkIssued) {
  b.setHlo(hlo);
  ScalarRegisterPool &pool = b.getRegisters();
  std::vector<unsigned> others = peers();
  bool late = schedule.lateDma;
  int64_t slot = int64_t(rank) * int64_t(shard);
  int64_t localSlot = int64_t(input.addr) + slot;
  int64_t bytes = int64_t(chunk);

  Scoped offset(pool), acc(pool), accNext(pool), stage(pool), stageNext(pool),
      target(pool), counter(pool);
  b.movi(offset, 0);
  b.movi(acc, int64_t(accBuffers[0]->addr));
  b.movi(accNext, int64_t(accBuffers[1]->addr));
  b.movi(stage, int64_t(stageBuffers[0]->addr));
  b.movi(stageNext, int64_t(stageBuffers[1]->addr));
  int64_t accSwap = int64_t(accBuffers[0]->addr ^ accBuffers[1]->addr);
  int64_t stageSwap = int64_t(stageBuffers[0]->addr ^ stageBuffers[1]->addr);

  // Chunk `extra` bytes past the current offset of peer `chip`, into `dst`.
  auto pull = [&](unsigned chip, int64_t extra, SReg into, arch::Guard guard) {
    SReg base = peerAddress(chip, InputAddr, target);
    b.add(target, base, offset);
    b.dmaIssue(mem::rhbm(chip, target, slot + extra), mem::vmem(into), bytes,
               kStageFlag, guard);
  };
  auto loadLocal = [&](int64_t extra, SReg into, arch::Guard guard) {
    // The accumulator's buffer was last written out two chunks ago.
    b.dmaWait(kOutFlag);
    b.dmaIssue(mem::hbm(offset, localSlot + extra), mem::vmem(into), bytes,
               kAccFlag, guard);
  };

  if (!firstChunkIssued)
    b.dmaIssue(mem::hbm(int64_t(localSlot)), mem::vmem(acc), bytes, kAccFlag);
  if (!late)
    pull(others[0], 0, stage, {});

  uint64_t chunks = shard / chunk;
  b.loop(chunks, counter, [&] {
    b.cmpi(arch::CmpPredicate::Gt, kMore, counter, 1);
    b.dmaWait(kAccFlag);
    for (size_t p = 0; p < others.size(); ++p) {
      // Late: each peer's chunk is pulled right before its WAIT. Good: the
      // next peer's (or the next chunk's) is in flight during this add.
      if (late)
        pull(others[p], 0, stage, {});
      b.dmaWait(kStageFlag);
      if (!late && p + 1 < others.size())
        pull(others[p + 1], 0, stageNext, {});
      if (!late && p + 1 == others.size()) {
        pull(others[0], bytes, stageNext, ifSet(kMore));
        loadLocal(bytes, accNext, ifSet(kMore));
      }
      {
        Scoped a(pool), s(pool);
        b.mov(a, acc);
        b.mov(s, stage);
        uint64_t vectors = chunk / kVec;
        unsigned unroll = vectors % 4 == 0 ? 4 : vectors % 2 == 0 ? 2 : 1;
        b.forEachVector(vectors, unroll, {a, s}, [&](int64_t at) {
          unsigned u = unsigned(at / kVec);
          b.vld(vreg(2 * u), mem::vmem(a, at));
          b.vld(vreg(2 * u + 1), mem::vmem(s, at));
          b.vadd(vreg(2 * u), vreg(2 * u), vreg(2 * u + 1));
          b.vst(vreg(2 * u), mem::vmem(a, at));
        });
      }
      b.xori(stage, stage, stageSwap);
      b.xori(stageNext, stageNext, stageSwap);
    }
    // Late: the next chunk's local part is loaded right before its WAIT.
    if (late)
      loadLocal(bytes, accNext, ifSet(kMore));
    b.dmaIssue(mem::vmem(acc), mem::hbm(offset, int64_t(dst)), bytes, kOutFlag);
    b.xori(acc, acc, accSwap);
    b.xori(accNext, accNext, accSwap);
    b.addi(offset, offset, bytes);
  });
  b.dmaWait(kOutFlag);
  return llvm::Error::success();
}

void CollectiveGenerator::emitFinish() {
  b.setHlo(name + ".done");
  b.halt();
}

GeneratedProgram CollectiveGenerator::finish() {
  uint64_t dmas = 0;
  for (const arch::Instruction &inst : program.instructions)
    dmas += inst.opcode == arch::Opcode::DmaIssue;
  program.stats.push_back({"instructions", program.instructions.size(), ""});
  program.stats.push_back({"dma-issues", dmas, ""});
  program.stats.push_back({"shard", shard, "bytes"});
  program.stats.push_back({"vmem-peak", vmem.peakBytesInUse(), "bytes"});
  program.stats.push_back({"vmem-high-water", vmem.highWaterMark(), "bytes"});
  program.stats.push_back(
      {"vmem-max-stranded", vmem.maxStrandedBytes(), "bytes"});
  program.stats.push_back(
      {"vmem-min-largest-free", vmem.minLargestFreeRegion(), "bytes"});
  return std::move(program);
}
