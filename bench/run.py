#!/usr/bin/env python3
"""SnR's benchmark suite: builds, generates the traces, measures, reports.

    bench/run.sh [--runs 5] [--traces NAME,...] [--jobs 2] [--no-build]

Builds SnR in Release in its own build directory (build-bench, never the
test build), generates the bundled realistic traces into
build-bench/bench-traces (reused while snr-gen, snr-record and the
parameters are unchanged), and measures on each, as the median of --runs
runs: recording, trace import (parse only, flat table, into MLIR), replay
(timing only, functional, every analysis alone and together) and snr-replay
end to end, in time and peak memory; then llvm-mca on an x86 loop of about
as many instructions, as the peer for scale. Writes
bench/results/<date>-<commit>.json and .md, and bench/results/latest.md.
bench/README.md explains every figure. Standard library only.
"""

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_PREFIX = "/usr/lib/llvm-22"

# The schedule knobs of docs/workloads.md, all on: late DMAs, serial setup
# DMAs, no prefetch across HLOs, the fragmenting VMEM allocator. Traces like
# the ones users bring to SnR: full of DMA stalls to find, hoists and serial
# groups to suggest, buffers spread over VMEM.
ALL_KNOBS = ["--late-dma", "--serial-setup", "--no-prefetch",
             "--fragmenting-allocator"]

# name, snr-gen preset, knobs, what it is for.
TRACES = [
    ("decoder-10k+knobs", "decoder-10k", ALL_KNOBS, "scaling"),
    ("decoder-100k+knobs", "decoder-100k", ALL_KNOBS, "scaling"),
    ("decoder-600k+knobs", "decoder-600k", ALL_KNOBS, "scaling, headline"),
    ("decoder-2m+knobs", "decoder-2m", ALL_KNOBS, "scaling"),
    ("decoder-600k", "decoder-600k", [], "the efficient schedule"),
    ("decode-600k+knobs", "decode-600k", ALL_KNOBS, "decode step"),
    ("allreduce-300k+knobs", "allreduce-300k", ALL_KNOBS, "collective"),
    # Only with --traces: snr-replay's wall time and peak memory at about
    # 10M instructions (decoder-2m's layer, 25 times; zstd-compressed).
    ("decoder-10m+knobs", "decoder-2m", ALL_KNOBS + ["--layers=25"],
     "large"),
    # What --apply costs (issue 24: at most 3x the time and 1.5x the peak
    # memory of the same run without it): snr-replay --program, with and
    # without --apply, runs interleaved.
    ("decoder-600k+apply", "decoder-600k",
     ["--late-dma", "--serial-setup", "--no-prefetch"], "apply"),
]
LARGE = "large"
APPLY = "apply"
APPLY_TARGETS = {"time": 3.0, "memory": 1.5}
HEADLINE = "decoder-600k+knobs"
SCALING = ["decoder-10k+knobs", "decoder-100k+knobs", "decoder-600k+knobs",
           "decoder-2m+knobs"]
# Per-instruction costs are compared between these two sizes for the
# scaling verdict (10k is dominated by fixed costs: process start, VMEM
# page tables, window bins).
SCALING_FROM, SCALING_TO = "decoder-100k+knobs", "decoder-2m+knobs"
SCALING_LIMIT = 1.5

TARGETS = ["snr-gen", "snr-record", "snr-replay", "snr-opt", "snr-translate",
           "snr-trace-bench", "snr-sim-bench", "snr-analysis-bench",
           "snr-linearity-probe"]

# Operation counts (callgrind) of the replay and of each analysis on the
# scaling traces: what decides whether growth is linear, as wall time per
# instruction also grows when the working set outgrows the caches.
CALLGRIND_MEASURES = ["timing-replay", "dma-stalls", "utilization",
                      "data-cache", "dependencies", "suggestions"]
COUNT_TOLERANCE = 1.25  # as test/Analysis/linearity.test

MCA_CPU = "skylake-avx512"
MCA_SOURCE = os.path.join(ROOT, "bench", "mca", "sgemm-avx2.s")


def log(message):
    print("==> " + message, file=sys.stderr, flush=True)


def run(command, **kwargs):
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit("error: %s failed (exit %d):\n%s%s" %
                 (" ".join(command), proc.returncode, proc.stdout,
                  proc.stderr))
    return proc.stdout


# --------------------------------------------------------------------------
# Build and machine
# --------------------------------------------------------------------------

def build(args):
    build_dir = args.build_dir
    if not os.path.exists(os.path.join(build_dir, "build.ninja")):
        log("configuring %s (Release)" % build_dir)
        run(["cmake", "-G", "Ninja", "-S", ROOT, "-B", build_dir,
             "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
             "-DMLIR_DIR=%s/lib/cmake/mlir" % LLVM_PREFIX,
             "-DLLVM_EXTERNAL_LIT=%s/bin/lit" % LLVM_PREFIX])
    if not args.no_build:
        log("building %s in %s" % (" ".join(TARGETS), build_dir))
        subprocess.run(["ninja", "-C", build_dir, "-j", str(args.jobs)] +
                       TARGETS, check=True, stdout=sys.stderr)
    cache = cmake_cache(build_dir)
    if cache.get("CMAKE_BUILD_TYPE") != "Release":
        sys.exit("error: %s is a %s build, not Release" %
                 (build_dir, cache.get("CMAKE_BUILD_TYPE")))
    return cache


def cmake_cache(build_dir):
    cache = {}
    with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
        for line in f:
            m = re.match(r"([A-Za-z_0-9]+):[A-Z]+=(.*)", line)
            if m:
                cache[m.group(1)] = m.group(2)
    return cache


def first_line(command):
    try:
        return subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              text=True).stdout.splitlines()[0].strip()
    except (OSError, IndexError):
        return "unknown"


def machine_info(cache):
    cpu = "unknown"
    logical = 0
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name") and cpu == "unknown":
                cpu = line.split(":", 1)[1].strip()
            if line.startswith("processor"):
                logical += 1
    mem_kb = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem_kb = int(line.split()[1])
    os_name = platform.system()
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    os_name = line.split("=", 1)[1].strip().strip('"')
    commit = run(["git", "-C", ROOT, "rev-parse", "HEAD"]).strip()
    dirty = run(["git", "-C", ROOT, "status", "--porcelain", "--",
                 ".", ":!bench/results"]).strip() != ""
    compiler = cache.get("CMAKE_CXX_COMPILER", "c++")
    return {
        "cpu": cpu,
        "logical_cpus": logical,
        "cpus_available": len(os.sched_getaffinity(0)),
        "ram_bytes": mem_kb * 1024,
        "os": os_name,
        "kernel": platform.release(),
        "compiler": first_line([compiler, "--version"]),
        "cxx_flags": (cache.get("CMAKE_CXX_FLAGS", "") + " " +
                      cache.get("CMAKE_CXX_FLAGS_RELEASE", "")).strip(),
        "llvm": first_line([LLVM_PREFIX + "/bin/llvm-config", "--version"]),
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.timezone.utc)
                .strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "commit_dirty": dirty,
        "load_average_start": list(os.getloadavg()),
    }


