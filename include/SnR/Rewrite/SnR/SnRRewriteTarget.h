//===- SnRRewriteTarget.h - The snr ISA, as the rewrite asks it -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The reference accelerator's answers to the rewrite engine's questions
// (SnR/Rewrite/RewriteTarget.h), from its ISA table (SnR/Arch/ISA.h) and its
// target description (SnR/Target/SnR/SnRTarget.h): registers as RegIds, the
// DMA flags as sync objects, "lightweight" from the table's weight column,
// fences and halts as ordering barriers, scalar-unit instructions as the
// arithmetic a slice may copy.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_SNR_SNRREWRITETARGET_H
#define SNR_REWRITE_SNR_SNRREWRITETARGET_H

#include "SnR/Rewrite/RewriteTarget.h"
#include "SnR/Target/SnR/SnRTarget.h"

#include <array>
#include <vector>

namespace snr::rewrite {

class SnRRewriteTarget : public RewriteTarget {
public:
  SnRRewriteTarget();

  /// The one instance (it holds no state of a run).
  static const SnRRewriteTarget &get();

  const target::Target &getTarget() const override { return target; }
  void describe(const Instruction &inst, bool executed,
                InstructionDesc &desc) const override;
  std::string getMnemonic(const Instruction &inst) const override;
  void forEachEffects(
      const trace::Trace &trace, const arch::MemorySizes &sizes,
      llvm::function_ref<void(size_t, const target::InstructionEffects &)> fn)
      const override;
  void
  forEachNamedSyncObject(const trace::Trace &trace,
                         llvm::function_ref<void(SyncId)> fn) const override;
  void
  forEachSyncObjectInFlight(const trace::Trace &trace,
                            llvm::function_ref<void(SyncId)> fn) const override;
  void renameRegisters(Instruction &inst,
                       llvm::function_ref<RegId(RegId)> reads,
                       llvm::function_ref<RegId(RegId)> writes) const override;
  void setSyncObject(Instruction &inst, SyncId sync) const override;
  void setGuard(Instruction &inst, RegId guard, bool negated) const override;
  void setBranchTarget(Instruction &inst, uint64_t pc) const override;
  llvm::ArrayRef<RegId> getRenameCandidates(RegId reg) const override;
  unsigned getNumSyncObjects() const override;
  std::string formatSyncObject(SyncId sync) const override;
  std::optional<SpaceId> getScratchpadSpace() const override;

private:
  target::SnRTarget target;
  /// Each register file's RegIds, in order.
  std::array<std::vector<RegId>, arch::kNumRegClasses> files;
};

/// The target the rewrite asks when a trace does not say otherwise: every
/// trace and program SnR rewrites today is the snr ISA's.
inline const RewriteTarget &getDefaultRewriteTarget() {
  return SnRRewriteTarget::get();
}

} // namespace snr::rewrite

#endif // SNR_REWRITE_SNR_SNRREWRITETARGET_H
