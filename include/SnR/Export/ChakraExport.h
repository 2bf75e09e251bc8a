//===- ChakraExport.h - A replay as a Chakra execution trace ----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Writes one replay as MLCommons Chakra's binary execution trace (package
// ChakraProtoMsg): a GlobalMetadata message, then Node messages, each
// prefixed with its varint32 length, into `<prefix>.<npu>.et`. Compute nodes
// per HLO region cut at every DMA issue and wait (or per instruction), a
// node per DMA (memory load/store, or send/receive for remote HBM); control
// dependencies for program order, data dependencies from each wait to its
// DMAs and from the dependency graph. The waits' stalls are the DMAs', so a
// schedule driven by the dependencies alone reproduces the replay's cycles.
// docs/exports.md gives the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_EXPORT_CHAKRAEXPORT_H
#define SNR_EXPORT_CHAKRAEXPORT_H

#include "llvm/Support/Error.h"

#include <string>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::exporter {

enum class ChakraGranularity { Hlo, Instruction };

struct ChakraOptions {
  ChakraGranularity granularity = ChakraGranularity::Hlo;
  /// The chip the trace ran on (Chakra's NPU id, the file's suffix).
  unsigned npu = 0;
  /// The file name's prefix; empty: the trace's program name.
  std::string prefix;
};

/// The bytes of the file: metadata and nodes, each length-prefixed.
std::string encodeChakraTrace(const analysis::ReplayResults &results,
                              const ChakraOptions &options = {});

/// The file writeChakraTrace writes: `dir`/<prefix>.<npu>.et, the prefix
/// the program's name unless given.
std::string getChakraTracePath(llvm::StringRef dir, llvm::StringRef prefix,
                               unsigned npu);

/// Writes `dir`/<prefix>.<npu>.et (creating `dir`); returns its path.
llvm::Expected<std::string>
writeChakraTrace(const analysis::ReplayResults &results, llvm::StringRef dir,
                 const ChakraOptions &options = {});

} // namespace snr::exporter

#endif // SNR_EXPORT_CHAKRAEXPORT_H
