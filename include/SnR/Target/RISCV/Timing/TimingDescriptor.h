//===- TimingDescriptor.h - One instruction's timing, from LLVM -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the issue model needs to know about one static RISC-V instruction
// under one vector configuration: its register reads (with their ReadAdvance
// entries) and writes (with their latencies), the processor resources it
// occupies and for how long, its micro-ops and its latency. Every number is
// read from an LLVM scheduling model through llvm-mca's InstrBuilder, built
// once per static instruction and vtype and then only looked up
// (TimingModel::getDescriptor).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TIMINGDESCRIPTOR_H
#define SNR_TARGET_RISCV_TIMING_TIMINGDESCRIPTOR_H

#include "SnR/Target/RISCV/VectorType.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace snr::target::riscv::timing {

/// A processor resource of a scheduling model: the index of its
/// MCProcResourceDesc, as LLVM numbers them (1 to the number of kinds - 1).
/// TimingModel::getResource names it.
using ResourceId = uint16_t;

/// An LLVM register number (MCPhysReg): the scoreboard is indexed by them.
using RegUnit = uint16_t;

/// A ReadAdvance entry of the reading scheduling class for one use: a write
/// whose WriteResourceID matches (0 matches any) is available `cycles`
/// earlier to this read (later if negative).
struct ReadAdvance {
  unsigned writeResourceId = 0;
  int cycles = 0;
};

/// A use's ReadAdvance entries as a table by WriteResourceID, built once
/// per distinct list (a model's reads share a few lists of dozens of
/// entries; scanning one per read would dominate the timing).
struct ReadAdvanceTable {
  std::vector<int16_t> byWrite;
  /// For WriteResourceIDs past the table: an entry that matches any write.
  int16_t otherwise = 0;
  int get(unsigned writeResourceId) const {
    return writeResourceId < byWrite.size() ? byWrite[writeResourceId]
                                            : otherwise;
  }
};

/// A register read: the register and its sub-registers (a write to any of
/// them is a write this read waits for, as llvm-mca's RegisterFile has it).
struct RegisterRead {
  RegUnit reg = 0;
  llvm::SmallVector<RegUnit, 2> checked;
  /// In the order LLVM lists them; the first match applies.
  llvm::SmallVector<ReadAdvance, 0> advances;
  /// The same, by WriteResourceID (null when there is none).
  const ReadAdvanceTable *advanceTable = nullptr;
  /// The ReadAdvance for a write of resource id `writeResourceId`.
  int getAdvance(unsigned writeResourceId) const {
    return advanceTable ? advanceTable->get(writeResourceId) : 0;
  }
};

/// A register write: its latency from issue, and the registers whose last
/// write it becomes (the register and its non-artificial sub-registers).
struct RegisterWrite {
  RegUnit reg = 0;
  llvm::SmallVector<RegUnit, 2> updated;
  unsigned latency = 0;
  /// Matched against readers' ReadAdvance entries.
  unsigned writeResourceId = 0;
};

/// A processor resource (a unit, or a group of units) the instruction
/// occupies from its issue for `cycles` cycles (llvm-mca's ResourceUsage).
struct ResourceUse {
  ResourceId resource = 0;
  /// llvm-mca's resource mask (computeProcResourceMasks).
  uint64_t mask = 0;
  unsigned cycles = 0;
  /// Units of the resource (members of a group) needed at once.
  unsigned numUnits = 1;
  /// The group is reserved as a whole (it asks more units than it has).
  bool reserved = false;
};

struct TimingDescriptor {
  unsigned opcode = 0;
  /// The resolved scheduling class (after the LMUL/SEW instruments and
  /// variant resolution) and its name in the model.
  unsigned schedClass = 0;
  llvm::StringRef schedClassName;

  unsigned numMicroOps = 0;
  /// Cycles from issue until every result is written (MaxLatency).
  unsigned maxLatency = 0;
  /// The earliest of its writes' latencies (maxLatency when it writes no
  /// register): llvm-mca's in-order stage keeps write-backs in order with it.
  unsigned firstWriteBack = 0;
  /// For a load: the latency of its loaded value (its first write), as the
  /// model gives it for this class (MCSchedModel::LoadLatency is the model's
  /// default, which llvm-mca does not use either).
  unsigned loadLatency = 0;

  llvm::SmallVector<RegisterRead, 4> reads;
  llvm::SmallVector<RegisterWrite, 2> writes;
  llvm::SmallVector<ResourceUse, 4> resources;
  /// Masks of the groups it uses (llvm-mca's UsedProcResGroups), of the
  /// buffered resources it consumes (UsedBuffers).
  uint64_t usedGroups = 0;
  uint64_t usedBuffers = 0;
  bool hasPartiallyOverlappingGroups = false;
  /// Every use needs one unit of a resource of one unit, or of a group of
  /// such resources, and no group is reserved or partially overlaps another:
  /// the issue models' fast path (a descriptor made by hand leaves it off).
  bool oneUnitResources = false;

  bool beginGroup = false;
  bool endGroup = false;
  bool retireOOO = false;
  bool mayLoad = false;
  bool mayStore = false;
  bool hasSideEffects = false;
  /// A call (llvm-mca gives calls a latency of its -call-latency).
  bool isCall = false;
  /// The model has no class for it (llvm-mca refuses it too: a `fence` on
  /// sifive-x280, whose class is a variant only a MachineInstr resolves).
  /// SnR issues it as one micro-op of latency 1 using no resource, its
  /// register reads and writes from LLVM's MCInstrDesc.
  bool untimed = false;

  /// The vector configuration the scheduling class was chosen for (the
  /// LMUL/SEW instruments), when the instruction reads vtype.
  std::optional<VectorType> vtype;
  /// Whether the model has a class of its own for this LMUL (and SEW):
  /// only then do its numbers scale with the elements processed.
  bool lmulSpecific = false;
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_TIMINGDESCRIPTOR_H
