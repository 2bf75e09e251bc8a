//===- PassOptions.h - The shared options as pass options -------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The groups of Options.def as a pass's options: a member of the pass,
// constructed with the pass,
//
//   struct SuggestPass : impl::SnRSuggestBase<SuggestPass> {
//     pipeline::MachinePassOptions machine{*this};
//     pipeline::AnalysisPassOptions analysis{*this};
//     ...
//
// gives it `machine=`, `window=`, `cache-windows=` and `max-slice=`, with
// the defaults and descriptions the tools' flags have. Pass options cannot
// be copied: such a pass declares its copy constructor (MLIR copies the
// values when it clones the pass).
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_PASSOPTIONS_H
#define SNR_PIPELINE_PASSOPTIONS_H

#include "SnR/Pipeline/Options.h"

#include "mlir/Pass/Pass.h"

namespace snr::pipeline {

#define SNR_PASS_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)         \
  mlir::Pass::Option<TYPE> NAME{pass, PASS_ARG, llvm::cl::desc(DESC),          \
                                llvm::cl::init(DEFAULT)};

/// `machine=`.
class MachinePassOptions {
public:
  explicit MachinePassOptions(mlir::Pass &pass) : pass(pass) {}
  MachineOptionValues getValues() const {
    return MachineOptionValues::from(*this);
  }

private:
  mlir::Pass &pass;

public:
#define SNR_MACHINE_OPTION SNR_PASS_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `mcpu=`, `like-mca=`.
class SchedModelPassOptions {
public:
  explicit SchedModelPassOptions(mlir::Pass &pass) : pass(pass) {}
  SchedModelOptionValues getValues() const {
    return SchedModelOptionValues::from(*this);
  }

private:
  mlir::Pass &pass;

public:
#define SNR_SCHED_MODEL_OPTION SNR_PASS_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `window=`, `cache-windows=`, `max-slice=`.
class AnalysisPassOptions {
public:
  explicit AnalysisPassOptions(mlir::Pass &pass) : pass(pass) {}
  AnalysisOptionValues getValues() const {
    return AnalysisOptionValues::from(*this);
  }

private:
  mlir::Pass &pass;

public:
#define SNR_ANALYSIS_OPTION SNR_PASS_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `per-instance=`.
class RemarkPassOptions {
public:
  explicit RemarkPassOptions(mlir::Pass &pass) : pass(pass) {}
  RemarkOptionValues getValues() const {
    return RemarkOptionValues::from(*this);
  }

private:
  mlir::Pass &pass;

public:
#define SNR_REMARK_OPTION SNR_PASS_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `model=`, `max-distance=`, `pcs=`, `hlo=`, `ignore-link-order=`,
/// `rounds=`, `hoist=`, `parallelize=`.
class RewritePassOptions {
public:
  explicit RewritePassOptions(mlir::Pass &pass) : pass(pass) {}
  RewriteOptionValues getValues() const {
    return RewriteOptionValues::from(*this);
  }

private:
  mlir::Pass &pass;

public:
#define SNR_REWRITE_OPTION SNR_PASS_OPTION
#define SNR_REWRITE_LIST_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DESC)          \
  mlir::Pass::ListOption<TYPE> NAME{pass, PASS_ARG, llvm::cl::desc(DESC)};
#define SNR_REWRITE_FLAG(NAME, PASS_ARG, PASS_DESC, TOOL_ARG, TOOL_DESC)       \
  mlir::Pass::Option<bool> NAME{pass, PASS_ARG, llvm::cl::desc(PASS_DESC),     \
                                llvm::cl::init(true)};
#include "SnR/Pipeline/Options.def"
};

#undef SNR_PASS_OPTION

} // namespace snr::pipeline

#endif // SNR_PIPELINE_PASSOPTIONS_H
