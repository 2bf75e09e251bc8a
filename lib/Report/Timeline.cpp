//===- Timeline.cpp - timeline.json for Perfetto --------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Report/Timeline.h"
#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Report/Format.h"
#include "SnR/Report/ReportFigures.h"
#include "SnR/Report/Selection.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>
#include <array>
#include <optional>
#include <string>
#include <vector>

using namespace snr;
using namespace snr::report;

namespace {

constexpr int64_t kPid = 1;
/// Track ids: the model's resources first (1 + resource; a resource of
/// several units whose intervals the model reports, one per unit), then
/// stalls (10, or after the resources), then one per DMA link (from 100, or
/// after).
int64_t unitTid(unsigned track) { return 1 + int64_t(track); }
int64_t getStallTid(size_t numResources) {
  return std::max<int64_t>(10, unitTid(numResources));
}
int64_t getFirstLinkTid(size_t numResources) {
  return std::max<int64_t>(100, getStallTid(numResources) + 1);
}

/// Writes one event per line, keys in a fixed order. Times are given in
/// cycles and written in microseconds at the machine's clock (the
/// trace-event format's unit), each cycle rounded to the nanosecond; a slice
/// also gets its cycles in its args ("cycle": its start, "cycles": its
/// length).
class EventStream {
public:
  EventStream(llvm::raw_ostream &os, double clockGhz)
      : os(os), clockGhz(clockGhz > 0 ? clockGhz : 1.0) {}

  using ArgsFn = llvm::function_ref<void(llvm::json::OStream &)>;

  void metadata(llvm::StringRef name, int64_t tid, ArgsFn args) {
    event(name, "", "M", tid, std::nullopt, std::nullopt, args);
  }
  void complete(llvm::StringRef name, llvm::StringRef cat, int64_t tid,
                uint64_t ts, uint64_t dur, ArgsFn args) {
    event(name, cat, "X", tid, ts, dur, [&](llvm::json::OStream &j) {
      args(j);
      j.attribute("cycle", int64_t(ts));
      j.attribute("cycles", int64_t(dur));
    });
  }
  void counter(llvm::StringRef name, uint64_t ts, ArgsFn args) {
    event(name, "", "C", 0, ts, std::nullopt, args);
  }
  /// A nestable async event ("b" or "e"): events of one (cat, id) nest;
  /// the viewers lay the DMAs of one name out on one track.
  void async(bool begin, llvm::StringRef name, uint64_t id, int64_t tid,
             uint64_t ts, std::optional<ArgsFn> args = std::nullopt) {
    this->begin();
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("name", name);
      j.attribute("cat", "dma");
      j.attribute("ph", begin ? "b" : "e");
      j.attribute("id", int64_t(id));
      j.attribute("pid", kPid);
      j.attribute("tid", tid);
      micros(j, "ts", ts);
      if (args) {
        j.attributeBegin("args");
        j.object([&] {
          (*args)(j);
          j.attribute("cycle", int64_t(ts));
        });
        j.attributeEnd();
      }
    });
  }
  void flow(bool start, llvm::StringRef name, uint64_t id, int64_t tid,
            uint64_t ts) {
    begin();
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("name", name);
      j.attribute("cat", "dma");
      j.attribute("ph", start ? "s" : "f");
      j.attribute("id", int64_t(id));
      if (!start)
        j.attribute("bp", "e");
      j.attribute("pid", kPid);
      j.attribute("tid", tid);
      micros(j, "ts", ts);
    });
  }

  /// The nanosecond of cycle `cycle` at the clock.
  int64_t toNanos(uint64_t cycle) const {
    return std::llround(double(cycle) / clockGhz);
  }

  uint64_t count = 0;

