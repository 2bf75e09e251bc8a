#!/usr/bin/env python3
"""Decodes Chakra execution traces (.et) through SnR's copy of Chakra's schema
and checks what a Chakra reader relies on.

    check-chakra.py SCHEMA.proto FILE.et... [--protoc]

Every file: a GlobalMetadata message, then Node messages, each prefixed with
its varint32 length. Checks that node ids are unique, that every dependency
names a node of the file and that they are acyclic, and that a schedule
driven by the dependencies alone reproduces the replay: each node starts when
the last node it depends on (data or control) ends and lasts its own
duration; the last end, the critical path, must be the run's length
(snr_total_cycles) within 2 %, in cycles (snr_duration_cycles) and in the
whole microseconds a Chakra consumer reads (duration_micros). With
--protoc, `protoc --decode` also reads every message. Prints one summary line
per file.
"""
import collections
import importlib
import os
import subprocess
import sys
import tempfile


def load_schema(proto):
    out = tempfile.mkdtemp()
    subprocess.run(["protoc", "-I", os.path.dirname(proto), "--python_out",
                    out, proto], check=True)
    sys.path.insert(0, out)
    name = os.path.splitext(os.path.basename(proto))[0] + "_pb2"
    return importlib.import_module(name)


def read_varint(data, pos):
    value = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("truncated length prefix")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7
        if shift > 28:
            raise ValueError("length prefix longer than a varint32")


def messages(data):
    pos = 0
    while pos < len(data):
        size, pos = read_varint(data, pos)
        if pos + size > len(data):
            raise ValueError("message runs past the end of the file")
        yield data[pos:pos + size]
        pos += size


def attrs(message):
    return {a.name: getattr(a, a.WhichOneof("value")) for a in message.attr}


def fail(path, message):
    print(f"{path}: error: {message}")
    sys.exit(1)


def check(schema, proto, path, use_protoc):
    data = open(path, "rb").read()
    raw = list(messages(data))
    if not raw:
        fail(path, "empty file")
    meta = schema.GlobalMetadata()
    meta.ParseFromString(raw[0])
    meta_attrs = attrs(meta)
    nodes = []
    for blob in raw[1:]:
        node = schema.Node()
        node.ParseFromString(blob)
        if node.type == schema.INVALID_NODE:
            fail(path, f"node {node.id} has no type")
        nodes.append(node)
    if use_protoc:
        for blob, kind in zip(raw, ["GlobalMetadata"] +
                              ["Node"] * (len(raw) - 1)):
            run = subprocess.run(
                ["protoc", "-I", os.path.dirname(proto),
                 "--decode=ChakraProtoMsg." + kind, proto],
                input=blob, capture_output=True)
            if run.returncode != 0:
                fail(path, "protoc --decode: " + run.stderr.decode())

    ids = [n.id for n in nodes]
    if len(set(ids)) != len(ids):
        fail(path, "node ids are not unique")
    by_id = {n.id: n for n in nodes}
    for n in nodes:
        for dep in list(n.data_deps) + list(n.ctrl_deps):
            if dep not in by_id:
                fail(path, f"node {n.id} depends on missing node {dep}")
    # Kahn: every node must come out.
    indegree = {n.id: len(set(n.data_deps) | set(n.ctrl_deps)) for n in nodes}
    users = collections.defaultdict(list)
    for n in nodes:
        for dep in set(n.data_deps) | set(n.ctrl_deps):
            users[dep].append(n.id)
    ready = [i for i, d in indegree.items() if d == 0]
    done = 0
    while ready:
        i = ready.pop()
        done += 1
        for user in users[i]:
            indegree[user] -= 1
            if indegree[user] == 0:
                ready.append(user)
    if done != len(nodes):
        fail(path, "the dependencies have a cycle")

    # The dependency-driven schedule: every dependency points at a smaller
    # id (checked above to resolve and be acyclic); in id order, a node
    # starts when its last dependency ends.
    def critical_path(duration):
        end = {}
        for n in sorted(nodes, key=lambda n: n.id):
            start = max((end[d] for d in set(n.data_deps) | set(n.ctrl_deps)),
                        default=0)
            end[n.id] = start + duration(n)
        return max(end.values(), default=0)

    total = meta_attrs["snr_total_cycles"]
    total_us = round(total / (meta_attrs["snr_clock_ghz"] * 1000.0))
    cycles = critical_path(lambda n: attrs(n)["snr_duration_cycles"])
    micros = critical_path(lambda n: n.duration_micros)

    def off(value, expected):
        return abs(value - expected) / expected if expected else 0.0

    if off(cycles, total) > 0.02:
        fail(path, f"the critical path lasts {cycles} cycles, the run {total}")
    if off(micros, total_us) > 0.02:
        fail(path, f"the critical path lasts {micros} us, the run {total_us}")

    types = collections.Counter(schema.NodeType.Name(n.type) for n in nodes)
    data_deps = sum(len(n.data_deps) for n in nodes)
    print(f"{os.path.basename(path)}: version {meta.version}, "
          f"{meta_attrs['snr_granularity']}, {len(nodes)} nodes "
          f"({', '.join(f'{t} {c}' for t, c in sorted(types.items()))}), "
          f"{data_deps} data deps; critical path {cycles} cycles of "
          f"{total} ({100 * off(cycles, total):.2f}% off), {micros} us of "
          f"{total_us} ({100 * off(micros, total_us):.2f}% off): ok")


def main():
    args = [a for a in sys.argv[1:] if a != "--protoc"]
    schema = load_schema(os.path.abspath(args[0]))
    for path in args[1:]:
        check(schema, os.path.abspath(args[0]), path, "--protoc" in sys.argv)


if __name__ == "__main__":
    main()
