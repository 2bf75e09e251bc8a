//===- TimingBridge.h - A RISC-V run in SnR's analysis vocabulary -*- C++
//-*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What SnR's analyses ask of a replay (SnR/Sim/SimEvents.h), answered for a
// RISC-V trace timed by an LLVM scheduling model:
//  - RISCVInstructionTable: the trace's instructions (decoded once per PC by
//    the TraceTimer it owns, with the target and the model), their text,
//    whether they load, their registers;
//  - describeTimingModel: the model's resources and stall kinds as a
//    ModelDescription (no clock, no asynchronous copies, several resources
//    per instruction);
//  - TimingEventForwarder: the timing engine's events forwarded to the
//    analyses' SimListeners, one for one;
//  - buildRISCVTraceInfo: the TraceInfo, with functions for HLOs and the
//    ELF's DWARF for the line table.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_REPLAY_RISCV_TIMINGBRIDGE_H
#define LIB_REPLAY_RISCV_TIMINGBRIDGE_H

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/InstructionTable.h"
#include "SnR/Sim/ModelDescription.h"
#include "SnR/Sim/SimEvents.h"
#include "SnR/Target/RISCV/RISCVTarget.h"
#include "SnR/Target/RISCV/Timing/RecordedTrace.h"
#include "SnR/Target/RISCV/Timing/TimingEvents.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"
#include "SnR/Target/RISCV/Timing/TraceTimer.h"

#include <memory>
#include <string>
#include <vector>

namespace snr::target {
class ElfImage;
} // namespace snr::target

namespace snr::trace {
struct EncodedTrace;
} // namespace snr::trace

namespace snr::replay::riscv {

/// The instructions of a RISC-V trace, by trace index. Owns the target, the
/// model and the timer that decoded them, so that it outlives the run as
/// TraceInfo::instructions.
class RISCVInstructionTable : public sim::InstructionTable {
public:
  /// Decodes the instructions of `trace` for `model` (made for `target`).
  static llvm::Expected<std::shared_ptr<RISCVInstructionTable>>
  create(std::unique_ptr<target::riscv::RISCVTarget> target,
         std::unique_ptr<target::riscv::timing::TimingModel> model,
         const target::riscv::timing::RecordedTrace &trace);

  const target::Target &getTarget() const override { return *target; }
  uint64_t size() const override { return staticOf.size(); }
  uint64_t getPc(uint64_t index) const override;
  const sim::InstructionDesc &getDesc(uint64_t index) const override {
    return statics[staticOf[index]]->desc;
  }
  void getRegisterAccesses(
      uint64_t index, bool executed,
      llvm::SmallVectorImpl<target::RegId> &reads,
      llvm::SmallVectorImpl<target::RegId> &writes) const override;
  bool holdsSyncObject(target::RegId) const override { return false; }
  void printInstruction(uint64_t index, llvm::raw_ostream &os) const override;

  target::riscv::timing::TimingModel &getModel() const { return *model; }
  target::riscv::timing::TraceTimer &getTimer() const { return *timer; }
  /// The latency of the index-th instruction's timing (the longest the
  /// model gives its class), once it has issued: the static view's.
  void noteLatency(uint64_t index, unsigned latency);

private:
  struct Static {
    std::string mnemonic;
    sim::InstructionDesc desc;
    bool latencyKnown = false;
  };
  RISCVInstructionTable() = default;

  std::unique_ptr<target::riscv::RISCVTarget> target;
  std::unique_ptr<target::riscv::timing::TimingModel> model;
  std::unique_ptr<target::riscv::timing::TraceTimer> timer;
  std::vector<std::unique_ptr<Static>> statics;
  /// The static instruction of each trace index.
  std::vector<uint32_t> staticOf;
};

/// The model's vocabulary: its processor resources (groups left out), the
/// timing engine's stall kinds in its order, its parameters.
sim::ModelDescription
describeTimingModel(const target::riscv::timing::TimingModel &model,
                    bool likeMca);

/// Forwards the timing engine's events to SnR's listeners.
class TimingEventForwarder : public target::riscv::timing::TimingListener {
public:
  TimingEventForwarder(const sim::ModelDescription &description,
                       RISCVInstructionTable &table,
                       llvm::ArrayRef<sim::SimListener *> listeners);

  void onRunStart(const target::riscv::timing::TimingRunInfo &info) override;
  void onIssue(const target::riscv::timing::TimingIssueEvent &event) override;
  void onResourceBusy(
      const target::riscv::timing::ResourceBusyEvent &event) override;
  void onRetire(const target::riscv::timing::TimingRetireEvent &event) override;
  void onRunEnd(const target::riscv::timing::TimingSummary &summary) override;

private:
  const sim::ModelDescription &description;
  RISCVInstructionTable &table;
  llvm::SmallVector<sim::SimListener *, 8> listeners;
  /// The description's resource of each of the model's (kNoResource for a
  /// group).
  std::vector<sim::ResourceId> resourceOf;
};

/// The TraceInfo of `trace` over `table`: the functions (the trace's map,
/// else the ELF's symbols, else DWARF's) as its HLOs, the ELF's DWARF line
/// table (with `elf`) as its source table.
analysis::TraceInfo
buildRISCVTraceInfo(const trace::EncodedTrace &trace,
                    const target::riscv::timing::RecordedTrace &recorded,
                    std::shared_ptr<RISCVInstructionTable> table,
                    const target::ElfImage *elf);

} // namespace snr::replay::riscv

#endif // LIB_REPLAY_RISCV_TIMINGBRIDGE_H