private:
  void begin() {
    os << (count++ ? ",\n" : "\n");
  }
  void event(llvm::StringRef name, llvm::StringRef cat, llvm::StringRef ph,
             int64_t tid, std::optional<uint64_t> ts,
             std::optional<uint64_t> dur, ArgsFn args) {
    begin();
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("name", name);
      if (!cat.empty())
        j.attribute("cat", cat);
      j.attribute("ph", ph);
      j.attribute("pid", kPid);
      if (ph != "C")
        j.attribute("tid", tid);
      if (ts)
        micros(j, "ts", *ts);
      if (ts && dur) {
        // From the rounded ends, so slices one after the other on a track
        // never overlap.
        j.attributeBegin("dur");
        j.rawValue(formatMicros(toNanos(*ts + *dur) - toNanos(*ts)));
        j.attributeEnd();
      }
      j.attributeBegin("args");
      j.object([&] { args(j); });
      j.attributeEnd();
    });
  }

  /// "12.345": nanoseconds as microseconds, trailing zeros left out.
  static std::string formatMicros(int64_t nanos) {
    std::string text = std::to_string(nanos / 1000);
    if (int64_t frac = nanos % 1000) {
      std::string digits = std::to_string(1000 + frac).substr(1);
      while (digits.back() == '0')
        digits.pop_back();
      text += "." + digits;
    }
    return text;
  }
  void micros(llvm::json::OStream &j, llvm::StringRef key, uint64_t cycle) {
    j.attributeBegin(key);
    j.rawValue(formatMicros(toNanos(cycle)));
    j.attributeEnd();
  }

  llvm::raw_ostream &os;
  double clockGhz;
};

/// A stretch of one unit's activity, or of stalls, within one HLO.
struct Stretch {
  bool open = false;
  analysis::HloId hlo = analysis::kNoHlo;
  uint64_t begin = 0, end = 0, count = 0, cycles = 0;
  uint64_t firstPc = 0, lastPc = 0;
  /// Stall cycles by kind (stall stretches).
  std::array<uint64_t, sim::kMaxStallKinds> byKind{};
};

class TimelineWriter {
public:
  TimelineWriter(llvm::raw_ostream &os, const analysis::ReplayResults &results,
                 const Selection &selection, const ReportOptions &options)
      : os(os), out(os, results.model.clockGhz), results(results),
        info(results.info), model(results.model), selection(selection),
        options(options), firstTrack(getFirstTracks(results)),
        unitUsed(firstTrack.back(), false),
        stallTid(getStallTid(firstTrack.back())),
        firstLinkTid(getFirstLinkTid(firstTrack.back())),
        trackEnd(stallTid + 1, 0) {}

  TimelineStats write();

private:
  void assignLinkTracks();
  void writeMetadata();
  void writeInstructions();
  void writeStalls();
  void writeDmas();
  void writeCounters();
  void writeOtherData();

  /// The first track of each resource, by ResourceId, and the number of
  /// tracks last: one per resource, or one per unit when the model reports
  /// which unit each interval held.
  static std::vector<unsigned>
  getFirstTracks(const analysis::ReplayResults &results);
  /// The resource and unit of track `track`.
  std::pair<unsigned, unsigned> getResourceOfTrack(unsigned track) const;
  /// The intervals of the selected instructions (the ends of the selected
  /// DMAs' flows among them) on their tracks, in time order on each track.
  void forEachInterval(
      llvm::function_ref<void(uint64_t index, unsigned track, uint64_t begin,
                              uint64_t end, bool copyEnd)>
          fn);

  void flushUnit(unsigned unit, Stretch &stretch);
  void flushStall(Stretch &stretch);
  /// A complete event on a unit or stall track, never overlapping the
  /// previous one on that track (a guard: the simulator's busy intervals on
  /// one unit never overlap).
  bool clip(int64_t tid, uint64_t &ts, uint64_t &dur);

  llvm::raw_ostream &os;
  EventStream out;
  const analysis::ReplayResults &results;
  const analysis::TraceInfo &info;
  const sim::ModelDescription &model;
  const Selection &selection;
  const ReportOptions &options;
  TimelineStats stats;

  bool merged = false;
  std::vector<unsigned> firstTrack;
  /// By track.
  std::vector<bool> unitUsed;
  bool stallsUsed = false;
  const int64_t stallTid, firstLinkTid;
  /// The track of each link (0 if none of its DMAs is selected).
  std::vector<int64_t> linkTid;
  /// The last end on each resource's and the stall track, for clip().
  std::vector<uint64_t> trackEnd;
};

} // namespace

