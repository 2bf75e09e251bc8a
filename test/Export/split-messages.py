#!/usr/bin/env python3
"""split-messages.py FILE.et OUT N: writes the N-th varint32-length-prefixed
message of FILE.et (0: the GlobalMetadata) to OUT, for protoc --decode."""
import sys

data = open(sys.argv[1], "rb").read()
pos = 0
for i in range(int(sys.argv[3]) + 1):
    size = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        size |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    message = data[pos:pos + size]
    pos += size
open(sys.argv[2], "wb").write(message)
