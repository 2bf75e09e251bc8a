#!/usr/bin/env python3
"""golden.py - SnR's reference outputs, pinned.

Part of the SnR project.

Runs the bundled examples and a generated decoder layer with the schedule
knobs through record -> replay -> rewrite (trace and program), and compares
the outputs a user adopts or reads (metrics.json, rewrite.json,
program-rewrite.json, summary.txt, the rewritten trace and program) byte for
byte with the copies under test/Golden/Inputs/<case>/. They are what "unchanged"
means when the code underneath is restructured.

  golden.py --bin build/bin --work /tmp/g            # check
  golden.py --bin build/bin --work /tmp/g --update   # re-pin

Re-pin only in a commit of its own that says which outputs changed and why.
Every command runs in the case's work directory with relative paths, so no
output names a machine's directories.
"""

import argparse
import difflib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))

# Each case: how its program is made, and what snr-replay is asked.
CASES = {
    "matmul_chain": {"copy": "examples/matmul_chain.mlir"},
    "allgather": {"copy": "examples/allgather.mlir"},
    "decoder-10k-knobs": {
        "gen": ["--preset=decoder-10k", "--late-dma", "--serial-setup",
                "--no-prefetch"]},
}

OUTPUTS = ["metrics.json", "rewrite.json", "program-rewrite.json",
           "summary.txt", "rewritten.jsonl", "rewritten-program.mlir"]


def run(cmd, cwd):
    result = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit("golden: '%s' failed (exit %d):\n%s" %
                 (" ".join(cmd), result.returncode, result.stderr))
    return result.stdout


def produce(name, case, tools, work):
    """Runs one case in work/<name>; returns its run directory."""
    directory = os.path.join(work, name)
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    program = "program.mlir"
    if "copy" in case:
        shutil.copy(os.path.join(SOURCE_ROOT, case["copy"]),
                    os.path.join(directory, program))
    else:
        run([tools["snr-gen"]] + case["gen"] + ["-o", program], directory)
    run([tools["snr-record"], program, "--break-at", "0", "--count",
         "100000000", "-o", "trace.jsonl"], directory)
    stdout = run([tools["snr-replay"], "trace.jsonl", "--program", program,
                  "--apply", "--annotated-mlir=none", "--no-timeline",
                  "-o", "out"], directory)
    with open(os.path.join(directory, "out", "stdout.txt"), "w") as f:
        f.write(stdout)
    return os.path.join(directory, "out")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="SnR's tool directory")
    parser.add_argument("--work", required=True, help="scratch directory")
    parser.add_argument("--update", action="store_true",
                        help="re-pin the reference outputs")
    parser.add_argument("cases", nargs="*", default=sorted(CASES))
    args = parser.parse_args()
    tools = {t: os.path.join(os.path.abspath(args.bin), t)
             for t in ("snr-gen", "snr-record", "snr-replay")}
    work = os.path.abspath(args.work)
    failures = 0
    for name in args.cases:
        out = produce(name, CASES[name], tools, work)
        pinned = os.path.join(HERE, "Inputs", name)
        for output in OUTPUTS:
            produced = os.path.join(out, output)
            reference = os.path.join(pinned, output)
            if args.update:
                os.makedirs(pinned, exist_ok=True)
                if os.path.exists(produced):
                    shutil.copy(produced, reference)
                elif os.path.exists(reference):
                    os.remove(reference)
                continue
            have = os.path.exists(produced)
            want = os.path.exists(reference)
            if not have and not want:
                continue
            if have != want:
                failures += 1
                print("golden: %s/%s: %s" % (
                    name, output, "not produced any more" if want
                    else "produced, but not pinned"))
                continue
            with open(produced) as f:
                new = f.readlines()
            with open(reference) as f:
                old = f.readlines()
            if new == old:
                print("golden: %s/%s: unchanged" % (name, output))
                continue
            failures += 1
            print("golden: %s/%s: CHANGED" % (name, output))
            diff = list(difflib.unified_diff(
                old, new, "pinned/%s/%s" % (name, output),
                "now/%s/%s" % (name, output), n=1))
            sys.stdout.writelines(diff[:60])
            if len(diff) > 60:
                print("... (%d more diff lines)" % (len(diff) - 60))
    if args.update:
        print("golden: re-pinned %s" % ", ".join(args.cases))
        return 0
    if failures:
        print("golden: %d output(s) differ from test/Golden; if the change "
              "is meant, re-pin with test/Golden/golden.py --update in a "
              "commit of its own that says why" % failures)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