bool TimelineWriter::clip(int64_t tid, uint64_t &ts, uint64_t &dur) {
  uint64_t &end = trackEnd[tid];
  if (ts < end) {
    uint64_t cut = std::min(end - ts, dur);
    ts += cut;
    dur -= cut;
    if (!dur)
      return false;
  }
  end = ts + dur;
  return true;
}

void TimelineWriter::assignLinkTracks() {
  const auto &dmas = results.dmas.dmas;
  size_t numLinks = results.dmas.linkNames.size();
  linkTid.assign(numLinks, 0);
  for (uint32_t id : selection.dmas)
    if (dmas[id].link < numLinks)
      linkTid[dmas[id].link] = 1;
  int64_t next = firstLinkTid;
  for (int64_t &tid : linkTid)
    if (tid)
      tid = next++;
}

void TimelineWriter::writeMetadata() {
  out.metadata("process_name", 0, [&](llvm::json::OStream &j) {
    j.attribute("name", ("chip (" + model.name + ")"));
  });
  out.metadata("process_labels", 0, [&](llvm::json::OStream &j) {
    j.attribute("labels",
                llvm::formatv("time at {0} GHz; each slice's cycles are in "
                              "its args",
                              formatJsonNumber(model.clockGhz))
                    .str());
  });
  auto thread = [&](int64_t tid, llvm::StringRef name) {
    out.metadata("thread_name", tid, [&](llvm::json::OStream &j) {
      j.attribute("name", name);
    });
    out.metadata("thread_sort_index", tid, [&](llvm::json::OStream &j) {
      j.attribute("sort_index", tid);
    });
  };
  for (unsigned track = 0; track < unitUsed.size(); ++track) {
    if (!unitUsed[track])
      continue;
    auto [resource, unit] = getResourceOfTrack(track);
    const sim::ResourceInfo &info = model.resources[resource];
    thread(unitTid(track),
           firstTrack[resource + 1] - firstTrack[resource] > 1
               ? llvm::formatv("{0}[{1}]", info.name, unit).str()
               : info.name);
  }
  if (stallsUsed)
    thread(stallTid, "stalls");
  for (size_t link = 0; link < linkTid.size(); ++link)
    if (linkTid[link])
      thread(linkTid[link], "dma " + results.dmas.linkNames[link]);
}

void TimelineWriter::flushUnit(unsigned unit, Stretch &s) {
  if (!s.open)
    return;
  s.open = false;
  uint64_t ts = s.begin, dur = s.end - s.begin;
  if (!clip(unitTid(unit), ts, dur))
    return;
  ++stats.instructionSlices;
  out.complete(info.getHloName(s.hlo), "stretch", unitTid(unit), ts, dur,
               [&](llvm::json::OStream &j) {
                 j.attribute("hlo", info.getHloName(s.hlo));
                 j.attribute("instructions", int64_t(s.count));
                 j.attribute("busy_cycles", int64_t(s.cycles));
                 j.attribute("first_pc", int64_t(s.firstPc));
                 j.attribute("last_pc", int64_t(s.lastPc));
               });
}

std::vector<unsigned>
TimelineWriter::getFirstTracks(const analysis::ReplayResults &results) {
  const sim::ModelDescription &model = results.model;
  std::vector<unsigned> first(model.resources.size() + 1, 0);
  bool perUnit = results.timing.keepsBusy();
  for (size_t r = 0; r < model.resources.size(); ++r)
    first[r + 1] =
        first[r] + (perUnit ? std::max(1u, model.resources[r].units) : 1);
  return first;
}

std::pair<unsigned, unsigned>
TimelineWriter::getResourceOfTrack(unsigned track) const {
  unsigned resource =
      std::upper_bound(firstTrack.begin(), firstTrack.end(), track) -
      firstTrack.begin() - 1;
  return {resource, track - firstTrack[resource]};
}

