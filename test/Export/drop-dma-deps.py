#!/usr/bin/env python3
"""Writes a Chakra execution trace without the dependencies on its DMA nodes.

    drop-dma-deps.py SCHEMA.proto IN.et OUT.et

Every node keeps its dependencies but those naming a memory or communication
node: the graph a careless exporter would write, whose waits no longer wait.
check-chakra.py must reject it (its critical path is too short). Uses
check-chakra.py's reader.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "check_chakra", os.path.join(HERE, "check-chakra.py"))
check_chakra = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_chakra)


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def main():
    proto, source, target = sys.argv[1:4]
    schema = check_chakra.load_schema(os.path.abspath(proto))
    raw = list(check_chakra.messages(open(source, "rb").read()))
    nodes = []
    for blob in raw[1:]:
        node = schema.Node()
        node.ParseFromString(blob)
        nodes.append(node)
    dma = {n.id for n in nodes if n.type != schema.COMP_NODE}
    with open(target, "wb") as out:
        out.write(varint(len(raw[0])) + raw[0])
        for node in nodes:
            kept = [d for d in node.data_deps if d not in dma]
            del node.data_deps[:]
            node.data_deps.extend(kept)
            blob = node.SerializeToString()
            out.write(varint(len(blob)) + blob)


if __name__ == "__main__":
    main()
