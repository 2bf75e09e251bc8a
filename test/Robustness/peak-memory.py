#!/usr/bin/env python3
"""Runs a command and writes its peak resident memory, in bytes, to a file.

usage: peak-memory.py OUT COMMAND [ARG...]

Fails (with the command's status) if the command fails.
"""
import os
import resource
import subprocess
import sys

out, command = sys.argv[1], sys.argv[2:]
status = subprocess.call(command)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
with open(out, "w") as f:
    f.write(str(peak))
sys.exit(status)