void TimelineWriter::forEachInterval(
    llvm::function_ref<void(uint64_t, unsigned, uint64_t, uint64_t, bool)>
        fn) {
  const auto &timing = results.timing.instructions;
  const sim::TimingRecorder &recorder = results.timing;
  // The dma track also shows the issues and waits of selected DMAs, so each
  // flow has both ends.
  llvm::BitVector dmaEnds;
  if (selection.isRestricted()) {
    dmaEnds.resize(info.getNumInstructions());
    for (uint32_t id : selection.dmas) {
      const analysis::DmaRecord &dma = results.dmas.dmas[id];
      dmaEnds.set(dma.issueIndex);
      if (dma.waitIndex != sim::kNoIndex)
        dmaEnds.set(dma.waitIndex);
    }
  }
  // A model that issues out of order reports its intervals out of time
  // order: they are sorted first.
  struct Interval {
    uint64_t index;
    unsigned track;
    uint64_t begin, end;
    bool copyEnd;
  };
  std::vector<Interval> sorted;
  bool inOrder = true;
  for (uint64_t i = 1, e = timing.size(); i < e && inOrder; ++i)
    inOrder = timing[i].issue >= timing[i - 1].issue;
  auto emit = [&](uint64_t index, unsigned track, uint64_t begin,
                  uint64_t end, bool copyEnd) {
    if (inOrder)
      fn(index, track, begin, end, copyEnd);
    else
      sorted.push_back({index, track, begin, end, copyEnd});
  };
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    const sim::InstructionDesc &desc = info.getDesc(i);
    // Copies and waits for them are the ends of the DMA flows.
    bool copyEnd = desc.startsCopy || desc.waitsForCopies;
    bool selected = selection.containsInstruction(i) ||
                    (copyEnd && !dmaEnds.empty() && dmaEnds.test(i));
    const auto &t = timing[i];
    if (!selected || !t.executed)
      continue;
    if (recorder.keepsBusy()) {
      for (const sim::TimingRecorder::Busy &busy : recorder.getBusy(i))
        if (size_t(busy.resource) + 1 < firstTrack.size() &&
            busy.end > busy.begin)
          emit(i,
               firstTrack[busy.resource] +
                   std::min(busy.unit, firstTrack[busy.resource + 1] -
                                           firstTrack[busy.resource] - 1),
               busy.begin, busy.end, copyEnd);
      continue;
    }
    unsigned unit = desc.resource;
    if (unit >= unitUsed.size())
      continue;
    uint64_t busy = std::max(getOccupancy(results, i), 1u);
    emit(i, unit, t.issue, t.issue + busy, copyEnd);
  }
  if (inOrder)
    return;
  llvm::stable_sort(sorted, [](const Interval &a, const Interval &b) {
    return a.begin < b.begin;
  });
  for (const Interval &interval : sorted)
    fn(interval.index, interval.track, interval.begin, interval.end,
       interval.copyEnd);
}

void TimelineWriter::writeInstructions() {
  const auto &timing = results.timing.instructions;
  std::vector<Stretch> stretches(unitUsed.size());
  forEachInterval([&](uint64_t i, unsigned unit, uint64_t begin, uint64_t end,
                      bool copyEnd) {
    const sim::InstructionDesc &desc = info.getDesc(i);
    const auto &t = timing[i];
    uint64_t pc = info.getPc(i);
    uint64_t busy = end - begin;
    analysis::HloId hlo = info.hloOf[i];
    // DMA issues and waits stay single slices: the flows end on them.
    if (merged && !copyEnd) {
      Stretch &s = stretches[unit];
      if (s.open && (s.hlo != hlo || begin > s.end + options.mergeGapCycles))
        flushUnit(unit, s);
      if (!s.open) {
        s = Stretch();
        s.open = true;
        s.hlo = hlo;
        s.begin = begin;
        s.firstPc = pc;
      }
      s.end = std::max(s.end, begin + busy);
      ++s.count;
      s.cycles += busy;
      s.lastPc = pc;
      return;
    }
    uint64_t ts = begin, dur = busy;
    if (!clip(unitTid(unit), ts, dur))
      return;
    ++stats.instructionSlices;
    // The slices of copies and waits (dma.issue, dma.wait) share the
    // category of the flows that end on them: Chrome DevTools binds a flow
    // event only to a slice of its own category.
    out.complete(desc.mnemonic, copyEnd ? "dma" : "instruction", unitTid(unit),
                 ts, dur, [&](llvm::json::OStream &j) {
                   j.attribute("pc", int64_t(pc));
                   j.attribute("index", int64_t(i));
                   j.attribute("hlo", info.getHloName(hlo));
                   j.attribute("ready", int64_t(t.ready));
                   j.attribute("stall", int64_t(t.stall));
                   if (t.stall)
                     j.attribute("kind", model.getStallKindName(t.kind));
                 });
  });
  for (unsigned unit = 0; unit < stretches.size(); ++unit)
    flushUnit(unit, stretches[unit]);
}

