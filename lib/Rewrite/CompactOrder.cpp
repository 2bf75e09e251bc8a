//===- CompactOrder.cpp - A plan's order, held small ----------------------===//
//
// Part of the SnR project.
//
//===----------------------------------------------------------------------===//

#include "CompactOrder.h"
#include "SnR/Trace/Trace.h"

using namespace snr;
using namespace snr::rewrite;

CompactOrder::CompactOrder(std::vector<PlannedInstruction> &order,
                           const trace::Trace &trace)
    : copies(order.size()) {
  originals.reserve(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const PlannedInstruction &p = order[i];
    originals.push_back(p.original);
    if (p.isCopy)
      copies.set(i);
    if (p.inst != trace.instructions[p.original])
      changed[i] = p.inst;
  }
  std::vector<PlannedInstruction>().swap(order);
}

void CompactOrder::expand(const trace::Trace &trace,
                          std::vector<PlannedInstruction> &order) const {
  order.clear();
  order.reserve(originals.size());
  for (size_t i = 0; i < originals.size(); ++i) {
    auto it = changed.find(i);
    order.push_back({originals[i],
                     it != changed.end() ? it->second
                                         : trace.instructions[originals[i]],
                     copies.test(i)});
  }
}
