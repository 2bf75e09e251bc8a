//===- ProgramDiff.h - A program and its rewrite, as a diff -----*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The change a program rewrite makes, as a compiler engineer reads one: a
// unified diff of the original program file and the rewritten one. A
// rewrite renumbers every PC after the first move, so lines are compared
// through a key that leaves the PCs out (the caller's), and only the
// instructions that moved, were copied, removed or renamed show as changes;
// context and removed lines are the original's text, added lines the
// rewritten program's. Also as a page of its own, with an anchor per
// removed instruction ("#pc-2009"), for report.html to link to.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_REPORT_PROGRAMDIFF_H
#define SNR_REPORT_PROGRAMDIFF_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::report {

/// The unified diff ("--- before", "+++ after", "@@ -l,n +l,n @@" hunks
/// with `context` lines around each change) of two texts, comparing line
/// `line` of either through `key(line, isAfter)`. Empty if they are equal.
/// Fails if they differ in more than `maxEdits` lines (the diff would not be
/// worth reading).
llvm::Expected<std::string> formatUnifiedDiff(
    llvm::StringRef beforeName, llvm::StringRef before,
    llvm::StringRef afterName, llvm::StringRef after,
    llvm::function_ref<std::string(llvm::StringRef line, bool isAfter)> key,
    unsigned context = 3, unsigned maxEdits = 4000);

/// A self-contained HTML page showing `diff` (formatUnifiedDiff's), removed
/// lines in red, added lines in green; each removed line holding
/// "pc = N" gets the anchor "pc-N".
void writeDiffHtml(llvm::StringRef title, llvm::StringRef diff,
                   llvm::raw_ostream &os);

} // namespace snr::report

#endif // SNR_REPORT_PROGRAMDIFF_H
