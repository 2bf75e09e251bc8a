//===- ModelDescription.h - A timing model's vocabulary ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What a timing model says of itself once per run, so that its events
// (SimEvents.h) can speak in small integers and the analyses and reports
// still name things: the resources its instructions occupy (the snr
// reference model's units, an LLVM scheduling model's processor resources),
// the kinds of stall it reports and what each means, whether it times
// asynchronous copies, its scratchpad's page geometry, its clock, and its
// parameters as metrics.json shows them. An analysis that does not apply
// to a model (no asynchronous copies: no DMA analyses; no scratchpad: no
// data-cache analysis) tells from here. docs/targets.md lists what a model
// must answer.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_MODELDESCRIPTION_H
#define SNR_SIM_MODELDESCRIPTION_H

#include "SnR/Target/InstructionEffects.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace snr::sim {

/// A resource of the timing model, by its index in
/// ModelDescription::resources.
using ResourceId = uint16_t;
inline constexpr ResourceId kNoResource = ~ResourceId(0);

/// A kind of stall, by its index in ModelDescription::stallKinds; 0 is "not
/// stalled".
using StallKind = uint8_t;
inline constexpr StallKind kNoStall = 0;
/// Stall kinds a model may have, "none" included: tables by kind are arrays
/// of this size.
inline constexpr unsigned kMaxStallKinds = 8;

/// A resource instructions occupy: a unit of the snr reference model, a
/// processor resource of an LLVM scheduling model.
struct ResourceInfo {
  /// Its name in metrics.json and on the timeline: "loadstore".
  std::string name;
  /// Its name in prose: "load/store".
  std::string label;
  /// Units of it (instructions it holds at once).
  unsigned units = 1;
  /// Whether the utilization analysis measures it: a resource is measured
  /// when its busy time says something (snr's DMA and control units, which
  /// only issue, are not).
  bool measured = true;
};

/// What a stall kind means, for the analyses that explain a stall by its
/// cause (the producer's latency, the resource's occupancy) or treat waits
/// for copies apart.
enum class StallRole : uint8_t {
  None,     ///< not a stall (kind 0)
  Register, ///< an operand was not ready: the cause wrote it, and its
            ///< latency explains the stall
  Resource, ///< a resource was busy: the cause held it, for its occupancy
  CopyWait, ///< a wait for asynchronous copies: the cause started the copy
            ///< that finished last
  Other,    ///< anything else (a branch refill, a fence, the issue width)
};

struct StallKindInfo {
  /// Its name in metrics.json, the summary and the remarks: "scoreboard".
  std::string name;
  /// The reason the static view gives: "register".
  std::string reason;
  /// How a remark says what the stalled instruction waited for, before the
  /// producer: "a register written by" (the vmul at pc 3).
  std::string waitsFor;
  StallRole role = StallRole::Other;
};

/// An on-chip buffer that copies fill, in pages (snr's VMEM): the data-cache
/// analysis tracks it page by page.
struct ScratchpadInfo {
  target::SpaceId space = 0;
  unsigned blocks = 0;
  unsigned pagesPerBlock = 0;
  unsigned pageBytes = 0;
};

struct ModelDescription {
  /// "snr-ref"; the machine file's name or the CPU's.
  std::string name;
  double clockGhz = 1.0;
  /// False for a model that counts cycles only (an LLVM scheduling model
  /// has no clock): the reports give no times, and the timeline, whose unit
  /// is time, counts clockGhz's nonetheless.
  bool hasClock = true;
  std::vector<ResourceInfo> resources;
  /// How instructions occupy resources. True (snr): an executed
  /// instruction holds its InstructionDesc::resource for its occupancy from
  /// its issue, and nothing else, so the reports derive busy time from the
  /// instruction table. False (an LLVM scheduling model): an instruction
  /// may hold several resources, each for its own cycles, on units picked
  /// as it runs; the TimingRecorder then keeps every ResourceBusyEvent, and
  /// the reports read those.
  bool busyFromDescriptions = true;
  /// The accelerator's main compute resource (snr's matrix unit): the
  /// utilization analysis reports the stretches it sat idle while a wait
  /// for copies stalled. kNoResource if the model names none.
  ResourceId primaryCompute = kNoResource;
  /// By StallKind; [0] is "none". At most kMaxStallKinds.
  std::vector<StallKindInfo> stallKinds;
  /// Whether the model times asynchronous copies (a DMA engine): without
  /// them the DMA analyses have nothing to say.
  bool asyncCopies = false;
  std::optional<ScratchpadInfo> scratchpad;
  /// The model's parameters, as metrics.json's "machine" shows them.
  llvm::json::Object parameters;

  unsigned getNumStallKinds() const { return stallKinds.size(); }
  /// "scoreboard"; empty for a kind the model does not have.
  llvm::StringRef getStallKindName(StallKind kind) const {
    return kind < stallKinds.size() ? llvm::StringRef(stallKinds[kind].name)
                                    : llvm::StringRef();
  }
  StallRole getStallRole(StallKind kind) const {
    return kind < stallKinds.size() ? stallKinds[kind].role : StallRole::None;
  }
  /// The first kind of `role`, or kNoStall if the model has none.
  StallKind findStallKind(StallRole role) const {
    for (size_t k = 1; k < stallKinds.size(); ++k)
      if (stallKinds[k].role == role)
        return StallKind(k);
    return kNoStall;
  }
  /// The resource named `name`, or kNoResource.
  ResourceId findResource(llvm::StringRef name) const {
    for (size_t r = 0; r < resources.size(); ++r)
      if (resources[r].name == name)
        return ResourceId(r);
    return kNoResource;
  }
  double cyclesToMicroseconds(double cycles) const {
    return cycles / (clockGhz * 1000.0);
  }
};

} // namespace snr::sim

#endif // SNR_SIM_MODELDESCRIPTION_H