void TimelineWriter::flushStall(Stretch &s) {
  if (!s.open)
    return;
  s.open = false;
  uint64_t ts = s.begin, dur = s.end - s.begin;
  if (!clip(stallTid, ts, dur))
    return;
  ++stats.stallSlices;
  // Named after the kind that cost most; each kind's cycles in the args.
  unsigned worst = 1;
  for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
    if (s.byKind[k] > s.byKind[worst])
      worst = k;
  out.complete(model.getStallKindName(worst), "stall", stallTid, ts, dur,
               [&](llvm::json::OStream &j) {
                 j.attribute("hlo", info.getHloName(s.hlo));
                 j.attribute("stalls", int64_t(s.count));
                 j.attribute("stall_cycles", int64_t(s.cycles));
                 for (unsigned k = 1; k < model.getNumStallKinds(); ++k)
                   if (s.byKind[k])
                     j.attribute(model.getStallKindName(k),
                                 int64_t(s.byKind[k]));
                 j.attribute("first_pc", int64_t(s.firstPc));
                 j.attribute("last_pc", int64_t(s.lastPc));
               });
}

void TimelineWriter::writeStalls() {
  const auto &timing = results.timing.instructions;
  const sim::TimingRecorder &rec = results.timing;
  sim::StallKind copyWait = model.findStallKind(sim::StallRole::CopyWait);
  Stretch stretch;
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    const auto &t = timing[i];
    if (!t.stall || !selection.containsInstruction(i))
      continue;
    uint64_t begin = t.issue - std::min(t.stall, t.issue);
    analysis::HloId hlo = info.hloOf[i];
    uint64_t pc = info.getPc(i);
    // In merged mode the stalls within one HLO merge too, except DMA
    // waits: they are few and each names its DMA.
    if (merged && (!copyWait || t.kind != copyWait)) {
      if (stretch.open && (stretch.hlo != hlo ||
                           begin > stretch.end + options.mergeGapCycles))
        flushStall(stretch);
      if (!stretch.open) {
        stretch = Stretch();
        stretch.open = true;
        stretch.hlo = hlo;
        stretch.begin = begin;
        stretch.firstPc = pc;
      }
      stretch.end = t.issue;
      ++stretch.count;
      stretch.cycles += t.stall;
      stretch.byKind[t.kind] += t.stall;
      stretch.lastPc = pc;
      continue;
    }
    flushStall(stretch);
    uint64_t ts = begin, dur = t.issue - begin;
    if (!clip(stallTid, ts, dur))
      continue;
    ++stats.stallSlices;
    const sim::TimingRecorder::Wait *wait = nullptr;
    if (copyWait && t.kind == copyWait && i < rec.dmaOrWaitOf.size() &&
        rec.dmaOrWaitOf[i] < rec.waits.size() &&
        rec.waits[rec.dmaOrWaitOf[i]].index == i)
      wait = &rec.waits[rec.dmaOrWaitOf[i]];
    out.complete(model.getStallKindName(t.kind), "stall", stallTid, ts, dur,
                 [&](llvm::json::OStream &j) {
                   j.attribute("pc", int64_t(pc));
                   j.attribute("index", int64_t(i));
                   j.attribute("hlo", info.getHloName(hlo));
                   j.attribute("stall", int64_t(t.stall));
                   if (t.cause != sim::kNoIndex &&
                       t.cause < info.getNumInstructions())
                     j.attribute("cause_pc", int64_t(info.getPc(t.cause)));
                   if (wait) {
                     j.attribute("base_stall", int64_t(wait->baseStall));
                     j.attribute("transfer_stall",
                                 int64_t(wait->transferStall));
                     if (wait->charged != sim::TimingRecorder::kNoDma)
                       j.attribute("dma", int64_t(wait->charged));
                   }
                 });
  }
  flushStall(stretch);
}

