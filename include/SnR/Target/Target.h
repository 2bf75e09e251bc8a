//===- Target.h - An instruction set, as SnR asks it ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What SnR needs of an ISA to record and analyse it, and nothing more: its
// registers and address spaces, a decoder, and each instruction's effects
// (InstructionEffects.h). The recorder, the dependency analysis and the
// rewrite ask a Target; none of them names an opcode. The `snr` reference
// ISA is one target (lib/Target/SnR); RISC-V, decoded by LLVM's MC layer, is
// another (lib/Target/RISCV). docs/targets.md shows how to add one.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_TARGET_TARGET_H
#define SNR_TARGET_TARGET_H

#include "SnR/Target/InstructionEffects.h"
#include "SnR/Target/RegisterMap.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace snr::target {

/// One decoded instruction. Each target subclasses it with what its effects
/// and its semantics need (an MCInst, an arch::Instruction).
class DecodedInstruction {
public:
  virtual ~DecodedInstruction();

  uint64_t pc = 0;
  /// How far the PC advances when it falls through (bytes for a binary
  /// ISA; 1 for `snr`, whose PCs count instructions).
  unsigned size = 0;
  /// Its encoding, least significant byte first; empty for an ISA without
  /// a binary encoding (`snr`, whose instructions come from the program).
  llvm::SmallVector<uint8_t, 4> encoding;

  /// The mnemonic, as its assembler spells it ("vle32.v", "dma.issue").
  virtual std::string getMnemonic() const = 0;
  /// The instruction as assembly text ("vle32.v v8, (a0)").
  virtual void print(llvm::raw_ostream &os) const = 0;
};

/// Where instruction bytes come from: a debugger's memory, an ELF's text.
class CodeReader {
public:
  virtual ~CodeReader();
  /// Up to `bytes` bytes at `pc` (fewer only at the end of readable code).
  virtual llvm::Expected<llvm::SmallVector<uint8_t, 4>>
  readCode(uint64_t pc, unsigned bytes) = 0;
};

class Semantics;

/// Where an address space is, for the analyses and reports that treat
/// memories apart (a copy to another device is communication, one into main
/// memory a store).
enum class SpaceKind : uint8_t {
  Main,   ///< the device's main memory (snr's hbm, RISC-V's ram)
  OnChip, ///< a memory on the device itself (snr's smem and vmem)
  Remote, ///< another device's memory, over an interconnect (snr's rhbm<c>)
};

/// What SnR knows of an address space beyond its name.
struct SpaceInfo {
  /// The name without its instance: "rhbm" for "rhbm<2>"; the whole name
  /// for a space of one instance.
  std::string family;
  /// The device a Remote space belongs to (snr's chip); 0 otherwise.
  unsigned device = 0;
  SpaceKind kind = SpaceKind::Main;
};

/// The registers a call goes through, for "record this call": where the
/// return address is when a function is entered, and the stack pointer
/// (which is back at its entry value when that call returns, and lower in
/// a nested call of the same function).
struct CallConvention {
  RegId returnAddress = 0;
  RegId stackPointer = 0;
};

class Target {
public:
  virtual ~Target();

  /// The trace header's `isa`: "snr", "riscv64".
  virtual llvm::StringRef getName() const = 0;
  virtual const RegisterMap &getRegisters() const = 0;
  /// Address spaces: "smem", "vmem", "hbm", "rhbm<2>" for `snr`; "ram" for a
  /// flat-memory ISA.
  virtual unsigned getNumSpaces() const = 0;
  virtual std::string getSpaceName(SpaceId space) const = 0;
  /// Its family, device and kind; by default the space is main memory of
  /// one instance, named getSpaceName.
  virtual SpaceInfo getSpaceInfo(SpaceId space) const;
  /// A PC as the ISA's users write it in messages: "0x1040c" by default.
  virtual std::string formatPc(uint64_t pc) const;
  /// The address in a debugger's flat address space (GDB's `m` packets) of
  /// `addr` in `space`; the default maps space 0 to itself.
  virtual std::optional<uint64_t> getDebuggerAddress(SpaceId space,
                                                     uint64_t addr) const;

  /// Decodes the instruction at `pc`. A binary ISA reads its bytes from
  /// `code`; an error names the PC and the bytes it could not decode.
  virtual llvm::Expected<std::unique_ptr<DecodedInstruction>>
  decode(uint64_t pc, CodeReader &code) const = 0;

  /// What `inst` reads and writes when run with the register values
  /// `values` gives (read before it runs). An instruction whose effects the
  /// target cannot describe is an error naming its mnemonic and PC.
  virtual llvm::Error getEffects(const DecodedInstruction &inst,
                                 RegisterValues &values,
                                 InstructionEffects &effects) const = 0;

  /// What its instructions do, for a functional replay (Semantics.h); null
  /// for a target without a functional model here.
  virtual const Semantics *getSemantics() const { return nullptr; }

  /// How its functions are called and return; none for an ISA without
  /// calls (`snr`).
  virtual std::optional<CallConvention> getCallConvention() const {
    return std::nullopt;
  }
};

} // namespace snr::target

#endif // SNR_TARGET_TARGET_H
