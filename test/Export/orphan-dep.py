#!/usr/bin/env python3
"""Writes a Chakra execution trace whose last node waits on a missing node.

    orphan-dep.py SCHEMA.proto IN.et OUT.et

The last node gains a data dependency on an id no node of the file has:
Chakra's ETFeeder never frees it, and chakra-feeder-check must say that not
every node was issued. Uses check-chakra.py's reader and drop-dma-deps.py's
writer.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name,
                                                  os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_chakra = load("check_chakra", "check-chakra.py")
drop_dma_deps = load("drop_dma_deps", "drop-dma-deps.py")


def main():
    proto, source, target = sys.argv[1:4]
    schema = check_chakra.load_schema(os.path.abspath(proto))
    raw = list(check_chakra.messages(open(source, "rb").read()))
    last = schema.Node()
    last.ParseFromString(raw[-1])
    missing = max(m for m in [last.id] + list(last.data_deps)) + 1000
    last.data_deps.append(missing)
    raw[-1] = last.SerializeToString()
    with open(target, "wb") as out:
        for blob in raw:
            out.write(drop_dma_deps.varint(len(blob)) + blob)


if __name__ == "__main__":
    main()
