#!/usr/bin/env python3
"""Compares the makespans chakra-feeder-check reports with the replay's run.

    chakra-feeder-check FILE.et... | feeder-makespan.py METRICS.json [--exact]

For each line chakra-feeder-check printed (`NAME: N nodes; ETFeeder issued N,
all completed; makespan U us, C cycles`), checks that ETFeeder issued and
completed every node and that its makespan is the run of metrics.json
(totals.run_cycles at machine.clock_ghz; totals.time_us) within 2 %:
- in microseconds, against the run's time rounded to whole microseconds,
  the most a trace of whole-microsecond durations can say (each node's ends
  are rounded to the nearest microsecond, docs/exports.md); with --exact,
  against the unrounded time too;
- in cycles (snr_duration_cycles), against the run's cycles.
Prints one line per file with the three offsets; exits 1 on the first
failure, or if there is no line to check.
"""
import json
import re
import sys

LINE = re.compile(r"^(\S+): (\d+) nodes; ETFeeder issued (\d+), all completed;"
                  r" makespan (\d+) us, (\d+) cycles$")


def fail(message):
    print("error: " + message)
    sys.exit(1)


def off(value, expected):
    return abs(value - expected) / expected if expected else 0.0


def main():
    metrics = json.load(open(sys.argv[1]))
    exact = "--exact" in sys.argv[2:]
    totals = metrics["totals"]
    cycles_run = totals["run_cycles"]
    time_us = cycles_run / (metrics["machine"]["clock_ghz"] * 1000.0)
    if abs(time_us - totals["time_us"]) > 0.001:
        fail(f"run_cycles {cycles_run} at the clock is {time_us} "
                 f"us, metrics.json says {totals['time_us']}")
    whole_us = round(time_us)
    checked = 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        match = LINE.match(line)
        if not match:
            fail(f"not a complete ETFeeder run: {line}")
        name, nodes, issued, micros, cycles = match.groups()
        micros, cycles = int(micros), int(cycles)
        print(f"{name}: ETFeeder issued {issued} of {nodes} nodes; makespan "
              f"{micros} us of {time_us:g} ({100 * off(micros, time_us):.2f}% "
              f"off), of {whole_us} whole "
              f"({100 * off(micros, whole_us):.2f}% off); {cycles} cycles of "
              f"{cycles_run} ({100 * off(cycles, cycles_run):.2f}% off)")
        if issued != nodes:
            fail(f"{name}: ETFeeder issued {issued} of {nodes}")
        if off(micros, whole_us) > 0.02 or (exact and
                                            off(micros, time_us) > 0.02):
            fail(f"{name}: ETFeeder's makespan is {micros} us, "
                     f"the run {time_us:g} us")
        if off(cycles, cycles_run) > 0.02:
            fail(f"{name}: ETFeeder's makespan is {cycles} cycles, "
                     f"the run {cycles_run}")
        checked += 1
    if not checked:
        fail("no chakra-feeder-check line to check")
    print("ok")


if __name__ == "__main__":
    main()
