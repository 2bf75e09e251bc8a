//===- AnalysisSet.h - How an analysis registers itself ---------*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Every analysis of a replay registers itself in one place: one AnalysisInfo,
// returned by its class's static getInfo(), which says
//   - its name;
//   - what the target must offer for it to apply (TargetFeature: the DMA
//     analyses need asynchronous copies);
//   - the analyses it reads (its dependencies), and those it reads when
//     the target has them (its optional dependencies);
//   - how one replay creates it from the trace, the timing model and the
//     options
//     (its listener, if it listens to the simulator), and how it finishes
//     after the run.
// An AnalysisSet holds the analyses of one replay: asked for an analysis, it
// creates it after its dependencies (so they listen first and finish first),
// and hands each back by class, as MLIR's getAnalysis<T>() does:
//
//   analysis::AnalysisSet set(context);
//   set.require(MyAnalysis::getInfo());
//   replay(trace, machine, set.getListeners());
//   set.finish();
//   set.get<MyAnalysis>().someFigure;
//
// The classes themselves stay plain (a sim::SimListener, or not); their
// views (SnR/Report/AnalysisView.h) render them. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_ANALYSIS_ANALYSISSET_H
#define SNR_ANALYSIS_ANALYSISSET_H

#include "SnR/Sim/SimEvents.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitmaskEnum.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace snr::sim {
struct ModelDescription;
} // namespace snr::sim

namespace snr::analysis {

struct AnalysisOptions;
struct TraceInfo;
class AnalysisSet;

/// What an ISA offers that some analyses need. An analysis names what it
/// requires; on a target without it the analysis does not run, and its
/// view says why in one line (describeMissing).
enum class TargetFeature : unsigned {
  None = 0,
  /// Asynchronous copies and waits for them (DMAs and their sync objects).
  AsyncCopies = 1u << 0,
  LLVM_MARK_AS_BITMASK_ENUM(/*LargestValue=*/AsyncCopies)
};
LLVM_ENABLE_BITMASK_ENUMS_IN_NAMESPACE();

/// What a timing model offers: asynchronous copies when it times them
/// (ModelDescription::asyncCopies).
TargetFeature getTargetFeatures(const sim::ModelDescription &model);

/// One line that says which of `missing` the ISA lacks: "the ISA has no
/// asynchronous copies".
std::string describeMissing(TargetFeature missing);

/// What one replay's analyses are created from.
struct AnalysisContext {
  const TraceInfo &info;
  /// The timing model's vocabulary (resources, stall kinds, copies).
  const sim::ModelDescription &model;
  const AnalysisOptions &options;
  /// What the replayed ISA offers (getTargetFeatures(model)).
  TargetFeature target = TargetFeature::None;
};

/// One analysis in an AnalysisSet: the object, type-erased.
class AnalysisHolder {
public:
  virtual ~AnalysisHolder();
  /// The listener the replay notifies; null for an analysis that only
  /// computes after the run (from its dependencies).
  virtual sim::SimListener *getListener() = 0;
  /// After the run, once its dependencies have finished.
  virtual void finish(const AnalysisSet &set,
                      const AnalysisContext &context) = 0;
  /// The object (of the class its AnalysisInfo registers).
  virtual void *getObject() = 0;
};

/// How an analysis registers itself: one per analysis class, returned by
/// its static getInfo() (its address identifies the analysis). Build it
/// with AnalysisInfo::get<T>().
struct AnalysisInfo {
  /// Its name, for messages and docs ("dma", "utilization").
  std::string name;
  /// What the target must offer for it to apply.
  TargetFeature needs = TargetFeature::None;
  /// The analyses it reads: created (and notified) before it, finished
  /// before it.
  std::vector<const AnalysisInfo *> dependencies;
  /// The analyses it reads when they apply to the target (the static view
  /// folds the DMAs when there are any): created before it if they apply,
  /// and it applies without them. It asks the set (find<T>()).
  std::vector<const AnalysisInfo *> optionalDependencies;
  /// Its state for one replay.
  std::function<std::unique_ptr<AnalysisHolder>(const AnalysisContext &)>
      create;

