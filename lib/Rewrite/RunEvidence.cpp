//===- RunEvidence.cpp - A program's whole run, indexed -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Rewrite/RunEvidence.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::rewrite;

RunEvidence::RunEvidence(const record::LoadedProgram &program,
                         const trace::Trace &trace, const RewriteTarget &target,
                         const arch::MemorySizes &sizes)
    : program(program), trace(trace), target(target),
      effects(trace, target, sizes), sync(effects, target.getNumSyncObjects()) {
  for (size_t i = 0; i < program.instructions.size(); ++i)
    indexOfPc[program.instructions[i].pc] = i;
  size_t n = trace.instructions.size();
  staticIndex.resize(n);
  occurrences.resize(program.instructions.size());
  for (size_t k = 0; k < n; ++k) {
    size_t s = indexOfPc.lookup(trace.instructions[k].pc);
    staticIndex[k] = s;
    occurrences[s].push_back(k);
  }
  registerTimeline = std::make_unique<RegisterTimeline>(effects, staticIndex);
}