void TimelineWriter::writeDmas() {
  const auto &dmas = results.dmas.dmas;
  for (uint32_t id : selection.dmas) {
    const analysis::DmaRecord &dma = dmas[id];
    if (dma.link >= linkTid.size())
      continue;
    int64_t tid = linkTid[dma.link];
    uint64_t complete = std::max(dma.completeCycle, dma.issueCycle);
    uint64_t baseEnd = std::clamp(dma.baseEndCycle, dma.issueCycle, complete);
    bool waited = dma.waitIndex != sim::kNoIndex;
    // One name per link: Perfetto makes a track of each async name (and
    // packs the DMAs in flight at once into rows), chrome://tracing one
    // per thread; the DMA's id is in the args.
    std::string name = "dma " + results.dmas.linkNames[dma.link];
    ++stats.dmaSlices;
    out.async(true, name, id, tid, dma.issueCycle, [&](llvm::json::OStream &j) {
      j.attribute("dma", int64_t(id));
      j.attribute("link", results.dmas.linkNames[dma.link]);
      j.attribute("bytes", int64_t(dma.bytes));
      j.attribute("flag", int64_t(dma.flag));
      j.attribute("issue_pc", int64_t(info.getPc(dma.issueIndex)));
      j.attribute("issue_hlo", info.getHloName(dma.issueHlo));
      if (waited) {
        j.attribute("wait_pc", int64_t(info.getPc(dma.waitIndex)));
        j.attribute("wait_hlo", info.getHloName(dma.waitHlo));
        j.attribute("wait_ready", int64_t(dma.waitReadyCycle));
      }
      j.attribute("base_stall", int64_t(dma.baseStall));
      j.attribute("transfer_stall", int64_t(dma.transferStall));
      j.attribute("slack", int64_t(dma.slack));
    });
    // Children in time order, each ended before the next begins (viewers
    // sort by time, keeping the file's order at equal times).
    if (baseEnd > dma.issueCycle) {
      out.async(
          true, "base latency", id, tid, dma.issueCycle,
          [&](llvm::json::OStream &j) { j.attribute("dma", int64_t(id)); });
      out.async(false, "base latency", id, tid, baseEnd);
    }
    if (complete > baseEnd) {
      uint64_t start = std::clamp(dma.startCycle, baseEnd, complete);
      out.async(true, "transfer", id, tid, baseEnd,
                [&](llvm::json::OStream &j) {
                  j.attribute("dma", int64_t(id));
                  j.attribute("queued_cycles", int64_t(start - baseEnd));
                  j.attribute("moving_cycles", int64_t(complete - start));
                });
      out.async(false, "transfer", id, tid, complete);
    }
    out.async(false, name, id, tid, complete);
    // The flow runs between thread slices, the dma.issue and the dma.wait
    // on their resources' tracks (snr: the dma unit's): viewers bind a flow
    // event to a slice of its thread (Perfetto the enclosing one, Chrome
    // DevTools one of the flow's category), never to an async slice.
    if (waited) {
      ++stats.flows;
      std::string flowName = "dma " + std::to_string(id);
      out.flow(true, flowName, id,
               unitTid(info.getDesc(dma.issueIndex).resource), dma.issueCycle);
      out.flow(false, flowName, id,
               unitTid(info.getDesc(dma.waitIndex).resource),
               dma.waitIssueCycle);
    }
  }
}

