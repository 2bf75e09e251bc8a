# Compares snr-time-riscv --schedule's per-instruction figures (issue,
# ready, stall, kind, cause) with the replay annotations --snr-simulate
# wrote on the riscv.inst ops of an .mlir file, in trace order. Prints
# "N instructions: the same schedule" or the first difference.
# Usage: riscv-schedule-vs-annotations.py SCHEDULE MLIR
import re
import sys

SCHEDULE = re.compile(r"^\s*(\d+)\s+[0-9a-f]+\s.* issue (\d+) ready (\d+)"
                      r"(?: stall (\d+) (\w+)(?: [^ <]\S*)?(?: <- #(\d+))?)?")
ANNOTATION = re.compile(r"replay<issue = (\d+), ready = (\d+)"
                        r"(?:, stall = (\d+) (\w+))?(?:, cause = (\d+))?>")


def schedule(path):
    rows = []
    for line in open(path):
        m = SCHEDULE.match(line)
        if m:
            assert int(m.group(1)) == len(rows), line
            rows.append(m.groups()[1:])
    return rows


def annotations(path):
    rows = []
    for line in open(path):
        if "riscv.inst" not in line:
            continue
        m = ANNOTATION.search(line)
        rows.append(m.groups() if m else None)
    return rows


timed, annotated = schedule(sys.argv[1]), annotations(sys.argv[2])
if len(timed) != len(annotated):
    sys.exit("%d scheduled, %d riscv.inst" % (len(timed), len(annotated)))
for i, (a, b) in enumerate(zip(timed, annotated)):
    if a != b:
        sys.exit("instruction %d: schedule %s, annotation %s" % (i, a, b))
print("%d instructions: the same schedule" % len(timed))
