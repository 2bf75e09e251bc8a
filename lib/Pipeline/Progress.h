//===- Progress.h - A progress line on standard error -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_LIB_PIPELINE_PROGRESS_H
#define SNR_LIB_PIPELINE_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace snr::pipeline {

/// A progress line on standard error, redrawn in place.
class Progress {
public:
  explicit Progress(bool enabled) : enabled(enabled) {}
  void phase(llvm::StringRef name) {
    if (!enabled)
      return;
    clear();
    llvm::errs() << name << "...";
    width = name.size() + 3;
    current = name.str();
  }
  void update(uint64_t done, uint64_t total) {
    if (!enabled || total == 0)
      return;
    clear();
    std::string line = llvm::formatv("{0}: {1,3}% ({2}/{3} instructions)",
                                     current, done * 100 / total, done, total)
                           .str();
    llvm::errs() << line;
    width = line.size();
  }
  void done() {
    if (enabled)
      clear();
  }

private:
  void clear() {
    if (width)
      llvm::errs() << '\r' << std::string(width, ' ') << '\r';
    width = 0;
  }
  bool enabled;
  size_t width = 0;
  std::string current;
};

} // namespace snr::pipeline

#endif // SNR_LIB_PIPELINE_PROGRESS_H
