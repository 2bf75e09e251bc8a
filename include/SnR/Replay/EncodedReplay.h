//===- EncodedReplay.h - Replay a trace of another ISA ----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The functional replay of a trace of an ISA with a binary encoding
// (RISC-V): the target's semantics (SnR/Target/Semantics.h) run the
// recorded instructions from the snapshot alone, and after each one the
// replay checks what the trace recorded: the next PC (the fall-through
// unless the line has `next_pc`) and every `after` value. A difference is a
// located EncodedReplayError:
//
//   t.jsonl:812:1: replay diverges at instruction 803 (pc 0x10654,
//   'vfmacc.vf'): recorded next pc 0x10660, computed 0x10658
//
// Each static PC is decoded and prepared once. Listeners (a timing model,
// the footprint --verify compares) see every instruction before and after
// it executes; they never change the replay. MLIR-free; ISA-neutral: the
// target is whatever the trace's header names (createTargetForTrace).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPLAY_ENCODEDREPLAY_H
#define SNR_REPLAY_ENCODEDREPLAY_H

#include "SnR/Target/Semantics.h"
#include "SnR/Target/Target.h"
#include "SnR/Trace/EncodedTrace.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace snr::replay {

/// The replay computed something else than the trace recorded
/// (`diverged`), or could not execute an instruction (a trap, a read of
/// memory the snapshot does not hold, an instruction without semantics).
/// Formats itself as "file:line:1: replay diverges at instruction N (pc P,
/// 'mnemonic'): what" ("replay fails at ..." when it could not execute).
class EncodedReplayError : public llvm::ErrorInfo<EncodedReplayError> {
public:
  static char ID;
  EncodedReplayError(std::string fileName, unsigned line, uint64_t index,
                     std::string pc, std::string mnemonic, std::string what,
                     bool diverged)
      : fileName(std::move(fileName)), line(line), index(index),
        pc(std::move(pc)), mnemonic(std::move(mnemonic)), what(std::move(what)),
        diverged(diverged) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  std::string fileName; ///< empty when the trace was not read from a file
  unsigned line;        ///< the instruction's line; 0 when unknown
  uint64_t index;       ///< the instruction, counted from 0
  std::string pc;       ///< as the target formats it ("0x10654")
  std::string mnemonic; ///< empty when it could not be decoded
  std::string what;
  bool diverged;
};

/// One instruction of the replay, as listeners see it.
struct ReplayStep {
  uint64_t index = 0;
  const trace::EncodedTrace::Instruction &record;
  const target::DecodedInstruction &inst;
  /// The state before the instruction (beforeInstruction) or after it
  /// (afterInstruction). Listeners read it (as RegisterValues, e.g. to ask
  /// the target for the instruction's effects) and must not change it.
  target::MachineState &state;
};

/// Listens to a replay: a timing model, a footprint. Each callback may
/// stop the replay with an error.
class EncodedReplayListener {
public:
  virtual ~EncodedReplayListener();
  /// The snapshot is applied; nothing has run.
  virtual llvm::Error onStart(target::MachineState &state) {
    return llvm::Error::success();
  }
  virtual llvm::Error beforeInstruction(const ReplayStep &step) {
    return llvm::Error::success();
  }
  /// After the instruction ran and was checked against the trace.
  virtual llvm::Error afterInstruction(const ReplayStep &step) {
    return llvm::Error::success();
  }
};

/// What a replay leaves besides what its listeners kept.
struct EncodedRun {
  std::unique_ptr<target::MachineState> finalState;
  uint64_t instructions = 0;
  /// Distinct PCs decoded (each once).
  uint64_t staticInstructions = 0;
  /// The program ended (exit) with the last instruction.
  bool ended = false;
};

/// Puts the snapshot of `trace` into `state`: registers by the target's
/// names (as wide as the target says), memory by address space name. An
/// unknown name or a wrong width is a TraceError at the entry's position.
llvm::Error applySnapshot(const trace::EncodedTrace &trace,
                          const target::Target &target,
                          target::MachineState &state);

/// Replays `trace` on `target`'s semantics from its snapshot, checking each
/// instruction against the trace; `listeners` are called in order.
llvm::Expected<EncodedRun>
replayEncodedTrace(const trace::EncodedTrace &trace,
                   const target::Target &target,
                   llvm::ArrayRef<EncodedReplayListener *> listeners = {});

/// The target a trace of another ISA was recorded on, from its header
/// (`isa`, `isa_string`, `vlenb`); an error is a TraceError on line 1.
llvm::Expected<std::unique_ptr<target::Target>>
createTargetForTrace(const trace::EncodedTrace &trace);

} // namespace snr::replay

#endif // SNR_REPLAY_ENCODEDREPLAY_H
