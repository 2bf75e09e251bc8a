#!/usr/bin/env python3
"""Runs a command against snr-target serving an snr.program.

    run-snr-target.py SNR_TARGET PROGRAM.mlir [STUB OPTIONS] -- COMMAND...

Starts `SNR_TARGET PROGRAM.mlir --gdb-port=0 [STUB OPTIONS]`, waits for its
"listening on HOST:PORT" line, then runs COMMAND with `{port}` replaced by
the port. When COMMAND ends, the stub gets 10 seconds to exit on its own
(after `k`, `D` or the end of the program) before it is killed; it never
outlives this script, which prints "snr-target: exit status N" (or
"snr-target: killed") and the stub's standard error, and exits with
COMMAND's status.
"""

import re
import subprocess
import sys


def main():
    if "--" not in sys.argv:
        sys.exit("usage: run-snr-target.py SNR_TARGET PROGRAM.mlir "
                 "[OPTIONS] -- COMMAND...")
    split = sys.argv.index("--")
    stub_cmd = sys.argv[1:split] + ["--gdb-port=0", "--accept-timeout=30"]
    command = sys.argv[split + 1:]
    stub = subprocess.Popen(stub_cmd, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True)
    line = stub.stderr.readline()
    match = re.match(r"listening on [0-9.]+:([0-9]+)", line)
    if not match:
        stub.kill()
        sys.stdout.write(line + stub.stderr.read())
        sys.exit("run-snr-target: the stub did not start")
    port = match.group(1)
    status = subprocess.call([a.replace("{port}", port) for a in command])
    try:
        stub.wait(timeout=10)
        err = stub.stderr.read()
        sys.stdout.flush()
        print("snr-target: exit status %d" % stub.returncode)
    except subprocess.TimeoutExpired:
        stub.kill()
        stub.wait()
        err = stub.stderr.read()
        print("snr-target: killed")
    if err:
        sys.stdout.write(err)
    sys.exit(status)


if __name__ == "__main__":
    main()
