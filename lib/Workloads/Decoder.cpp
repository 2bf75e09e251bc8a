//===- Decoder.cpp - Transformer decoder layers ---------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A stack of decoder layers, laid out as an accelerator compiler would:
//
//   setup                 activations (and the mask or sequence lengths) in
//   layerL.qkv_proj       X x Wqkv on the MXU; Q, K, V land head-major
//   layerL.kv_writeback   prefill: K and V to the HBM KV cache
//   layerL.kv_update      decode: the new token's K and V to HBM
//   layerL.attention      scores, softmax, probabilities x V per head
//   layerL.out_proj       context x Wo
//   layerL.attn_residual  X1 = X + attention output
//   layerL.mlp.up         X1 x Wup
//   layerL.mlp.act        GELU, as x * 1 / (1 + exp(-1.702 x))
//   layerL.mlp.down       x Wdown
//   layerL.mlp_residual   X2 = X1 + MLP output (the next layer's X)
//   output                X2 to HBM, then halt
//
// Weights stream from HBM strip by strip (MatmulKernel); the first strip of
// the next matmul is prefetched during the last strip of the current one,
// across whatever HLOs lie between. In decode mode each head's KV cache
// streams in the same way during attention.
//
// The ISA has no transpose and the MXU no transposed weight load. Decode
// keeps the K cache transposed (head dim x positions), so its scores are
// q . K^T exactly. Prefill has K only as produced (positions x head dim) and
// pushes its tiles as they are: the instruction stream, its dependences, DMAs
// and VMEM use are those of the real kernel, but the score values are those
// of Q x K rather than Q x K^T.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/HbmLayout.h"
#include "SnR/Workloads/InitialData.h"
#include "SnR/Workloads/MatmulKernel.h"
#include "SnR/Workloads/VmemAllocator.h"
#include "SnR/Workloads/Workload.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace snr;
using namespace snr::workloads;
using Scoped = ScalarRegisterPool::Scoped;

namespace {
// Flags: one per independent DMA stream, so a WAIT never waits for more than
// the data it needs.
constexpr FReg kSetupFlag{0}, kWeightFlag{1}, kKvFlag{2}, kWritebackFlag{3},
    kOutputFlag{4};
// Predicates besides the loop back-edges' p7.
constexpr PReg kWeightMore{6}, kKvMore{5}, kGroupPred{4};

constexpr int64_t kVec = arch::kVectorBytes;
constexpr unsigned kTile = arch::kMxuRows;

/// The four matmuls of a layer, in order.
enum Stage { QkvProj, OutProj, MlpUp, MlpDown, kStagesPerLayer };

/// One matmul's weights: where they are and the VMEM buffers that receive
/// their strips (allocated when the first strip is issued).
struct WeightStage {
  unsigned k = 0, n = 0;
  uint64_t hbm = 0;
  std::optional<VmemBuffer> buffers[2];
  bool headIssued = false;
};

class DecoderGenerator {
public:
  explicit DecoderGenerator(const WorkloadOptions &options);
  llvm::Expected<GeneratedProgram> run();

private:
  std::string hlo(unsigned layer, llvm::StringRef name) const {
    return llvm::formatv("layer{0}.{1}", layer, name).str();
  }
  llvm::Expected<VmemBuffer> allocate(uint64_t bytes, const llvm::Twine &what,
                                      Placement placement);
  llvm::Error layoutHbm();
  llvm::Error ensureWeightBuffers(size_t stage);
  void freeWeightBuffers(size_t stage);
  /// The head of `stage`'s weight stream, for the HLO before it to prefetch.
  llvm::SmallVector<DmaTransfer, 2> weightHead(size_t stage);
  StreamConfig kvStream(unsigned layer) const;

  llvm::Error emitSetup();
  llvm::Error emitMatmulStage(unsigned layer, Stage stage, llvm::StringRef name,
                              const VmemBuffer &a, int64_t lda,
                              const VmemBuffer &c, int64_t ldc,
                              unsigned groupStrips = 0,
                              int64_t groupStride = 0);
  llvm::Error emitLayer(unsigned layer);
  void emitKvTransfers(unsigned layer, const VmemBuffer &qkv);
  llvm::Error emitPrefillAttention(unsigned layer, const VmemBuffer &qkv,
                                   const VmemBuffer &ctx);
  llvm::Error emitDecodeAttention(unsigned layer, const VmemBuffer &qkv,
                                  const VmemBuffer &ctx);
  void emitSoftmaxRow(SReg row, uint64_t vectors, SReg recipOut);
  void emitResidual(const VmemBuffer &out, const VmemBuffer &x,
                    const VmemBuffer &y, uint64_t bytes);
  void emitGelu(const VmemBuffer &buffer, uint64_t bytes);
  llvm::Error emitOutput();

