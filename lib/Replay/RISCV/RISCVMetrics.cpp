//===- RISCVMetrics.cpp - metrics.json of a RISC-V run --------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// metrics.json for a RISC-V run: format "snr-metrics", version 1, as the snr
// runs write it where the figure is the same (totals, stalls, utilization,
// hlos = the functions, static.instructions), so snr-diff compares two
// RISC-V runs as it compares two snr runs (docs/metrics-schema.md, "RISC-V
// runs").
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "llvm/Support/Path.h"

#include <cmath>

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;
namespace json = llvm::json;

namespace {
double rounded(double value, int digits = 6) {
  double scale = std::pow(10.0, digits);
  return std::round(value * scale) / scale;
}

json::Object stallsByKind(const StallCycles &cycles) {
  json::Object object;
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    object[getStallKindName(StallKind(kind))] = cycles[kind];
  return object;
}

json::Object stalls(uint64_t total, const StallCycles &cycles) {
  return json::Object{{"total", total}, {"by_kind", stallsByKind(cycles)}};
}

json::Value placeOf(const SourcePlace &place) {
  if (!place.hasLine())
    return nullptr;
  return json::Object{{"file", place.file},
                      {"line", place.line},
                      {"column", place.column}};
}
} // namespace

json::Value snr::replay::riscv::buildMetrics(const RISCVRun &run) {
  const TimingSummary &s = run.summary;
  json::Object metrics;
  metrics["format"] = "snr-metrics";
  metrics["version"] = 1;
  metrics["isa"] = "riscv64";

  metrics["machine"] = json::Object{
      {"name", run.cpu},
      {"cpu", run.cpu},
      {"out_of_order", run.outOfOrder},
      {"issue_width", run.issueWidth},
      {"micro_op_buffer", run.microOpBufferSize},
      {"vlen", run.vlen},
      {"load_latency", run.loadLatency},
  };
  json::Array functionNames;
  for (const GroupFigures &f : run.functions)
    functionNames.push_back(f.name);
  metrics["trace"] = json::Object{
      {"file", run.traceFile},
      {"elf", run.elfFile.empty() ? json::Value(nullptr)
                                  : json::Value(run.elfFile)},
      {"isa_string", run.isaString},
      {"vlenb", run.vlenb},
      {"instructions", run.replayedInstructions},
      {"program_ended", run.programEnded},
      {"hlos", std::move(functionNames)},
  };
  metrics["selection"] =
      json::Object{{"restricted", false},
                   {"description", "the whole trace"},
                   {"begin_cycle", 0},
                   {"end_cycle", s.cycles},
                   {"instructions", s.instructions}};
  metrics["totals"] = json::Object{
      {"cycles", s.cycles},
      {"instructions", s.instructions},
      {"executed", s.instructions},
      {"ipc", rounded(run.getIPC())},
      {"micro_ops", s.microOps},
      {"run_cycles", s.cycles},
      {"llvm_mca_total_cycles", s.cycles + 1},
      {"taken_branches", s.takenBranches},
      {"short_vl_instructions", s.shortVectorInstructions},
      {"untimed_instructions", s.untimedInstructions},
  };
  metrics["vector_config"] =
      json::Object{{"executions", run.vectorConfigs},
                   {"vtype_changes", run.vtypeChanges},
                   {"unchanged", run.unchangedConfigs}};
  uint64_t totalStall = 0;
  for (unsigned kind = 1; kind < kNumStallKinds; ++kind)
    totalStall += s.stallCycles[kind];
  metrics["stalls"] = stalls(totalStall, s.stallCycles);

  // The options, and what each of SnR's extra effects adds.
  metrics["timing"] = json::Object{
      {"like_mca", run.likeMca},
      {"taken_branches", run.options.takenBranches},
      {"taken_branch_penalty", run.options.takenBranchPenalty},
      {"vl_scaling", run.options.scaleWithVL},
      {"mca_call_latency", run.options.mcaCallLatency},
      {"vlen_warning", run.vlenWarning.empty()
                           ? json::Value(nullptr)
                           : json::Value(run.vlenWarning)},
  };
  if (run.effects)
    metrics["effects"] =
        json::Object{{"taken_branches", run.effects->takenBranches},
                     {"actual_vl", run.effects->actualVL},
                     {"calls", run.effects->calls},
                     {"like_mca_cycles", run.effects->likeMcaCycles}};
  else
    metrics["effects"] = nullptr;

  json::Array units;
  for (const ResourceUsage &r : run.resources)
    if (!r.name.empty())
      units.push_back(json::Object{
          {"name", r.name},
          {"units", r.units},
          {"issued", r.uses},
          {"busy_cycles", r.busyCycles},
          {"busy_fraction", rounded(r.getBusyFraction(s.cycles))}});
  metrics["utilization"] = json::Object{{"units", std::move(units)}};

  json::Array hlos;
  for (const GroupFigures &f : run.functions)
    hlos.push_back(json::Object{
        {"name", f.name},
        {"instructions", f.instructions},
        {"executed", f.instructions},
        {"first_cycle", f.firstCycle},
        {"last_cycle", f.lastCycle},
        {"cycles", f.lastCycle - f.firstCycle},
        {"own_cycles", f.cycles},
        {"stalls", stalls(f.stallCycles, f.stallByKind)}});
  metrics["hlos"] = std::move(hlos);

  json::Array lines;
  for (const GroupFigures &l : run.lines)
    lines.push_back(json::Object{
        {"file", l.file},
        {"line", l.line},
        {"function", l.function},
        {"instructions", l.instructions},
        {"own_cycles", l.cycles},
        {"stalls", stalls(l.stallCycles, l.stallByKind)}});
  metrics["lines"] = std::move(lines);

  json::Array instructions;
  for (const StaticInstruction &inst : run.statics) {
    json::Object object{
        {"pc", inst.pc},
        {"opcode", inst.mnemonic},
        {"text", inst.text},
        {"hlo", inst.place.function.empty() ? "(no function)"
                                            : inst.place.function},
        {"source", placeOf(inst.place)},
        {"executions", inst.executions},
        {"own_cycles", inst.cycles},
        {"stall_cycles", inst.stallCycles},
        {"stalls_by_kind", stallsByKind(inst.stallByKind)},
        {"caused_stall_cycles", inst.causedStallCycles},
        {"caused_by_kind", stallsByKind(inst.causedByKind)}};
    if (inst.setsVectorConfig) {
      object["vtype_changes"] = inst.vtypeChanges;
      object["unchanged_configs"] = inst.unchangedConfigs;
    }
    instructions.push_back(std::move(object));
  }
  metrics["static"] = json::Object{{"instructions", std::move(instructions)}};

  json::Array costliest, loadUse;
  for (const StaticInstruction *inst : getCostliest(run, 20))
    costliest.push_back(json::Object{{"pc", inst->pc},
                                     {"text", inst->text},
                                     {"source", placeOf(inst->place)},
                                     {"own_cycles", inst->cycles},
                                     {"stall_cycles", inst->stallCycles}});
  for (const LoadUseSuggestion &suggestion : getLoadUseSuggestions(run))
    loadUse.push_back(json::Object{
        {"load_pc", suggestion.load->pc},
        {"load", suggestion.load->text},
        {"source", placeOf(suggestion.load->place)},
        {"first_use_pc", suggestion.firstUse->pc},
        {"first_use", suggestion.firstUse->text},
        {"first_use_source", placeOf(suggestion.firstUse->place)},
        {"stall_cycles", suggestion.stallCycles},
        {"stalls", suggestion.stalls},
        {"advice", suggestion.getAdvice()}});
  metrics["bottlenecks"] =
      json::Object{{"costliest", std::move(costliest)}};
  metrics["suggestions"] = json::Object{{"load_use", std::move(loadUse)}};
  metrics["dma"] = json::Object{{"note", getNoDmaNote()}};
  return json::Value(std::move(metrics));
}
