//===- PerformanceTracker.h - Whole-run metrics ------------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A listener that counts what a run did: cycles, instructions per cycle,
// stall cycles by kind, each resource's busy cycles, DMA bytes and time per
// link, and the DMA waits' base-latency and transfer stalls and slack. It
// keeps the names the run gave its stall kinds and resources, so it prints a
// summary and writes the same figures as JSON on its own.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_PERFORMANCETRACKER_H
#define SNR_SIM_PERFORMANCETRACKER_H

#include "SnR/Sim/SimEvents.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <string>
#include <vector>

namespace snr::sim {

class PerformanceTracker : public SimListener {
public:
  struct LinkStats {
    std::string name;
    uint64_t dmas = 0, bytes = 0;
    uint64_t busyCycles = 0; ///< cycles moving data (start to completion)
  };

  void onRunStart(const RunInfo &info) override;
  void onIssue(const IssueEvent &event) override;
  void onResourceBusy(const ResourceBusyEvent &event) override;
  void onDmaIssue(const DmaIssueEvent &event) override;
  void onDmaStart(const DmaProgressEvent &event) override;
  void onDmaComplete(const DmaProgressEvent &event) override;
  void onDmaWait(const DmaWaitEvent &event) override;
  void onRunEnd(const RunSummary &summary) override;

  /// A few lines for a terminal.
  void print(llvm::raw_ostream &os) const;
  llvm::json::Object toJSON() const;

  uint64_t instructions = 0, executed = 0, totalCycles = 0;
  /// By StallKind, and their names (ModelDescription::stallKinds).
  std::array<uint64_t, kMaxStallKinds> stallCycles{};
  std::vector<std::string> stallKindNames;
  /// By ResourceId, and their names (ModelDescription::resources).
  std::vector<uint64_t> resourceIssued, resourceBusy;
  std::vector<std::string> resourceNames;
  std::vector<LinkStats> links;
  uint64_t waitBaseStall = 0, waitTransferStall = 0, waitSlack = 0;
  uint64_t waits = 0, stalledWaits = 0;
  double clockGhz = 1.0;

private:
  std::vector<unsigned> linkOfDma;
  std::vector<uint64_t> startOfDma;
};

} // namespace snr::sim

#endif // SNR_SIM_PERFORMANCETRACKER_H
