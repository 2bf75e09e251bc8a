#!/usr/bin/env python3
"""Runs a command against QEMU's gdbstub serving a RISC-V program.

    run-qemu.py [--cpu CPU] [--timeout S] PROGRAM.elf -- COMMAND...

Starts `qemu-riscv64 [-cpu CPU] -g PORT PROGRAM.elf` on a free port, waits
until that QEMU process (not another one) listens on the port, then runs
COMMAND with `{port}` replaced by the port and `{sym:NAME}` by the address of
symbol NAME in PROGRAM.elf (from riscv64-linux-gnu-nm); with --kill-after S,
QEMU is killed S seconds after COMMAND starts; with --kill-when FILE:BYTES,
once FILE (e.g. the recorder's --rsp-log) holds more than BYTES bytes, that
is once the session is under way however slow the machine. When COMMAND ends,
QEMU gets --timeout seconds to exit on its own (after `k`, `D` or the end of
the program) before it is killed; either way it never outlives this script,
which prints "qemu: exit status N" (or "qemu: killed") and exits with
COMMAND's status.

A port picked by binding port 0 can be taken by someone else before QEMU
binds it: QEMU then exits at once, and another port is tried.
"""

import argparse
import os
import socket
import subprocess
import sys
import threading
import time


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_inodes(port):
    """Inodes of the sockets listening on `port` (any address)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    local, state, inode = fields[1], fields[3], fields[9]
                    if state == "0A" and int(local.split(":")[1], 16) == port:
                        inodes.add(inode)
        except OSError:
            pass
    return inodes


def socket_inodes(pid):
    inodes = set()
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            try:
                target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        pass
    return inodes


def start_qemu(args, log):
    for attempt in range(10):
        port = free_port()
        cmd = ["qemu-riscv64"]
        if args.cpu:
            cmd += ["-cpu", args.cpu]
        cmd += ["-g", str(port), args.program]
        qemu = subprocess.Popen(cmd, stdout=log, stderr=log,
                                stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if qemu.poll() is not None:
                break  # could not bind: try another port
            if listening_inodes(port) & socket_inodes(qemu.pid):
                return qemu, port
            time.sleep(0.01)
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
    sys.exit("run-qemu.py: QEMU never listened on a port (see its output "
             "above)")


def kill_when_grown(qemu, path, size, stop):
    """Kills QEMU once the file at `path` holds more than `size` bytes."""
    while not stop.wait(0.01):
        try:
            if os.path.getsize(path) > size:
                qemu.kill()
                return
        except OSError:
            pass  # not created yet


def symbols(program):
    out = subprocess.run(["riscv64-linux-gnu-nm", program],
                         capture_output=True, text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3:
            table[fields[2]] = "0x" + fields[0].lstrip("0")
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpu")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--kill-after", type=float,
                        help="SIGKILL QEMU this many seconds after COMMAND "
                        "starts (a stub that dies mid-session)")
    parser.add_argument("--kill-when", metavar="FILE:BYTES",
                        help="SIGKILL QEMU once FILE holds more than BYTES "
                        "bytes")
    parser.add_argument("program")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command
    if command and command[0] == "--":
        command = command[1:]
    table = symbols(args.program)

    log = open(args.program + ".qemu.log", "w")
    qemu, port = start_qemu(args, log)
    try:
        def substitute(arg):
            arg = arg.replace("{port}", str(port))
            while "{sym:" in arg:
                start = arg.index("{sym:")
                end = arg.index("}", start)
                arg = arg[:start] + table[arg[start + 5:end]] + arg[end + 1:]
            return arg
        sys.stdout.flush()
        killer = None
        if args.kill_after is not None:
            killer = threading.Timer(args.kill_after, qemu.kill)
            killer.start()
        stop_watching = threading.Event()
        if args.kill_when:
            path, size = args.kill_when.rsplit(":", 1)
            threading.Thread(target=kill_when_grown,
                             args=(qemu, path, int(size), stop_watching),
                             daemon=True).start()
        status = subprocess.call([substitute(a) for a in command])
        stop_watching.set()
        if killer:
            killer.cancel()
        try:
            qemu.wait(timeout=args.timeout)
            print("qemu: exit status %d" % qemu.returncode)
        except subprocess.TimeoutExpired:
            print("qemu: killed")
    finally:
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
    sys.exit(status)


if __name__ == "__main__":
    main()
