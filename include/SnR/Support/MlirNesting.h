//===- MlirNesting.h - Nesting depth of MLIR text, before parsing -*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// MLIR's parser descends by recursion: 5,000 nested modules (55 KB) or an
// attribute 10,000 deep (20 KB) overflow the stack of snr-opt,
// snr-translate, snr-record and snr-replay --program. Their input is scanned
// first, without recursion, for its deepest nesting of brackets: (), [], {}
// and the <> of attributes and types (a '<' right after a name, as in
// tensor<...> or #snr.addr<...>; not the '>' of "->"), outside strings and
// comments. Text nested deeper than --max-nesting-depth is an error at the
// bracket that goes too deep.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_MLIRNESTING_H
#define SNR_SUPPORT_MLIRNESTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace snr {

/// The offset of the first bracket of `text` that opens level `maxDepth` + 1,
/// if any.
std::optional<size_t> findNestingBeyond(llvm::StringRef text,
                                        uint64_t maxDepth);

/// An error "<name>:<line>:<col>: nesting deeper than N levels ..." if
/// `text` nests deeper than `maxDepth`.
llvm::Error checkMlirNesting(llvm::StringRef text, llvm::StringRef name,
                             uint64_t maxDepth);

} // namespace snr

#endif // SNR_SUPPORT_MLIRNESTING_H
