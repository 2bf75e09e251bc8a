//===- SnRModel.cpp - The snr reference model, described ------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/SnRModel.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include <cassert>

using namespace snr;
using namespace snr::sim;
using target::SnRTarget;

ModelDescription snr::sim::describeSnRModel(const MachineModel &machine) {
  ModelDescription model;
  model.name = machine.name;
  model.clockGhz = machine.clockGhz;
  // Every unit, in arch::Unit order; DMA and control instructions only
  // issue, so their units' busy time is not a utilization.
  static constexpr const char *kLabels[] = {"scalar", "load/store", "vector",
                                            "matrix", "dma",        "control"};
  static_assert(std::size(kLabels) == arch::kNumUnits);
  for (unsigned u = 0; u < arch::kNumUnits; ++u) {
    arch::Unit unit = arch::Unit(u);
    model.resources.push_back(
        {arch::getUnitName(unit).str(), kLabels[u], 1,
         unit != arch::Unit::Dma && unit != arch::Unit::Control});
  }
  model.primaryCompute = getUnitResource(arch::Unit::Matrix);
  model.stallKinds = {
      {"none", "none", "", StallRole::None},
      {"scoreboard", "register", "a register written by", StallRole::Register},
      {"unit_busy", "unit busy", "its unit, busy with", StallRole::Resource},
      {"branch", "branch refill", "the refill after", StallRole::Other},
      {"fence", "fence", "the results in flight of", StallRole::Other},
      {"dma_wait", "DMA wait", "the DMA issued by", StallRole::CopyWait},
  };
  static_assert(SnRStall::Count == 6 && SnRStall::Count <= kMaxStallKinds);
  model.asyncCopies = true;
  model.scratchpad = ScratchpadInfo{
      SnRTarget::getSpaceId(arch::MemSpace::VMem, 0), machine.vmemBlocks,
      machine.vmemPagesPerBlock, machine.vmemPageBytes};

  llvm::json::Array links;
  for (const LinkSpec &link : machine.links)
    links.push_back(llvm::json::Object{{"name", link.name},
                                       {"src", arch::getMemSpaceName(link.src)},
                                       {"dst", arch::getMemSpaceName(link.dst)},
                                       {"bytes_per_cycle", link.bytesPerCycle},
                                       {"per_chip", link.perChip}});
  model.parameters = llvm::json::Object{
      {"name", machine.name},
      {"clock_ghz", machine.clockGhz},
      {"issue_width", int64_t(machine.issueWidth)},
      {"dma_base_latency", int64_t(machine.dmaBaseLatency)},
      {"links", std::move(links)},
      {"vmem", llvm::json::Object{
                   {"blocks", int64_t(machine.vmemBlocks)},
                   {"pages_per_block", int64_t(machine.vmemPagesPerBlock)},
                   {"page_bytes", int64_t(machine.vmemPageBytes)}}}};
  return model;
}

SnRInstructionTable::SnRInstructionTable(
    llvm::ArrayRef<arch::Instruction> instructions, const MachineModel &machine)
    : instructions(instructions) {
  for (unsigned op = 0; op < arch::kNumOpcodes; ++op) {
    arch::Opcode opcode = arch::Opcode(op);
    const LatencySpec &timing =
        machine.getLatency(arch::getLatencyClass(opcode));
    InstructionDesc &desc = descs[op];
    desc.mnemonic = arch::getMnemonic(opcode);
    desc.resource = getUnitResource(arch::getUnit(opcode));
    desc.latency = timing.latency;
    desc.occupancy = timing.interval;
    desc.lightweight = arch::isLightweight(opcode);
    desc.mayLoad = arch::getLayout(opcode).mem == arch::MemRole::Load;
    desc.startsCopy = opcode == arch::Opcode::DmaIssue;
    desc.waitsForCopies = opcode == arch::Opcode::DmaWait;
  }
  // Register ids by slot, once: the analyses ask per instruction.
  for (unsigned c = 0; c < arch::kNumRegClasses; ++c)
    for (unsigned i = 0; i < arch::getNumRegs(arch::RegClass(c)); ++i) {
      arch::Reg reg{arch::RegClass(c), uint8_t(i)};
      regIdOfSlot[arch::getRegSlot(reg)] = SnRTarget::getRegId(reg);
      isFlagSlot[arch::getRegSlot(reg)] = reg.cls == arch::RegClass::Flag;
    }
}

const target::Target &SnRInstructionTable::getTarget() const {
  static const SnRTarget kTarget;
  return kTarget;
}

void SnRInstructionTable::getRegisterAccesses(
    uint64_t index, bool executed, llvm::SmallVectorImpl<target::RegId> &reads,
    llvm::SmallVectorImpl<target::RegId> &writes) const {
  arch::forEachRegisterAccess(
      instructions[index], executed,
      [&](arch::Reg reg) {
        reads.push_back(regIdOfSlot[arch::getRegSlot(reg)]);
      },
      [&](arch::Reg reg) {
        writes.push_back(regIdOfSlot[arch::getRegSlot(reg)]);
      });
}

bool SnRInstructionTable::holdsSyncObject(target::RegId reg) const {
  return isFlagSlot[arch::getRegSlot(SnRTarget::getReg(reg))];
}

std::shared_ptr<const InstructionTable> snr::sim::describeSnRInstructions(
    llvm::ArrayRef<arch::Instruction> instructions,
    const MachineModel &machine) {
  return std::make_shared<SnRInstructionTable>(instructions, machine);
}