# --------------------------------------------------------------------------
# Processes
# --------------------------------------------------------------------------

def time_process(command, stdout=subprocess.DEVNULL):
    """Wall seconds, peak resident bytes and CPU seconds (user and system,
    of every thread) of one run of `command`.

    The peak comes from wait4. Linux folds the parent's resident set at fork
    into the child's peak, so this script stays small (the floor is
    measured and reported)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=stdout, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            sys.exit("error: %s failed (exit %d):\n%s" %
                     (" ".join(command), proc.returncode,
                      err.read().decode(errors="replace")))
    return seconds, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def summarize(samples):
    times = sorted(s[0] for s in samples)
    return {
        "median_s": statistics.median(times),
        "min_s": times[0],
        "max_s": times[-1],
        "peak_rss_bytes": max(s[1] for s in samples),
        "cpu_median_s": statistics.median(s[2] for s in samples),
        "runs": len(samples),
    }


def measure_process(command, runs):
    return summarize([time_process(command) for _ in range(runs)])


def measure_interleaved(commands, runs, before_each=None, after_each=None):
    """Each of `commands` (name -> command) `runs` times, in rounds that run
    every command once, the order rotated each round, so that a change of
    the machine's load falls on all of them alike. `before_each(name)` and
    `after_each(name)` run around each run, untimed."""
    names = list(commands)
    samples = {name: [] for name in names}
    for round_ in range(runs):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            if before_each:
                before_each(name)
            samples[name].append(time_process(commands[name]))
            if after_each:
                after_each(name)
    return {name: summarize(samples[name]) for name in names}


def bench_json(binary, trace, runs):
    return json.loads(run([binary, trace, "--runs", str(runs)]))


# --------------------------------------------------------------------------
# Traces
# --------------------------------------------------------------------------

def file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def prepare_traces(args, bin_dir, wanted):
    cache_dir = os.path.join(args.build_dir, "bench-traces")
    os.makedirs(cache_dir, exist_ok=True)
    tools = file_digest(os.path.join(bin_dir, "snr-gen")) + \
        file_digest(os.path.join(bin_dir, "snr-record"))
    traces = []
    for name, preset, knobs, role in TRACES:
        if name not in wanted:
            continue
        program = os.path.join(cache_dir, name + ".mlir")
        trace = os.path.join(cache_dir, name + (
            ".jsonl.zst" if role == LARGE else ".jsonl"))
        key_file = os.path.join(cache_dir, name + ".key")
        gen = [os.path.join(bin_dir, "snr-gen"), "--preset=" + preset] + \
            knobs + ["-o", program]
        record = [os.path.join(bin_dir, "snr-record"), program,
                  "--break-at", "0", "--count", "100000000"]
        key = hashlib.sha256((tools + " ".join(gen[1:] + record[2:]))
                             .encode()).hexdigest()
        cached = (os.path.exists(trace) and os.path.exists(key_file) and
                  open(key_file).read().strip() == key)
        if cached:
            log("trace %s: reusing %s" % (name, trace))
        else:
            log("trace %s: snr-gen --preset=%s %s; snr-record" %
                (name, preset, " ".join(knobs)))
            run(gen)
            run(record + ["-o", trace])
            with open(key_file, "w") as f:
                f.write(key + "\n")
        traces.append({"name": name, "preset": preset, "knobs": knobs,
                       "role": role, "program": program, "trace": trace,
                       "record_command": record,
                       "file_bytes": os.path.getsize(trace)})
    return traces


# --------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------

def findings(metrics_path):
    """What the analyses found, from snr-replay's metrics.json."""
    with open(metrics_path) as f:
        m = json.load(f)
    verdicts = {}
    for dma in m["suggestions"]["dmas"]:
        verdicts[dma["verdict"]] = verdicts.get(dma["verdict"], 0) + 1
    return {
        "cycles": m["totals"]["cycles"],
        "ipc": m["totals"]["ipc"],
        "stall_cycles": m["stalls"]["total"],
        "dma_wait_cycles": m["stalls"]["by_kind"]["dma_wait"],
        "dmas": m["dma"]["totals"]["dmas"],
        "stalled_dmas": m["dma"]["totals"]["stalled_dmas"],
        "verdicts": verdicts,
        "parallel_groups": len(m["suggestions"]["parallel_groups"]),
        "expected_saving_cycles": m["suggestions"]["expected_saving"],
        "matrix_idle_on_dma_cycles":
            m["utilization"]["matrix_idle_on_dma"]["cycles"],
        "vmem_pages_ever_used": m["data_cache"]["pages_ever_used"],
        "vmem_median_largest_free_run_pages":
            m["data_cache"]["median_largest_free_run"],
        "vmem_wasted_bytes": m["data_cache"]["wasted_bytes"],
    }


# snr-replay's variants: without the annotated trace, with it as bytecode
# (SnR's one-pass writer, the default), and with it as bytecode by MLIR's
# writer (the measured pair: the one-pass writer's share alone).
SNR_REPLAY_VARIANTS = [
    ("no-annotated-mlir", ["--annotated-mlir=none"]),
    ("bytecode", []),
    ("bytecode-mlir-writer", ["--snr-bytecode-writer=mlir"]),
]


def measure_snr_replay(t, bin_dir, out, runs, variants=SNR_REPLAY_VARIANTS):
    """snr-replay's variants, interleaved; the run directory of the last run
    stays in `out`."""
    replay = [os.path.join(bin_dir, "snr-replay"), t["trace"], "-o", out,
              "--quiet"]
    log("%s: snr-replay (%s), interleaved" %
        (t["name"], ", ".join(v for v, _ in variants)))
    # The size of each variant's annotated.mlirbc (the one-pass writer's
    # file against MLIR's).
    sizes = {}

    def file_size(variant):
        path = os.path.join(out, "annotated.mlirbc")
        if os.path.exists(path):
            sizes[variant] = os.path.getsize(path)

    load_before = list(os.getloadavg())
    measured = measure_interleaved(
        {variant: replay + extra for variant, extra in variants}, runs,
        before_each=lambda _: shutil.rmtree(out, ignore_errors=True),
        after_each=file_size)
    for variant, size in sizes.items():
        measured[variant]["file_bytes"] = size
    measured["load_average_before"] = load_before
    measured["load_average_after"] = list(os.getloadavg())
    return measured


