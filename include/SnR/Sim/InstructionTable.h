//===- InstructionTable.h - A run's instructions, ISA-neutral ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What the analyses and the reports ask of the instructions of a run, by
// their index in the trace, answered by the target and its timing model:
// each one's PC and mnemonic, the resource it issues to, its latency and
// occupancy, whether it is a cheap producer of a copy's descriptor
// (lightweight), whether it starts an asynchronous copy or waits for copies,
// and the registers it reads and writes (target::RegId, names from the
// target's RegisterMap). The static facts are shared by every instruction of
// one kind (an opcode, a scheduling class): an InstructionDesc, looked up
// per index. No analysis and no report names an opcode: it asks this.
//
// The snr reference ISA answers it over its decoded instructions and its
// machine description (SnR/Sim/SnRModel.h); a second ISA answers it over
// its own (docs/targets.md).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_INSTRUCTIONTABLE_H
#define SNR_SIM_INSTRUCTIONTABLE_H

#include "SnR/Sim/ModelDescription.h"
#include "SnR/Target/RegisterMap.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

namespace snr::target {
class Target;
} // namespace snr::target

namespace snr::sim {

/// The facts every instruction of one kind shares.
struct InstructionDesc {
  /// As its assembler spells it ("dma.issue", "vle32.v"). Lives as long as
  /// the table.
  llvm::StringRef mnemonic;
  /// The resource it issues to (ModelDescription::resources), or
  /// kNoResource.
  ResourceId resource = kNoResource;
  /// Cycles from its issue until its results are ready, when it executes.
  unsigned latency = 1;
  /// Cycles it holds its resource from its issue (1: fully pipelined).
  unsigned occupancy = 1;
  /// A cheap producer of a copy's descriptor (address arithmetic, a scalar
  /// load): a relaxed backtail walks back through it and the rewrite moves
  /// it with the copy.
  bool lightweight = false;
  /// Loads from memory into a register (a copy's reads are not loads): a
  /// consumer that waits for its value waits for the load's latency.
  bool mayLoad = false;
  /// Starts an asynchronous copy (snr's dma.issue).
  bool startsCopy = false;
  /// Blocks until copies complete (snr's dma.wait).
  bool waitsForCopies = false;
};

class InstructionTable {
public:
  virtual ~InstructionTable();

  /// Register and address space names.
  virtual const target::Target &getTarget() const = 0;
  /// Instructions in the run; indices count from 0 in trace order.
  virtual uint64_t size() const = 0;
  virtual uint64_t getPc(uint64_t index) const = 0;
  virtual const InstructionDesc &getDesc(uint64_t index) const = 0;
  /// The registers instruction `index` reads and writes when its guard held
  /// (`executed`), its guard among the reads; predicated off, only its
  /// guard. Sync-object registers (holdsSyncObject) included. Appends.
  virtual void
  getRegisterAccesses(uint64_t index, bool executed,
                      llvm::SmallVectorImpl<target::RegId> &reads,
                      llvm::SmallVectorImpl<target::RegId> &writes) const = 0;
  /// Whether `reg` holds a sync object's count (snr's DMA flags): copies
  /// are renamed onto another one freely, so a dependency through it does
  /// not hold a copy back.
  virtual bool holdsSyncObject(target::RegId reg) const = 0;

  /// Instruction `index` as assembly text ("vle32.v v8, (a0)"); by
  /// default its mnemonic.
  virtual void printInstruction(uint64_t index, llvm::raw_ostream &os) const;

  llvm::StringRef getMnemonic(uint64_t index) const {
    return getDesc(index).mnemonic;
  }
};

} // namespace snr::sim

#endif // SNR_SIM_INSTRUCTIONTABLE_H
