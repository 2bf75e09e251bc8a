//===- JsonStructure.h - Bounds on a JSON document's shape ------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// A non-recursive scan of a JSON document made before it is parsed: llvm::json
// parses by recursion, so a document nested 40,000 deep would overflow the
// stack. The scan also rejects what llvm::json accepts silently (a key given
// twice in one object, at any depth, which it resolves last-wins). The
// machine description, metrics.json and every other JSON input SnR reads
// with llvm::json go through it.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_SUPPORT_JSONSTRUCTURE_H
#define SNR_SUPPORT_JSONSTRUCTURE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace snr {

/// Checks that `text` nests no deeper than `maxDepth` (default:
/// --max-nesting-depth) and that no object repeats a key. Errors read
/// "<file>:<line>:<col>: <path>: <message>", with the JSON path of the
/// offending value. Syntax errors are left to the parser: the scan stops at
/// the first one and succeeds.
llvm::Error checkJsonStructure(llvm::StringRef text, llvm::StringRef file);
llvm::Error checkJsonStructure(llvm::StringRef text, llvm::StringRef file,
                               uint64_t maxDepth);

} // namespace snr

#endif // SNR_SUPPORT_JSONSTRUCTURE_H
