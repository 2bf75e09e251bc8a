#!/usr/bin/env python3
"""record-qemu.py - recording from QEMU's gdbstub, against bare stepping.

Part of the SnR project.

Issue 20's targets, measured in one run on one stub:
* recording costs at most 2x the time of single-stepping the same
  instructions bare (`vCont;s` alone, snr-rsp-probe bench-step) on the same
  stub;
* 600,000 instructions recorded from QEMU in at most 4 minutes
  (examples/riscv/matmul_large.elf, 606,728 instructions in matmul_f32 at
  VLEN 128; --large).

For each kernel it records from the kernel's symbol with snr-record --remote
--elf (the recording phase's time, as snr-record reports it), then, on a
fresh QEMU, runs to the same symbol and single-steps the same number of
instructions bare; runs alternate, and each figure is the median of --runs.

  bench/record-qemu.py [--bin build/bin] [--kernels DIR] [--runs 3] [--large]
                       [--results bench/results]
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_QEMU = os.path.join(ROOT, "test", "Remote", "run-qemu.py")

# (name, ELF, symbol, instructions to record: None = to the program's end)
KERNELS = [
    ("copy", "copy.elf", "copy_bytes", None),
    ("gemv_i8", "gemv_i8.elf", "gemv_i8", None),
    # The softmax's main single-steps into a QEMU 7.2 bug (vfcvt.rtz.x.f.v).
    ("softmax", "softmax.elf", "softmax_f32", 1900),
    ("matmul", "matmul.elf", "matmul_f32", 9224),
]
LARGE = ("matmul_large", "matmul_large.elf", "matmul_f32", 606728)
CPU = "rv64,v=true,vlen=128"


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def run_record(bin_dir, elf, symbol, count, out):
    cmd = [sys.executable, RUN_QEMU, "--cpu", CPU, "--timeout", "30", elf,
           "--", os.path.join(bin_dir, "snr-record"), "--remote",
           "127.0.0.1:{port}", "--elf", elf, "--break-at", symbol,
           "--count", str(count or 100000000), "--remote-timeout", "60",
           "-o", out]
    result = subprocess.run(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    m = re.search(r"recorded (\d+) instruction.*?; (\d+) round trip\(s\), "
                  r"([0-9.]+) per instruction; ([0-9]+) instructions/s "
                  r"\(([0-9.]+) s recording\)", result.stdout)
    if not m:
        sys.exit("record-qemu: snr-record failed:\n" + result.stdout)
    return {"instructions": int(m.group(1)), "round_trips": int(m.group(2)),
            "per_instruction": float(m.group(3)),
            "seconds": float(m.group(5))}


def run_bare(bin_dir, elf, symbol, steps):
    cmd = [sys.executable, RUN_QEMU, "--cpu", CPU, "--timeout", "30", elf,
           "--", os.path.join(bin_dir, "snr-rsp-probe"), "127.0.0.1:{port}",
           "--timeout=60000", "break={sym:%s}" % symbol, "continue",
           "unbreak={sym:%s}" % symbol, "bench-step=%d" % steps, "kill"]
    result = subprocess.run(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    m = re.search(r"bench \S+: (\d+) steps, (\d+) round trips, ([0-9.]+) s",
                  result.stdout)
    if not m:
        sys.exit("record-qemu: bare stepping failed:\n" + result.stdout)
    return {"steps": int(m.group(1)), "seconds": float(m.group(3))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--kernels",
                        default=os.path.join(ROOT, "build", "examples",
                                             "riscv"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--large", action="store_true",
                        help="also the 606,728-instruction matmul (minutes)")
    parser.add_argument("--only", help="only the kernel of this name")
    parser.add_argument("--results", help="write <date>-record-qemu.{json,md} "
                        "here")
    args = parser.parse_args()
    cases = KERNELS + ([LARGE] if args.large else [])
    if args.only:
        cases = [c for c in cases if c[0] == args.only]
    report = {"date": datetime.date.today().isoformat(),
              "machine": os.uname().nodename, "cpus": os.cpu_count(),
              "load_start": load_average(), "qemu_cpu": CPU, "runs": args.runs,
              "kernels": []}
    with tempfile.TemporaryDirectory() as tmp:
        for name, elf, symbol, count in cases:
            path = os.path.join(args.kernels, elf)
            recs, bares = [], []
            for _ in range(args.runs):
                rec = run_record(args.bin, path, symbol, count,
                                 os.path.join(tmp, name + ".jsonl"))
                recs.append(rec)
                bares.append(run_bare(args.bin, path, symbol,
                                      rec["instructions"]))
            rec_s = statistics.median(r["seconds"] for r in recs)
            bare_s = statistics.median(b["seconds"] for b in bares)
            n = recs[0]["instructions"]
            row = {"kernel": name, "instructions": n,
                   "round_trips_per_instruction": recs[0]["per_instruction"],
                   "record_seconds": rec_s, "bare_seconds": bare_s,
                   "ratio": rec_s / bare_s,
                   "record_instructions_per_second": n / rec_s,
                   "bare_steps_per_second": n / bare_s}
            report["kernels"].append(row)
            print("%-13s %8d instr  %.2f RT/instr  record %8.2f s  bare %8.2f s"
                  "  ratio %.2fx  (%.0f vs %.0f instr/s)" %
                  (name, n, row["round_trips_per_instruction"], rec_s, bare_s,
                   row["ratio"], row["record_instructions_per_second"],
                   row["bare_steps_per_second"]), flush=True)
    report["load_end"] = load_average()
    lines = ["# Recording from QEMU's gdbstub (%s)" % report["date"], "",
             "`bench/record-qemu.py --runs %d%s` on %s (%d CPUs), QEMU 7.2 "
             "`-cpu %s`; load average %s at the start, %s at the end. "
             "Medians of %d runs; record and bare stepping alternate." %
             (args.runs, " --large" if args.large else "", report["machine"],
              report["cpus"], CPU, report["load_start"], report["load_end"],
              args.runs), "",
             "| kernel | instructions | round trips / instr | recording (s) "
             "| bare stepping (s) | ratio (target <= 2x) | recorded instr/s |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in report["kernels"]:
        lines.append("| %s | %s | %.2f | %.2f | %.2f | %.2fx | %.0f |" % (
            r["kernel"], format(r["instructions"], ","),
            r["round_trips_per_instruction"], r["record_seconds"],
            r["bare_seconds"], r["ratio"],
            r["record_instructions_per_second"]))
    text = "\n".join(lines) + "\n"
    print()
    print(text)
    if args.results:
        base = os.path.join(args.results, report["date"] + "-record-qemu")
        with open(base + ".json", "w") as f:
            json.dump(report, f, indent=2)
        with open(base + ".md", "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
