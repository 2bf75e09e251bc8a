//===- BlockStream.cpp - Double-buffered DMA of equal blocks --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/BlockStream.h"

#include <cassert>

using namespace snr;
using namespace snr::workloads;

BlockStream::BlockStream(ProgramBuilder &builder, const StreamConfig &config)
    : b(builder), config(config) {
  assert(config.numBlocks > 0 && !config.parts.empty() && "an empty stream");
}

BlockStream::~BlockStream() {
  for (std::optional<SReg> *reg : {&src, &cur, &next, &left})
    if (*reg)
      b.getRegisters().give(**reg);
}

llvm::SmallVector<DmaTransfer, 2>
BlockStream::headTransfers(const StreamConfig &config) {
  llvm::SmallVector<DmaTransfer, 2> transfers;
  for (const StreamPart &part : config.parts)
    transfers.push_back({mem::hbm(int64_t(config.srcAddr) + part.srcOffset),
                         mem::vmem(int64_t(config.buffers[0]) + part.dstOffset),
                         part.bytes});
  return transfers;
}

void BlockStream::begin(bool headIssued) {
  ScalarRegisterPool &pool = b.getRegisters();
  src = pool.take();
  cur = pool.take();
  b.movi(*cur, int64_t(config.buffers[0]));
  if (!headIssued)
    for (const DmaTransfer &transfer : headTransfers(config))
      b.dmaIssue(transfer.src, transfer.dst, transfer.bytes, config.flag);
  if (config.numBlocks == 1)
    return;
  next = pool.take();
  left = pool.take();
  b.movi(*src, int64_t(config.srcAddr) + config.srcStride);
  b.movi(*next, int64_t(config.buffers[1]));
  b.movi(*left, int64_t(config.numBlocks));
}

void BlockStream::issueNext(SReg dst, arch::Guard guard) {
  for (const StreamPart &part : config.parts)
    b.dmaIssue(mem::hbm(*src, part.srcOffset), mem::vmem(dst, part.dstOffset),
               part.bytes, config.flag, guard);
}

void BlockStream::top(llvm::ArrayRef<DmaTransfer> prefetch) {
  b.dmaWait(config.flag);
  if (config.numBlocks == 1) {
    for (const DmaTransfer &transfer : prefetch)
      b.dmaIssue(transfer.src, transfer.dst, transfer.bytes, config.flag);
    return;
  }
  b.cmpi(arch::CmpPredicate::Gt, config.more, *left, 1);
  if (!config.late)
    issueNext(*next, ifSet(config.more));
  for (const DmaTransfer &transfer : prefetch)
    b.dmaIssue(transfer.src, transfer.dst, transfer.bytes, config.flag,
               ifClear(config.more));
}

void BlockStream::bottom() {
  if (config.numBlocks == 1)
    return;
  int64_t swap = int64_t(config.buffers[0] ^ config.buffers[1]);
  b.xori(*cur, *cur, swap);
  b.xori(*next, *next, swap);
  b.addi(*left, *left, -1);
  if (config.late) {
    // Block i + 1 now goes into `cur`; issue it right before its WAIT.
    b.cmpi(arch::CmpPredicate::Gt, config.more, *left, 0);
    issueNext(*cur, ifSet(config.more));
  }
  b.addi(*src, *src, config.srcStride);
}
