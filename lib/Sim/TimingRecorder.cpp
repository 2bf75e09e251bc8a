//===- TimingRecorder.cpp - A run's events, kept --------------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "SnR/Sim/TimingRecorder.h"

#include <cassert>

using namespace snr;
using namespace snr::sim;

void TimingRecorder::onRunStart(const RunInfo &info) {
  instructions.assign(info.instructions->size(), {});
  dmaOrWaitOf.assign(info.instructions->size(), ~uint32_t(0));
  dmas.clear();
  waits.clear();
  linkNames.assign(info.linkNames.begin(), info.linkNames.end());
  summary = {};
  busy.clear();
  busyOffsets.clear();
  if (!info.model->busyFromDescriptions)
    busyOffsets.assign(info.instructions->size() + 1, 0);
}

void TimingRecorder::onIssue(const IssueEvent &event) {
  Instruction &inst = instructions[event.index];
  inst.issue = event.cycle;
  inst.ready = event.ready;
  inst.stall = event.stall;
  inst.cause = event.cause;
  inst.kind = event.kind;
  inst.executed = event.executed;
  // The intervals reported from now on are this instruction's.
  if (!busyOffsets.empty())
    busyOffsets[event.index] = busy.size();
}

void TimingRecorder::onResourceBusy(const ResourceBusyEvent &event) {
  if (busyOffsets.empty())
    return;
  assert(busyOffsets[event.index] <= busy.size() &&
         "an interval is reported after its instruction's issue");
  busy.push_back({event.resource, event.unit, event.begin, event.end});
}

void TimingRecorder::onDmaIssue(const DmaIssueEvent &event) {
  if (dmas.size() <= event.id)
    dmas.resize(event.id + 1);
  dmas[event.id].issue = event;
  dmaOrWaitOf[event.index] = event.id;
}

void TimingRecorder::onDmaStart(const DmaProgressEvent &event) {
  dmas[event.id].startCycle = event.cycle;
}

void TimingRecorder::onDmaComplete(const DmaProgressEvent &event) {
  dmas[event.id].completeCycle = event.cycle;
}

void TimingRecorder::onDmaWait(const DmaWaitEvent &event) {
  Wait wait;
  wait.index = event.index;
  wait.flag = event.sync;
  wait.readyCycle = event.readyCycle;
  wait.issueCycle = event.issueCycle;
  wait.baseStall = event.baseStall;
  wait.transferStall = event.transferStall;
  wait.slack = event.slack;
  wait.dmas.assign(event.dmas.begin(), event.dmas.end());
  if (!event.dmas.empty())
    wait.charged = event.charged;
  for (uint32_t id : event.dmas)
    dmas[id].waitIndex = event.index;
  dmaOrWaitOf[event.index] = uint32_t(waits.size());
  waits.push_back(std::move(wait));
}

void TimingRecorder::onRunEnd(const RunSummary &runSummary) {
  summary = runSummary;
  if (!busyOffsets.empty())
    busyOffsets.back() = busy.size();
}
