#!/usr/bin/env python3
"""Single-steps a function of a RISC-V program under qemu-riscv64's gdbstub.

    qemu-step.py ELF SYMBOL VLEN OUT.jsonl

Runs ELF under `qemu-riscv64 -cpu rv64,v=true,vlen=VLEN -g PORT`, breaks at
SYMBOL, and single-steps until the function returns, writing one JSON line
per instruction with the state it ran from: {"pc": N, "code": "<4 bytes at
pc, hex>", "regs": {"<name>": "<little-endian hex>"}}, the registers being
the x, f and v registers and the CSRs SnR's RISC-V target tracks, named and
numbered as the stub's target description says. `snr-describe-riscv
--check-steps OUT.jsonl` then checks each instruction's effects against the
next state. A minimal RSP client: QEMU 7.2's stub answers one packet at a
time, in ack mode.
"""

import json
import re
import socket
import subprocess
import sys
import time

CSRS = ["vstart", "vxsat", "vxrm", "vl", "vtype", "fflags", "frm"]


class Stub:
    def __init__(self, port):
        for _ in range(100):
            try:
                self.sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.1)
        else:
            sys.exit("cannot connect to the gdbstub on port %d" % port)
        # One small packet at a time: without this, Nagle's algorithm and
        # delayed ACKs cost 40 ms a round trip.
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def ask(self, body):
        checksum = sum(body.encode()) & 0xFF
        self.sock.sendall(b"$%s#%02x" % (body.encode(), checksum))
        while True:
            start = self.buffer.find(b"$")
            end = self.buffer.find(b"#", start) if start >= 0 else -1
            if start >= 0 and end >= 0 and len(self.buffer) >= end + 3:
                break
            data = self.sock.recv(65536)
            if not data:
                sys.exit("the gdbstub closed the connection")
            self.buffer += data
        reply = self.buffer[start + 1:end].decode()
        self.buffer = self.buffer[end + 3:]
        self.sock.sendall(b"+")
        return reply

    def xfer(self, annex):
        text, offset = "", 0
        while True:
            reply = self.ask("qXfer:features:read:%s:%x,%x" % (annex, offset,
                                                               0x800))
            text += reply[1:]
            offset += len(reply) - 1
            if reply[0] == "l":
                return text


def registers(stub):
    """Name -> (number, bytes), in the target description's order."""
    top = stub.xfer("target.xml")
    regs, number = {}, 0
    for annex in re.findall(r'href="([^"]+)"', top):
        for attrs in re.findall(r"<reg ([^>]*)>", stub.xfer(annex)):
            name = re.search(r'name="([^"]+)"', attrs).group(1)
            bits = int(re.search(r'bitsize="(\d+)"', attrs).group(1))
            explicit = re.search(r'regnum="(\d+)"', attrs)
            if explicit:
                number = int(explicit.group(1))
            regs.setdefault(name, (number, bits // 8))
            number += 1
    return regs


def main():
    elf, symbol, vlen, out = sys.argv[1:5]
    nm = subprocess.run(["llvm-nm", elf], capture_output=True, text=True,
                        check=True).stdout
    entry = next(int(f[0], 16) for f in map(str.split, nm.splitlines())
                 if f[-1] == symbol)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    qemu = subprocess.Popen(
        ["qemu-riscv64", "-cpu", "rv64,v=true,vlen=%s" % vlen, "-g",
         str(port), elf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        stub = Stub(port)
        stub.ask("qSupported:xmlRegisters=riscv")
        regs = registers(stub)
        xnames = [n for n, (num, _) in sorted(regs.items(),
                                              key=lambda r: r[1][0])
                  if num < 32]
        others = [n for n in regs
                  if re.fullmatch(r"f[tsa]\d+|v\d+", n) or n in CSRS]
        stub.ask("Z0,%x,2" % entry)
        stub.ask("c")
        ret, steps = None, 0
        with open(out, "w") as f:
            while True:
                g = stub.ask("g")
                state = {n: g[16 * i:16 * i + 16] for i, n in enumerate(xnames)}
                pc = int.from_bytes(bytes.fromhex(g[16 * 32:16 * 33]),
                                    "little")
                if ret is None:
                    ret = int.from_bytes(bytes.fromhex(state["ra"]), "little")
                for name in others:
                    state[name] = stub.ask("p%x" % regs[name][0])
                code = stub.ask("m%x,4" % pc)
                f.write(json.dumps({"pc": pc, "code": code, "regs": state})
                        + "\n")
                steps += 1
                if pc == ret:
                    break
                if not stub.ask("s").startswith(("T", "S")):
                    sys.exit("the program stopped inside %s" % symbol)
        print("%s: %d states" % (symbol, steps))
    finally:
        qemu.kill()
        qemu.wait()


if __name__ == "__main__":
    main()