  /// The registration of class T, created by `create` and finished by
  /// `finish` (may be empty) after its dependencies.
  template <typename T>
  static AnalysisInfo
  get(llvm::StringRef name, TargetFeature needs,
      std::vector<const AnalysisInfo *> dependencies,
      std::function<std::unique_ptr<T>(const AnalysisContext &)> create,
      std::function<void(T &, const AnalysisSet &, const AnalysisContext &)>
          finish = {});
};

/// The analysis registered for class T: T::getInfo() unless specialized
/// (the simulator's own listeners, which know nothing of analyses, are
/// registered in ReplayAnalyses.h).
template <typename T> struct AnalysisInfoOf {
  static const AnalysisInfo &get() { return T::getInfo(); }
};

/// The analyses of one replay.
class AnalysisSet {
public:
  AnalysisSet() = default;
  AnalysisSet(const AnalysisSet &) = delete;
  AnalysisSet &operator=(const AnalysisSet &) = delete;

  /// Adds `info`'s analysis, after its dependencies (and those of its
  /// optional dependencies that apply), unless it is in the set already or
  /// does not apply to `context.target`. Returns it, or null if it (or one
  /// of its dependencies) does not apply.
  void *require(const AnalysisInfo &info, const AnalysisContext &context);
  template <typename T> T *require(const AnalysisContext &context) {
    return static_cast<T *>(require(AnalysisInfoOf<T>::get(), context));
  }

  /// The listeners of the analyses that listen, in the order they were
  /// added (every dependency before what reads it).
  llvm::SmallVector<sim::SimListener *, 8> getListeners() const;

  /// Finishes every analysis after the run, in the order they were added.
  void finish(const AnalysisContext &context) const;

  /// Whether `info`'s analysis is in the set.
  bool contains(const AnalysisInfo &info) const { return find(info); }

  /// The analysis of class T, or null if the set does not hold it.
  template <typename T> T *find() const {
    return static_cast<T *>(find(AnalysisInfoOf<T>::get()));
  }
  /// The analysis of class T, which the set must hold.
  template <typename T> T &get() const {
    T *analysis = find<T>();
    assert(analysis && "the analysis is not in the set");
    return *analysis;
  }

private:
  void *find(const AnalysisInfo &info) const;

  struct Entry {
    const AnalysisInfo *info;
    std::unique_ptr<AnalysisHolder> holder;
  };
  std::vector<Entry> entries;
};

namespace detail {
template <typename T> class TypedAnalysisHolder final : public AnalysisHolder {
public:
  using Finish =
      std::function<void(T &, const AnalysisSet &, const AnalysisContext &)>;
  TypedAnalysisHolder(std::unique_ptr<T> object,
                      std::shared_ptr<const Finish> finishFn)
      : object(std::move(object)), finishFn(std::move(finishFn)) {}
  sim::SimListener *getListener() override {
    if constexpr (std::is_base_of_v<sim::SimListener, T>)
      return object.get();
    else
      return nullptr;
  }
  void finish(const AnalysisSet &set, const AnalysisContext &context) override {
    if (*finishFn)
      (*finishFn)(*object, set, context);
  }
  void *getObject() override { return object.get(); }

private:
  std::unique_ptr<T> object;
  std::shared_ptr<const Finish> finishFn;
};
} // namespace detail

template <typename T>
AnalysisInfo AnalysisInfo::get(
    llvm::StringRef name, TargetFeature needs,
    std::vector<const AnalysisInfo *> dependencies,
    std::function<std::unique_ptr<T>(const AnalysisContext &)> create,
    std::function<void(T &, const AnalysisSet &, const AnalysisContext &)>
        finish) {
  AnalysisInfo info;
  info.name = name.str();
  info.needs = needs;
  info.dependencies = std::move(dependencies);
  auto shared =
      std::make_shared<const typename detail::TypedAnalysisHolder<T>::Finish>(
          std::move(finish));
  info.create =
      [create = std::move(create), shared](
          const AnalysisContext &context) -> std::unique_ptr<AnalysisHolder> {
    return std::make_unique<detail::TypedAnalysisHolder<T>>(create(context),
                                                            shared);
  };
  return info;
}

} // namespace snr::analysis

#endif // SNR_ANALYSIS_ANALYSISSET_H
