//===- SnRModel.h - The snr reference model, described ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The snr reference model (the Simulator with its FunctionalCore, ArchState,
// DmaEngine and MachineModel: the one part of lib/Sim that speaks the snr
// ISA) answering the ISA-neutral questions of its listeners: its
// vocabulary (ModelDescription.h: its six units as resources, its stall
// kinds, its DMA engine, VMEM as the scratchpad) and its instructions
// (InstructionTable.h: mnemonic, unit, latency class timing, registers as
// target::RegId of the snr target, lightweight, dma.issue/dma.wait).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_SNRMODEL_H
#define SNR_SIM_SNRMODEL_H

#include "SnR/Arch/ISA.h"
#include "SnR/Sim/InstructionTable.h"
#include "SnR/Sim/ModelDescription.h"

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <memory>

namespace snr::sim {

struct MachineModel;

/// The snr reference model's stall kinds, by their StallKind.
struct SnRStall {
  enum : StallKind {
    None,
    Scoreboard, ///< a source (or destination) register is not ready
    UnitBusy,   ///< its unit has not finished accepting the previous one
    Branch,     ///< refilling after a taken branch
    Fence,      ///< earlier instructions are still in flight
    DmaWait,    ///< a dma.wait on DMAs not yet complete
    Count
  };
};

/// The resource of an snr unit: units are resources in arch::Unit order.
inline ResourceId getUnitResource(arch::Unit unit) { return ResourceId(unit); }

/// The vocabulary of the snr reference model on `machine`.
ModelDescription describeSnRModel(const MachineModel &machine);

/// The snr instructions of a run, timed on a machine.
class SnRInstructionTable final : public InstructionTable {
public:
  /// `instructions` must outlive the table; `machine` is read only here.
  SnRInstructionTable(llvm::ArrayRef<arch::Instruction> instructions,
                      const MachineModel &machine);

  const target::Target &getTarget() const override;
  uint64_t size() const override { return instructions.size(); }
  uint64_t getPc(uint64_t index) const override {
    return instructions[index].pc;
  }
  const InstructionDesc &getDesc(uint64_t index) const override {
    return descs[unsigned(instructions[index].opcode)];
  }
  void getRegisterAccesses(
      uint64_t index, bool executed,
      llvm::SmallVectorImpl<target::RegId> &reads,
      llvm::SmallVectorImpl<target::RegId> &writes) const override;
  bool holdsSyncObject(target::RegId reg) const override;

  llvm::ArrayRef<arch::Instruction> getInstructions() const {
    return instructions;
  }

private:
  llvm::ArrayRef<arch::Instruction> instructions;
  std::array<InstructionDesc, arch::kNumOpcodes> descs;
  /// The RegId of each register slot (arch::getRegSlot), and whether it is
  /// a DMA flag.
  std::array<target::RegId, arch::kNumRegSlots> regIdOfSlot{};
  std::array<bool, arch::kNumRegSlots> isFlagSlot{};
};

/// A shared table, for analysis::TraceInfo.
std::shared_ptr<const InstructionTable>
describeSnRInstructions(llvm::ArrayRef<arch::Instruction> instructions,
                        const MachineModel &machine);

} // namespace snr::sim

#endif // SNR_SIM_SNRMODEL_H
