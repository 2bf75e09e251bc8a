#!/usr/bin/env python3
"""Runs gdb in batch mode against a remote stub.

    run-gdb.py [--debug-remote] COMMANDS PORT

Connects gdb to 127.0.0.1:PORT (logging the packets from the start with
--debug-remote), runs the gdb commands in COMMANDS, and
prints gdb's output (standard error too, where `set debug remote 1`
writes) with the leading spaces and "[remote] " of its debug lines removed.
"""
import subprocess
import sys


def main():
    args = sys.argv[1:]
    debug = args[0] == "--debug-remote"
    if debug:
        args = args[1:]
    commands, port = args
    gdb = ["gdb", "-nx", "-batch", "-ex", "set pagination off",
           "-ex", "set confirm off"]
    if debug:
        gdb += ["-ex", "set debug remote 1"]
    out = subprocess.run(
        gdb + ["-ex", "target remote 127.0.0.1:" + port, "-x", commands],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        timeout=60)
    for line in out.stdout.splitlines():
        line = line.strip()
        if line.startswith("[remote] "):
            line = line[len("[remote] "):]
        print(line)
    sys.exit(out.returncode)


if __name__ == "__main__":
    main()