  const WorkloadOptions &options;
  const DecoderOptions &opts;
  const ScheduleOptions &schedule;
  bool prefill;
  unsigned H, NH, D, S, B, L, F, M;

  GeneratedProgram program;
  ProgramBuilder b;
  VmemAllocator vmem;
  HbmLayout hbm;
  SplitMix64 rng;

  std::vector<WeightStage> stages;
  /// Per layer: the KV cache (K then V) and, in decode, where new entries go.
  std::vector<HbmRegion> kCache, vCache, kvOut;
  HbmRegion input, output, table;
  /// VMEM: the layer input, the mask (prefill), the decode KV buffers.
  VmemBuffer x, mask;
  std::optional<VmemBuffer> kvBuffers[2];
  bool kvHeadIssued = false;
  uint64_t dmaIssues = 0;
};
} // namespace

DecoderGenerator::DecoderGenerator(const WorkloadOptions &options)
    : options(options), opts(options.decoder), schedule(options.schedule),
      prefill(opts.mode == DecoderMode::Prefill), H(opts.hidden),
      NH(opts.heads), D(opts.hidden / opts.heads), S(opts.seq), B(opts.batch),
      L(opts.layers), F(opts.hidden * opts.ffnMultiplier),
      M(prefill ? opts.batch * opts.seq : opts.batch), b(program),
      vmem(schedule.fragmentingAllocator ? AllocPolicy::Fragmenting
                                         : AllocPolicy::Compact),
      rng(options.seed) {}

llvm::Expected<VmemBuffer> DecoderGenerator::allocate(uint64_t bytes,
                                                      const llvm::Twine &what,
                                                      Placement placement) {
  return vmem.allocate(bytes, what.str(), placement);
}

//===----------------------------------------------------------------------===//
// HBM layout and initial data
//===----------------------------------------------------------------------===//

