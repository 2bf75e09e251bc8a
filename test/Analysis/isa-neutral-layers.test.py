"""Lists every line of the ISA-neutral layers that names the snr ISA.

The neutral layers are lib/Analysis, lib/Report, lib/Export and their
headers, and lib/Sim but for the snr reference model (the files named in
SNR_MODEL). A line names the snr ISA when it says arch::, Opcode::,
RegClass:: or MemSpace::, or includes a header of SnR/Arch. Prints
"ISA-neutral: N files" and one line per offence; exits 1 on any.
"""

import os
import re
import sys

NEUTRAL_DIRS = [
    "lib/Analysis", "lib/Report", "lib/Export",
    "include/SnR/Analysis", "include/SnR/Report", "include/SnR/Export",
    "lib/Sim", "include/SnR/Sim",
]
# The snr reference model: the part of lib/Sim that is the snr target's.
SNR_MODEL = {
    "ArchState", "DmaEngine", "FunctionalCore", "MachineModel", "Simulator",
    "SimulatorRun", "SnRModel", "DefaultMachine", "TimingCheckpoints",
}
PATTERN = re.compile(r'\barch::|\bOpcode::|\bRegClass::|\bMemSpace::|'
                     r'#include "SnR/Arch/')


def main():
    root = sys.argv[1]
    files = []
    for directory in NEUTRAL_DIRS:
        for dirpath, _, names in os.walk(os.path.join(root, directory)):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp", ".inc.in")):
                    continue
                if directory.endswith("Sim") and name.split(".")[0] in SNR_MODEL:
                    continue
                files.append(os.path.join(dirpath, name))
    print("ISA-neutral: %d files" % len(files))
    offences = 0
    for path in sorted(files):
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if PATTERN.search(line):
                    offences += 1
                    print("%s:%d: names the snr ISA: %s" %
                          (os.path.relpath(path, root), number, line.strip()))
    return 1 if offences else 0


if __name__ == "__main__":
    sys.exit(main())
