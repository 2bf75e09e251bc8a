//===- DmaStallAnalysis.cpp - Where DMA waits lost time -------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Analysis/DmaStallAnalysis.h"

using namespace snr;
using namespace snr::analysis;

const AnalysisInfo &DmaStallAnalysis::getInfo() {
  static const AnalysisInfo info = AnalysisInfo::get<DmaStallAnalysis>(
      "dma", TargetFeature::AsyncCopies, {},
      [](const AnalysisContext &context) {
        return std::make_unique<DmaStallAnalysis>(context.info);
      });
  return info;
}

void DmaStallAnalysis::onRunStart(const sim::RunInfo &run) {
  dmas.clear();
  asyncCopies = run.model->asyncCopies;
  linkNames.assign(run.linkNames.begin(), run.linkNames.end());
  perLink.assign(linkNames.size(), {});
  perHlo.assign(info.hloNames.size() + 1, {}); // the last: no HLO
  total = {};
}

void DmaStallAnalysis::onDmaIssue(const sim::DmaIssueEvent &event) {
  if (dmas.size() <= event.id)
    dmas.resize(event.id + 1);
  DmaRecord &dma = dmas[event.id];
  dma.id = event.id;
  dma.issueIndex = event.index;
  dma.flag = event.sync;
  dma.link = event.link;
  dma.bytes = event.bytes;
  dma.src = event.src;
  dma.dst = event.dst;
  dma.issueCycle = event.issueCycle;
  dma.baseEndCycle = event.baseEndCycle;
  dma.issueHlo = info.hloOf[event.index];
}

void DmaStallAnalysis::onDmaStart(const sim::DmaProgressEvent &event) {
  dmas[event.id].startCycle = event.cycle;
}

void DmaStallAnalysis::onDmaComplete(const sim::DmaProgressEvent &event) {
  dmas[event.id].completeCycle = event.cycle;
}

void DmaStallAnalysis::onDmaWait(const sim::DmaWaitEvent &event) {
  // Every DMA the wait covered is complete by now (the engine resolved them
  // to decide the wait), so slack can be computed here.
  for (uint32_t id : event.dmas) {
    DmaRecord &dma = dmas[id];
    dma.waitIndex = event.index;
    dma.waitReadyCycle = event.readyCycle;
    dma.waitIssueCycle = event.issueCycle;
    dma.waitHlo = info.hloOf[event.index];
    dma.waitCovers = unsigned(event.dmas.size());
    dma.slack = event.readyCycle > dma.completeCycle
                    ? event.readyCycle - dma.completeCycle
                    : 0;
    if (id == event.charged) {
      dma.charged = true;
      dma.baseStall = event.baseStall;
      dma.transferStall = event.transferStall;
    }
  }
}

void DmaStallAnalysis::onRunEnd(const sim::RunSummary &) {
  for (const DmaRecord &dma : dmas) {
    total.add(dma);
    perLink[dma.link].add(dma);
    HloId hlo = dma.waitIndex != sim::kNoIndex ? dma.waitHlo : dma.issueHlo;
    perHlo[hlo == kNoHlo ? info.hloNames.size() : hlo].add(dma);
  }
}