def measure_large(t, args, bin_dir, tmp_dir):
    """snr-replay alone, once per variant: wall time and peak memory."""
    result = {k: t[k] for k in ("name", "preset", "knobs", "role",
                                "file_bytes")}
    out = os.path.join(tmp_dir, "replay-out")
    result["snr_replay"] = measure_snr_replay(t, bin_dir, out, 1,
                                              SNR_REPLAY_VARIANTS[:2])
    with open(os.path.join(out, "metrics.json")) as f:
        result["instructions"] = json.load(f)["totals"]["instructions"]
    shutil.rmtree(out, ignore_errors=True)
    return result


def measure_apply(t, args, bin_dir, tmp_dir):
    """snr-replay --program without and with --apply, interleaved (at least
    3 runs each): medians, peaks and their ratio within this run."""
    result = {k: t[k] for k in ("name", "preset", "knobs", "role",
                                "file_bytes")}
    out = os.path.join(tmp_dir, "apply-out")
    base = [os.path.join(bin_dir, "snr-replay"), t["trace"], "--program",
            t["program"], "-o", out, "--quiet"]
    samples = {"without": [], "with": []}
    runs = max(3, args.runs)
    result["load_average_before"] = list(os.getloadavg())
    for i in range(runs):
        for variant, extra in (("without", []), ("with", ["--apply"])):
            log("%s: snr-replay --program %s (%d/%d)" %
                (t["name"], "--apply" if extra else "", i + 1, runs))
            shutil.rmtree(out, ignore_errors=True)
            samples[variant].append(time_process(base + extra))
    for variant, got in samples.items():
        times = sorted(s for s, _, _ in got)
        rss = sorted(r for _, r, _ in got)
        result[variant] = {"median_s": statistics.median(times),
                           "min_s": times[0], "max_s": times[-1],
                           "median_peak_rss_bytes": statistics.median(rss),
                           "min_peak_rss_bytes": rss[0],
                           "max_peak_rss_bytes": rss[-1],
                           "cpu_median_s": statistics.median(
                               c for _, _, c in got),
                           "runs": runs}
    result["time_ratio"] = (result["with"]["median_s"] /
                            result["without"]["median_s"])
    result["cpu_ratio"] = (result["with"]["cpu_median_s"] /
                           result["without"]["cpu_median_s"])
    result["load_average_after"] = list(os.getloadavg())
    result["memory_ratio"] = (result["with"]["median_peak_rss_bytes"] /
                              result["without"]["median_peak_rss_bytes"])
    shutil.rmtree(out, ignore_errors=True)
    return result


# Issue 24's wait coalescing targets: the rewrite of a schedule with the
# knobs, proved, against the generator's efficient schedule of the same
# preset (no knobs). name, preset, knobs, target (rewritten cycles over the
# efficient schedule's, at most).
SCHEDULE_TARGETS = [
    ("allreduce-300k", "allreduce-300k", ["--late-dma", "--serial-setup"],
     1.02),
    ("allgather-small", "allgather-small",
     ["--late-dma", "--serial-setup", "--no-prefetch"], 1.05),
]


def measure_schedule_targets(bin_dir, tmp_dir):
    """Cycles of each SCHEDULE_TARGETS case: the efficient schedule, the
    one with the knobs, its trace rewrite and its program rewrite (snr-replay
    --program --apply; both proved)."""
    results = []
    work = os.path.join(tmp_dir, "schedule-targets")
    for name, preset, knobs, target in SCHEDULE_TARGETS:
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        cycles = {}
        for variant, extra in (("efficient", []), ("knobs", knobs)):
            log("schedule target %s: %s" % (name, variant))
            program = os.path.join(work, variant + ".mlir")
            trace = os.path.join(work, variant + ".jsonl")
            out = os.path.join(work, variant + "-out")
            run([os.path.join(bin_dir, "snr-gen"), "--preset=" + preset] +
                extra + ["-o", program])
            run([os.path.join(bin_dir, "snr-record"), program, "--break-at",
                 "0", "--count", "100000000", "-o", trace])
            replay = [os.path.join(bin_dir, "snr-replay"), trace, "-o", out,
                      "--quiet"]
            if variant == "knobs":
                replay += ["--program", program, "--apply"]
            run(replay)
            with open(os.path.join(out, "metrics.json")) as f:
                cycles[variant] = json.load(f)["totals"]["cycles"]
            if variant == "knobs":
                with open(os.path.join(out, "rewrite.json")) as f:
                    rewrite = json.load(f)
                    cycles["trace_rewrite"] = rewrite["after"]["total_cycles"]
                    cycles["bound"] = rewrite["dependency_bound"]["cycles"]
                with open(os.path.join(out, "program-rewrite.json")) as f:
                    cycles["program_rewrite"] = \
                        json.load(f)["after"]["cycles"]
        results.append({"name": name, "preset": preset, "knobs": knobs,
                        "target": target, "cycles": cycles})
    shutil.rmtree(work, ignore_errors=True)
    return results


def measure_trace(t, args, bin_dir, tmp_dir):
    runs = args.runs
    name = t["name"]
    result = {k: t[k] for k in ("name", "preset", "knobs", "role",
                                "file_bytes")}
    result["load_average_before"] = list(os.getloadavg())

    log("%s: snr-record" % name)
    recorded = os.path.join(tmp_dir, "record.jsonl")
    result["record"] = measure_process(t["record_command"] +
                                       ["-o", recorded], runs)
    os.remove(recorded)

    log("%s: snr-trace-bench (parse, table, import)" % name)
    result["import"] = bench_json(os.path.join(bin_dir, "snr-trace-bench"),
                                  t["trace"], runs)
    result["instructions"] = result["import"]["instructions"]
    log("%s: snr-sim-bench (replay)" % name)
    result["replay"] = bench_json(os.path.join(bin_dir, "snr-sim-bench"),
                                  t["trace"], runs)
    log("%s: snr-analysis-bench (each analysis)" % name)
    result["analyses"] = bench_json(
        os.path.join(bin_dir, "snr-analysis-bench"), t["trace"], runs)

    out = os.path.join(tmp_dir, "replay-out")
    result["snr_replay"] = measure_snr_replay(t, bin_dir, out, runs)
    result["findings"] = findings(os.path.join(out, "metrics.json"))
    shutil.rmtree(out, ignore_errors=True)

    # The IR path a pipeline user takes: the trace as MLIR text and
    # bytecode, then --snr-simulate on each (parse, replay, annotate, print).
    log("%s: snr-translate and snr-opt --snr-simulate" % name)
    text = os.path.join(tmp_dir, "trace.mlir")
    bytecode = os.path.join(tmp_dir, "trace.mlirbc")
    translate = os.path.join(bin_dir, "snr-translate")
    opt = os.path.join(bin_dir, "snr-opt")
    result["snr_opt"] = {}
    result["snr_opt"]["import-text"] = measure_process(
        [translate, "--import-snr-trace", t["trace"], "-o", text], runs)
    # The bytecode as docs/replay.md makes it: imported with its locations
    # (--mlir-print-debuginfo), not with those of the text file in between.
    located = os.path.join(tmp_dir, "trace-located.mlir")
    run([translate, "--import-snr-trace", t["trace"], "--mlir-print-debuginfo",
         "-o", located])
    run([opt, located, "--emit-bytecode", "-o", bytecode])
    os.remove(located)
    result["snr_opt"]["simulate-text"] = measure_process(
        [opt, text, "--snr-simulate", "-o", os.path.join(tmp_dir, "s.mlir")],
        runs)
    result["snr_opt"]["simulate-bytecode"] = measure_process(
        [opt, bytecode, "--snr-simulate", "--emit-bytecode", "-o",
         os.path.join(tmp_dir, "s.mlirbc")], runs)
    for path in (text, bytecode, os.path.join(tmp_dir, "s.mlir"),
                 os.path.join(tmp_dir, "s.mlirbc")):
        if os.path.exists(path):
            os.remove(path)
    result["load_average_after"] = list(os.getloadavg())
    return result


