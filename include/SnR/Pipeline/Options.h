//===- Options.h - The options tools and passes share -----------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// The options of Options.def, group by group: the values a tool or a pass
// was given (the *OptionValues structs), checked and turned into what the
// analyses and the rewrite take; and each group as a tool's flags (the
// *CLOptions classes, static objects of the tool like its cl::opts). A pass
// declares the same groups as its options with PassOptions.h. So each
// option's name, default and description is written once, in Options.def.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_PIPELINE_OPTIONS_H
#define SNR_PIPELINE_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace snr::analysis {
struct AnalysisOptions;
} // namespace snr::analysis
namespace snr::rewrite {
struct HoistOptions;
} // namespace snr::rewrite

namespace snr::pipeline {

/// How an error names an option: as a tool's flag ("--hoist-model") or as
/// a pass option ("model").
enum class OptionSpelling { Tool, Pass };

/// The two names of an option of Options.def.
struct OptionName {
  const char *passArg;
  const char *toolArg;
  /// The option as `spelling` names it: "model", or "--hoist-model".
  std::string spell(OptionSpelling spelling) const;
};

/// Each option's names, for messages: optionNames::maxSlice.
namespace optionNames {
#define SNR_NAME(NAME, PASS_ARG, TOOL_ARG)                                     \
  inline constexpr OptionName NAME{PASS_ARG, TOOL_ARG};
#define SNR_MACHINE_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)      \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_SCHED_MODEL_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)  \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_ANALYSIS_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)     \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_REMARK_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)       \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_REWRITE_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)      \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_REWRITE_LIST_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DESC)          \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#define SNR_REWRITE_FLAG(NAME, PASS_ARG, PASS_DESC, TOOL_ARG, TOOL_DESC)       \
  SNR_NAME(NAME, PASS_ARG, TOOL_ARG)
#include "SnR/Pipeline/Options.def"
#undef SNR_NAME
} // namespace optionNames

// Each group's structs and classes below expand Options.def with these.
#define SNR_OPTION_FIELD(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)        \
  TYPE NAME = DEFAULT;
#define SNR_OPTION_FROM(NAME, ...) values.NAME = source.NAME;
#define SNR_CL_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DEFAULT, DESC)           \
  llvm::cl::opt<TYPE> NAME{TOOL_ARG, llvm::cl::desc(DESC),                     \
                           llvm::cl::init(DEFAULT), llvm::cl::cat(category)};

//===----------------------------------------------------------------------===//
// The values, group by group
//===----------------------------------------------------------------------===//
//
// Each group's `from(source)` reads the values of anything with a member
// per option that converts to its type: the group's tool flags or pass
// options.

/// The machine an snr trace is replayed on.
struct MachineOptionValues {
#define SNR_MACHINE_OPTION SNR_OPTION_FIELD
#include "SnR/Pipeline/Options.def"

  template <typename Source>
  static MachineOptionValues from(const Source &source) {
    MachineOptionValues values;
#define SNR_MACHINE_OPTION SNR_OPTION_FROM
#include "SnR/Pipeline/Options.def"
    return values;
  }
};

/// The LLVM scheduling model a RISC-V trace is timed with.
struct SchedModelOptionValues {
#define SNR_SCHED_MODEL_OPTION SNR_OPTION_FIELD
#include "SnR/Pipeline/Options.def"

  template <typename Source>
  static SchedModelOptionValues from(const Source &source) {
    SchedModelOptionValues values;
#define SNR_SCHED_MODEL_OPTION SNR_OPTION_FROM
#include "SnR/Pipeline/Options.def"
    return values;
  }
};

/// The analyses' options.
struct AnalysisOptionValues {
#define SNR_ANALYSIS_OPTION SNR_OPTION_FIELD
#include "SnR/Pipeline/Options.def"

  template <typename Source>
  static AnalysisOptionValues from(const Source &source) {
    AnalysisOptionValues values;
#define SNR_ANALYSIS_OPTION SNR_OPTION_FROM
#include "SnR/Pipeline/Options.def"
    return values;
  }

  /// Checks each option against its budget (an error names it as
  /// `spelling` spells it) and returns the analyses' options.
  llvm::Expected<analysis::AnalysisOptions>
  getAnalysisOptions(OptionSpelling spelling) const;
};

/// How the suggestions are listed as remarks.
struct RemarkOptionValues {
#define SNR_REMARK_OPTION SNR_OPTION_FIELD
#include "SnR/Pipeline/Options.def"

