#!/usr/bin/env python3
"""Checks a trace recorded from QEMU against QEMU itself.

    check-recording.py TRACE.jsonl EXEC_LOG [RSP_LOG]

* The PCs: EXEC_LOG is what `qemu-riscv64 -singlestep -d exec,nochain` logs
  for the same program run on its own (one "Trace ...: 0x... [..../PC/...]"
  line per instruction). From the first time QEMU ran the trace's start_pc,
  the trace's PCs must be exactly the next PCs of the log; and each
  instruction's `next_pc` (or its fall-through, pc + its size: 2 bytes for a
  compressed encoding) must be the PC of the next one.
* The requests (with RSP_LOG, snr-record --rsp-log): the memory the recorder
  asked the stub for (`m` packets) covers no byte twice, and is exactly the
  trace's snapshot memory (instruction bytes come from the ELF, not the
  stub); no snapshot register appears twice.

Prints one line per check ("pcs: N match", "memory: ...") or the first
problem, and exits 1 on a problem.
"""
import json
import re
import sys


def load_trace(path):
    lines = [json.loads(l) for l in open(path) if l.strip()]
    header = lines[0]
    regs = [l for l in lines[1:] if "reg" in l]
    mem = [l for l in lines[1:] if "mem" in l]
    insts = [l for l in lines[1:] if "pc" in l]
    return header, regs, mem, insts


def qemu_pcs(path):
    pcs = []
    for line in open(path, errors="replace"):
        m = re.match(r"Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pcs.append(int(m.group(1), 16))
    return pcs


def fail(message):
    print("problem: " + message)
    sys.exit(1)


def check_pcs(header, insts, log):
    qemu = qemu_pcs(log)
    start = header["start_pc"]
    if start not in qemu:
        fail("QEMU never ran start_pc 0x%x" % start)
    first = qemu.index(start)
    for i, inst in enumerate(insts):
        if first + i >= len(qemu):
            fail("instruction %d is past the end of QEMU's log" % i)
        if inst["pc"] != qemu[first + i]:
            fail("instruction %d: pc 0x%x in the trace, 0x%x in QEMU's log" %
                 (i, inst["pc"], qemu[first + i]))
        word = int(inst["enc"], 16)
        size = 4 if word & 3 == 3 else 2
        expected = inst.get("next_pc", inst["pc"] + size)
        if i + 1 < len(insts) and insts[i + 1]["pc"] != expected:
            fail("instruction %d: next pc 0x%x recorded, 0x%x ran" %
                 (i, expected, insts[i + 1]["pc"]))
    print("pcs: %d match QEMU's log" % len(insts))


def check_requests(regs, mem, rsp_log):
    text = open(rsp_log, errors="replace").read()
    asked = []
    for m in re.finditer(r"\$m([0-9a-f]+),([0-9a-f]+)#", text):
        asked.append((int(m.group(1), 16), int(m.group(2), 16)))
    asked.sort()
    for (a, n), (b, _) in zip(asked, asked[1:]):
        if a + n > b:
            fail("bytes [0x%x, 0x%x) were asked for twice" % (b, a + n))
    snapshot = sorted((r["addr"], len(r["bytes"]) // 2) for r in mem)

    def merged(ranges):
        out = []
        for a, n in ranges:
            if out and out[-1][0] + out[-1][1] == a:
                out[-1] = (out[-1][0], out[-1][1] + n)
            else:
                out.append((a, n))
        return out

    if merged(asked) != merged(snapshot):
        fail("the memory asked for (%d bytes) is not the snapshot's (%d bytes)"
             % (sum(n for _, n in asked), sum(n for _, n in snapshot)))
    names = [r["reg"] for r in regs]
    if len(set(names)) != len(names):
        fail("a register appears twice in the snapshot")
    print("memory: %d request(s), %d byte(s), each asked once, all in the "
          "snapshot" % (len(asked), sum(n for _, n in asked)))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    header, regs, mem, insts = load_trace(sys.argv[1])
    check_pcs(header, insts, sys.argv[2])
    if len(sys.argv) == 4:
        check_requests(regs, mem, sys.argv[3])


if __name__ == "__main__":
    main()
