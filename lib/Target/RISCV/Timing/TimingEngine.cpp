//===- TimingEngine.cpp - Issue RISC-V instructions by LLVM's model -------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Target/RISCV/Timing/TimingEngine.h"
#include "IssueModels.h"
#include "SnR/Target/RISCV/Timing/TimingModel.h"

using namespace snr::target::riscv::timing;

TimingListener::~TimingListener() = default;
IssueModel::~IssueModel() = default;

llvm::StringRef snr::target::riscv::timing::getStallKindName(StallKind kind) {
  static constexpr const char *kNames[] = {
      "none",        "register",    "resource", "taken_branch",
      "write_order", "issue_width", "window"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == kNumStallKinds);
  return kNames[unsigned(kind)];
}

TimingEngine::TimingEngine(const TimingModel &model,
                           const TimingOptions &options,
                           llvm::ArrayRef<TimingListener *> listeners)
    : options(options), listeners(listeners.begin(), listeners.end()) {
  if (model.isOutOfOrder())
    impl = createOutOfOrderIssue(model, this->options, this->listeners);
  else
    impl = createInOrderIssue(model, this->options, this->listeners);
}

TimingEngine::~TimingEngine() = default;
