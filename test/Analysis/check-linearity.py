#!/usr/bin/env python3
"""Fails if an analysis's cost grows faster than linearly with the trace.

Runs snr-linearity-probe under callgrind on synthetic stress traces of about
N0 (tiny), N and 4N instructions. The probe turns collection on only inside
each analysis's own work (its listener callbacks, Suggestions::compute), and
around the whole timing replay for "timing-replay", and dumps the counters
once per (analysis, size), so what is compared is the
number of machine instructions the analysis executed: deterministic, unlike
wall time, and blind to the simulator around it.

For each analysis, with c(n) its instruction count on a trace of n
instructions:

    growth = (c(4N) - c(N0)) / (c(N) - c(N0))     what the work grew by
    linear = (n(4N) - n(N0)) / (n(N) - n(N0))     what linear work grows by
    ratio  = growth / linear

Subtracting the tiny trace's count removes the fixed cost (the analyses
allocate per-VMEM-page and per-window state up front), which would otherwise
hide super-linear growth behind a constant. A linear analysis has ratio 1;
quadratic work would have about 4. The allowed ratio, 1 + tolerance (0.25 by
default), lets logarithmic factors through (ordered maps and sorts whose size
grows with the trace: log(4N)/log(N) is about 1.14 at these sizes, and only
part of the work is in them) and fails anything growing like n^1.17 or
faster.

It also checks that the traces did stress each analysis (every count the
probe prints is positive: DMAs, stalls, pages, windows, wasted transfers,
edges, hoists, parallel groups).

Prints one line per analysis and exits 0, or names each super-linear
analysis with its ratio and exits 1. Standard library only.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys


def run_probe(args):
    os.makedirs(args.work_dir, exist_ok=True)
    for old in glob.glob(os.path.join(args.work_dir, "callgrind.out*")):
        os.remove(old)
    out = os.path.join(args.work_dir, "callgrind.out")
    sizes = [args.tiny, args.size, 4 * args.size]
    command = [args.valgrind, "--tool=callgrind", "--collect-atstart=no",
               "--callgrind-out-file=" + out, args.probe,
               "--sizes=" + ",".join(str(s) for s in sizes)]
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit("error: %s failed (exit %d):\n%s" %
                 (" ".join(command), proc.returncode, proc.stderr))
    if "callgrind-client-requests yes" not in proc.stdout:
        sys.exit("error: %s was built without <valgrind/callgrind.h>; "
                 "install valgrind (./dev.sh deps) and rebuild" % args.probe)
    counts = {}  # in the order the probe dumped them
    dumps = sorted(glob.glob(out + ".*"),
                   key=lambda path: int(path.rsplit(".", 1)[1]))
    for path in dumps:
        label = total = None
        with open(path) as f:
            for line in f:
                m = re.match(r"desc: Trigger: Client Request: (\S+)@(\d+)",
                             line)
                if m:
                    label = (m.group(1), int(m.group(2)))
                m = re.match(r"totals: (\d+)", line)
                if m:
                    total = int(m.group(1))
        if label and total is not None:
            counts[label] = total
    exercised = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"(\S+)@(\d+) (.*)", line)
        if m:
            values = dict(kv.split("=") for kv in m.group(3).split())
            exercised[(m.group(1), int(m.group(2)))] = {
                k: int(v) for k, v in values.items()}
    return counts, exercised


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--probe", default="snr-linearity-probe")
    parser.add_argument("--valgrind", default=shutil.which("valgrind"))
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--size", type=int, default=10000,
                        help="N: the traces have about N0, N and 4N "
                             "instructions")
    parser.add_argument("--tiny", type=int, default=500, help="N0")
    parser.add_argument("--tolerance", type=float, default=0.25)
    args = parser.parse_args()
    if not args.valgrind:
        sys.exit("error: valgrind not found (./dev.sh deps installs it)")

    counts, exercised = run_probe(args)
    analyses = list(dict.fromkeys(name for name, _ in counts))
    failures = []
    for name in analyses:
        sizes = sorted(n for a, n in counts if a == name)
        if len(sizes) != 3:
            failures.append("%s: expected 3 measurements, got %s" %
                            (name, sizes))
            continue
        n0, n1, n4 = sizes
        c0, c1, c4 = (counts[(name, n)] for n in sizes)
        for n in sizes:
            zero = [k for k, v in exercised.get((name, n), {}).items()
                    if v <= 0]
            if n != n0 and zero:
                failures.append("%s: the %d-instruction trace does not "
                                "exercise it (%s = 0)" %
                                (name, n, ", ".join(zero)))
        if c1 <= c0:
            failures.append("%s: no work grows with the trace (%d "
                            "instructions at %d, %d at %d)" %
                            (name, c0, n0, c1, n1))
            continue
        growth = (c4 - c0) / (c1 - c0)
        linear = (n4 - n0) / (n1 - n0)
        ratio = growth / linear
        line = ("%-26s %12d Ir at %6d, %12d at %6d: grew %.2fx where linear "
                "grows %.2fx, ratio %.3f (%.1f Ir per instruction)" %
                (name, c1, n1, c4, n4, growth, linear, ratio,
                 (c4 - c0) / (n4 - n0)))
        print(line)
        if ratio > 1 + args.tolerance:
            failures.append(
                "%s is super-linear: from %d to %d instructions its work "
                "grew %.2fx (fixed cost removed) where linear work grows "
                "%.2fx: ratio %.2f > %.2f allowed" %
                (name, n1, n4, growth, linear, ratio, 1 + args.tolerance))
    if not analyses:
        failures.append("no measurements in the callgrind output")
    for failure in failures:
        print("FAIL: " + failure)
    if failures:
        return 1
    print("linear: %d measurements within ratio %.2f" %
          (len(analyses), 1 + args.tolerance))
    return 0


if __name__ == "__main__":
    sys.exit(main())