def measure_counts(t, bin_dir, tmp_dir):
    """Instructions executed (callgrind Ir) by the timing replay and by each
    analysis's own work on trace `t` (snr-linearity-probe --trace)."""
    work = os.path.join(tmp_dir, "callgrind")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out = os.path.join(work, "callgrind.out")
    run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
         "--callgrind-out-file=" + out,
         os.path.join(bin_dir, "snr-linearity-probe"), "--trace", t["trace"],
         "--analysis=" + ",".join(CALLGRIND_MEASURES)])
    counts = {}
    for name in os.listdir(work):
        label = total = None
        with open(os.path.join(work, name)) as f:
            for line in f:
                m = re.match(
                    r"desc: Trigger: Client Request: (\S+)@\d+", line)
                if m:
                    label = m.group(1)
                m = re.match(r"totals: (\d+)", line)
                if m:
                    total = int(m.group(1))
        if label:
            counts[label] = total
    shutil.rmtree(work, ignore_errors=True)
    missing = set(CALLGRIND_MEASURES) - set(counts)
    if missing:
        sys.exit("error: no callgrind count for " + ", ".join(sorted(missing)))
    return counts


def measure_mca(instructions, runs):
    """llvm-mca on an AVX2 sgemm loop repeated to about `instructions`."""
    mca = LLVM_PREFIX + "/bin/llvm-mca"
    body = sum(1 for line in open(MCA_SOURCE)
               if line.startswith("  ") and not line.strip().startswith("#"))
    iterations = max(1, round(instructions / body))
    base = [mca, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + MCA_CPU,
            "-instruction-info=false", "-resource-pressure=false"]
    summary = run(base + ["-iterations=%d" % iterations, MCA_SOURCE])
    simulated = int(re.search(r"Instructions:\s+(\d+)", summary).group(1))
    cycles = int(re.search(r"Total Cycles:\s+(\d+)", summary).group(1))
    full = measure_process(base + ["-iterations=%d" % iterations,
                                   MCA_SOURCE], runs)
    startup = measure_process(base + ["-iterations=1", MCA_SOURCE], runs)
    simulation = full["median_s"] - startup["median_s"]
    return {
        "command": " ".join(base + ["-iterations=%d" % iterations,
                                    os.path.relpath(MCA_SOURCE, ROOT)]),
        "version": next((line.strip() for line in
                         run([mca, "--version"]).splitlines()
                         if "version" in line), "unknown"),
        "cpu": MCA_CPU,
        "loop_body_instructions": body,
        "iterations": iterations,
        "instructions": simulated,
        "cycles": cycles,
        "process": full,
        "startup": startup,
        "simulation_s": simulation,
        "instructions_per_s": simulated / simulation,
    }


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def mode(bench, name):
    for m in bench["modes"]:
        if m["mode"] == name:
            return m
    raise KeyError(name)


def mips(x):
    return "%.2f M/s" % (x / 1e6)


def grouped(n):
    return "{:,}".format(int(round(n)))


def per_instruction_table(results, names):
    """Rows (label, unit, {trace: value}) of per-instruction costs."""
    rows = []

    def add(label, unit, fn):
        rows.append((label, unit, {n: fn(results[n]) for n in names}))

    def ns(seconds, r):
        return seconds * 1e9 / r["instructions"]

    for m, label in (("parse-simdjson", "import: parse (simdjson reader)"),
                     ("table", "import: flat table (replay input)"),
                     ("import", "import: into MLIR (snr.trace op)")):
        add(label, "ns", lambda r, m=m: ns(mode(r["import"], m)["median_s"],
                                           r))
    add("record (snr-record process)", "ns",
        lambda r: ns(r["record"]["median_s"], r))
    add("replay: timing only", "ns",
        lambda r: ns(mode(r["replay"], "timing-only")["median_s"], r))
    add("replay: functional + recorder + tracker", "ns",
        lambda r: ns(mode(r["replay"], "functional+listeners")["median_s"],
                     r))
    for m in ("dma-stalls", "utilization", "data-cache", "dependencies",
              "suggestions"):
        add("analysis cost: " + m, "ns",
            lambda r, m=m: mode(r["analyses"], m)["cost_ns_per_instruction"])
    add("replay: functional + every analysis + suggestions", "ns",
        lambda r: mode(r["analyses"], "all")["ns_per_instruction"])
    for v in ("no-annotated-mlir", "bytecode"):
        add("snr-replay end to end (%s)" % v, "ns",
            lambda r, v=v: ns(r["snr_replay"][v]["median_s"], r))
    for v in ("import-text", "simulate-text", "simulate-bytecode"):
        add("snr-translate/snr-opt (%s)" % v, "ns",
            lambda r, v=v: ns(r["snr_opt"][v]["median_s"], r)
            if "snr_opt" in r else float("nan"))
    # Memory.
    add("memory: trace table loaded", "B",
        lambda r: r["replay"]["rss_with_trace_loaded_bytes"] /
        r["instructions"])
    add("memory: import into MLIR (peak)", "B",
        lambda r: mode(r["import"], "import")[
            "peak_rss_bytes_per_instruction"])
    add("memory: functional replay + recorder (peak)", "B",
        lambda r: mode(r["analyses"], "functional+recorder")[
            "peak_rss_bytes_per_instruction"])
    for m in ("dma-stalls", "utilization", "data-cache", "dependencies"):
        add("memory: added by " + m, "B",
            lambda r, m=m: mode(r["analyses"], m)[
                "peak_rss_bytes_per_instruction"] -
            mode(r["analyses"], "functional+recorder")[
                "peak_rss_bytes_per_instruction"])
    add("memory: replay with every analysis (peak)", "B",
        lambda r: mode(r["analyses"], "all")["peak_rss_bytes_per_instruction"])
    for v in ("no-annotated-mlir", "bytecode"):
        add("memory: snr-replay process peak (%s)" % v, "B",
            lambda r, v=v: r["snr_replay"][v]["peak_rss_bytes"] /
            r["instructions"])
    return rows


