//===- ReplayAnnotation.h - What a replay says of one instruction -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The replay's annotation of an instruction op, stored inline in the op as a
// native property (no uniqued attribute, no discardable dictionary): when it
// issued, when its results were ready, how long and why it stalled, and for a
// DMA issue or wait what the DMA engine did. A default-constructed annotation
// is "not replayed" and is neither printed nor written.
//
//   snr.vadd v3, v1, v2 replay<issue = 112, ready = 116, stall = 3 scoreboard>
//   snr.dma.issue ... replay<issue = 10, ready = 11, dma = "hbm->vmem"
//                            base_end 110 start 110 complete 174>
//   snr.dma.wait f0 replay<issue = 174, ready = 175, stall = 124 dma_wait,
//                          wait base 60 transfer 64 slack 0 dmas 1>
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_REPLAYANNOTATION_H
#define SNR_DIALECT_REPLAYANNOTATION_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Hashing.h"

#include <cstdint>
#include <optional>

namespace mlir {
class AsmParser;
class AsmPrinter;
class DialectBytecodeReader;
class DialectBytecodeWriter;
class MLIRContext;
} // namespace mlir

namespace snr {

/// Why an instruction issued late; the same kinds, in the same order, as
/// sim::SnRStall (a test keeps them in step).
enum class AnnotatedStall : uint8_t {
  None,
  Scoreboard,
  UnitBusy,
  Branch,
  Fence,
  DmaWait,
};
llvm::StringRef getAnnotatedStallName(AnnotatedStall kind);
std::optional<AnnotatedStall> lookupAnnotatedStall(llvm::StringRef name);

struct ReplayAnnotation {
  /// What the extra fields describe.
  enum class Part : uint8_t { None, Dma, Wait };

  bool present = false;
  AnnotatedStall kind = AnnotatedStall::None;
  Part part = Part::None;
  uint64_t issue = 0, ready = 0, stall = 0;
  /// Dma: base_end, start, complete; Wait: base, transfer, slack, dmas.
  uint64_t fields[4] = {0, 0, 0, 0};
  /// Dma: the link it moved on.
  mlir::StringAttr link;

  uint64_t dmaBaseEnd() const { return fields[0]; }
  uint64_t dmaStart() const { return fields[1]; }
  uint64_t dmaComplete() const { return fields[2]; }
  uint64_t waitBase() const { return fields[0]; }
  uint64_t waitTransfer() const { return fields[1]; }
  uint64_t waitSlack() const { return fields[2]; }
  uint64_t waitDmas() const { return fields[3]; }

  friend bool operator==(const ReplayAnnotation &a,
                         const ReplayAnnotation &b) {
    return a.present == b.present && a.kind == b.kind && a.part == b.part &&
           a.issue == b.issue && a.ready == b.ready && a.stall == b.stall &&
           a.fields[0] == b.fields[0] && a.fields[1] == b.fields[1] &&
           a.fields[2] == b.fields[2] && a.fields[3] == b.fields[3] &&
           a.link == b.link;
  }
  friend bool operator!=(const ReplayAnnotation &a,
                         const ReplayAnnotation &b) {
    return !(a == b);
  }
};

llvm::hash_code hash_value(const ReplayAnnotation &annotation);

/// The generic form (`<{replay = {...}}>`): a dictionary, empty when absent.
mlir::Attribute convertToAttribute(mlir::MLIRContext *context,
                                   const ReplayAnnotation &annotation);
mlir::LogicalResult
convertFromAttribute(ReplayAnnotation &annotation, mlir::Attribute attr,
                     llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Bytecode: varints, no attribute but the DMA's link name.
void writeReplayAnnotation(mlir::DialectBytecodeWriter &writer,
                           const ReplayAnnotation &annotation);
mlir::LogicalResult readReplayAnnotation(mlir::DialectBytecodeReader &reader,
                                         ReplayAnnotation &annotation);

/// The custom form, `replay<...>`; the parser succeeds without consuming
/// anything when the next token is not `replay`.
void printReplayAnnotation(mlir::AsmPrinter &printer,
                           const ReplayAnnotation &annotation);
mlir::OptionalParseResult parseReplayAnnotation(mlir::AsmParser &parser,
                                                ReplayAnnotation &annotation);

} // namespace snr

#endif // SNR_DIALECT_REPLAYANNOTATION_H
