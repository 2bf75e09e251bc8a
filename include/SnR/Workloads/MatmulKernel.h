//===- MatmulKernel.h - Weight-streaming matmul on the MXU ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// C = A x W for activations A (rows x k) already in VMEM and weights W
// (k x n) streamed from HBM, tiled for the 16x16 weight-stationary matrix
// unit. HBM holds W strip-major: strip j is the k x 16 column block j, k rows
// of 64 bytes, so one DMA brings one strip. The loop nest is
//
//   for each strip j (a BlockStream of weight strips):
//     for each 16x16 tile t of the strip:
//       push the tile's 16 rows (16 vld + 16 mxu.push)
//       for each block of 16 rows of A:
//         16 vld + 16 mxu.matmul, 16 mxu.pop
//         t == 0: vst the partial sums; else vld, vadd, vst (accumulate)
//
// so the matrix unit keeps each weight tile while every row streams through
// it, and the output strip in VMEM is the accumulator. The output may be laid
// out in groups (QKV split per head): strip j goes to
//   c + (j / groupStrips) * groupStride + (j % groupStrips) * 64.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_MATMULKERNEL_H
#define SNR_WORKLOADS_MATMULKERNEL_H

#include "SnR/Workloads/BlockStream.h"

namespace snr::workloads {

struct MatmulSpec {
  unsigned rows = 0, k = 0, n = 0;
  /// A(m, column c) at a + m * lda + 4 * c.
  uint64_t a = 0;
  int64_t lda = 0;
  /// C(m, column c) at c + (c / 16 / groupStrips) * groupStride +
  /// (c / 16 % groupStrips) * 64 + m * ldc + 4 * (c % 16).
  uint64_t c = 0;
  int64_t ldc = 0;
  unsigned groupStrips = 0; ///< 0: one group (plain row-major)
  int64_t groupStride = 0;
  /// HBM address of the strip-major weights.
  uint64_t weights = 0;
  /// The two VMEM buffers, each one strip (k * 64 bytes).
  uint64_t weightBuffers[2] = {0, 0};
  FReg flag;
  /// Predicates: another strip follows; the output crosses a group.
  PReg more, group;

  int64_t stripBytes() const { return int64_t(k) * 64; }
  uint64_t weightBytes() const { return uint64_t(k) * n * 4; }
};

/// The stream of weight strips the kernel consumes.
StreamConfig getWeightStream(const MatmulSpec &spec, bool late);

/// Emits the kernel. `headIssued`: strip 0 is already in flight on the
/// spec's flag (prefetched by an earlier HLO). `prefetchNext`: DMAs to issue
/// during the last strip, on the same flag (the next HLO's first strip).
void emitMatmul(ProgramBuilder &builder, const MatmulSpec &spec, bool late,
                bool headIssued, llvm::ArrayRef<DmaTransfer> prefetchNext);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_MATMULKERNEL_H
