//===- RewriteTarget.h - What the rewrite asks of an ISA --------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The questions the rewrite engine asks of an instruction set, beyond what
// every target answers (SnR/Target/Target.h: registers, address spaces, each
// instruction's effects). Moving a copy's issue, its descriptor slice and its
// waits needs to know which instructions are cheap producers that may move
// with a copy, which order everything (a fence), how to rename a register
// in an instruction or put a copy on another sync object, and which
// registers and sync objects exist to rename into. The engine (the hazard
// model, both planners, the proofs) asks only this interface and the
// ISA-neutral vocabulary (RegId, MemoryRange, SyncId); it never names an
// opcode. The `snr` reference ISA implements it over SnR/Arch
// (SnR/Rewrite/SnR/SnRRewriteTarget.h); a second ISA implements it over its
// own descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REWRITE_REWRITETARGET_H
#define SNR_REWRITE_REWRITETARGET_H

#include "SnR/Arch/ISA.h"
#include "SnR/Arch/Values.h"
#include "SnR/Target/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace snr::trace {
struct Trace;
} // namespace snr::trace

namespace snr::rewrite {

using target::MemoryRange;
using target::RegId;
using target::SpaceId;
using target::SyncId;

/// The instruction as the rewrite holds and edits it. Today every trace and
/// program holds the `snr` ISA's decoded instruction (trace::Trace,
/// record::LoadedProgram); the engine only stores, copies and compares it
/// and asks the RewriteTarget everything else, so a second ISA brings its
/// own instruction type here when its traces do.
using Instruction = arch::Instruction;

/// What the rewrite asks of one instruction without register values: the
/// static part of its effects, and the classes that decide what may move.
struct InstructionDesc {
  /// Registers read and written when it executes (its guard among the
  /// reads), or, predicated off, only its guard. The registers that hold a
  /// sync object's count are not listed: the sync object is
  /// (startsCopy, waitsForCopies).
  llvm::SmallVector<RegId, 8> reads, writes;
  /// Starts an asynchronous copy counted on this sync object.
  std::optional<SyncId> startsCopy;
  /// Blocks until every copy started earlier on this sync object completed.
  std::optional<SyncId> waitsForCopies;
  target::ControlKind control = target::ControlKind::None;
  /// A direct branch's target PC.
  std::optional<uint64_t> branchTarget;
  /// Orders everything around it (a fence, a halt): no move crosses it.
  bool orderingBarrier = false;
  /// Runs only when its guard holds: the guard register (among `reads`),
  /// and whether it runs when the guard is false instead.
  bool predicated = false;
  std::optional<RegId> guard;
  bool guardNegated = false;
  /// A cheap producer of a copy's descriptor (address arithmetic, a scalar
  /// load) that may move with the copy as its slice.
  bool lightweight = false;
  /// Register-only scalar arithmetic: it may be copied into a renamed
  /// register as part of a slice, and issues beside a copy anyway (a move
  /// that crosses only such instructions gains nothing).
  bool scalarArithmetic = false;
};

class RewriteTarget {
public:
  virtual ~RewriteTarget();

  /// Names of registers and address spaces, and each instruction's effects.
  virtual const target::Target &getTarget() const = 0;

  /// The static description of `inst`, run (`executed`) or predicated off.
  virtual void describe(const Instruction &inst, bool executed,
                        InstructionDesc &desc) const = 0;
  /// Its mnemonic, for messages ("the vld at pc 12").
  virtual std::string getMnemonic(const Instruction &inst) const = 0;

  /// Runs `trace` from its snapshot on the target's functional model with
  /// memories of `sizes`, and calls `fn` with each instruction's index and
  /// its effects resolved with the values it ran with (as
  /// target::Target::getEffects gives them, the registers of sync objects
  /// left out). For a trace that replays without divergence.
  virtual void forEachEffects(
      const trace::Trace &trace, const arch::MemorySizes &sizes,
      llvm::function_ref<void(size_t, const target::InstructionEffects &)> fn)
      const = 0;

  /// Calls `fn` with every sync object `trace` names: one its snapshot gives
  /// a count, or one a copy or a wait uses, run or predicated off.
  virtual void
  forEachNamedSyncObject(const trace::Trace &trace,
                         llvm::function_ref<void(SyncId)> fn) const = 0;
  /// Calls `fn` with every sync object on which copies started before
  /// `trace` began may still be in flight (its snapshot gives the object a
  /// non-zero count): the first wait on it covers copies whose bytes the
  /// trace does not know, so no rewrite may move that wait.
  virtual void
  forEachSyncObjectInFlight(const trace::Trace &trace,
                            llvm::function_ref<void(SyncId)> fn) const = 0;

  /// Renames the registers `inst` reads through `reads` and the registers
  /// it writes through `writes` (each returns its argument to keep it).
  virtual void
  renameRegisters(Instruction &inst, llvm::function_ref<RegId(RegId)> reads,
                  llvm::function_ref<RegId(RegId)> writes) const = 0;
  /// Puts a copy (or a wait) on another sync object.
  virtual void setSyncObject(Instruction &inst, SyncId sync) const = 0;
  /// Makes `inst` (unpredicated) run only when `guard` holds (`negated`:
  /// when it does not).
  virtual void setGuard(Instruction &inst, RegId guard,
                        bool negated) const = 0;
  /// Points a direct branch at another PC.
  virtual void setBranchTarget(Instruction &inst, uint64_t pc) const = 0;

  /// The registers a value held in `reg` may be renamed into, in the order
  /// to try them: its register file, in order (`reg` among them).
  virtual llvm::ArrayRef<RegId> getRenameCandidates(RegId reg) const = 0;
  /// Sync objects, numbered from 0.
  virtual unsigned getNumSyncObjects() const = 0;
  /// A sync object as the ISA's assembly names it ("f3").
  virtual std::string formatSyncObject(SyncId sync) const = 0;
  /// The on-chip buffer copies fill (the data cache), whose placement the
  /// dependency bound frees ("unlimited VMEM"); none if the ISA has none.
  virtual std::optional<SpaceId> getScratchpadSpace() const = 0;

  /// "s3"; "scalar" (its register file); "vmem[0, 640)", "rhbm<1>[64, 128)".
  std::string formatRegister(RegId reg) const;
  std::string getRegisterFileName(RegId reg) const;
  std::string formatRange(const MemoryRange &range) const;
};

} // namespace snr::rewrite

#endif // SNR_REWRITE_REWRITETARGET_H
