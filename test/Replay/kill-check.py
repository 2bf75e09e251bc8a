#!/usr/bin/env python3
"""SIGKILLs snr-replay at random points and checks the output directory's
invariant (docs/replay.md): after every kill it is as it was, or holds the
new run's complete results, or holds FAILED and no file of the earlier run.

With --strace it then kills deterministically inside the windows a random
kill rarely hits: at each unlink (the earlier run's files going, the marker
going last) and at each rename (the marker, then each result, put in place),
one run per syscall, each from a complete run of the other option set.

usage: kill-check.py SNR_REPLAY TRACE WORKDIR [ITERATIONS] [--strace]
"""
import os
import random
import signal
import subprocess
import sys
import time

args = [a for a in sys.argv[1:] if a != "--strace"]
use_strace = "--strace" in sys.argv
replay, trace, work = args[0:3]
iterations = int(args[3]) if len(args) > 3 else 40
random.seed(13)
# Two option sets whose runs write different files.
# report::getRunResultFiles(), in its order.
REMOVAL_ORDER = ["report.html", "metrics.json", "summary.txt", "timeline.json",
                 "dma-timeline.svg", "utilization.svg", "data-cache.svg",
                 "fragmentation.svg", "remarks.opt.yaml", "annotated.mlir",
                 "annotated.mlirbc", "rewritten.jsonl", "rewritten.jsonl.gz",
                 "rewritten.jsonl.zst", "rewrite.json",
                 "rewrite-remarks.opt.yaml", "diff.json", "diff.html"]
VARIANTS = [["--apply"], ["--annotated-mlir=text", "--no-timeline"]]


def run(out, options):
    subprocess.run([replay, trace, "-o", out, "--quiet"] + options,
                   check=True, stdout=subprocess.DEVNULL)


def snapshot(out):
    """name -> (inode, mtime_ns, size) of every file in `out` but the
    temporaries (NAME.tmp-*: not results; the next run removes them)."""
    if not os.path.isdir(out):
        return {}
    result = {}
    for name in os.listdir(out):
        if ".tmp-" in name:
            continue
        st = os.stat(os.path.join(out, name))
        result[name] = (st.st_ino, st.st_mtime_ns, st.st_size)
    return result


# The complete results of each variant, and how long a run takes.
expected, duration = [], 0.0
for i, options in enumerate(VARIANTS):
    ref = os.path.join(work, "ref%d" % i)
    start = time.monotonic()
    run(ref, options)
    duration = max(duration, time.monotonic() - start)
    expected.append(set(os.listdir(ref)))

out = os.path.join(work, "out")
run(out, VARIANTS[0])
kinds = {"unchanged": 0, "complete": 0, "failed": 0,
         "killed while removing the earlier run": 0}


def check(i, before, variant):
    """Classifies the directory after kill `i` of a run with VARIANTS[variant]
    that started from `before`; exits on a state that breaks the invariant."""
    after = snapshot(out)
    names = set(after)
    if after == before:
        kinds["unchanged"] += 1
    elif "FAILED" in names:
        kinds["failed"] += 1
        # Files of a complete earlier run (a directory without a marker);
        # those of a failed one were under a marker already.
        earlier = [n for n in names if "FAILED" not in before and
                   n in before and before[n] == after[n]]
        # The earlier files go one by one, in REMOVAL_ORDER, after the
        # marker is written and before anything new is: a kill among those
        # unlinks leaves the marker, the files not yet removed and nothing
        # else. Any other earlier file beside the marker is a bug.
        if earlier:
            first = min(REMOVAL_ORDER.index(n) for n in earlier)
            pending = {n for n in before if REMOVAL_ORDER.index(n) >= first}
            new = names - set(earlier) - {"FAILED"}
            if set(earlier) != pending or new:
                sys.exit("kill %s: FAILED beside the earlier run's %s" %
                         (i, ", ".join(sorted(earlier))))
            kinds["killed while removing the earlier run"] += 1
    elif names == expected[variant]:
        kinds["complete"] += 1
    else:
        sys.exit("kill %s: no FAILED marker, but the directory holds %s "
                 "(neither the earlier run's %s nor this run's %s)" %
                 (i, sorted(names), sorted(before), sorted(expected[variant])))


for i in range(iterations):
    variant = (i + 1) % 2
    before = snapshot(out)
    process = subprocess.Popen([replay, trace, "-o", out, "--quiet"] +
                               VARIANTS[variant], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(random.uniform(0, duration * 1.2))
    process.send_signal(signal.SIGKILL)
    process.wait()
    check(i, before, variant)
    # Start each kill from a complete run of the other variant, or from what
    # the kill left (a marker, a partial run): both are states to recover from.
    if i % 3 == 0:
        run(out, VARIANTS[i % 2])
kills = iterations

# strace delivers SIGKILL as the process enters its n-th unlink (or rename):
# every step of the transaction is a kill point, for both option sets.
if use_strace:
    for syscall in ["unlink", "rename"]:
        for variant in [0, 1]:
            n = 1
            while True:
                run(out, VARIANTS[1 - variant])
                before = snapshot(out)
                result = subprocess.run(
                    ["strace", "-f", "-o", os.devnull, "-e", "trace=" + syscall,
                     "-e", "inject=%s:signal=SIGKILL:when=%d" % (syscall, n),
                     replay, trace, "-o", out, "--quiet"] + VARIANTS[variant],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if result.returncode == 0:
                    # Fewer than n such calls: the run completed.
                    check("%s #%d" % (syscall, n), before, variant)
                    break
                check("%s #%d" % (syscall, n), before, variant)
                kills += 1
                n += 1

print("ok: %d kills; %s" % (kills, ", ".join(
    "%s %d" % kv for kv in sorted(kinds.items()))))