  template <typename Source>
  static RemarkOptionValues from(const Source &source) {
    RemarkOptionValues values;
#define SNR_REMARK_OPTION SNR_OPTION_FROM
#include "SnR/Pipeline/Options.def"
    return values;
  }
};

/// What the rewrite moves, and how.
struct RewriteOptionValues {
#define SNR_REWRITE_OPTION SNR_OPTION_FIELD
#define SNR_REWRITE_LIST_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DESC)          \
  std::vector<TYPE> NAME;
#define SNR_REWRITE_FLAG(NAME, PASS_ARG, PASS_DESC, TOOL_ARG, TOOL_DESC)       \
  bool NAME = true;
#include "SnR/Pipeline/Options.def"

  template <typename Source>
  static RewriteOptionValues from(const Source &source) {
    RewriteOptionValues values;
#define SNR_REWRITE_OPTION SNR_OPTION_FROM
#define SNR_REWRITE_LIST_OPTION(NAME, ...)                                     \
  values.NAME.assign(source.NAME.begin(), source.NAME.end());
#define SNR_REWRITE_FLAG SNR_OPTION_FROM
#include "SnR/Pipeline/Options.def"
    return values;
  }

  /// Checks the dependence model (an error names the option as `spelling`
  /// spells it) and returns what to move and how.
  llvm::Expected<rewrite::HoistOptions>
  getHoistOptions(OptionSpelling spelling) const;
};

//===----------------------------------------------------------------------===//
// The groups as a tool's flags, in the category they are constructed with
//===----------------------------------------------------------------------===//

/// A switch that is on unless the tool's flag (`--no-hoist`) is given.
class NegatedCLFlag {
public:
  NegatedCLFlag(llvm::StringRef arg, llvm::StringRef description,
                llvm::cl::OptionCategory &category)
      : off(arg, llvm::cl::desc(description), llvm::cl::init(false),
            llvm::cl::cat(category)) {}
  operator bool() const { return !off; }

private:
  llvm::cl::opt<bool> off;
};

/// `--machine`.
class MachineCLOptions {
public:
  explicit MachineCLOptions(llvm::cl::OptionCategory &category)
      : category(category) {}
  MachineOptionValues getValues() const {
    return MachineOptionValues::from(*this);
  }

private:
  llvm::cl::OptionCategory &category;

public:
#define SNR_MACHINE_OPTION SNR_CL_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `--mcpu`, `--like-mca`.
class SchedModelCLOptions {
public:
  explicit SchedModelCLOptions(llvm::cl::OptionCategory &category)
      : category(category) {}
  SchedModelOptionValues getValues() const {
    return SchedModelOptionValues::from(*this);
  }

private:
  llvm::cl::OptionCategory &category;

public:
#define SNR_SCHED_MODEL_OPTION SNR_CL_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `--window`, `--cache-windows`, `--max-slice`.
class AnalysisCLOptions {
public:
  explicit AnalysisCLOptions(llvm::cl::OptionCategory &category)
      : category(category) {}
  AnalysisOptionValues getValues() const {
    return AnalysisOptionValues::from(*this);
  }

private:
  llvm::cl::OptionCategory &category;

public:
#define SNR_ANALYSIS_OPTION SNR_CL_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `--per-instance`.
class RemarkCLOptions {
public:
  explicit RemarkCLOptions(llvm::cl::OptionCategory &category)
      : category(category) {}
  RemarkOptionValues getValues() const {
    return RemarkOptionValues::from(*this);
  }

private:
  llvm::cl::OptionCategory &category;

public:
#define SNR_REMARK_OPTION SNR_CL_OPTION
#include "SnR/Pipeline/Options.def"
};

/// `--hoist-model`, `--hoist-pcs`, `--no-hoist`, `--rewrite-rounds`, ...
class RewriteCLOptions {
public:
  explicit RewriteCLOptions(llvm::cl::OptionCategory &category)
      : category(category) {}
  RewriteOptionValues getValues() const {
    return RewriteOptionValues::from(*this);
  }

private:
  llvm::cl::OptionCategory &category;

public:
#define SNR_REWRITE_OPTION SNR_CL_OPTION
#define SNR_REWRITE_LIST_OPTION(NAME, TYPE, PASS_ARG, TOOL_ARG, DESC)          \
  llvm::cl::list<TYPE> NAME{TOOL_ARG, llvm::cl::desc(DESC),                    \
                            llvm::cl::CommaSeparated,                          \
                            llvm::cl::cat(category)};
#define SNR_REWRITE_FLAG(NAME, PASS_ARG, PASS_DESC, TOOL_ARG, TOOL_DESC)       \
  NegatedCLFlag NAME{TOOL_ARG, TOOL_DESC, category};
#include "SnR/Pipeline/Options.def"
};

#undef SNR_CL_OPTION

} // namespace snr::pipeline

#endif // SNR_PIPELINE_OPTIONS_H
