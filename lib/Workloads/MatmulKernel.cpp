//===- MatmulKernel.cpp - Weight-streaming matmul on the MXU --------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/MatmulKernel.h"

#include <cassert>

using namespace snr;
using namespace snr::workloads;

static constexpr unsigned kTile = arch::kMxuRows;
static constexpr int64_t kTileBytes = kTile * arch::kVectorBytes;

StreamConfig snr::workloads::getWeightStream(const MatmulSpec &spec,
                                             bool late) {
  StreamConfig config;
  config.srcAddr = spec.weights;
  config.srcStride = spec.stripBytes();
  config.parts.push_back({0, 0, spec.stripBytes()});
  config.numBlocks = spec.n / kTile;
  config.buffers[0] = spec.weightBuffers[0];
  config.buffers[1] = spec.weightBuffers[1];
  config.flag = spec.flag;
  config.more = spec.more;
  config.late = late;
  return config;
}

namespace {
/// Streams `count` rows of A through the pushed tile and writes (or adds to)
/// the same rows of the output strip. Rows are at aRow + i * lda and
/// cRow + i * ldc.
void emitRowBlock(ProgramBuilder &b, const MatmulSpec &spec, unsigned count,
                  SReg aRow, SReg cRow, bool accumulate) {
  for (unsigned i = 0; i < count; ++i)
    b.vld(vreg(16 + i), mem::vmem(aRow, int64_t(i) * spec.lda));
  for (unsigned i = 0; i < count; ++i)
    b.mxuMatmul(qreg(i), vreg(16 + i));
  for (unsigned i = 0; i < count; ++i)
    b.mxuPop(vreg(i), qreg(i));
  if (accumulate) {
    for (unsigned i = 0; i < count; ++i)
      b.vld(vreg(16 + i), mem::vmem(cRow, int64_t(i) * spec.ldc));
    for (unsigned i = 0; i < count; ++i)
      b.vadd(vreg(i), vreg(i), vreg(16 + i));
  }
  for (unsigned i = 0; i < count; ++i)
    b.vst(vreg(i), mem::vmem(cRow, int64_t(i) * spec.ldc));
}

/// All rows of A through the pushed tile: full blocks of 16 in a loop, then
/// the remainder.
void emitAllRows(ProgramBuilder &b, const MatmulSpec &spec, SReg aTile,
                 SReg cStrip, bool accumulate) {
  ScalarRegisterPool &pool = b.getRegisters();
  unsigned fullBlocks = spec.rows / kTile, tail = spec.rows % kTile;
  ScalarRegisterPool::Scoped aRow(pool), cRow(pool);
  b.mov(aRow, aTile);
  b.mov(cRow, cStrip);
  if (fullBlocks > 0) {
    ScalarRegisterPool::Scoped counter(pool);
    b.loop(fullBlocks, counter, [&] {
      emitRowBlock(b, spec, kTile, aRow, cRow, accumulate);
      b.addi(aRow, aRow, int64_t(kTile) * spec.lda);
      b.addi(cRow, cRow, int64_t(kTile) * spec.ldc);
    });
  }
  if (tail > 0)
    emitRowBlock(b, spec, tail, aRow, cRow, accumulate);
}
} // namespace

void snr::workloads::emitMatmul(ProgramBuilder &b, const MatmulSpec &spec,
                                bool late, bool headIssued,
                                llvm::ArrayRef<DmaTransfer> prefetchNext) {
  assert(spec.rows > 0 && spec.k % kTile == 0 && spec.n % kTile == 0 &&
         spec.k > 0 && spec.n > 0 && "matmul dimensions");
  ScalarRegisterPool &pool = b.getRegisters();
  unsigned strips = spec.n / kTile, tiles = spec.k / kTile;
  bool grouped = spec.groupStrips != 0 && spec.groupStrips < strips;

  BlockStream weights(b, getWeightStream(spec, late));
  weights.begin(headIssued);
  ScalarRegisterPool::Scoped cStrip(pool), stripCounter(pool), wTile(pool),
      aTile(pool);
  std::optional<ScalarRegisterPool::Scoped> groupLeft;
  b.movi(cStrip, int64_t(spec.c));
  if (grouped) {
    groupLeft.emplace(pool);
    b.movi(*groupLeft, spec.groupStrips);
  }

  b.loop(strips, stripCounter, [&] {
    weights.top(prefetchNext);
    b.mov(wTile, weights.current());
    b.movi(aTile, int64_t(spec.a));
    // The first tile of the strip writes the output; the others add to it.
    b.pushTile(wTile, 0, arch::kVectorBytes);
    emitAllRows(b, spec, aTile, cStrip, /*accumulate=*/false);
    if (tiles > 1) {
      ScalarRegisterPool::Scoped tileCounter(pool);
      b.loop(tiles - 1, tileCounter, [&] {
        b.addi(wTile, wTile, kTileBytes);
        b.addi(aTile, aTile, arch::kVectorBytes);
        b.pushTile(wTile, 0, arch::kVectorBytes);
        emitAllRows(b, spec, aTile, cStrip, /*accumulate=*/true);
      });
    }
    // The next output strip, jumping to the next group after its last one.
    b.addi(cStrip, cStrip, arch::kVectorBytes);
    if (grouped) {
      b.addi(*groupLeft, *groupLeft, -1);
      b.cmpi(arch::CmpPredicate::Eq, spec.group, *groupLeft, 0);
      b.addi(cStrip, cStrip,
             spec.groupStride - int64_t(spec.groupStrips) * arch::kVectorBytes,
             ifSet(spec.group));
      b.movi(*groupLeft, spec.groupStrips, ifSet(spec.group));
    }
    weights.bottom();
  });
}
