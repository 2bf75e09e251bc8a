//===- RISCVTimeline.cpp - The timeline of a RISC-V run -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// timeline.json for a RISC-V run, in Chrome's trace event format (Perfetto
// and chrome://tracing open it): one track per unit of each processor
// resource of the model, a slice per interval an instruction held it. The
// model has no clock, so one microsecond on the time axis is one cycle.
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace snr::replay::riscv;
namespace json = llvm::json;

void snr::replay::riscv::writeTimeline(const RISCVRun &run,
                                       llvm::raw_ostream &os) {
  // A track per resource unit that was used, in resource order.
  std::map<std::pair<unsigned, unsigned>, unsigned> tracks;
  for (const BusyInterval &interval : run.intervals)
    tracks.try_emplace({interval.resource, interval.unit}, 0);
  unsigned tid = 1;
  for (auto &[key, id] : tracks)
    id = tid++;

  json::OStream out(os);
  out.objectBegin();
  out.attribute("displayTimeUnit", "ns");
  out.attributeObject("otherData", [&] {
    out.attribute("producer", "snr-replay");
    out.attribute("cpu", run.cpu);
    out.attribute("time_unit", "1 us = 1 cycle");
    out.attribute("truncated", run.timelineTruncated);
  });
  out.attributeArray("traceEvents", [&] {
    out.object([&] {
      out.attribute("ph", "M");
      out.attribute("name", "process_name");
      out.attribute("pid", 1);
      out.attributeObject("args", [&] {
        out.attribute("name", "snr-replay " + run.cpu + " (1 us = 1 cycle)");
      });
    });
    for (const auto &[key, id] : tracks) {
      const ResourceUsage &resource = run.resources[key.first];
      std::string name =
          resource.units > 1
              ? llvm::formatv("{0}[{1}]", resource.name, key.second).str()
              : resource.name;
      out.object([&] {
        out.attribute("ph", "M");
        out.attribute("name", "thread_name");
        out.attribute("pid", 1);
        out.attribute("tid", id);
        out.attributeObject("args", [&] { out.attribute("name", name); });
      });
      out.object([&] {
        out.attribute("ph", "M");
        out.attribute("name", "thread_sort_index");
        out.attribute("pid", 1);
        out.attribute("tid", id);
        out.attributeObject("args",
                            [&] { out.attribute("sort_index", id); });
      });
    }
    for (const BusyInterval &interval : run.intervals) {
      const StaticInstruction &inst = run.statics[interval.staticIndex];
      out.object([&] {
        out.attribute("ph", "X");
        out.attribute("name", inst.text);
        out.attribute("cat", inst.place.function);
        out.attribute("pid", 1);
        out.attribute("tid", tracks[{interval.resource, interval.unit}]);
        out.attribute("ts", interval.begin);
        out.attribute("dur", interval.end - interval.begin);
        out.attributeObject("args", [&] {
          out.attribute("pc", llvm::formatv("{0:x}", inst.pc).str());
          std::string where = inst.place.getShortText();
          if (!where.empty())
            out.attribute("source", where);
        });
      });
    }
  });
  out.objectEnd();
  os << "\n";
}
