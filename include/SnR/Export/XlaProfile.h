//===- XlaProfile.h - A replay as XLA's latency profile ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Writes the text form of XLA's ProfiledInstructionsProto, the profile XLA's
// latency-hiding scheduler reads for profile-guided scheduling: the cost of
// every HLO (its share of the replay's cycles) and the latency of every
// asynchronous DMA whose issue and wait are in different HLOs.
// docs/exports.md says how to feed it back and what it does not carry.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_EXPORT_XLAPROFILE_H
#define SNR_EXPORT_XLAPROFILE_H

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::analysis {
struct ReplayResults;
} // namespace snr::analysis

namespace snr::exporter {

struct XlaProfileOptions {
  /// Prefixes every name as "<fingerprint>::<name>", the form XLA selects a
  /// module's entries by when one profile holds several modules.
  std::string fingerprint;
};

void writeXlaProfile(const analysis::ReplayResults &results,
                     llvm::raw_ostream &os,
                     const XlaProfileOptions &options = {});

} // namespace snr::exporter

#endif // SNR_EXPORT_XLAPROFILE_H
