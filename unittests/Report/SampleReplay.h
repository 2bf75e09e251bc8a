//===- SampleReplay.h - A hand-filled replay for report tests ---*- C++ -*-===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//
//
// Twelve instructions in three HLOs and four DMAs, built on DESIGN.md's
// worked example (Tb = 100, hbm->vmem at 64 B/cycle): every analysis result
// filled in by hand, so a test knows each figure the reports must show.
// SampleReplay.cpp lists the values.
//
//===----------------------------------------------------------------------===//

#ifndef SNR_UNITTESTS_REPORT_SAMPLEREPLAY_H
#define SNR_UNITTESTS_REPORT_SAMPLEREPLAY_H

#include "SnR/Analysis/ReplayAnalyses.h"
#include "SnR/Arch/ISA.h"

#include <memory>
#include <vector>

namespace snr::report::test {

struct SampleReplay {
  std::vector<arch::Instruction> instructions;
  std::unique_ptr<analysis::ReplayResults> results;
};

std::unique_ptr<SampleReplay> makeSampleReplay();

} // namespace snr::report::test

#endif // SNR_UNITTESTS_REPORT_SAMPLEREPLAY_H
