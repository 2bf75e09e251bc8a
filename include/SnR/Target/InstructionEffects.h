//===- InstructionEffects.h - What one instruction touches ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The ISA-neutral answer to "what does this instruction read and write": the
// registers (explicit and implicit, register groups expanded), the memory it
// loads and stores with resolved addresses, whether it starts an asynchronous
// copy or waits for copies (and on which sync object), and how it may change
// control flow. Algorithm 1 (first reads), the dependency analysis and the
// rewrite's hazard model ask only this, never an opcode.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_INSTRUCTIONEFFECTS_H
#define SNR_TARGET_INSTRUCTIONEFFECTS_H

#include "SnR/Target/RegisterMap.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace snr::target {

/// An address space of a target, by its index (Target::getSpaceName). A
/// flat-memory ISA has one, space 0.
using SpaceId = uint32_t;

/// One contiguous byte range an instruction reads or writes.
struct MemoryRange {
  SpaceId space = 0;
  uint64_t addr = 0;
  uint64_t bytes = 0;
  friend bool operator==(const MemoryRange &a, const MemoryRange &b) {
    return a.space == b.space && a.addr == b.addr && a.bytes == b.bytes;
  }
};

/// A synchronisation object asynchronous copies are counted on (a DMA flag,
/// a barrier id); targets number them from 0.
using SyncId = uint32_t;

/// How an instruction may change the PC.
enum class ControlKind : uint8_t {
  None,        ///< falls through to pc + size
  Branch,      ///< may go elsewhere (conditional or not, direct or indirect)
  Halt,        ///< the program stops here when it executes
  SystemCall,  ///< traps to the environment (ecall): its effects beyond the
               ///< registers and memory listed here are the environment's
};

/// What one dynamic instance of an instruction reads and writes, resolved
/// with the register values it ran with.
struct InstructionEffects {
  /// False for a predicated-off instruction: it read only its guard (listed
  /// in `regReads`) and wrote nothing.
  bool executed = true;
  /// Registers read and written, implicit ones included, each register of a
  /// group listed (an LMUL=4 source v8 reads v8..v11). A destination that
  /// keeps some of its old bytes (tail or mask undisturbed, a partial write)
  /// is also read. No duplicates.
  llvm::SmallVector<RegId, 8> regReads, regWrites;
  /// Bytes read and written. All reads happen before any write of the same
  /// instruction; ranges may overlap each other.
  llvm::SmallVector<MemoryRange, 4> loads, stores;
  /// Starts an asynchronous copy counted on this sync object; the copy's
  /// bytes are in `loads` and `stores` (read and written at issue).
  std::optional<SyncId> startsCopy;
  /// Blocks until every copy started earlier on this sync object completed.
  std::optional<SyncId> waitsForCopies;
  ControlKind control = ControlKind::None;
  /// Registers whose value after the step a trace records for the replay's
  /// divergence check (vl after a vsetvli), beyond the next PC.
  llvm::SmallVector<RegId, 2> recordAfter;
  /// The loads may stop early: an access past the first element that would
  /// fault ends the instruction there instead, and it says where in a
  /// register of `recordAfter` (a RISC-V fault-only-first load, in `vl`).
  /// `loads` is then the largest footprint, whose end may not be readable.
  /// The executed footprint is what getEffects gives when asked again with
  /// the registers of `recordAfter` as the step left them; a recorder reads
  /// those bytes after the step (a load changes no memory).
  bool loadsMayStopAtFault = false;

  void clear() { *this = InstructionEffects(); }
};

/// The values an instruction's effects depend on (base registers, vtype and
/// vl, a predicate), read on demand: from a debugger while recording, from
/// the simulated state while replaying. Bytes are little-endian, as wide as
/// the register.
class RegisterValues {
public:
  virtual ~RegisterValues();
  virtual llvm::Expected<llvm::ArrayRef<uint8_t>> read(RegId reg) = 0;

  /// The register's low 8 bytes as an unsigned integer.
  llvm::Expected<uint64_t> readInteger(RegId reg);
};

} // namespace snr::target

#endif // SNR_TARGET_INSTRUCTIONEFFECTS_H
