#!/usr/bin/env python3
"""Checks single-stepped PCs against QEMU's own execution log.

    check-pcs.py PROBE_OUTPUT EXEC_LOG

PROBE_OUTPUT is snr-rsp-probe's output: a "pc 0x..." line (where the
program starts), then "step N ... pc 0x..." lines. EXEC_LOG is what
`qemu-riscv64 -singlestep -d exec,nochain` logs for the same program run on
its own: one "Trace ...: 0x... [..../PC/..../....]" line per instruction,
since -singlestep makes each translation block one instruction and nochain
logs each one as it runs. The stepped PCs must be exactly the first PCs of
the log. Prints "match: N PCs" or the first difference.
"""
import re
import sys


def stepped(path):
    pcs = []
    for line in open(path):
        m = re.match(r"(?:pc|step \d+ .*\bpc) (0x[0-9a-f]+)$", line.strip())
        if m:
            pcs.append(int(m.group(1), 16))
    return pcs


def executed(path):
    pcs = []
    for line in open(path):
        m = re.match(r"Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pcs.append(int(m.group(1), 16))
    return pcs


def main():
    mine, qemu = stepped(sys.argv[1]), executed(sys.argv[2])
    if not mine:
        sys.exit("check-pcs.py: no PCs in " + sys.argv[1])
    for i, pc in enumerate(mine):
        if i >= len(qemu):
            sys.exit("check-pcs.py: stepped PC %d (0x%x) is past the end of "
                     "QEMU's log (%d instructions)" % (i, pc, len(qemu)))
        if pc != qemu[i]:
            sys.exit("check-pcs.py: PC %d is 0x%x stepped, 0x%x in QEMU's log"
                     % (i, pc, qemu[i]))
    print("match: %d PCs (QEMU ran %d instructions)" % (len(mine), len(qemu)))


if __name__ == "__main__":
    main()