def markdown(report):
    results = {r["name"]: r for r in report["traces"]}
    mach = report["machine"]
    out = []
    w = out.append
    w("# SnR benchmark results, %s, commit %s%s" %
      (mach["date"][:10], mach["commit"][:10],
       " (with uncommitted changes)" if mach["commit_dirty"] else ""))
    w("")
    w("Written by `bench/run.sh`; [bench/README.md](../README.md) says what "
      "each figure means. Every time is the median of %d runs; the machine "
      "is shared (another process may have been compiling: load average "
      "%.2f at the start, %.2f at the end)." %
      (report["runs"], mach["load_average_start"][0],
       mach["load_average_end"][0]))
    w("")
    w("Peak memory of a process is its maximum resident set (wait4); a "
      "process started from this script cannot report less than the "
      "script's own, %.0f MB here." %
      (report["process_rss_floor_bytes"] / 1e6))
    w("")
    w("| machine | |")
    w("|---|---|")
    w("| CPU | %s, %d logical CPUs (%d available) |" %
      (mach["cpu"], mach["logical_cpus"], mach["cpus_available"]))
    w("| RAM | %.1f GiB |" % (mach["ram_bytes"] / 2**30))
    w("| OS | %s, Linux %s |" % (mach["os"], mach["kernel"]))
    w("| compiler | %s, `%s` |" % (mach["compiler"], mach["cxx_flags"]))
    w("| LLVM / MLIR | %s |" % mach["llvm"])
    w("| date | %s |" % mach["date"])
    w("| commit | %s%s |" % (mach["commit"],
                             " + uncommitted changes"
                             if mach["commit_dirty"] else ""))
    w("")

    # Targets.
    if HEADLINE in results:
        h = results[HEADLINE]
        n = h["instructions"]
        parse = mode(h["import"], "parse-simdjson")
        table = mode(h["import"], "table")
        imp = mode(h["import"], "import")
        timing = mode(h["replay"], "timing-only")
        fl = mode(h["replay"], "functional+listeners")
        alla = mode(h["analyses"], "all")
        w("## Targets (on %s, %s instructions)" % (HEADLINE, grouped(n)))
        w("")
        w("| target | measured | met |")
        w("|---|---|---|")
        w("| trace import of ~600k instructions: parse well under 1 s | "
          "parse %.2f s; flat table %.2f s; into MLIR %.2f s | %s |" %
          (parse["median_s"], table["median_s"], imp["median_s"],
           "yes" if parse["median_s"] < 0.5 else
           "no" if parse["median_s"] >= 1 else "barely"))
        w("| timing-only replay >= 10M instructions/s | %s | %s |" %
          (mips(timing["instructions_per_s"]),
           "yes" if timing["instructions_per_s"] >= 10e6 else "no"))
        w("| functional + timing + all listeners >= 2M instructions/s | "
          "%s with every analysis and the suggestions (%s with the "
          "recorder and tracker only) | %s |" %
          (mips(alla["instructions_per_s"]), mips(fl["instructions_per_s"]),
           "yes" if alla["instructions_per_s"] >= 2e6 else "no"))
        w("")

    # Realistic traces (none when only the schedule targets ran).
    if report["traces"]:
        w("## The bundled traces")
        w("")
        w("Generated by `snr-gen --preset=P [knobs]` and recorded from entry "
          "to halt by `snr-record`; *+knobs* is `%s`." % " ".join(ALL_KNOBS))
        w("")
        w("Recording and import (instructions/s; MB/s of trace text):")
        w("")
        w("| trace | instructions | file | snr-record | parse | flat table | "
          "into MLIR | import peak memory |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in report["traces"]:
            n = r["instructions"]
            imp = r["import"]
            w("| %s | %s | %.1f MB | %s | %s, %.0f MB/s | %s, %.0f MB/s | "
              "%s, %.0f MB/s | %.0f MB (%.0f B/instr) |" % (
                  r["name"], grouped(n), r["file_bytes"] / 1e6,
                  mips(n / r["record"]["median_s"]),
                  mips(mode(imp, "parse-simdjson")["instructions_per_s"]),
                  mode(imp, "parse-simdjson")["text_mb_per_s"],
                  mips(mode(imp, "table")["instructions_per_s"]),
                  mode(imp, "table")["text_mb_per_s"],
                  mips(mode(imp, "import")["instructions_per_s"]),
                  mode(imp, "import")["text_mb_per_s"],
                  mode(imp, "import")["peak_rss_bytes"] / 1e6,
                  mode(imp, "import")["peak_rss_bytes_per_instruction"]))
        w("")
        w("Replay (instructions/s) and snr-replay end to end (process wall "
          "time and peak memory):")
        w("")
        w("| trace | timing-only | functional + recorder + tracker | "
          "functional + every analysis | snr-replay, no IR | "
          "snr-replay, bytecode | snr-replay peak memory |")
        w("|---|---:|---:|---:|---:|---:|---:|")
        for r in report["traces"]:
            n = r["instructions"]
            w("| %s | %s | %s | %s | %.2f s | %.2f s | %.0f MB (%.0f B/instr) |"
              % (r["name"],
                 mips(mode(r["replay"], "timing-only")["instructions_per_s"]),
                 mips(mode(r["replay"], "functional+listeners")[
                     "instructions_per_s"]),
                 mips(mode(r["analyses"], "all")["instructions_per_s"]),
                 r["snr_replay"]["no-annotated-mlir"]["median_s"],
                 r["snr_replay"]["bytecode"]["median_s"],
                 r["snr_replay"]["bytecode"]["peak_rss_bytes"] / 1e6,
                 r["snr_replay"]["bytecode"]["peak_rss_bytes"] / n))
        w("")
        w("What the analyses find in them (snr-replay's metrics.json):")
        w("")
        w("| trace | cycles | IPC | DMA-wait stall | stalled DMAs | verdicts | "
          "serial groups | expected saving | matrix idle on DMA | VMEM pages "
          "used |")
        w("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
        for r in report["traces"]:
            f = r["findings"]
            verdicts = ", ".join("%s %d" % (k, v)
                                 for k, v in sorted(f["verdicts"].items()))
            w("| %s | %s | %.2f | %s (%.1f%%) | %d of %d | %s | %d | %s | %s | "
              "%s |" % (r["name"], grouped(f["cycles"]), f["ipc"],
                        grouped(f["dma_wait_cycles"]),
                        100.0 * f["dma_wait_cycles"] / max(1, f["cycles"]),
                        f["stalled_dmas"], f["dmas"], verdicts or "none",
                        f["parallel_groups"],
                        grouped(f["expected_saving_cycles"]),
                        grouped(f["matrix_idle_on_dma_cycles"]),
                        grouped(f["vmem_pages_ever_used"])))
        w("")

    # Analyses on the headline trace.
    if HEADLINE in results:
        h = results[HEADLINE]
        a = h["analyses"]
        w("## Each analysis alone (on %s)" % HEADLINE)
        w("")
        w("Functional replay with the TimingRecorder plus one analysis; "
          "*cost* is the difference to the replay without it, also counted "
          "in timing-only replays of the same trace. Suggestions "
          "(Algorithm 2) run after the replay and are timed alone. Peak "
          "memory: a process holding the loaded trace that ran the mode "
          "once. The modes run in interleaved rounds, so timing-only here "
          "starts with caches the heavier modes filled, and reads lower "
          "than in the replay table above.")
        w("")
        w("| mode | median | instructions/s | ns/instr | cost, ns/instr | "
          "cost, timing-only replays | peak memory | B/instr |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|")
        for m in a["modes"]:
            cost = m.get("cost_ns_per_instruction")
            w("| %s | %.4f s | %s | %.1f | %s | %s | %.0f MB | %.0f |" % (
                m["mode"], m["median_s"], mips(m["instructions_per_s"]),
                m["ns_per_instruction"],
                "%.1f" % cost if cost is not None else "",
                "%.2f" % m["cost_in_timing_only_replays"]
                if "cost_in_timing_only_replays" in m else "",
                m["peak_rss_bytes"] / 1e6,
                m["peak_rss_bytes_per_instruction"]))
        w("")

    # Scaling.
    names = [n for n in SCALING if n in results]
    if len(names) >= 2:
        ref = SCALING_FROM if SCALING_FROM in names else names[0]
        last = names[-1]

        def size(n):
            return "%s (%s)" % (n.split("+")[0].replace("decoder-", ""),
                                grouped(results[n]["instructions"]))

        w("## Scaling: cost per instruction at 10k, 100k, 600k, 2M")
        w("")
        w("The decoder presets with every knob on. Linear growth is a "
          "constant cost per instruction; *growth* is the cost per "
          "instruction at %s over that at %s (at 10k, fixed costs "
          "dominate: process start, per-page and per-window state)." %
          (last.split("+")[0], ref.split("+")[0]))
        w("")
        w("Wall time and peak memory:")
        w("")
        w("| per instruction | " + " | ".join(size(n) for n in names) +
          " | growth |")
        w("|---|" + "---:|" * len(names) + "---:|")
        wall = {}
        for label, unit, values in per_instruction_table(results, names):
            cells = ["%.1f %s" % (values[n], unit) for n in names]
            growth = ""
            # Costs of a few ns (or bytes) per instruction are noise.
            if min(values[ref], values[last]) >= 5:
                wall[label] = values[last] / values[ref]
                growth = "%.2fx" % wall[label]
            w("| %s | %s | %s |" % (label, " | ".join(cells), growth))
        w("")
        counted = [n for n in names if "callgrind_ir" in results[n]]
        count_growth = {}
        cref = clast = None
        if len(counted) >= 2:
            cref = ref if ref in counted else counted[0]
            clast = counted[-1]
            w("Operation counts: machine instructions executed per traced "
              "instruction (callgrind, `snr-linearity-probe --trace`), by "
              "the timing replay alone and by each analysis's own work. "
              "Deterministic, and blind to the caches; *linear* when the "
              "growth from %s to %s is at most %.2fx:" %
              (cref.split("+")[0], clast.split("+")[0], COUNT_TOLERANCE))
            w("")
            w("| Ir per instruction | " +
              " | ".join(size(n) for n in counted) + " | growth |")
            w("|---|" + "---:|" * len(counted) + "---|")
            for m in CALLGRIND_MEASURES:
                per = {n: results[n]["callgrind_ir"][m] /
                       results[n]["instructions"] for n in counted}
                g = per[clast] / per[cref]
                count_growth[m] = g
                w("| %s | %s | %.2fx, %s |" % (
                    m, " | ".join("%.0f" % per[n] for n in counted), g,
                    "linear" if g <= COUNT_TOLERANCE else
                    "**super-linear**"))
            w("")
        # The verdict: operation counts decide; wall time is reported.
        bad = sorted((g, m) for m, g in count_growth.items()
                     if g > COUNT_TOLERANCE)
        slow = sorted(((g, l) for l, g in wall.items()
                       if g > SCALING_LIMIT), reverse=True)
        if not count_growth:
            verdict = "not decided (no operation counts: --no-callgrind " \
                "or no valgrind)"
        elif bad:
            verdict = "super-linear: " + ", ".join(
                "%s (%.2fx operations per instruction)" % (m, g)
                for g, m in bad)
        else:
            top = max(count_growth.items(), key=lambda kv: kv[1])
            verdict = ("linear: operations per instruction grow at most "
                       "%.2fx (%s) from %s to %s" %
                       (top[1], top[0], cref.split("+")[0],
                        clast.split("+")[0]))
        report["scaling_verdict"] = verdict
        w("Verdict: **%s**." % verdict)
        if slow:
            w("")
            w("Wall time per instruction grows more than %.1fx for: %s. "
              "Where the operation counts stay flat, that growth is the "
              "memory hierarchy: at 2M the tables, listeners' records and "
              "maps are hundreds of MB and no longer fit the caches." %
              (SCALING_LIMIT, ", ".join("%s (%.2fx)" % (l, g)
                                        for g, l in slow)))
        w("")

    # llvm-mca.
    if "mca" in report and HEADLINE in results:
        mca = report["mca"]
        h = results[HEADLINE]
        timing = mode(h["replay"], "timing-only")
        alla = mode(h["analyses"], "all")
        w("## The peer for scale: llvm-mca")
        w("")
        w("`%s` (%s): an out-of-order x86 core (%s) simulated cycle by "
          "cycle through dispatch, scheduler, execution ports and "
          "retirement, on an AVX2 sgemm loop (%d instructions) repeated "
          "%s times. SnR's timing replay is in-order and advances per "
          "instruction, not per cycle: the ratio says how the two tools' "
          "throughputs compare on traces of the same length, not that one "
          "model does the same work faster. llvm-mca's time is its process "
          "median minus that of a 1-iteration run (start-up, parsing); "
          "SnR's is in-process, after loading." %
          (mca["command"], mca["version"], mca["cpu"],
           mca["loop_body_instructions"], grouped(mca["iterations"])))
        w("")
        w("| | SnR timing-only replay | SnR with every analysis | "
          "llvm-mca |")
        w("|---|---:|---:|---:|")
        w("| instructions simulated | %s | %s | %s |" %
          (grouped(h["instructions"]), grouped(h["instructions"]),
           grouped(mca["instructions"])))
        w("| cycles simulated | %s | %s | %s |" %
          (grouped(h["findings"]["cycles"]), grouped(h["findings"]["cycles"]),
           grouped(mca["cycles"])))
        w("| time | %.4f s | %.4f s | %.4f s |" %
          (timing["median_s"], alla["median_s"], mca["simulation_s"]))
        w("| instructions/s | %s | %s | %s |" %
          (mips(timing["instructions_per_s"]),
           mips(alla["instructions_per_s"]),
           mips(mca["instructions_per_s"])))
        w("| ratio to llvm-mca | **%.1fx** | %.1fx | 1 |" %
          (report["mca_ratio_timing_only"], report["mca_ratio_all"]))
        w("")
    large = report.get("large", [])
    if large:
        w("")
        w("## Large traces: snr-replay alone")
        w("")
        w("One run each (the 10M target: peak memory of the bytecode run "
          "under 600 B per instruction).")
        w("")
        w("| trace | instructions | no annotated IR | peak | with annotated "
          "bytecode | peak | ratio |")
        w("|---|---:|---:|---:|---:|---:|---:|")
        for r in large:
            none = r["snr_replay"]["no-annotated-mlir"]
            bc = r["snr_replay"]["bytecode"]
            n = r["instructions"]
            w("| %s | %s | %.1f s | %.0f B/instr | %.1f s | %.0f B/instr | "
              "%.2fx |" %
              (r["name"], grouped(n), none["median_s"],
               none["peak_rss_bytes"] / n, bc["median_s"],
               bc["peak_rss_bytes"] / n, bc["median_s"] / none["median_s"]))
    writers = [r for r in report["traces"]
               if "bytecode-mlir-writer" in r["snr_replay"]]
    if writers:
        w("")
        w("## The bytecode writer: snr-replay --annotated-mlir=bytecode")
        w("")
        w("The same run with SnR's one-pass writer (the default) and with "
          "MLIR's (`--snr-bytecode-writer=mlir`), and without the annotated "
          "trace; the three interleaved, medians of %d runs each. *Saved* "
          "is the one-pass writer's saving as a share of the run with "
          "MLIR's writer." % report["runs"])
        w("")
        w("| trace | | no annotated IR | one-pass writer | MLIR's writer | "
          "saved |")
        w("|---|---|---:|---:|---:|---:|")
        for r in writers:
            sr = r["snr_replay"]
            none = sr["no-annotated-mlir"]
            one = sr["bytecode"]
            mlir = sr["bytecode-mlir-writer"]

            def row(label, key, unit, scale, fmt):
                w(("| %s | %s | " + fmt + " %s | " + fmt + " %s | " + fmt +
                   " %s | %.1f%% |") %
                  (r["name"], label, none[key] * scale, unit,
                   one[key] * scale, unit, mlir[key] * scale, unit,
                   100.0 * (mlir[key] - one[key]) / mlir[key]))

            row("wall time", "median_s", "s", 1, "%.3f")
            if "cpu_median_s" in one:
                row("CPU time (user + system)", "cpu_median_s", "s", 1,
                    "%.3f")
            row("peak memory", "peak_rss_bytes", "MB", 1e-6, "%.0f")
            if "file_bytes" in one:
                w("| %s | annotated.mlirbc | | %.1f MB | %.1f MB | %.1f%% |" %
                  (r["name"], one["file_bytes"] / 1e6,
                   mlir["file_bytes"] / 1e6,
                   100.0 * (mlir["file_bytes"] - one["file_bytes"]) /
                   mlir["file_bytes"]))
            w("| %s | load average | %.2f at the start, %.2f at the end "
              "| | | |" % (r["name"], sr["load_average_before"][0],
                          sr["load_average_after"][0]))
    for r in report.get("apply", []):
        w("")
        w("## What --apply costs")
        w("")
        w("%s (%s %s), `snr-replay --program`, medians of %d interleaved "
          "runs; the ratio is within this run (target: at most %.0fx the "
          "time, %.1fx the peak memory)." %
          (r["name"], r["preset"], " ".join(r["knobs"]), r["with"]["runs"],
           APPLY_TARGETS["time"], APPLY_TARGETS["memory"]))
        w("")
        w("| | without --apply | with --apply | ratio |")
        w("|---|---:|---:|---:|")
        w("| wall time | %.2f s | %.2f s | **%.2fx** |" %
          (r["without"]["median_s"], r["with"]["median_s"],
           r["time_ratio"]))
        w("| peak memory | %.0f MB | %.0f MB | **%.2fx** |" %
          (r["without"]["median_peak_rss_bytes"] / 1e6,
           r["with"]["median_peak_rss_bytes"] / 1e6, r["memory_ratio"]))
        if "cpu_ratio" in r:
            w("| CPU time (user + system, both threads) | %.2f s | %.2f s "
              "| %.2fx |" % (r["without"]["cpu_median_s"],
                             r["with"]["cpu_median_s"], r["cpu_ratio"]))
            w("| wall time, fastest and slowest run | %.2f–%.2f s | "
              "%.2f–%.2f s | |" %
              (r["without"]["min_s"], r["without"]["max_s"],
               r["with"]["min_s"], r["with"]["max_s"]))
            w("| peak memory, lowest and highest run | %.0f–%.0f MB | "
              "%.0f–%.0f MB | |" %
              (r["without"]["min_peak_rss_bytes"] / 1e6,
               r["without"]["max_peak_rss_bytes"] / 1e6,
               r["with"]["min_peak_rss_bytes"] / 1e6,
               r["with"]["max_peak_rss_bytes"] / 1e6))
        if "load_average_before" in r:
            w("")
            w("Load average %.2f before these runs, %.2f after (2 cores)." %
              (r["load_average_before"][0], r["load_average_after"][0]))
    targets = report.get("schedule_targets", [])
    if targets:
        w("")
        w("## The rewrite against the efficient schedule")
        w("")
        w("Cycles of the schedule with the knobs, rewritten and proved by "
          "`snr-replay --program --apply`, over the generator's efficient "
          "schedule of the same preset (issue 24's targets):")
        w("")
        w("| preset | knobs | efficient | with the knobs | trace rewrite "
          "| program rewrite | dependency bound | target |")
        w("|---|---|---:|---:|---:|---:|---:|---:|")
        for r in targets:
            c = r["cycles"]
            e = c["efficient"]
            bound = ("%s (%.3fx)" % (grouped(c["bound"]), c["bound"] / e)
                     if "bound" in c else "-")
            w("| %s | %s | %s | %s (%.3fx) | %s (**%.3fx**) | %s (**%.3fx**) "
              "| %s | %.2fx |" %
              (r["preset"], " ".join(r["knobs"]), grouped(e),
               grouped(c["knobs"]), c["knobs"] / e,
               grouped(c["trace_rewrite"]), c["trace_rewrite"] / e,
               grouped(c["program_rewrite"]), c["program_rewrite"] / e,
               bound, r["target"]))
    ir = [r for r in report["traces"] if "snr_opt" in r]
    if ir:
        w("")
        w("## The IR path")
        w("")
        w("The annotated trace and the pipeline user's path, per trace, "
          "medians of one run (the ratio is within that run):")
        w("")
        w("| trace | snr-replay, no annotated IR | with annotated bytecode "
          "| ratio | import to text | --snr-simulate text -> text | "
          "bytecode -> bytecode | peak (bytecode -> bytecode) |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in ir:
            none = r["snr_replay"]["no-annotated-mlir"]["median_s"]
            bc = r["snr_replay"]["bytecode"]["median_s"]
            o = r["snr_opt"]
            w("| %s | %.2f s | %.2f s | %.2fx | %.2f s | %.2f s | %.2f s | "
              "%.0f B/instr |" %
              (r["name"], none, bc, bc / none, o["import-text"]["median_s"],
               o["simulate-text"]["median_s"],
               o["simulate-bytecode"]["median_s"],
               o["simulate-bytecode"]["peak_rss_bytes"] / r["instructions"]))
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(
        description="SnR benchmarks: build, generate traces, measure, "
                    "write bench/results/")
    parser.add_argument("--runs", type=int, default=5,
                        help="runs per measurement; the median is reported")
    parser.add_argument("--traces",
                        default=",".join(t[0] for t in TRACES
                                         if t[3] != LARGE),
                        help="which traces (default: all but the large "
                        "ones): " + ", ".join(t[0] for t in TRACES))
    parser.add_argument("--build-dir", default=os.path.join(ROOT,
                                                            "build-bench"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-build", action="store_true",
                        help="use the build directory as it is")
    parser.add_argument("--no-mca", action="store_true")
    parser.add_argument("--no-schedule-targets", action="store_true",
                        help="skip the rewrite against the efficient "
                             "schedule (allreduce-300k, allgather-small)")
    parser.add_argument("--only-schedule-targets", action="store_true",
                        help="measure the rewrite against the efficient "
                             "schedule only (no trace, llvm-mca or "
                             "callgrind measurement)")
    parser.add_argument("--no-callgrind", action="store_true",
                        help="skip the operation counts of the scaling "
                             "traces (a few minutes under valgrind)")
    parser.add_argument("--results-dir",
                        default=os.path.join(ROOT, "bench", "results"))
    parser.add_argument("--markdown-from", metavar="JSON",
                        help="only write the Markdown of an earlier "
                             "results file, to standard output")
    args = parser.parse_args()
    if args.markdown_from:
        with open(args.markdown_from) as f:
            sys.stdout.write(markdown(json.load(f)))
        return
    args.runs = max(1, args.runs)
    args.build_dir = os.path.abspath(args.build_dir)
    wanted = [] if args.only_schedule_targets else args.traces.split(",")
    unknown = set(wanted) - {t[0] for t in TRACES}
    if unknown:
        sys.exit("error: unknown traces: " + ", ".join(sorted(unknown)))

    cache = build(args)
    bin_dir = os.path.join(args.build_dir, "bin")
    machine = machine_info(cache)
    traces = prepare_traces(args, bin_dir, wanted)
    tmp_dir = os.path.join(args.build_dir, "bench-tmp")
    os.makedirs(tmp_dir, exist_ok=True)

    report = {"format": "snr-bench", "version": 1, "runs": args.runs,
              "machine": machine,
              "process_rss_floor_bytes": time_process(["/bin/true"])[1],
              "traces": []}
    for t in [t for t in traces if t["role"] == LARGE]:
        report.setdefault("large", []).append(
            measure_large(t, args, bin_dir, tmp_dir))
    for t in [t for t in traces if t["role"] == APPLY]:
        report.setdefault("apply", []).append(
            measure_apply(t, args, bin_dir, tmp_dir))
    traces = [t for t in traces if t["role"] not in (LARGE, APPLY)]
    for t in traces:
        report["traces"].append(measure_trace(t, args, bin_dir, tmp_dir))
    if not args.no_schedule_targets:
        report["schedule_targets"] = measure_schedule_targets(bin_dir,
                                                              tmp_dir)
    if not args.no_callgrind and shutil.which("valgrind"):
        for t, r in zip(traces, report["traces"]):
            if t["name"] in SCALING:
                log("%s: callgrind operation counts" % t["name"])
                r["callgrind_ir"] = measure_counts(t, bin_dir, tmp_dir)
    headline = next((r for r in report["traces"] if r["name"] == HEADLINE),
                    report["traces"][0] if report["traces"] else None)
    if not args.no_mca and headline and os.path.exists(
            LLVM_PREFIX + "/bin/llvm-mca"):
        log("llvm-mca on %s instructions" % grouped(headline["instructions"]))
        report["mca"] = measure_mca(headline["instructions"], args.runs)
        report["mca_ratio_timing_only"] = mode(
            headline["replay"], "timing-only")["instructions_per_s"] / \
            report["mca"]["instructions_per_s"]
        report["mca_ratio_all"] = mode(
            headline["analyses"], "all")["instructions_per_s"] / \
            report["mca"]["instructions_per_s"]
    machine["load_average_end"] = list(os.getloadavg())

    text = markdown(report)
    os.makedirs(args.results_dir, exist_ok=True)
    stem = "%s-%s" % (machine["date"][:10], machine["commit"][:10])
    if args.only_schedule_targets:
        stem += "-schedule-targets"
    with open(os.path.join(args.results_dir, stem + ".json"), "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")
    for name in [stem + ".md"] + ([] if args.only_schedule_targets
                                  else ["latest.md"]):
        with open(os.path.join(args.results_dir, name), "w") as f:
            f.write(text)
    shutil.rmtree(tmp_dir, ignore_errors=True)
    log("wrote %s/%s.{json,md} and latest.md" %
        (os.path.relpath(args.results_dir), stem))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
