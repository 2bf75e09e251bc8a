//===- TraceInfo.cpp - What analyses know of a trace ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/TraceInfo.h"
#include "SnR/Sim/MachineModel.h"
#include "SnR/Sim/SnRModel.h"
#include "SnR/Target/Target.h"
#include "SnR/Trace/Trace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace snr;
using namespace snr::analysis;

TraceInfo TraceInfo::fromTrace(const trace::Trace &trace) {
  return fromTrace(trace, sim::getDefaultMachineModel());
}

TraceInfo TraceInfo::fromTrace(const trace::Trace &trace,
                               const sim::MachineModel &machine) {
  TraceInfo info;
  info.fileName = trace.fileName;
  info.program = trace.header.program;
  info.machine = trace.header.machine;
  // A trace holds the snr ISA's instructions (a second ISA's traces bring
  // their own table).
  info.instructions = sim::describeSnRInstructions(trace.instructions, machine);
  info.lines = trace.lines;
  info.lineTable = SourceTable::fromLineTable(trace.header.lineTable);
  info.lines.resize(trace.instructions.size(), 0);
  info.hloOf.reserve(trace.instructions.size());
  // The HLO map is a sorted list of PC ranges: look each range up once.
  llvm::DenseMap<const trace::HloRange *, HloId> idOfRange;
  llvm::StringMap<HloId> idOfName;
  for (uint64_t i = 0, e = info.getNumInstructions(); i < e; ++i) {
    const trace::HloRange *range = trace.header.lookupHlo(info.getPc(i));
    if (!range) {
      info.hloOf.push_back(kNoHlo);
      continue;
    }
    auto [it, inserted] = idOfRange.try_emplace(range, 0);
    if (inserted) {
      auto [nameIt, newName] =
          idOfName.try_emplace(range->name, HloId(info.hloNames.size()));
      if (newName) {
        info.hloNames.push_back(range->name);
        info.xlaNames.emplace_back();
      }
      it->second = nameIt->second;
      if (info.xlaNames[it->second].empty())
        info.xlaNames[it->second] = range->xlaName;
    }
    info.hloOf.push_back(it->second);
  }
  return info;
}

SourceTable SourceTable::fromLineTable(const trace::LineTable &table) {
  SourceTable source;
  if (table.empty())
    return source;
  source.files.push_back(table.file);
  source.entries.reserve(table.entries.size());
  for (const trace::LineEntry &entry : table.entries)
    source.entries.push_back({entry.pc, 0, entry.line, entry.column});
  return source;
}

const SourceTable::Entry *SourceTable::lookup(uint64_t pc) const {
  auto it = llvm::partition_point(
      entries, [&](const Entry &entry) { return entry.pc < pc; });
  return it != entries.end() && it->pc == pc ? &*it : nullptr;
}

std::string TraceInfo::getText(uint64_t index) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  instructions->printInstruction(index, os);
  return text;
}

std::string TraceInfo::formatPc(uint64_t pc) const {
  return getTarget().formatPc(pc);
}

llvm::StringRef TraceInfo::getHloName(HloId id) const {
  return id == kNoHlo ? llvm::StringRef(noHloName) : hloNames[id];
}

llvm::Expected<HloId> TraceInfo::lookupHlo(llvm::StringRef name) const {
  auto it = llvm::find(hloNames, name);
  if (it != hloNames.end())
    return HloId(it - hloNames.begin());
  return llvm::createStringError(
      "no HLO named '" + name + "' in the trace; it has: " +
      (hloNames.empty() ? std::string("(none)") : llvm::join(hloNames, ", ")));
}

std::string TraceInfo::locatePc(uint64_t pc) const {
  const SourceTable::Entry *entry = lineTable.lookup(pc);
  if (!entry)
    return "";
  return llvm::formatv("{0}:{1}:{2}",
                       llvm::sys::path::filename(lineTable.getFile(*entry)),
                       entry->line, entry->column)
      .str();
}

std::string TraceInfo::locate(uint64_t index) const {
  std::string where = locatePc(getPc(index));
  if (!where.empty())
    return where;
  unsigned line = index < lines.size() ? lines[index] : 0;
  if (!line)
    return "";
  llvm::StringRef file = llvm::sys::path::filename(fileName);
  return llvm::formatv("{0}:{1}", file.empty() ? "trace" : file, line).str();
}

std::string TraceInfo::describe(uint64_t index) const {
  std::string pc = formatPc(getPc(index));
  std::string where = locate(index);
  if (!where.empty())
    return llvm::formatv("pc {0} ({1})", pc, where).str();
  return llvm::formatv("pc {0}", pc).str();
}
