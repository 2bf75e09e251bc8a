#!/usr/bin/env python3
"""Runs a debugger against a stub that picks its own port.

    run-stub.py STUB... -- COMMAND...

Starts STUB, reads "listening on HOST:PORT" from its standard error, runs
COMMAND with `{port}` replaced by the port, then gives the stub 10 seconds
to finish (it is killed otherwise) and prints the rest of its standard
error, each line as "stub: LINE". Exits with COMMAND's status.
"""
import re
import subprocess
import sys


def main():
    args = sys.argv[1:]
    split = args.index("--")
    stub_cmd, command = args[:split], args[split + 1:]
    stub = subprocess.Popen(stub_cmd, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)
    try:
        first = stub.stderr.readline()
        m = re.search(r"listening on [^:]+:(\d+)", first)
        if not m:
            sys.exit("run-stub.py: the stub said %r, not where it listens"
                     % first)
        port = m.group(1)
        sys.stdout.flush()
        status = subprocess.call([a.replace("{port}", port) for a in command])
        try:
            _, rest = stub.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            stub.kill()
            _, rest = stub.communicate()
            print("stub: killed")
        for line in rest.splitlines():
            print("stub: " + line)
        print("stub: exit status %d" % stub.returncode)
    finally:
        if stub.poll() is None:
            stub.kill()
            stub.wait()
    sys.exit(status)


if __name__ == "__main__":
    main()
