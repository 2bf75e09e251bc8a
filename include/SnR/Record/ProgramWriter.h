//===- ProgramWriter.h - Lay an snr.program out anew ------------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The inverse of the loader for a rewrite: replaces the instruction ops of an
// snr.program by decoded instructions at new PCs, each with the location of
// the op it came from and the HLO of the place it stands, so the line table
// and the HLO map follow the moved instructions.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_RECORD_PROGRAMWRITER_H
#define SNR_RECORD_PROGRAMWRITER_H

#include "SnR/Arch/ISA.h"

#include "llvm/ADT/ArrayRef.h"

namespace snr {
class ProgramOp;

namespace record {
/// Replaces the instructions of `program` (the ones loadProgram decodes, in
/// its order) by `instructions`; instruction i takes the location of the
/// original op `origin[i]` and the `hlo` of the original op `position[i]`.
/// The snapshot stays; `entry` becomes the program's entry.
void relayoutProgram(ProgramOp program,
                     llvm::ArrayRef<arch::Instruction> instructions,
                     llvm::ArrayRef<size_t> origin,
                     llvm::ArrayRef<size_t> position, uint64_t entry);
} // namespace record
} // namespace snr

#endif // SNR_RECORD_PROGRAMWRITER_H
