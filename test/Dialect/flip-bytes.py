#!/usr/bin/env python3
"""Flips every byte of a bytecode file, one at a time (each with a seeded
random mask), reads each flipped copy with `snr-opt FILE` in its own process
(MLIR's bytecode reader can crash on some corruptions) and checks that none
reads back as IR other than the original's: each is rejected (the file's
checksum, the digest of its content, or another parse error) or prints the
very same IR. Without the checksum MLIR's reader itself crashes or loops on
some corruptions, before any digest can be checked: those are counted.

usage: flip-bytes.py SNR_OPT FILE WORKDIR [--stride=N]

With --stride=N, every Nth byte only (a sample, for a quicker test; the
whole set runs in process in unittests/Dialect/BytecodeStructureTest.cpp).
"""
import random
import re
import subprocess
import sys

snr_opt, path, work = sys.argv[1:4]
stride = 1
for arg in sys.argv[4:]:
    if arg.startswith("--stride="):
        stride = int(arg[len("--stride="):])
random.seed(13)
original = open(path, "rb").read()


def read(data):
    flipped = work + "/flipped.mlirbc"
    with open(flipped, "wb") as f:
        f.write(data)
    try:
        return subprocess.run([snr_opt, flipped, "--mlir-print-debuginfo"],
                               capture_output=True, timeout=2)
    except subprocess.TimeoutExpired:
        return None


def content(output):
    """The IR but a damaged digest attribute: a flip in the digest's own name
    leaves the content intact and the attribute unrecognised."""
    return re.sub(rb' attributes \{[^{}]*= #snr.digest<"[^"]*">\}', b"", output)


reference = read(original)
if reference.returncode != 0:
    sys.exit("the unflipped file does not read: " + reference.stderr.decode())
kinds = {"checksum error": 0, "digest error": 0, "other parse error": 0,
         "crash": 0,
         "no answer in 2 s": 0, "same IR": 0}
flips = range(0, len(original), stride)
for offset in flips:
    data = bytearray(original)
    data[offset] ^= random.randint(1, 255)
    result = read(bytes(data))
    if result is None:
        kinds["no answer in 2 s"] += 1
    elif result.returncode < 0 or result.returncode > 1:
        kinds["crash"] += 1
    elif result.returncode == 1:
        if b"do not match their checksum" in result.stderr:
            kinds["checksum error"] += 1
        elif b"does not match its digest" in result.stderr:
            kinds["digest error"] += 1
        else:
            kinds["other parse error"] += 1
    elif content(result.stdout) == content(reference.stdout):
        kinds["same IR"] += 1
    else:
        sys.exit("byte %d flipped: read back as other IR, silently" % offset)
print("%d flips, none silently accepted: %s" % (len(flips), ", ".join(
    "%s %d" % kv for kv in sorted(kinds.items()))))
