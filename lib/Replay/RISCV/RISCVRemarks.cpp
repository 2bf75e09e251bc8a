//===- RISCVRemarks.cpp - The remarks of a RISC-V run ---------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// remarks.opt.yaml for a RISC-V run, written with LLVM's remark serializer
// (so opt-viewer and llvm-remarkutil read it): Pass snr; Function the C
// function; DebugLoc the instruction's line from DWARF (with --elf); Hotness
// the cycles at stake.
//
//   stall             (Analysis) a static instruction of a known function
//                     that stalled: its stall cycles by kind; Hotness its
//                     own cycles
//   load-use-latency  (Missed) a load whose latency is exposed to its first
//                     use; Hotness the stall cycles it causes
//
//===----------------------------------------------------------------------===//

#include "SnR/Replay/RISCV/RISCVOutputs.h"

#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkFormat.h"
#include "llvm/Remarks/RemarkSerializer.h"

#include <deque>

using namespace snr::replay::riscv;
using namespace snr::target::riscv::timing;
namespace remarks = llvm::remarks;

namespace {
/// Builds remarks whose strings it owns.
class RemarkBuilder {
public:
  RemarkBuilder(remarks::Type type, llvm::StringRef name,
                const StaticInstruction &at, uint64_t hotness) {
    remark.RemarkType = type;
    remark.PassName = "snr";
    remark.RemarkName = name;
    remark.FunctionName = own(at.place.function.empty()
                                  ? std::string("<unknown function>")
                                  : at.place.function);
    if (at.place.hasLine())
      remark.Loc = remarks::RemarkLocation{own(at.place.file), at.place.line,
                                           at.place.column};
    remark.Hotness = hotness;
  }
  RemarkBuilder &arg(llvm::StringRef key, std::string value,
                     const SourcePlace *place = nullptr) {
    remarks::Argument argument;
    argument.Key = own(key.str());
    argument.Val = own(std::move(value));
    if (place && place->hasLine())
      argument.Loc = remarks::RemarkLocation{own(place->file), place->line,
                                             place->column};
    remark.Args.push_back(argument);
    return *this;
  }
  RemarkBuilder &text(std::string value) {
    return arg("String", std::move(value));
  }
  const remarks::Remark &get() const { return remark; }

private:
  llvm::StringRef own(std::string text) {
    return strings.emplace_back(std::move(text));
  }
  std::deque<std::string> strings;
  remarks::Remark remark;
};
} // namespace

llvm::Error snr::replay::riscv::writeRemarks(const RISCVRun &run,
                                             llvm::raw_ostream &os) {
  llvm::Expected<std::unique_ptr<remarks::RemarkSerializer>> serializer =
      remarks::createRemarkSerializer(remarks::Format::YAML, os);
  if (!serializer)
    return serializer.takeError();

  for (const StaticInstruction &inst : run.statics) {
    // Instructions outside every known function (code without symbols)
    // have nowhere to be shown.
    if (!inst.stallCycles || inst.place.function.empty())
      continue;
    RemarkBuilder remark(remarks::Type::Analysis, "stall", inst, inst.cycles);
    remark.arg("Instruction", inst.text)
        .text(" stalls ")
        .arg("StallCycles", std::to_string(inst.stallCycles))
        .text(" cycles over ")
        .arg("Executions", std::to_string(inst.executions))
        .text(" executions (");
    bool first = true;
    for (unsigned kind = 1; kind < kNumStallKinds; ++kind) {
      if (!inst.stallByKind[kind])
        continue;
      if (!first)
        remark.text(", ");
      remark.arg(getStallKindName(StallKind(kind)),
                 std::to_string(inst.stallByKind[kind]));
      first = false;
    }
    remark.text("); it costs ")
        .arg("Cycles", std::to_string(inst.cycles))
        .text(" cycles");
    (*serializer)->emit(remark.get());
  }

  for (const LoadUseSuggestion &suggestion : getLoadUseSuggestions(run)) {
    const StaticInstruction &load = *suggestion.load;
    RemarkBuilder remark(remarks::Type::Missed, "load-use-latency", load,
                         suggestion.stallCycles);
    remark.text("the latency of ")
        .arg("Load", load.text)
        .text(" is exposed to its first use ")
        .arg("FirstUse", suggestion.firstUse->text,
             &suggestion.firstUse->place)
        .text(": ")
        .arg("StallCycles", std::to_string(suggestion.stallCycles))
        .text(" stall cycles over ")
        .arg("Stalls", std::to_string(suggestion.stalls))
        .text(" stalls; ")
        .arg("Advice", suggestion.getAdvice());
    (*serializer)->emit(remark.get());
  }
  (*serializer)->finalize();
  return llvm::Error::success();
}
