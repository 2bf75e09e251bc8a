#!/usr/bin/env python3
"""Checks that every DMA wait's base/transfer split in metrics.json agrees
with the same record's cycles (DESIGN.md's DMA model): a wait reached at
wait_ready_cycle on a DMA whose base latency ends at base_end_cycle and that
completes at complete_cycle stalls base = max(0, min(base_end, complete) -
ready) on base latency and complete - ready - base on transfer; a wait
reached after completion has slack ready - complete.

usage: check-wait-split.py metrics.json
"""

import json
import sys


def main():
    metrics = json.load(open(sys.argv[1]))
    bad, checked = 0, 0
    for d in metrics["dma"]["table"]:
        if d["wait_ready_cycle"] is None:
            continue
        ready, base_end, complete = (d["wait_ready_cycle"], d["base_end_cycle"],
                                     d["complete_cycle"])
        if d["charged"] and d["stall"] > 0:
            base = max(0, min(base_end, complete) - ready)
            expected = (base, complete - ready - base)
            got = (d["base_stall"], d["transfer_stall"])
        else:
            expected = (max(0, ready - complete),)
            got = (d["slack"],)
        checked += 1
        if expected != got:
            bad += 1
            print(f"DMA {d['id']} (pc {d['issue_pc']}): ready {ready}, base "
                  f"end {base_end}, complete {complete}: expected {expected}, "
                  f"got {got}")
    print(f"{checked} waited DMAs checked, {bad} inconsistent")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
