//===- Workload.h - The workloads snr-gen can lay out -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// One options struct per family of workloads, the schedule knobs they share,
// and the entry point that validates options and generates a program. Every
// generator is deterministic: the same options (seed included) give the same
// program, instruction for instruction and byte for byte of initial data.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_WORKLOADS_WORKLOAD_H
#define SNR_WORKLOADS_WORKLOAD_H

#include "SnR/Workloads/GeneratedProgram.h"
#include "SnR/Workloads/Schedule.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace snr::workloads {

enum class WorkloadKind { Decoder, AllGather, ReduceScatter, AllReduce };
llvm::StringRef getWorkloadName(WorkloadKind kind);
std::optional<WorkloadKind> lookupWorkload(llvm::StringRef name);

enum class DecoderMode { Prefill, Decode };

/// A stack of transformer decoder layers.
struct DecoderOptions {
  DecoderMode mode = DecoderMode::Prefill;
  /// Model width; a multiple of 16.
  unsigned hidden = 128;
  /// Attention heads; hidden / heads is a multiple of 16, at most 128.
  unsigned heads = 2;
  /// Prefill: tokens per sequence. Decode: KV-cache entries per sequence.
  /// A multiple of 16.
  unsigned seq = 64;
  unsigned batch = 1;
  unsigned layers = 1;
  /// MLP width = ffnMultiplier * hidden.
  unsigned ffnMultiplier = 4;
};

/// A collective among `chips` chips, seen from chip `rank`.
struct CollectiveOptions {
  unsigned chips = 4;
  unsigned rank = 0;
  /// Bytes of the full buffer on each chip: the gathered result of an
  /// all-gather, the input of a reduce-scatter or all-reduce. Each chip's
  /// shard is bytes / chips.
  uint64_t bytes = 64 * 1024;
  /// DMA granularity of the data phase; divides the shard, multiple of 64.
  uint64_t chunkBytes = 4096;
};

struct WorkloadOptions {
  WorkloadKind kind = WorkloadKind::Decoder;
  DecoderOptions decoder;
  CollectiveOptions collective;
  ScheduleOptions schedule;
  /// Seeds the initial data (weights, activations, peers' buffers).
  uint64_t seed = 1;
  /// Symbol name of the program; empty: derived from the workload.
  std::string programName;
};

/// Checks the options of the chosen workload; the error names the option.
llvm::Error validateOptions(const WorkloadOptions &options);

/// Validates and generates.
llvm::Expected<GeneratedProgram>
generateWorkload(const WorkloadOptions &options);

/// The generators, called by generateWorkload on validated options.
llvm::Expected<GeneratedProgram>
generateDecoder(const WorkloadOptions &options);
llvm::Expected<GeneratedProgram>
generateAllGather(const WorkloadOptions &options);
llvm::Expected<GeneratedProgram>
generateReduceScatter(const WorkloadOptions &options);
llvm::Expected<GeneratedProgram>
generateAllReduce(const WorkloadOptions &options);

} // namespace snr::workloads

#endif // SNR_WORKLOADS_WORKLOAD_H
