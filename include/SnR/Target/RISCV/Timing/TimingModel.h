//===- TimingModel.h - A RISC-V core's timing from LLVM ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The timing of a RISC-V core as LLVM 22 models it for a `-mcpu`
// (sifive-x280, spacemit-x60, sifive-p670, tt-ascalon-d8, ...): its issue
// width, whether it issues in order, its processor resources, and for each
// static instruction a TimingDescriptor built with llvm-mca's own
// InstrBuilder, the vector instructions' scheduling class chosen for the
// run-time LMUL and SEW by the target's RISCV-LMUL/RISCV-SEW instruments, as
// llvm-mca chooses it. Nothing is copied into tables of SnR's: change the
// CPU and every number changes with it. docs/targets.md ("Timing from LLVM's
// scheduling models") says what is read and how it is used.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_RISCV_TIMING_TIMINGMODEL_H
#define SNR_TARGET_RISCV_TIMING_TIMINGMODEL_H

#include "SnR/Target/RISCV/Timing/TimingDescriptor.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MCInstrAnalysis;
class MCSubtargetInfo;
struct MCSchedModel;
namespace mca {
class InstrBuilder;
class Instrument;
class InstrumentManager;
} // namespace mca
} // namespace llvm

namespace snr::target::riscv {
class RISCVInstruction;
class RISCVTarget;
} // namespace snr::target::riscv

namespace snr::target::riscv::timing {

/// A processor resource of the model.
struct ResourceInfo {
  /// As the model names it ("VLEN512SiFive7VA", "SiFive7PipeAB").
  std::string name;
  /// Units of a resource; 1 for a group.
  unsigned numUnits = 1;
  /// -1: unbuffered out-of-order, 0: in order (a dispatch hazard), > 0:
  /// entries of its reservation station.
  int bufferSize = -1;
  bool isGroup = false;
  /// llvm-mca's mask of it (computeProcResourceMasks).
  uint64_t mask = 0;
  /// For a group, the resources it is made of.
  llvm::SmallVector<ResourceId, 4> members;
  /// For a resource, the groups that contain it.
  llvm::SmallVector<ResourceId, 2> groups;
};

class TimingModel {
public:
  /// The model of `cpu` for the instructions `target` decodes (its MC layer
  /// and ISA features, with the CPU's own features added).
  static llvm::Expected<std::unique_ptr<TimingModel>>
  create(const RISCVTarget &target, llvm::StringRef cpu);
  ~TimingModel();

  llvm::StringRef getCPU() const { return cpu; }
  const llvm::MCSchedModel &getSchedModel() const;
  const llvm::MCSubtargetInfo &getSubtargetInfo() const { return *subtarget; }
  const RISCVTarget &getTarget() const { return target; }

  /// Instructions (micro-ops) issued per cycle at most.
  unsigned getIssueWidth() const;
  /// Whether the core issues out of order (a micro-op buffer of more than
  /// one entry), as llvm-mca decides it.
  bool isOutOfOrder() const;
  unsigned getMicroOpBufferSize() const;
  /// The model's default load-to-use latency (MCSchedModel::LoadLatency).
  unsigned getLoadLatency() const;
  unsigned getMispredictPenalty() const;
  /// Instructions retired per cycle at most (0: no limit), and the reorder
  /// buffer's size when the model declares one.
  unsigned getMaxRetirePerCycle() const { return maxRetirePerCycle; }
  unsigned getReorderBufferSize() const { return reorderBufferSize; }
  /// The VLEN, in bits, this CPU has in LLVM (its largest Zvl<N>b
  /// feature), which its vector timing assumes; 0 if it has none.
  unsigned getVLen() const { return vlen; }
  /// Empty when a trace of `vlenb` bytes per vector register has the VLEN
  /// the model assumes (or the model assumes none); else the warning to
  /// give: the vector timing would be the other VLEN's.
  std::string checkVLen(unsigned vlenb) const;

  /// Resources by ResourceId (1 to getNumResources() - 1; 0 is unused).
  unsigned getNumResources() const { return resources.size(); }
  const ResourceInfo &getResource(ResourceId id) const { return resources[id]; }
  /// The resource whose llvm-mca mask has `mask`'s leading bit.
  ResourceId getResourceOfMask(uint64_t mask) const {
    return resourceByStateIndex[63 - __builtin_clzll(mask)];
  }
  /// The largest number of LLVM registers (the scoreboard's size).
  unsigned getNumRegUnits() const { return numRegs; }
  /// LLVM's name of a register ("X10", "F10_D", "V8", "VL").
  llvm::StringRef getRegisterName(RegUnit reg) const;

  /// The descriptor of `inst` under the vector configuration `vtype` (none:
  /// vtype unknown, the model's default class). Built on first use and kept
  /// for the model's lifetime; later calls for the same PC, opcode and
  /// vtype return it (the vtype counts only for instructions that read it).
  /// An instruction the model has no class for gets an untimed descriptor
  /// (TimingDescriptor::untimed).
  llvm::Expected<const TimingDescriptor *>
  getDescriptor(const RISCVInstruction &inst, std::optional<VectorType> vtype);
  /// Whether `inst` reads vtype (its class may depend on LMUL and SEW).
  bool readsVType(const RISCVInstruction &inst) const;

  /// The descriptor's instruments, as llvm-mca reads them from a comment
  /// ("LLVM-MCA-RISCV-LMUL M2" and "LLVM-MCA-RISCV-SEW E32").
  static llvm::StringRef getLMULName(int lmulLog2);
  static llvm::StringRef getSEWName(unsigned sewLog2);

  /// Descriptors built so far.
  size_t getNumDescriptors() const { return descriptors.size(); }

private:
  explicit TimingModel(const RISCVTarget &target);
  llvm::Expected<TimingDescriptor> build(const RISCVInstruction &inst,
                                         std::optional<VectorType> vtype);
  /// For an instruction the model has no class for.
  TimingDescriptor buildUntimed(const RISCVInstruction &inst,
                                std::optional<VectorType> vtype) const;

  const RISCVTarget &target;
  std::string cpu;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget;
  std::unique_ptr<llvm::MCInstrAnalysis> analysis;
  std::unique_ptr<llvm::MCInstrAnalysis> quietAnalysis;
  std::unique_ptr<llvm::mca::InstrumentManager> instruments;
  std::unique_ptr<llvm::mca::InstrBuilder> builder;
  /// One instrument per LMUL (by lmulLog2 + 3) and per SEW (by sewLog2).
  std::vector<std::unique_ptr<llvm::mca::Instrument>> lmulInstruments;
  std::vector<std::unique_ptr<llvm::mca::Instrument>> sewInstruments;

  std::vector<ResourceInfo> resources;
  std::vector<ResourceId> resourceByStateIndex;
  unsigned numRegs = 0;
  unsigned vtypeReg = 0;
  unsigned vlen = 0;
  unsigned maxRetirePerCycle = 0;
  unsigned reorderBufferSize = 0;

  /// The ReadAdvance tables, one per distinct list of entries.
  const ReadAdvanceTable *getAdvanceTable(llvm::ArrayRef<ReadAdvance> advances);
  std::map<std::vector<std::pair<unsigned, int>>, ReadAdvanceTable>
      advanceTables;

  /// Key: pc, and the opcode with the vtype (or ~0 when not read).
  llvm::DenseMap<std::pair<uint64_t, uint64_t>, unsigned> cache;
  std::deque<TimingDescriptor> descriptors;
};

} // namespace snr::target::riscv::timing

#endif // SNR_TARGET_RISCV_TIMING_TIMINGMODEL_H