void TimelineWriter::writeCounters() {
  auto series = [&](llvm::StringRef name, llvm::StringRef key,
                    uint64_t windowCycles, size_t numWindows,
                    llvm::function_ref<double(size_t)> valueOf) {
    std::optional<double> last;
    windowCycles = std::max<uint64_t>(windowCycles, 1);
    for (size_t w = 0; w < numWindows; ++w) {
      uint64_t begin = w * windowCycles;
      if (!selection.overlaps(begin, begin + windowCycles))
        continue;
      double value = valueOf(w);
      if (last && *last == value)
        continue;
      last = value;
      ++stats.counters;
      out.counter(name, std::max(begin, selection.beginCycle),
                  [&](llvm::json::OStream &j) {
                    j.attributeBegin(key);
                    j.rawValue(formatJsonNumber(value));
                    j.attributeEnd();
                  });
    }
  };

  const analysis::UtilizationAnalysis &util = results.utilization;
  for (size_t r = 0; r < util.busy.size() && r < util.resources.size(); ++r) {
    const std::vector<double> &busy = util.busy[r];
    // Links that moved nothing would only add flat lines.
    if (r >= util.numUnitResources &&
        llvm::all_of(busy, [](double b) { return b == 0; }))
      continue;
    series(util.resources[r] + " busy", "percent", util.windowCycles,
           busy.size(), [&](size_t w) { return roundTo(busy[w] * 100, 1); });
  }

  const analysis::DataCacheAnalysis &cache = results.dataCache;
  if (!cache.available)
    return;
  size_t windows = std::min<size_t>(cache.numWindows,
                                    std::min(cache.occupiedPages.size(),
                                             cache.largestFreeRun.size()));
  series("vmem occupied", "pages", cache.windowCycles, windows,
         [&](size_t w) { return double(cache.occupiedPages[w]); });
  series("vmem largest free region", "pages", cache.windowCycles, windows,
         [&](size_t w) { return double(cache.largestFreeRun[w]); });
}

void TimelineWriter::writeOtherData() {
  llvm::json::Object other{
      {"format", "snr-timeline"},
      {"version", 2},
      {"time_unit", "us"},
      {"note", "ts and dur are microseconds at the machine's clock "
               "(clock_ghz), each cycle rounded to the nanosecond; every "
               "slice's args hold its start cycle (cycle) and its length in "
               "cycles (cycles)"},
      {"clock_ghz", model.clockGhz},
      {"machine", model.name},
      {"program", info.program},
      {"trace", info.fileName},
      {"selection", selection.description},
      {"begin_cycle", int64_t(selection.beginCycle)},
      {"end_cycle", int64_t(selection.endCycle)},
      {"instruction_slices", merged ? "merged per busy stretch within an HLO"
                                    : "one per instruction"},
      {"merge_gap_cycles", int64_t(options.mergeGapCycles)}};
  os << "\n],\n\"otherData\": ";
  writeJson(os, llvm::json::Value(std::move(other)), 0);
  os << "\n}\n";
}

TimelineStats TimelineWriter::write() {
  merged = selection.numInstructions > options.maxInstructionSlices;
  stats.merged = merged;
  const auto &timing = results.timing.instructions;
  const sim::TimingRecorder &recorder = results.timing;
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    if (!selection.containsInstruction(i))
      continue;
    stallsUsed |= timing[i].stall > 0;
    if (!timing[i].executed)
      continue;
    if (recorder.keepsBusy()) {
      for (const sim::TimingRecorder::Busy &busy : recorder.getBusy(i))
        if (size_t(busy.resource) + 1 < firstTrack.size() &&
            busy.end > busy.begin)
          unitUsed[firstTrack[busy.resource] +
                   std::min(busy.unit, firstTrack[busy.resource + 1] -
                                           firstTrack[busy.resource] - 1)] =
              true;
      continue;
    }
    sim::ResourceId resource = info.getDesc(i).resource;
    if (resource < unitUsed.size())
      unitUsed[resource] = true;
  }
  // The tracks the DMA flows end on.
  for (uint32_t id : selection.dmas)
    for (uint64_t end :
         {results.dmas.dmas[id].issueIndex, results.dmas.dmas[id].waitIndex})
      if (end < info.getNumInstructions() &&
          info.getDesc(end).resource < unitUsed.size())
        unitUsed[info.getDesc(end).resource] = true;
  assignLinkTracks();

  os << "{\"traceEvents\": [";
  writeMetadata();
  writeInstructions();
  writeStalls();
  writeDmas();
  writeCounters();
  writeOtherData();
  stats.events = out.count;
  return stats;
}

TimelineStats snr::report::writeTimeline(llvm::raw_ostream &os,
                                         const analysis::ReplayResults &results,
                                         const Selection &selection,
                                         const ReportOptions &options) {
  return TimelineWriter(os, results, selection, options).write();
}
