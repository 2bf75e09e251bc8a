//===- JsonStructure.h - Bounds on a JSON document's shape ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A non-recursive scan of a JSON document made before it is parsed: llvm::json
// parses by recursion, so a document nested 40,000 deep would overflow the
// stack. The scan also rejects what llvm::json accepts silently (a key given
// twice in one object, which it resolves last-wins).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SIM_JSONSTRUCTURE_H
#define SNR_SIM_JSONSTRUCTURE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace snr::sim {

/// The deepest nesting of objects and arrays a machine description may have
/// (it needs 4).
constexpr unsigned kMaxJsonDepth = 64;

/// Checks that `text` nests no deeper than `maxDepth` and that no object
/// repeats a key. Errors read "<file>:<line>:<col>: <path>: <message>", with
/// the JSON path of the offending value. Syntax errors are left to the parser:
/// the scan stops at the first one and succeeds.
llvm::Error checkJsonStructure(llvm::StringRef text, llvm::StringRef file,
                               unsigned maxDepth = kMaxJsonDepth);

} // namespace snr::sim

#endif // SNR_SIM_JSONSTRUCTURE_H
