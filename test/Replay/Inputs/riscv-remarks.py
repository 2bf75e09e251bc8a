#!/usr/bin/env python3
"""Prints each remark of a remarks.opt.yaml: its type, name, function,
hotness and DebugLoc (file base name:line:column, or -), then how many."""

import os
import sys

import yaml

text = open(sys.argv[1]).read()
# The remark types are YAML tags: keep them as a field.
docs = []
for doc in text.split("--- !")[1:]:
    kind, body = doc.split("\n", 1)
    remark = yaml.safe_load(body.replace("\n...", "\n")) or {}
    remark["Type"] = kind.strip()
    docs.append(remark)
for r in docs:
    loc = r.get("DebugLoc")
    where = ("%s:%d:%d" % (os.path.basename(loc["File"]), loc["Line"],
                           loc["Column"]) if loc else "-")
    print(r["Type"], r["Name"], r["Function"], r["Hotness"], where)
print(len(docs), "remarks")
