//===- Presets.cpp - Named parameter sets of known size -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Instruction counts are those of `snr-record --break-at 0` to the halt with
// the default schedule (knobs change them by a few instructions per loop
// iteration at most); docs/workloads.md has the measurements.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/Presets.h"

using namespace snr;
using namespace snr::workloads;

namespace {
DecoderOptions decoder(DecoderMode mode, unsigned hidden, unsigned heads,
                       unsigned seq, unsigned batch, unsigned layers) {
  DecoderOptions o;
  o.mode = mode;
  o.hidden = hidden;
  o.heads = heads;
  o.seq = seq;
  o.batch = batch;
  o.layers = layers;
  return o;
}

CollectiveOptions collective(unsigned chips, uint64_t bytes,
                             uint64_t chunkBytes) {
  CollectiveOptions o;
  o.chips = chips;
  o.bytes = bytes;
  o.chunkBytes = chunkBytes;
  return o;
}

constexpr DecoderMode kPrefill = DecoderMode::Prefill;
constexpr DecoderMode kDecode = DecoderMode::Decode;

const Preset kPresets[] = {
    // Prefill: one pass over --seq tokens; the matmuls dominate.
    {"decoder-10k",
     "prefill, 1 layer, hidden 32, seq 16: about 10k",
     WorkloadKind::Decoder,
     decoder(kPrefill, 32, 2, 16, 1, 1),
     {}},
    {"decoder-100k",
     "prefill, 2 layers, hidden 64, seq 32: about 100k",
     WorkloadKind::Decoder,
     decoder(kPrefill, 64, 2, 32, 1, 2),
     {}},
    {"decoder-600k",
     "prefill, 2 layers, hidden 128, seq 48: about 600k",
     WorkloadKind::Decoder,
     decoder(kPrefill, 128, 2, 48, 1, 2),
     {}},
    {"decoder-2m",
     "prefill, 5 layers, hidden 128, seq 64: about 2M",
     WorkloadKind::Decoder,
     decoder(kPrefill, 128, 2, 64, 1, 5),
     {}},
    // Decode: one token per sequence; weight and KV-cache DMAs dominate.
    {"decode-100k",
     "decode, 2 layers, hidden 128, cache 128, batch 2: about "
     "100k",
     WorkloadKind::Decoder,
     decoder(kDecode, 128, 2, 128, 2, 2),
     {}},
    {"decode-600k",
     "decode, 2 layers, hidden 256, cache 320, batch 4: about "
     "600k",
     WorkloadKind::Decoder,
     decoder(kDecode, 256, 4, 320, 4, 2),
     {}},
    {"decode-2m",
     "decode, 2 layers, hidden 512, cache 512, batch 4: about 2M",
     WorkloadKind::Decoder,
     decoder(kDecode, 512, 8, 512, 4, 2),
     {}},
    // Collectives: all-gather is nearly all DMA; the reductions add vectors.
    {"allgather-small",
     "8 chips, 256 KiB, 4 KiB chunks",
     WorkloadKind::AllGather,
     {},
     collective(8, 256 * 1024, 4096)},
    {"allgather-large",
     "64 chips, 16 MiB, 4 KiB chunks: 16 MiB of DMA",
     WorkloadKind::AllGather,
     {},
     collective(64, 16 << 20, 4096)},
    {"reducescatter-small",
     "8 chips, 256 KiB, 4 KiB chunks: about 20k",
     WorkloadKind::ReduceScatter,
     {},
     collective(8, 256 * 1024, 4096)},
    {"allreduce-small",
     "8 chips, 256 KiB, 4 KiB chunks: about 20k",
     WorkloadKind::AllReduce,
     {},
     collective(8, 256 * 1024, 4096)},
    {"allreduce-300k",
     "8 chips, 4 MiB, 16 KiB chunks: about 300k",
     WorkloadKind::AllReduce,
     {},
     collective(8, 4 << 20, 16384)},
    {"allreduce-1m",
     "16 chips, 16 MiB, 16 KiB chunks: about 1.3M",
     WorkloadKind::AllReduce,
     {},
     collective(16, 16 << 20, 16384)},
};
} // namespace

llvm::ArrayRef<Preset> snr::workloads::getPresets() { return kPresets; }

const Preset *snr::workloads::lookupPreset(llvm::StringRef name) {
  for (const Preset &preset : kPresets)
    if (name == preset.name)
      return &preset;
  return nullptr;
}
