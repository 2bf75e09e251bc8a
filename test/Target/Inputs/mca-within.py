#!/usr/bin/env python3
"""Compares SnR's RISC-V timing with llvm-mca's on the same instructions.

    mca-within.py SNR_TIME_RISCV LLVM_MCA TRACE FUNCTION PERCENT [ARGS...]

Times the window of TRACE in FUNCTION (from its entry to its return) with
`SNR_TIME_RISCV TRACE --function FUNCTION ARGS...`, feeds the same
instructions (`--emit-mca`) to `LLVM_MCA -mtriple=riscv64 -mcpu=sifive-x280
-iterations=1`, and prints both counts and their difference. llvm-mca's
Total Cycles counts cycles 0 to the last write-back, SnR's cycles the last
write-back: SnR's + 1 is compared. Exits with 1 when the difference is more
than PERCENT % of llvm-mca's.
"""

import re
import subprocess
import sys


def main():
    snr, mca, trace, function, percent = sys.argv[1:6]
    extra = sys.argv[6:]
    cpu = "sifive-x280"
    for arg in extra:
        if arg.startswith("--mcpu="):
            cpu = arg.split("=", 1)[1]
    out = subprocess.run([snr, trace, "--function", function] + extra,
                         check=True, capture_output=True, text=True).stdout
    snr_cycles = int(re.search(r"^cycles: (\d+)", out, re.M).group(1)) + 1
    asm = subprocess.run([snr, trace, "--function", function, "--emit-mca",
                          "-"] + extra, check=True, capture_output=True,
                         text=True).stdout
    report = subprocess.run([mca, "-mtriple=riscv64", "-mcpu=" + cpu,
                             "-iterations=1"], input=asm, check=True,
                            capture_output=True, text=True).stdout
    mca_cycles = int(re.search(r"Total Cycles:\s+(\d+)", report).group(1))
    difference = 100.0 * (snr_cycles - mca_cycles) / mca_cycles
    within = abs(difference) <= float(percent)
    print(f"{function}: SnR {snr_cycles} cycles, llvm-mca {mca_cycles}, "
          f"difference {difference:+.1f}%: "
          f"{'within' if within else 'outside'} {percent}%")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
