//===- TraceDigest.h - A digest of the IR SnR writes as bytecode -*- C++
//-*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// MLIR bytecode has no checksum: a flipped byte that still parses is another
// PC, register or annotation, silently. So when SnR writes bytecode it stores
// a digest of the module's content in the module (`snr.digest`), and every
// reader that knows the snr dialect checks it right after parsing the file
// (the dialect's bytecode hook) and then drops it: the IR in memory, and any
// text printed from it, carries no digest, so passes and hand edits of the
// text need no care. A digest still present when the IR is verified (text
// carrying one, bytecode whose dialect version entry was lost, or bytecode
// read lazily) is checked by the verifier; deleting the attribute is how to
// accept a deliberate edit.
//
// The digest covers, in order, every op's name, location, attributes (the
// inherent ones, the properties of the snr instructions, the discardable
// ones), operands (by position), result types, successors and regions. It is
// computed from attribute *content*, never from pointers, so it is the same
// in every process; its scheme is versioned ("v1:" + 16 hex digits).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_DIALECT_TRACEDIGEST_H
#define SNR_DIALECT_TRACEDIGEST_H

#include "SnR/Dialect/OnePassBytecodeWriter.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>

namespace mlir {
class Operation;
} // namespace mlir

namespace snr {

/// The discardable attribute that holds the digest of the op it is on.
inline constexpr llvm::StringLiteral kDigestAttrName = "snr.digest";

/// The digest of `op` and everything nested in it, its own `snr.digest`
/// left out. Safe on IR that has not been verified.
uint64_t computeTraceDigest(mlir::Operation *op);

/// Stores the digest of `op` in `op` (before it is written as bytecode).
void attachTraceDigest(mlir::Operation *op);

/// If `op` carries a digest (an #snr.digest, whatever the attribute's name,
/// or anything named snr.digest), checks it against its content: a mismatch
/// is an error at `loc` (the file); an unknown scheme too. Success if it has
/// none.
mlir::LogicalResult checkTraceDigest(mlir::Operation *op, mlir::Location loc);

namespace detail {
class Digester;
} // namespace detail

/// The digest in two steps, so that most of it can be computed off the
/// critical path (snr-replay: while the replay runs): construction hashes
/// everything in `op` but the instructions' replay annotations; attach()
/// adds the annotations as they are then and stores the digest in `op`.
/// Between the two, nothing but the annotations may change.
class TraceDigestBuilder {
public:
  explicit TraceDigestBuilder(mlir::Operation *op);
  ~TraceDigestBuilder();
  void attach();

private:
  std::unique_ptr<detail::Digester> digester;
  mlir::Operation *op;
};

/// Writes `op` as bytecode the way SnR does: with its digest (from `digest`
/// if given, which must have been built from `op`), and with the file's
/// checksum (SnR/Support/BytecodeChecksum.h), by the writer `kind` chooses.
mlir::LogicalResult
writeTraceBytecode(mlir::Operation *op, llvm::raw_ostream &os,
                   TraceDigestBuilder *digest = nullptr,
                   BytecodeWriterKind kind = BytecodeWriterKind::OnePass);

/// Removes `op`'s digest, if it has one (after checking it).
void dropTraceDigest(mlir::Operation *op);

/// Whether `op` holds an op isolated from above whose regions are empty: how
/// a lazy bytecode reader (mlir::BytecodeReader with lazyLoad) leaves the
/// ops it has not materialized yet. Their digest cannot be checked until
/// they are: the reader's hook leaves it in place, and the verifier checks
/// it once the IR is whole.
bool hasUnreadRegions(mlir::Operation *op);

} // namespace snr

#endif // SNR_DIALECT_TRACEDIGEST_H
