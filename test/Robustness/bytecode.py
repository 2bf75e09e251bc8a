#!/usr/bin/env python3
"""Writes small MLIR bytecode files from scratch, as MLIR's own writer lays
them out (version 6, no SnR checksum in the producer), to give SnR's tools
the hostile files of issue 23 byte for byte.

usage: bytecode.py KIND OUT [N]

KIND is one of:
  valid          an empty module: reads as `module {}`
  self-array     an op whose attribute is an array that contains itself
                 (MLIR's reader loops forever on it)
  deep-array N   an op whose attribute is N arrays nested in each other
  huge-strings   a string table that announces 2^40 strings
  group-overrun  an attribute group of 5 entries in a table of 1
  bad-index      an op whose location is attribute 7 of a table of 1
"""
import struct
import sys


def varint(value):
    """MLIR's variable-length integer: the first byte's trailing zero bits
    count the bytes that follow."""
    if value < (1 << 7):
        return bytes([(value << 1) | 1])
    for count in range(2, 9):
        if value < (1 << (7 * count)):
            encoded = ((value << 1) | 1) << (count - 1)
            return encoded.to_bytes(count, "little")
    return b"\x00" + struct.pack("<Q", value)


def flagged(value, flag):
    return varint((value << 1) | (1 if flag else 0))


def section(ident, body):
    return bytes([ident]) + varint(len(body)) + body


def strings(table):
    out = varint(len(table))
    for text in reversed(table):
        out += varint(len(text) + 1)
    for text in table:
        out += text.encode() + b"\0"
    return out


def build(attrs, op_attrs=None, loc=0, string_table=None,
          string_section=None, attr_groups=None):
    """A module with one op, builtin.module, located at attribute `loc`,
    with the attribute dictionary `op_attrs` (an attribute index) if given.
    `attrs` are builtin attribute encodings (bytes, custom-encoded)."""
    table = string_table or ["builtin", "module", "x.a"]
    dialect = varint(1) + flagged(0, False)        # one dialect: "builtin"
    dialect += varint(1)                           # one op name
    dialect += varint(0) + varint(1) + flagged(1, True)  # builtin: "module"
    offsets = varint(len(attrs)) + varint(0)
    groups = attr_groups if attr_groups is not None else [(0, len(attrs))]
    for dialect_index, count in groups:
        offsets += varint(dialect_index) + varint(count)
        for entry in attrs[:count]:
            offsets += flagged(len(entry), True)
    entries = b"".join(attrs)
    region = varint(1) + varint(0) + flagged(0, False)  # 1 block, no values
    op = varint(0) + bytes([0x10 | (0x01 if op_attrs is not None else 0)])
    op += varint(loc)
    if op_attrs is not None:
        op += varint(op_attrs)
    op += flagged(1, True) + section(4, region)   # one isolated region
    ir = flagged(1, False) + op                   # the top block: one op
    out = b"ML\xefR" + varint(6) + b"MLIR22.1.8\0"
    out += section(0, string_section if string_section is not None
                   else strings(table))
    out += section(1, dialect)
    out += section(3, offsets)
    out += section(2, entries)
    out += section(4, ir)
    out += section(8, varint(0))
    return out


UNKNOWN_LOC = varint(15)


def array(*elements):
    return varint(0) + varint(len(elements)) + b"".join(
        varint(e) for e in elements)


def dictionary(*pairs):
    return varint(1) + varint(len(pairs)) + b"".join(
        varint(n) + varint(v) for n, v in pairs)


def string_attr(index):
    return varint(2) + varint(index)


def main():
    kind, out = sys.argv[1], sys.argv[2]
    if kind == "valid":
        data = build([UNKNOWN_LOC])
    elif kind == "self-array":
        # 0: loc, 1: {a = #1's array}, 2: "a", 3: [3]
        data = build([UNKNOWN_LOC, dictionary((2, 3)), string_attr(2),
                      array(3)], op_attrs=1)
    elif kind == "deep-array":
        depth = int(sys.argv[3])
        attrs = [UNKNOWN_LOC, dictionary((2, 3)), string_attr(2)]
        for level in range(depth):
            index = 3 + level
            attrs.append(array(index + 1) if level + 1 < depth else array())
        data = build(attrs, op_attrs=1)
    elif kind == "huge-strings":
        data = build([UNKNOWN_LOC], string_section=varint(1 << 40))
    elif kind == "group-overrun":
        data = build([UNKNOWN_LOC], attr_groups=[(0, 5)])
    elif kind == "bad-index":
        data = build([UNKNOWN_LOC], loc=7)
    else:
        sys.exit("unknown kind " + kind)
    with open(out, "wb") as f:
        f.write(data)


main()
