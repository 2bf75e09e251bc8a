#!/usr/bin/env python3
"""Prints the figures of a RISC-V run's metrics.json, one line each, for
FileCheck (test/Replay/riscv-run-directory.test): the totals, the stalls by
kind, the effects, the vsetvl counts, the busy resources, the functions, the
static instructions' costs, the load-use suggestions and the DMA note."""

import json
import sys

m = json.load(open(sys.argv[1]))
print(m["format"], m["version"], m["machine"]["cpu"])
t = m["totals"]
print("totals: cycles %d instructions %d ipc %s time_us %s llvm_mca_total_cycles %d"
      % (t["cycles"], t["instructions"], t["ipc"], t["time_us"],
         m["riscv"]["llvm_mca_total_cycles"]))
s = m["stalls"]
print("stalls: %d %s" % (s["total"], " ".join(
    "%s %d" % (k, v) for k, v in sorted(s["by_kind"].items()))))
e = m["effects"]
print("effects: " + " ".join("%s %d" % (k, v) for k, v in sorted(e.items())))
print("vector_config: " + " ".join(
    "%s %d" % (k, v) for k, v in sorted(m["vector_config"].items())))
for u in m["utilization"]["units"]:
    if u["busy_cycles"]:
        print("busy: %s %d %s" % (u["name"], u["busy_cycles"],
                                  u["busy_fraction"]))
for f in m["hlos"]:
    print("function: %s own %d span %d-%d stalls %d"
          % (f["name"], f["own_cycles"], f["first_cycle"], f["last_cycle"],
             f["stalls"]["total"]))
own = 0
for i in m["instruction_costs"]:
    own += i["own_cycles"]
    print("pc %#x %s own %d stall %d caused %d"
          % (i["pc"], i["text"].split()[0], i["own_cycles"], i["stall_cycles"],
             i["caused_stall_cycles"]))
print("own cycles add up to %d" % own)
for l in m["load_use"]["loads"]:
    print("load-use: %s -> %s %d cycles"
          % (l["load"], l["first_use"], l["stall_cycles"]))
print("dma:", m["dma"]["note"])
print("data cache:", m["data_cache"]["available"])