llvm::Error DecoderGenerator::layoutHbm() {
  const unsigned shapes[kStagesPerLayer][2] = {
      {H, 3 * H}, {H, H}, {H, F}, {F, H}};
  const char *names[kStagesPerLayer] = {"wqkv", "wo", "wup", "wdown"};
  for (unsigned l = 0; l < L; ++l) {
    for (unsigned s = 0; s < kStagesPerLayer; ++s) {
      WeightStage stage;
      stage.k = shapes[s][0];
      stage.n = shapes[s][1];
      auto region =
          hbm.reserve(llvm::formatv("layer{0}.{1}", l, names[s]).str(),
                      HbmKind::Weights, uint64_t(stage.k) * stage.n * 4);
      if (!region)
        return region.takeError();
      stage.hbm = region->addr;
      addSplat(program, arch::MemSpace::Hbm, 0, region->addr, region->bytes,
               weightByte(stage.k, rng.coin()));
      stages.push_back(stage);
    }
    // The KV cache of the layer: K then V, [head][batch] blocks of S x D.
    uint64_t cacheBytes = uint64_t(NH) * B * S * D * 4;
    auto k = hbm.reserve(llvm::formatv("layer{0}.k_cache", l).str(),
                         HbmKind::KvCache, cacheBytes);
    if (!k)
      return k.takeError();
    auto v = hbm.reserve(llvm::formatv("layer{0}.v_cache", l).str(),
                         HbmKind::KvCache, cacheBytes);
    if (!v)
      return v.takeError();
    kCache.push_back(*k);
    vCache.push_back(*v);
    if (!prefill) {
      // Decode reads a cache filled by earlier steps.
      addSplat(program, arch::MemSpace::Hbm, 0, k->addr, k->bytes,
               rng.coin() ? 0x3D : 0xBD);
      addSplat(program, arch::MemSpace::Hbm, 0, v->addr, v->bytes,
               rng.coin() ? 0x3E : 0xBE);
      auto out = hbm.reserve(llvm::formatv("layer{0}.kv_new", l).str(),
                             HbmKind::KvCache, 2ull * M * H * 4);
      if (!out)
        return out.takeError();
      kvOut.push_back(*out);
    }
  }
  auto in = hbm.reserve("input", HbmKind::Activations, uint64_t(M) * H * 4);
  if (!in)
    return in.takeError();
  input = *in;
  // One sequence (prefill) or token (decode) per batch entry.
  uint64_t perBatch = uint64_t(M / B) * H * 4;
  for (unsigned i = 0; i < B; ++i)
    addSplat(program, arch::MemSpace::Hbm, 0, input.addr + i * perBatch,
             perBatch, rng.coin() ? 0x3E : 0x3F);
  auto out = hbm.reserve("output", HbmKind::Activations, uint64_t(M) * H * 4);
  if (!out)
    return out.takeError();
  output = *out;

  if (prefill) {
    // The causal mask: row q is 0 up to column q and -6.9e9 (0xCFCFCFCF)
    // after it, so exp() of a masked score is 0.
    auto region =
        hbm.reserve("causal_mask", HbmKind::Table, uint64_t(S) * S * 4);
    if (!region)
      return region.takeError();
    table = *region;
    for (unsigned q = 0; q + 1 < S; ++q)
      addSplat(program, arch::MemSpace::Hbm, 0,
               table.addr + (uint64_t(q) * S + q + 1) * 4,
               uint64_t(S - q - 1) * 4, 0xCF);
  } else {
    // Each sequence's cache length, read into SMEM by the runtime's table.
    uint64_t bytes = (uint64_t(B) * 4 + 31) / 32 * 32;
    auto region = hbm.reserve("seq_lens", HbmKind::Table, bytes);
    if (!region)
      return region.takeError();
    table = *region;
    std::vector<uint32_t> lens(B, S);
    addWords(program, arch::MemSpace::Hbm, table.addr, lens, bytes);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Weight streams
//===----------------------------------------------------------------------===//

llvm::Error DecoderGenerator::ensureWeightBuffers(size_t index) {
  WeightStage &stage = stages[index];
  for (unsigned i = 0; i < 2; ++i) {
    if (stage.buffers[i])
      continue;
    auto buffer =
        allocate(uint64_t(stage.k) * kVec,
                 llvm::formatv("weight buffer {0} of matmul {1}", i, index),
                 Placement::Scratch);
    if (!buffer)
      return buffer.takeError();
    stage.buffers[i] = *buffer;
  }
  return llvm::Error::success();
}

void DecoderGenerator::freeWeightBuffers(size_t index) {
  for (std::optional<VmemBuffer> &buffer : stages[index].buffers) {
    vmem.free(*buffer);
    buffer.reset();
  }
}

llvm::SmallVector<DmaTransfer, 2> DecoderGenerator::weightHead(size_t index) {
  WeightStage &stage = stages[index];
  MatmulSpec spec;
  spec.k = stage.k;
  spec.n = stage.n;
  spec.weights = stage.hbm;
  spec.weightBuffers[0] = stage.buffers[0]->addr;
  spec.weightBuffers[1] = stage.buffers[1]->addr;
  spec.flag = kWeightFlag;
  stage.headIssued = true;
  return BlockStream::headTransfers(getWeightStream(spec, schedule.lateDma));
}

StreamConfig DecoderGenerator::kvStream(unsigned layer) const {
  // Block i = head * B + batch: K^T (D x S) from the K cache, V (S x D) from
  // the V cache, side by side in one VMEM buffer.
  int64_t block = int64_t(S) * D * 4;
  StreamConfig config;
  config.srcAddr = kCache[layer].addr;
  config.srcStride = block;
  config.parts.push_back({0, 0, block});
  config.parts.push_back(
      {int64_t(vCache[layer].addr - kCache[layer].addr), block, block});
  config.numBlocks = uint64_t(NH) * B;
  config.buffers[0] = kvBuffers[0]->addr;
  config.buffers[1] = kvBuffers[1]->addr;
  config.flag = kKvFlag;
  config.more = kKvMore;
  config.late = schedule.lateDma;
  return config;
}

//===----------------------------------------------------------------------===//
// Setup and output
//===----------------------------------------------------------------------===//

llvm::Error DecoderGenerator::emitSetup() {
  b.setHlo("setup");
  auto xBuffer =
      allocate(uint64_t(M) * H * 4, "layer input", Placement::Persistent);
  if (!xBuffer)
    return xBuffer.takeError();
  x = *xBuffer;
  // The first weights are the longest wait of the program: a good schedule
  // starts them before anything else.
  if (llvm::Error error = ensureWeightBuffers(0))
    return error;
  if (!schedule.noPrefetch)
    for (const DmaTransfer &t : weightHead(0))
      b.dmaIssue(t.src, t.dst, t.bytes, kWeightFlag);

  llvm::SmallVector<DmaTransfer> transfers;
  uint64_t perBatch = uint64_t(M / B) * H * 4;
  for (unsigned i = 0; i < B; ++i)
    transfers.push_back({mem::hbm(int64_t(input.addr + i * perBatch)),
                         mem::vmem(int64_t(x.addr + i * perBatch)),
                         int64_t(perBatch)});
  if (prefill) {
    auto maskBuffer =
        allocate(uint64_t(S) * S * 4, "causal mask", Placement::Persistent);
    if (!maskBuffer)
      return maskBuffer.takeError();
    mask = *maskBuffer;
    transfers.push_back({mem::hbm(int64_t(table.addr)),
                         mem::vmem(int64_t(mask.addr)), int64_t(S) * S * 4});
  } else {
    transfers.push_back({mem::hbm(int64_t(table.addr)), mem::smem(0),
                         int64_t(table.bytes + 31) / 32 * 32});
  }
  b.dmaGroup(transfers, kSetupFlag, schedule.serialSetup);
  return llvm::Error::success();
}

llvm::Error DecoderGenerator::emitOutput() {
  b.setHlo("output");
  b.dmaIssue(mem::vmem(int64_t(x.addr)), mem::hbm(int64_t(output.addr)),
             int64_t(M) * H * 4, kOutputFlag);
  b.dmaWait(kOutputFlag);
  b.halt();
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Matmuls and elementwise HLOs
//===----------------------------------------------------------------------===//

llvm::Error DecoderGenerator::emitMatmulStage(unsigned layer, Stage stage,
                                              llvm::StringRef name,
                                              const VmemBuffer &a, int64_t lda,
                                              const VmemBuffer &c, int64_t ldc,
                                              unsigned groupStrips,
                                              int64_t groupStride) {
  size_t index = size_t(layer) * kStagesPerLayer + stage;
  b.setHlo(hlo(layer, name));
  if (llvm::Error error = ensureWeightBuffers(index))
    return error;
  // The next matmul's first strip comes in during this one's last strip.
  llvm::SmallVector<DmaTransfer, 2> prefetch;
  if (!schedule.noPrefetch && index + 1 < stages.size()) {
    if (llvm::Error error = ensureWeightBuffers(index + 1))
      return error;
    prefetch = weightHead(index + 1);
  }
  WeightStage &weights = stages[index];
  MatmulSpec spec;
  spec.rows = M;
  spec.k = weights.k;
  spec.n = weights.n;
  spec.a = a.addr;
  spec.lda = lda;
  spec.c = c.addr;
  spec.ldc = ldc;
  spec.groupStrips = groupStrips;
  spec.groupStride = groupStride;
  spec.weights = weights.hbm;
  spec.weightBuffers[0] = weights.buffers[0]->addr;
  spec.weightBuffers[1] = weights.buffers[1]->addr;
  spec.flag = kWeightFlag;
  spec.more = kWeightMore;
  spec.group = kGroupPred;
  emitMatmul(b, spec, schedule.lateDma, weights.headIssued, prefetch);
  freeWeightBuffers(index);
  return llvm::Error::success();
}

/// The unroll factor of a vector loop over `count` vectors.
static unsigned unrollFor(uint64_t count) {
  return count % 4 == 0 ? 4 : count % 2 == 0 ? 2 : 1;
}

void DecoderGenerator::emitResidual(const VmemBuffer &out, const VmemBuffer &a,
                                    const VmemBuffer &c, uint64_t bytes) {
  ScalarRegisterPool &pool = b.getRegisters();
  Scoped pa(pool), pc(pool), po(pool);
  b.movi(pa, int64_t(a.addr));
  b.movi(pc, int64_t(c.addr));
  b.movi(po, int64_t(out.addr));
  uint64_t count = bytes / kVec;
  b.forEachVector(count, unrollFor(count), {pa, pc, po}, [&](int64_t offset) {
    unsigned slot = unsigned(offset / kVec);
    VReg u = vreg(2 * slot), w = vreg(2 * slot + 1);
    b.vld(u, mem::vmem(pa, offset));
    b.vld(w, mem::vmem(pc, offset));
    b.vadd(u, u, w);
    b.vst(u, mem::vmem(po, offset));
  });
}

void DecoderGenerator::emitGelu(const VmemBuffer &buffer, uint64_t bytes) {
  Scoped p(b.getRegisters());
  VReg scale = vreg(30), one = vreg(31);
  b.vsplat(scale, -1.702f);
  b.vsplat(one, 1.0f);
  b.movi(p, int64_t(buffer.addr));
  uint64_t count = bytes / kVec;
  b.forEachVector(count, unrollFor(count), {p}, [&](int64_t offset) {
    unsigned slot = unsigned(offset / kVec);
    VReg u = vreg(2 * slot), t = vreg(2 * slot + 1);
    b.vld(u, mem::vmem(p, offset));
    b.vmul(t, u, scale);
    b.vexp(t, t);
    b.vadd(t, t, one);
    b.vrecip(t, t);
    b.vmul(u, u, t);
    b.vst(u, mem::vmem(p, offset));
  });
}

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

void DecoderGenerator::emitKvTransfers(unsigned layer, const VmemBuffer &qkv) {
  // Q, K and V are [3][NH][M][D] in VMEM.
  uint64_t part = uint64_t(NH) * M * D * 4;
  if (prefill) {
    // Each head's K and V blocks to the cache, overlapping attention.
    b.setHlo(hlo(layer, "kv_writeback"));
    uint64_t head = uint64_t(M) * D * 4;
    for (unsigned h = 0; h < NH; ++h) {
      b.dmaIssue(mem::vmem(int64_t(qkv.addr + part + h * head)),
                 mem::hbm(int64_t(kCache[layer].addr + h * head)),
                 int64_t(head), kWritebackFlag);
      b.dmaIssue(mem::vmem(int64_t(qkv.addr + 2 * part + h * head)),
                 mem::hbm(int64_t(vCache[layer].addr + h * head)),
                 int64_t(head), kWritebackFlag);
    }
    return;
  }
  // The new token's K and V, for the runtime to append to the cache.
  b.setHlo(hlo(layer, "kv_update"));
  b.dmaIssue(mem::vmem(int64_t(qkv.addr + part)),
             mem::hbm(int64_t(kvOut[layer].addr)), int64_t(part),
             kWritebackFlag);
  b.dmaIssue(mem::vmem(int64_t(qkv.addr + 2 * part)),
             mem::hbm(int64_t(kvOut[layer].addr + part)), int64_t(part),
             kWritebackFlag);
}

/// Softmax of one row of `vectors` score vectors at `row`, left
/// unnormalized in place as exp(s - max); 1 / sum goes to vmem[recipOut].
void DecoderGenerator::emitSoftmaxRow(SReg row, uint64_t vectors,
                                      SReg recipOut) {
  ScalarRegisterPool &pool = b.getRegisters();
  Scoped p(pool);
  unsigned unroll = unrollFor(vectors);
  // Pass 1: the row maximum, broadcast to every lane of v1.
  b.vsplat(vreg(0), -3.0e38f);
  b.mov(p, row);
  b.forEachVector(vectors, unroll, {p}, [&](int64_t offset) {
    VReg t = vreg(8 + unsigned(offset / kVec));
    b.vld(t, mem::vmem(p, offset));
    b.vmax(vreg(0), vreg(0), t);
  });
  b.vredmax(vreg(1), vreg(0));
  // Pass 2: exp(s - max) in place, and its sum.
  b.vsplat(vreg(2), 0.0f);
  b.mov(p, row);
  b.forEachVector(vectors, unroll, {p}, [&](int64_t offset) {
    VReg t = vreg(8 + unsigned(offset / kVec));
    b.vld(t, mem::vmem(p, offset));
    b.vsub(t, t, vreg(1));
    b.vexp(t, t);
    b.vst(t, mem::vmem(p, offset));
    b.vadd(vreg(2), vreg(2), t);
  });
  b.vredsum(vreg(3), vreg(2));
  b.vrecip(vreg(3), vreg(3));
  b.vst(vreg(3), mem::vmem(recipOut));
}

llvm::Error DecoderGenerator::emitPrefillAttention(unsigned layer,
                                                   const VmemBuffer &qkv,
                                                   const VmemBuffer &ctx) {
  b.setHlo(hlo(layer, "attention"));
  ScalarRegisterPool &pool = b.getRegisters();
  // 16 query rows of scores at a time, and their 1 / sum.
  auto scores = allocate(uint64_t(kTile) * S * 4,
                         hlo(layer, "attention scores"), Placement::Scratch);
  if (!scores)
    return scores.takeError();
  auto recips = allocate(uint64_t(kTile) * kVec,
                         hlo(layer, "attention row sums"), Placement::Scratch);
  if (!recips)
    return recips.takeError();

  int64_t part = int64_t(NH) * M * D * 4;
  int64_t rowQ = int64_t(D) * 4, rowCtx = int64_t(H) * 4, rowS = int64_t(S) * 4;
  unsigned keyBlocks = S / kTile, dimTiles = D / kTile;
  float scale = 1.0f / std::sqrt(float(D));

  Scoped qHead(pool), ctxHead(pool), ctxBatch(pool), headCounter(pool),
      batchCounter(pool);
  b.movi(qHead, int64_t(qkv.addr));
  b.movi(ctxHead, int64_t(ctx.addr));
  b.loop(NH, headCounter, [&] {
    b.mov(ctxBatch, ctxHead);
    b.loop(B, batchCounter, [&] {
      Scoped qBlock(pool), ctxBlock(pool), maskRow(pool), queryBlocks(pool);
      b.mov(qBlock, qHead);
      b.mov(ctxBlock, ctxBatch);
      b.movi(maskRow, int64_t(mask.addr));
      b.loop(keyBlocks, queryBlocks, [&] {
        // Scores of 16 queries against every key block.
        {
          Scoped k(pool), sc(pool), mk(pool), kb(pool);
          b.addi(k, qHead, part);
          b.movi(sc, int64_t(scores->addr));
          b.mov(mk, maskRow);
          b.loop(keyBlocks, kb, [&] {
            for (unsigned dt = 0; dt < dimTiles; ++dt) {
              b.pushTile(k, int64_t(dt) * kVec, rowQ);
              for (unsigned i = 0; i < kTile; ++i)
                b.vld(vreg(16 + i), mem::vmem(qBlock, int64_t(i) * rowQ +
                                                          int64_t(dt) * kVec));
              for (unsigned i = 0; i < kTile; ++i)
                b.mxuMatmul(qreg(i), vreg(16 + i));
              for (unsigned i = 0; i < kTile; ++i) {
                if (dt == 0) {
                  b.mxuPop(vreg(i), qreg(i));
                  continue;
                }
                b.mxuPop(vreg(16 + i), qreg(i));
                b.vadd(vreg(i), vreg(i), vreg(16 + i));
              }
            }
            b.vsplat(vreg(16), scale);
            for (unsigned i = 0; i < kTile; ++i) {
              b.vmul(vreg(i), vreg(i), vreg(16));
              b.vld(vreg(17), mem::vmem(mk, int64_t(i) * rowS));
              b.vadd(vreg(i), vreg(i), vreg(17));
              b.vst(vreg(i), mem::vmem(sc, int64_t(i) * rowS));
            }
            b.addi(k, k, int64_t(kTile) * rowQ);
            b.addi(sc, sc, kVec);
            b.addi(mk, mk, kVec);
          });
        }
        // Softmax of each of the 16 rows.
        {
          Scoped row(pool), recip(pool), i(pool);
          b.movi(row, int64_t(scores->addr));
          b.movi(recip, int64_t(recips->addr));
          b.loop(kTile, i, [&] {
            emitSoftmaxRow(row, keyBlocks, recip);
            b.addi(row, row, rowS);
            b.addi(recip, recip, kVec);
          });
        }
        // Probabilities x V, one 16-column tile of the head at a time.
        for (unsigned dt = 0; dt < dimTiles; ++dt) {
          Scoped v(pool), pr(pool), kb(pool);
          for (unsigned i = 0; i < kTile; ++i)
            b.vsplat(vreg(i), 0.0f);
          b.addi(v, qHead, 2 * part + int64_t(dt) * kVec);
          b.movi(pr, int64_t(scores->addr));
          b.loop(keyBlocks, kb, [&] {
            b.pushTile(v, 0, rowQ);
            for (unsigned i = 0; i < kTile; ++i)
              b.vld(vreg(16 + i), mem::vmem(pr, int64_t(i) * rowS));
            for (unsigned i = 0; i < kTile; ++i)
              b.mxuMatmul(qreg(i), vreg(16 + i));
            for (unsigned i = 0; i < kTile; ++i) {
              b.mxuPop(vreg(16 + i), qreg(i));
              b.vadd(vreg(i), vreg(i), vreg(16 + i));
            }
            b.addi(v, v, int64_t(kTile) * rowQ);
            b.addi(pr, pr, kVec);
          });
          b.movi(pr, int64_t(recips->addr));
          for (unsigned i = 0; i < kTile; ++i) {
            b.vld(vreg(16), mem::vmem(pr, int64_t(i) * kVec));
            b.vmul(vreg(i), vreg(i), vreg(16));
            b.vst(vreg(i), mem::vmem(ctxBlock,
                                     int64_t(i) * rowCtx + int64_t(dt) * kVec));
          }
        }
        b.addi(qBlock, qBlock, int64_t(kTile) * rowQ);
        b.addi(ctxBlock, ctxBlock, int64_t(kTile) * rowCtx);
        b.addi(maskRow, maskRow, int64_t(kTile) * rowS);
      });
      b.addi(qHead, qHead, int64_t(S) * rowQ);
      b.addi(ctxBatch, ctxBatch, int64_t(S) * rowCtx);
    });
    b.addi(ctxHead, ctxHead, rowQ);
  });
  vmem.free(*recips);
  vmem.free(*scores);
  return llvm::Error::success();
}

llvm::Error DecoderGenerator::emitDecodeAttention(unsigned layer,
                                                  const VmemBuffer &qkv,
                                                  const VmemBuffer &ctx) {
  b.setHlo(hlo(layer, "attention"));
  ScalarRegisterPool &pool = b.getRegisters();
  auto scores = allocate(uint64_t(S) * 4, hlo(layer, "attention scores"),
                         Placement::Scratch);
  if (!scores)
    return scores.takeError();

  int64_t rowQ = int64_t(D) * 4, rowS = int64_t(S) * 4;
  int64_t block = int64_t(S) * D * 4;
  unsigned dimTiles = D / kTile;
  float scale = 1.0f / std::sqrt(float(D));

  BlockStream kv(b, kvStream(layer));
  kv.begin(kvHeadIssued);
  Scoped q(pool), ctxHead(pool), ctxRow(pool), lenPtr(pool), headCounter(pool),
      batchCounter(pool), keyBlocks(pool);
  b.movi(q, int64_t(qkv.addr));
  b.movi(ctxHead, int64_t(ctx.addr));
  b.loop(NH, headCounter, [&] {
    b.mov(ctxRow, ctxHead);
    b.movi(lenPtr, 0);
    b.loop(B, batchCounter, [&] {
      kv.top();
      // This sequence's length, in key blocks.
      b.ld(keyBlocks, mem::smem(lenPtr));
      b.shri(keyBlocks, keyBlocks, 4);
      for (unsigned dt = 0; dt < dimTiles; ++dt)
        b.vld(vreg(8 + dt), mem::vmem(q, int64_t(dt) * kVec));
      b.vsplat(vreg(7), scale);
      {
        // Scores: push 16 positions of K^T per head-dim tile, stream q.
        Scoped kt(pool), sc(pool), n(pool);
        b.mov(kt, kv.current());
        b.movi(sc, int64_t(scores->addr));
        b.mov(n, keyBlocks);
        b.loopOnRegister(n, [&] {
          for (unsigned dt = 0; dt < dimTiles; ++dt) {
            b.pushTile(kt, int64_t(dt) * kTile * rowS, rowS);
            b.mxuMatmul(qreg(dt), vreg(8 + dt));
          }
          b.mxuPop(vreg(0), qreg(0));
          for (unsigned dt = 1; dt < dimTiles; ++dt) {
            b.mxuPop(vreg(1), qreg(dt));
            b.vadd(vreg(0), vreg(0), vreg(1));
          }
          b.vmul(vreg(0), vreg(0), vreg(7));
          b.vst(vreg(0), mem::vmem(sc));
          b.addi(kt, kt, kVec);
          b.addi(sc, sc, kVec);
        });
      }
      {
        // Softmax over the sequence, unnormalized; 1 / sum into v9.
        Scoped p(pool), n(pool);
        b.vsplat(vreg(0), -3.0e38f);
        b.movi(p, int64_t(scores->addr));
        b.mov(n, keyBlocks);
        b.loopOnRegister(n, [&] {
          b.vld(vreg(1), mem::vmem(p));
          b.vmax(vreg(0), vreg(0), vreg(1));
          b.addi(p, p, kVec);
        });
        b.vredmax(vreg(2), vreg(0));
        b.vsplat(vreg(3), 0.0f);
        b.movi(p, int64_t(scores->addr));
        b.mov(n, keyBlocks);
        b.loopOnRegister(n, [&] {
          b.vld(vreg(1), mem::vmem(p));
          b.vsub(vreg(1), vreg(1), vreg(2));
          b.vexp(vreg(1), vreg(1));
          b.vst(vreg(1), mem::vmem(p));
          b.vadd(vreg(3), vreg(3), vreg(1));
          b.addi(p, p, kVec);
        });
        b.vredsum(vreg(4), vreg(3));
        b.vrecip(vreg(9), vreg(4));
      }
      {
        // Probabilities x V: push 16 positions of V per head-dim tile.
        Scoped v(pool), pr(pool), n(pool);
        for (unsigned dt = 0; dt < dimTiles; ++dt)
          b.vsplat(vreg(dt), 0.0f);
        b.addi(v, kv.current(), block);
        b.movi(pr, int64_t(scores->addr));
        b.mov(n, keyBlocks);
        b.loopOnRegister(n, [&] {
          b.vld(vreg(8), mem::vmem(pr));
          for (unsigned dt = 0; dt < dimTiles; ++dt) {
            b.pushTile(v, int64_t(dt) * kVec, rowQ);
            b.mxuMatmul(qreg(dt), vreg(8));
          }
          for (unsigned dt = 0; dt < dimTiles; ++dt) {
            b.mxuPop(vreg(16 + dt), qreg(dt));
            b.vadd(vreg(dt), vreg(dt), vreg(16 + dt));
          }
          b.addi(v, v, int64_t(kTile) * rowQ);
          b.addi(pr, pr, kVec);
        });
        for (unsigned dt = 0; dt < dimTiles; ++dt) {
          b.vmul(vreg(dt), vreg(dt), vreg(9));
          b.vst(vreg(dt), mem::vmem(ctxRow, int64_t(dt) * kVec));
        }
      }
      b.addi(q, q, rowQ);
      b.addi(ctxRow, ctxRow, int64_t(H) * 4);
      b.addi(lenPtr, lenPtr, 4);
      kv.bottom();
    });
    b.addi(ctxHead, ctxHead, rowQ);
  });
  vmem.free(*scores);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// A layer
//===----------------------------------------------------------------------===//

llvm::Error DecoderGenerator::emitLayer(unsigned layer) {
  uint64_t rowBytes = uint64_t(M) * H * 4;
  auto persistent = [&](uint64_t bytes, llvm::StringRef what) {
    return allocate(bytes, hlo(layer, what), Placement::Persistent);
  };

  auto qkv = persistent(3 * rowBytes, "qkv");
  if (!qkv)
    return qkv.takeError();
  if (!prefill) {
    // The first head's KV cache is needed right after the projection.
    for (unsigned i = 0; i < 2; ++i) {
      auto buffer = allocate(2ull * S * D * 4,
                             hlo(layer, "kv buffer " + std::to_string(i)),
                             Placement::Scratch);
      if (!buffer)
        return buffer.takeError();
      kvBuffers[i] = *buffer;
    }
    kvHeadIssued = false;
  }
  // QKV: strips of Q, K, V land head-major, [3][NH][M][D].
  {
    b.setHlo(hlo(layer, "qkv_proj"));
    if (!prefill && !schedule.noPrefetch) {
      for (const DmaTransfer &t : BlockStream::headTransfers(kvStream(layer)))
        b.dmaIssue(t.src, t.dst, t.bytes, kKvFlag);
      kvHeadIssued = true;
    }
    if (llvm::Error error =
            emitMatmulStage(layer, QkvProj, "qkv_proj", x, int64_t(H) * 4, *qkv,
                            int64_t(D) * 4, D / kTile, int64_t(M) * D * 4))
      return error;
  }
  emitKvTransfers(layer, *qkv);

  auto ctx = persistent(rowBytes, "context");
  if (!ctx)
    return ctx.takeError();
  llvm::Error error = prefill ? emitPrefillAttention(layer, *qkv, *ctx)
                              : emitDecodeAttention(layer, *qkv, *ctx);
  if (error)
    return error;
  // The K and V DMAs read the QKV buffer: wait before giving it back.
  b.dmaWait(kWritebackFlag);
  vmem.free(*qkv);
  if (!prefill)
    for (std::optional<VmemBuffer> &buffer : kvBuffers) {
      vmem.free(*buffer);
      buffer.reset();
    }

  auto attnOut = persistent(rowBytes, "attention output");
  if (!attnOut)
    return attnOut.takeError();
  if (llvm::Error error =
          emitMatmulStage(layer, OutProj, "out_proj", *ctx, int64_t(H) * 4,
                          *attnOut, int64_t(H) * 4))
    return error;
  vmem.free(*ctx);

  auto x1 = persistent(rowBytes, "x1");
  if (!x1)
    return x1.takeError();
  b.setHlo(hlo(layer, "attn_residual"));
  emitResidual(*x1, x, *attnOut, rowBytes);
  vmem.free(x);
  vmem.free(*attnOut);

  uint64_t hiddenBytes = uint64_t(M) * F * 4;
  auto h1 = persistent(hiddenBytes, "mlp hidden");
  if (!h1)
    return h1.takeError();
  if (llvm::Error error = emitMatmulStage(layer, MlpUp, "mlp.up", *x1,
                                          int64_t(H) * 4, *h1, int64_t(F) * 4))
    return error;
  b.setHlo(hlo(layer, "mlp.act"));
  emitGelu(*h1, hiddenBytes);

  auto mlpOut = persistent(rowBytes, "mlp output");
  if (!mlpOut)
    return mlpOut.takeError();
  if (llvm::Error error =
          emitMatmulStage(layer, MlpDown, "mlp.down", *h1, int64_t(F) * 4,
                          *mlpOut, int64_t(H) * 4))
    return error;
  vmem.free(*h1);

  auto x2 = persistent(rowBytes, "x2");
  if (!x2)
    return x2.takeError();
  b.setHlo(hlo(layer, "mlp_residual"));
  emitResidual(*x2, *x1, *mlpOut, rowBytes);
  vmem.free(*x1);
  vmem.free(*mlpOut);
  x = *x2;
  return llvm::Error::success();
}

llvm::Expected<GeneratedProgram> DecoderGenerator::run() {
  program.name = options.programName.empty()
                     ? (prefill ? "decoder_prefill" : "decoder_decode")
                     : options.programName;
  if (llvm::Error error = layoutHbm())
    return std::move(error);
  if (llvm::Error error = emitSetup())
    return std::move(error);
  for (unsigned l = 0; l < L; ++l)
    if (llvm::Error error = emitLayer(l))
      return std::move(error);
  if (llvm::Error error = emitOutput())
    return std::move(error);

  for (const arch::Instruction &inst : program.instructions)
    dmaIssues += inst.opcode == arch::Opcode::DmaIssue;
  program.stats.push_back({"instructions", program.instructions.size(), ""});
  program.stats.push_back({"dma-issues", dmaIssues, ""});
  program.stats.push_back(
      {"hbm-weights", hbm.bytesOf(HbmKind::Weights), "bytes"});
  program.stats.push_back(
      {"hbm-kv-cache", hbm.bytesOf(HbmKind::KvCache), "bytes"});
  program.stats.push_back({"vmem-peak", vmem.peakBytesInUse(), "bytes"});
  program.stats.push_back({"vmem-high-water", vmem.highWaterMark(), "bytes"});
  program.stats.push_back(
      {"vmem-max-stranded", vmem.maxStrandedBytes(), "bytes"});
  program.stats.push_back(
      {"vmem-min-largest-free", vmem.minLargestFreeRegion(), "bytes"});
  return std::move(program);
}

llvm::Expected<GeneratedProgram>
snr::workloads::generateDecoder(const WorkloadOptions &options) {
  return DecoderGenerator(options).run();
}
