//===- RISCVReplayAnnotation.h - A RISC-V instruction's timing --*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// What `--snr-simulate` writes on a `riscv.inst`: when LLVM's scheduling
// model issued it, when its last result was ready, how many cycles it
// stalled, why (the stall kinds of SnR/Target/RISCV/Timing/TimingEvents.h,
// in the same order) and which instruction caused it, as its `replay`
// property, stored inline in the op and printed after it as the snr
// dialect's annotation is (SnR/Dialect/ReplayAnnotation.h):
//
//   riscv.inst 0x1004 "vfmacc.vv v8, v16, v24" enc 0xb3881457
//       replay<issue = 3, ready = 11, stall = 2 register, cause = 0>
//
// A default-constructed annotation is "not replayed": neither printed nor
// written.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_RISCV_RISCVREPLAYANNOTATION_H
#define SNR_DIALECT_RISCV_RISCVREPLAYANNOTATION_H

#include "mlir/IR/Attributes.h"
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

namespace snr::riscv {

/// The stall kinds' names, as the timing model's (getStallKindName): "none",
/// "register", "resource", "taken_branch", "write_order", "issue_width",
/// "window".
inline constexpr unsigned kNumAnnotatedStallKinds = 7;
llvm::StringRef getAnnotatedStallKindName(unsigned kind);
std::optional<unsigned> lookupAnnotatedStallKind(llvm::StringRef name);

struct TimingAnnotation {
  static constexpr uint64_t kNoCause = ~uint64_t(0);

  bool present = false;
  /// A timing::StallKind.
  uint8_t kind = 0;
  uint64_t issue = 0, ready = 0, stall = 0;
  /// The trace index of the instruction that caused the stall, or kNoCause.
  uint64_t cause = kNoCause;

  friend bool operator==(const TimingAnnotation &a,
                         const TimingAnnotation &b) {
    return a.present == b.present && a.kind == b.kind && a.issue == b.issue &&
           a.ready == b.ready && a.stall == b.stall && a.cause == b.cause;
  }
  friend bool operator!=(const TimingAnnotation &a,
                         const TimingAnnotation &b) {
    return !(a == b);
  }
};

llvm::hash_code hash_value(const TimingAnnotation &annotation);

/// The generic form (`<{replay = {...}}>`): a dictionary, empty when absent.
mlir::Attribute convertToAttribute(mlir::MLIRContext *context,
                                   const TimingAnnotation &annotation);
mlir::LogicalResult
convertFromAttribute(TimingAnnotation &annotation, mlir::Attribute attr,
                     llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Bytecode: varints.
void writeTimingAnnotation(mlir::DialectBytecodeWriter &writer,
                           const TimingAnnotation &annotation);
mlir::LogicalResult readTimingAnnotation(mlir::DialectBytecodeReader &reader,
                                         TimingAnnotation &annotation);

/// The custom form, `replay<...>`; the parser succeeds without consuming
/// anything when the next token is not `replay`.
void printTimingAnnotation(mlir::AsmPrinter &printer,
                           const TimingAnnotation &annotation);
mlir::OptionalParseResult parseTimingAnnotation(mlir::AsmParser &parser,
                                                TimingAnnotation &annotation);

} // namespace snr::riscv

#endif // SNR_DIALECT_RISCV_RISCVREPLAYANNOTATION_H
