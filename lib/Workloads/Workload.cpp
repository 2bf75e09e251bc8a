//===- Workload.cpp - The workloads snr-gen can lay out -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Workloads/Workload.h"

#include "llvm/Support/FormatVariadic.h"

using namespace snr;
using namespace snr::workloads;

namespace {
struct WorkloadName {
  WorkloadKind kind;
  const char *name;
};
constexpr WorkloadName kNames[] = {
    {WorkloadKind::Decoder, "decoder"},
    {WorkloadKind::AllGather, "allgather"},
    {WorkloadKind::ReduceScatter, "reducescatter"},
    {WorkloadKind::AllReduce, "allreduce"},
};

llvm::Error bad(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Largest batch: the decode sequence-length table must fit in SMEM.
constexpr unsigned kMaxBatch = 1024;
/// Largest head dimension: eight 16-lane tiles, one vector register each.
constexpr unsigned kMaxHeadDim = 128;
/// Peers' buffers are laid out within 1 GiB of their HBM (Collective.cpp).
constexpr uint64_t kPeerSpan = 1ull << 30, kPeerAlign = 1 << 20;

llvm::Error validateDecoder(const DecoderOptions &o) {
  if (o.hidden == 0 || o.hidden % 16 != 0)
    return bad(llvm::formatv("--hidden={0} must be a positive multiple of 16",
                             o.hidden));
  if (o.heads == 0 || o.hidden % o.heads != 0)
    return bad(llvm::formatv("--heads={0} must divide --hidden={1}", o.heads,
                             o.hidden));
  unsigned headDim = o.hidden / o.heads;
  if (headDim % 16 != 0 || headDim > kMaxHeadDim)
    return bad(llvm::formatv(
        "the head dimension --hidden / --heads = {0} must be a multiple of 16 "
        "and at most {1}",
        headDim, kMaxHeadDim));
  if (o.seq == 0 || o.seq % 16 != 0)
    return bad(
        llvm::formatv("--seq={0} must be a positive multiple of 16", o.seq));
  if (o.batch == 0 || o.batch > kMaxBatch)
    return bad(
        llvm::formatv("--batch={0} must be in [1, {1}]", o.batch, kMaxBatch));
  if (o.layers == 0)
    return bad("--layers must be at least 1");
  if (o.ffnMultiplier == 0 || o.ffnMultiplier > 16)
    return bad(llvm::formatv("--ffn-multiplier={0} must be in [1, 16]",
                             o.ffnMultiplier));
  return llvm::Error::success();
}

llvm::Error validateCollective(const CollectiveOptions &o) {
  if (o.chips < 2 || o.chips > arch::kMaxChips)
    return bad(llvm::formatv("--chips={0} must be in [2, {1}]", o.chips,
                             arch::kMaxChips));
  if (o.rank >= o.chips)
    return bad(
        llvm::formatv("--rank={0} must be below --chips={1}", o.rank, o.chips));
  if (o.chunkBytes == 0 || o.chunkBytes % arch::kVectorBytes != 0)
    return bad(
        llvm::formatv("--chunk-bytes={0} must be a positive multiple of {1}",
                      o.chunkBytes, arch::kVectorBytes));
  if (o.bytes == 0 || o.bytes % (uint64_t(o.chips) * o.chunkBytes) != 0)
    return bad(llvm::formatv("--bytes={0} must be a positive multiple of "
                             "--chips x --chunk-bytes = {1}",
                             o.bytes, uint64_t(o.chips) * o.chunkBytes));
  uint64_t perPeer = (o.bytes + kPeerAlign - 1) / kPeerAlign * kPeerAlign;
  if (perPeer * o.chips > kPeerSpan)
    return bad(llvm::formatv("--bytes={0} is too large for {1} chips: the "
                             "peers' buffers must fit in 1 GiB",
                             o.bytes, o.chips));
  return llvm::Error::success();
}
} // namespace

llvm::StringRef snr::workloads::getWorkloadName(WorkloadKind kind) {
  for (const WorkloadName &entry : kNames)
    if (entry.kind == kind)
      return entry.name;
  return "?";
}

std::optional<WorkloadKind>
snr::workloads::lookupWorkload(llvm::StringRef name) {
  for (const WorkloadName &entry : kNames)
    if (name == entry.name)
      return entry.kind;
  return std::nullopt;
}

llvm::Error snr::workloads::validateOptions(const WorkloadOptions &options) {
  if (options.kind == WorkloadKind::Decoder)
    return validateDecoder(options.decoder);
  return validateCollective(options.collective);
}

llvm::Expected<GeneratedProgram>
snr::workloads::generateWorkload(const WorkloadOptions &options) {
  if (llvm::Error error = validateOptions(options))
    return std::move(error);
  switch (options.kind) {
  case WorkloadKind::Decoder:
    return generateDecoder(options);
  case WorkloadKind::AllGather:
    return generateAllGather(options);
  case WorkloadKind::ReduceScatter:
    return generateReduceScatter(options);
  case WorkloadKind::AllReduce:
    return generateAllReduce(options);
  }
  return bad("unknown workload");
}
