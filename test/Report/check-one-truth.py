#!/usr/bin/env python3
"""Checks that every output of one snr-replay run shows each figure as
metrics.json has it (docs/reports.md, "One figure, one name").

    check-one-truth.py RUN_DIR [--chakra FILE.et] [--xla FILE.pbtxt]
                       [--folded FILE] [--folded-cycles FILE]
                       [--chakra-schema SCHEMA.proto]

RUN_DIR is an `snr-replay --program P --apply` output directory. Reads
metrics.json, then every output that shows one of its figures, and checks
each against it: summary.txt, report.html, remarks.opt.yaml,
rewrite-remarks.opt.yaml, diff.json, rewrite.json, program-rewrite.json,
timeline.json and, when given, the Chakra trace, the XLA profile and the
folded stacks (both modes). Prints one line per output with the number of
figures checked and exits 0, or prints every disagreement and exits 1.

Needs python3-yaml (the remarks) and, for --chakra, python3-protobuf and
protoc.
"""

import argparse
import collections
import decimal
import html
import importlib.util
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


class Checker:
    def __init__(self):
        self.problems = []
        self.counts = collections.OrderedDict()
        self.output = None

    def start(self, output):
        self.output = output
        self.counts.setdefault(output, 0)

    def same(self, what, expected, shown):
        """`shown` (what the output says) must be `expected` (metrics.json's
        figure, or what it implies)."""
        self.counts[self.output] += 1
        if expected != shown:
            self.problems.append("%s: %s is %r, metrics.json says %r"
                                 % (self.output, what, shown, expected))

    def found(self, what, match):
        if match is None:
            self.counts[self.output] += 1
            self.problems.append("%s: no %s" % (self.output, what))
        return match


def number(text):
    return int(text.replace(",", ""))


def load_json(path):
    with open(path) as f:
        return json.load(f)


# -- metrics.json ------------------------------------------------------------

class Metrics:
    def __init__(self, m):
        self.m = m
        self.cycles = m["totals"]["cycles"]
        self.clock = m["machine"]["clock_ghz"]
        self.kinds = m["stalls"]["by_kind"]
        self.dma = m["dma"]["totals"]
        self.hlos = {h["name"]: h for h in m["hlos"]}
        self.static = {s["pc"]: s for s in m["static"]["instructions"]}
        self.static_dmas = {d["pc"]: d for d in m["static"]["dmas"]}
        self.bottlenecks = m["bottlenecks"]


def check_metrics_itself(c, M):
    """The figures metrics.json holds twice agree, and the names that say how
    two measures differ add up."""
    c.start("metrics.json")
    m = M.m
    c.same("stalls.total = the sum of stalls.by_kind",
           m["stalls"]["total"], sum(M.kinds.values()))
    c.same("stalls.by_kind.dma_wait = dma.totals.stall + "
           "stalls.dma_wait_other", M.kinds["dma_wait"],
           M.dma["stall"] + m["stalls"]["dma_wait_other"])
    c.same("dma.totals.stall = base_stall + transfer_stall", M.dma["stall"],
           M.dma["base_stall"] + M.dma["transfer_stall"])
    c.same("the DMA table's stalls add up to dma.totals.stall",
           M.dma["stall"], sum(d["stall"] for d in m["dma"]["table"]))
    c.same("the DMA table's slacks add up to dma.totals.slack",
           M.dma["slack"], sum(d["slack"] for d in m["dma"]["table"]))
    c.same("the charged DMAs' slacks add up to dma.totals.wait_slack",
           M.dma["wait_slack"],
           sum(d["slack"] for d in m["dma"]["table"] if d["charged"]))
    c.same("static.dmas' stalls add up to dma.totals.stall", M.dma["stall"],
           sum(d["stall"] for d in M.static_dmas.values()))
    c.same("static.instructions' stalls add up to stalls.total",
           m["stalls"]["total"],
           sum(s["stall_cycles"] for s in M.static.values()))
    c.same("hlos' own cycles add up to the run", M.cycles,
           sum(h["own_cycles"] for h in M.hlos.values()))
    c.same("hlos' stalls add up to stalls.total", m["stalls"]["total"],
           sum(h["stalls"]["total"] for h in M.hlos.values()))
    c.same("bottlenecks.stall_cycles = stalls.total", m["stalls"]["total"],
           M.bottlenecks["stall_cycles"])


# -- summary.txt -------------------------------------------------------------

def check_summary(c, M, rewrite, program, path):
    c.start("summary.txt")
    text = open(path).read()
    m = c.found("cycles line", re.search(
        r"^  ([0-9,]+) cycles \(.*\), ([0-9,]+) instructions", text, re.M))
    if m:
        c.same("cycles", M.cycles, number(m.group(1)))
        c.same("instructions", M.m["totals"]["instructions"],
               number(m.group(2)))
    m = c.found("stalls line",
                re.search(r"^  stalls: ([0-9,]+) cycles", text, re.M))
    if m:
        c.same("stall cycles", M.m["stalls"]["total"], number(m.group(1)))
    for kind, cycles in M.kinds.items():
        if not cycles:
            continue
        m = c.found("%s line" % kind, re.search(
            r"^    %s +([0-9,]+) " % re.escape(kind), text, re.M))
        if m:
            c.same("%s stall" % kind, cycles, number(m.group(1)))
    m = c.found("dma_wait split", re.search(
        r"\(base latency ([0-9,]+) \+ transfer ([0-9,]+) = DMA stall "
        r"([0-9,]+)(?:; ([0-9,]+) also held by another constraint)?\)", text))
    if m:
        c.same("base latency stall", M.dma["base_stall"], number(m.group(1)))
        c.same("transfer stall", M.dma["transfer_stall"], number(m.group(2)))
        c.same("DMA stall", M.dma["stall"], number(m.group(3)))
        c.same("dma_wait held by another constraint",
               M.m["stalls"]["dma_wait_other"],
               number(m.group(4)) if m.group(4) else 0)
    m = c.found("DMAs line", re.search(
        r"^  DMAs: ([0-9,]+) \(([0-9,]+) stalled\), .*; DMA stall ([0-9,]+) "
        r"cycles \(([0-9,]+) base latency, ([0-9,]+) transfer\); DMA slack "
        r"([0-9,]+) \(summed per DMA; per wait ([0-9,]+)\)", text, re.M))
    if m:
        for i, key in enumerate(["dmas", "stalled_dmas", "stall",
                                 "base_stall", "transfer_stall", "slack",
                                 "wait_slack"]):
            c.same("DMAs line's %s" % key, M.dma[key], number(m.group(i + 1)))
    for m in re.finditer(r"^    ([^ ]+) +([0-9,]+) +[0-9.]+%  mostly",
                         text, re.M):
        c.same("HLO %s's stall" % m.group(1),
               M.hlos[m.group(1)]["stalls"]["total"], number(m.group(2)))
    m = c.found("suggestions line", re.search(
        r"together up to ([0-9,]+) cycles", text))
    if m:
        c.same("expected saving", M.m["suggestions"]["expected_saving"],
               number(m.group(1)))
    for m in re.finditer(r"^    \d+\. DMA at pc (\d+) .*, ([0-9,]+) "
                         r"instances?, saves ([0-9,]+) cycles", text, re.M):
        d = M.static_dmas[int(m.group(1))]
        c.same("pc %s's instances" % m.group(1), d["instances"],
               number(m.group(2)))
        c.same("pc %s's expected saving" % m.group(1), d["expected_saving"],
               number(m.group(3)))
    top = {(b["producer_pc"], b["consumer_pc"], b["reason"]): b
           for b in M.bottlenecks["top"]}
    reasons = {"DMA wait": "dma_wait", "register": "scoreboard",
               "unit busy": "unit_busy", "branch refill": "branch",
               "fence": "fence"}
    for m in re.finditer(r"^    (?:largest \w+ stall \([0-9,]+ cycles in "
                         r"all\): )?\S+ pc (\d+) -> \S+ pc (\d+) \(([a-zA-Z "
                         r"]+)[,)].*?: ([0-9,]+) cycles over ([0-9,]+) "
                         r"executions?", text, re.M):
        b = top.get((int(m.group(1)), int(m.group(2)),
                     reasons[m.group(3).strip()]))
        if c.found("bottleneck pc %s -> %s in metrics.json"
                   % (m.group(1), m.group(2)), b):
            c.same("bottleneck pc %s -> %s's cycles" % (m.group(1),
                                                        m.group(2)),
                   b["cycles"], number(m.group(4)))
            c.same("bottleneck pc %s -> %s's executions" % (m.group(1),
                                                            m.group(2)),
                   b["executions"], number(m.group(5)))
    # The rewrites, against their own files.
    trace = text.split("trace rewrite:", 1)[-1]
    m = c.found("trace rewrite's cycles", re.search(
        r"^  cycles ([0-9,]+) -> ([0-9,]+)", trace, re.M))
    if m:
        c.same("trace rewrite's cycles before", M.cycles, number(m.group(1)))
        c.same("trace rewrite's cycles after (rewrite.json)",
               rewrite["after"]["total_cycles"], number(m.group(2)))
    m = c.found("trace rewrite's DMA stall", re.search(
        r"^  DMA stall ([0-9,]+) -> ([0-9,]+)", trace, re.M))
    if m:
        c.same("trace rewrite's DMA stall before", M.dma["stall"],
               number(m.group(1)))
        after = rewrite["after"]
        c.same("trace rewrite's DMA stall after (rewrite.json)",
               after["dma_wait_base_stall"] + after["dma_wait_transfer_stall"],
               number(m.group(2)))
    if program is not None:
        prog = text.split("program rewrite:", 1)[-1]
        m = c.found("program rewrite's cycles", re.search(
            r"^  cycles ([0-9,]+) -> ([0-9,]+)", prog, re.M))
        if m:
            c.same("program rewrite's cycles before", M.cycles,
                   number(m.group(1)))
            c.same("program rewrite's cycles after (program-rewrite.json)",
                   program["after"]["cycles"], number(m.group(2)))
        for m in re.finditer(r"^  pc (\d+) \(.*; DMA stall ([0-9,]+) -> "
                             r"([0-9,]+)", prog, re.M):
            d = [d for d in program["dmas"] if d["pc"] == int(m.group(1))][0]
            c.same("program rewrite pc %s's DMA stall before" % m.group(1),
                   M.static_dmas[d["pc"]]["stall"], number(m.group(2)))
            c.same("program rewrite pc %s's DMA stall after" % m.group(1),
                   d["stall_after"], number(m.group(3)))


# -- report.html -------------------------------------------------------------

def cells(row):
    return [html.unescape(re.sub(r"<[^>]+>", " ", c)).split()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def table_rows(text, table_id):
    m = re.search(r'<table[^>]*id="%s".*?</table>' % re.escape(table_id),
                  text, re.S)
    if not m:
        return None
    return [row for row in re.findall(r"<tr>.*?</tr>|<tr [^>]*>.*?</tr>",
                                      m.group(0), re.S) if "<td" in row]


def check_report(c, M, rewrite, program, path):
    c.start("report.html")
    text = open(path).read()
    cards = {html.unescape(k): html.unescape(v) for v, k in re.findall(
        r'<div class="card"><div class="v">([^<]*)</div><div class="k">'
        r'([^<]*)</div>', text)}
    c.same("card 'cycles'", M.cycles, number(cards.get("cycles", "-1")))
    c.same("card 'instructions'", M.m["totals"]["instructions"],
           number(cards.get("instructions", "-1")))
    c.same("card 'DMA stall cycles (base latency + transfer)'",
           M.dma["stall"],
           number(cards.get("DMA stall cycles (base latency + transfer)",
                            "-1")))
    c.same("card 'cycles suggestions could save'",
           M.m["suggestions"]["expected_saving"],
           number(cards.get("cycles suggestions could save", "-1")))
    rows = c.found("stall-kinds table", table_rows(text, "stall-kinds"))
    for row in rows or []:
        kind, cycles = cells(row)[:2]
        c.same("stall kind %s" % kind[0], M.kinds[kind[0]], number(cycles[0]))
    m = c.found("the dma_wait split", re.search(
        r'<p id="dma-wait-split">(.*?)</p>', text, re.S))
    if m:
        figures = [number(n) for n in re.findall(r"\d[\d,]*", re.sub(
            r"<[^>]+>", "", m.group(1)))]
        c.same("the dma_wait split paragraph's figures",
               [M.kinds["dma_wait"], M.dma["stall"], M.dma["base_stall"],
                M.dma["transfer_stall"]] +
               ([M.m["stalls"]["dma_wait_other"]]
                if M.m["stalls"]["dma_wait_other"] else []) +
               [M.dma["stalled_dmas"], M.dma["dmas"], M.dma["slack"],
                M.dma["wait_slack"]], figures)
    rows = c.found("HLO table", table_rows(text, "hlo-table"))
    for row in rows or []:
        cell = cells(row)
        h = M.hlos[cell[0][0]]
        c.same("HLO %s's span" % h["name"], h["cycles"], number(cell[2][0]))
        c.same("HLO %s's own cycles" % h["name"], h["own_cycles"],
               number(cell[3][0]))
        c.same("HLO %s's stall" % h["name"], h["stalls"]["total"],
               number(cell[4][0]))
    rows = c.found("static DMA table", table_rows(text, "static-dma-table"))
    for row in rows or []:
        cell = cells(row)
        d = M.static_dmas[int(cell[0][1])]
        c.same("static DMA pc %d's DMA stall" % d["pc"], d["stall"],
               number(cell[3][0]))
        c.same("static DMA pc %d's expected saving" % d["pc"],
               d["expected_saving"], number(cell[-1][0]))
    # The rewrites.
    rows = c.found("rewrite table", table_rows(text, "rewrite-table"))
    named = {" ".join(cell[0]): cell for cell in map(cells, rows or [])}
    after = rewrite["after"]
    for name, before, after_value in [
            ("cycles", M.cycles, after["total_cycles"]),
            ("DMA stall (base latency + transfer)", M.dma["stall"],
             after["dma_wait_base_stall"] + after["dma_wait_transfer_stall"]),
            ("DMA slack (each DMA's, summed)", M.dma["slack"],
             after["dma_slack"]),
            ("wait slack (each wait's, summed)", M.dma["wait_slack"],
             after["dma_wait_slack"])]:
        cell = named.get(name)
        if c.found("rewrite table row '%s'" % name, cell):
            c.same("rewrite table '%s' before" % name, before,
                   number(cell[1][0]))
            c.same("rewrite table '%s' after" % name, after_value,
                   number(cell[2][0]))
    m = c.found("trace rewrite's gain", re.search(
        r'id="gain-trace">.*?: ([0-9,]+) &rarr; ([0-9,]+) cycles', text))
    if m:
        c.same("trace rewrite's gain: before", M.cycles, number(m.group(1)))
        c.same("trace rewrite's gain: after", after["total_cycles"],
               number(m.group(2)))
    if program is not None:
        m = c.found("program rewrite's gain", re.search(
            r'id="gain-program">.*?: ([0-9,]+) &rarr; ([0-9,]+) cycles', text))
        if m:
            c.same("program rewrite's gain: before", M.cycles,
                   number(m.group(1)))
            c.same("program rewrite's gain: after",
                   program["after"]["cycles"], number(m.group(2)))
        for table in ("change-table", "change-table-more"):
            for row in table_rows(text, table) or []:
                cell = cells(row)
                pc = int(cell[1][1])
                d = [d for d in program["dmas"] if d["pc"] == pc][0]
                c.same("change pc %d's DMA stall before" % pc,
                       M.static_dmas[pc]["stall"], number(cell[5][0]))
                c.same("change pc %d's DMA stall after" % pc,
                       d["stall_after"], number(cell[5][2]))


# -- the remarks ---------------------------------------------------------------

def remarks(path):
    text = open(path).read().replace("--- !", "--- #")
    out = []
    for doc in yaml.safe_load_all(text):
        if not doc:
            continue
        args = {}
        for arg in doc.get("Args", []):
            for key, value in arg.items():
                if key != "String" and key != "DebugLoc":
                    args[key] = value
        doc["args"] = args
        out.append(doc)
    return out


def check_remarks(c, M, path):
    c.start("remarks.opt.yaml")
    stall_total = 0
    for r in remarks(path):
        if r["Name"] == "stall":
            pc = int(re.search(r"at pc (\d+)", r["Args"][0]["String"]).group(1))
            c.same("stall remark pc %d's stall cycles" % pc,
                   M.static[pc]["stall_cycles"],
                   int(r["args"]["stall_cycles"]))
            c.same("stall remark pc %d's Hotness" % pc,
                   M.static[pc]["stall_cycles"], r["Hotness"])
            stall_total += r["Hotness"]
        elif r["Name"] == "dma-hoist":
            pc = int(re.search(r"at pc (\d+)", r["Args"][0]["String"]).group(1))
            d = M.static_dmas[pc]
            for key, arg in [("stall", "stall_cycles"),
                             ("base_stall", "base_stall_cycles"),
                             ("transfer_stall", "transfer_stall_cycles"),
                             ("expected_saving", "expected_saving_cycles")]:
                c.same("dma-hoist remark pc %d's %s" % (pc, arg), d[key],
                       int(r["args"][arg]))
    c.same("the stall remarks' Hotness adds up to the stall cycles",
           M.m["stalls"]["total"], stall_total)


def check_rewrite_remarks(c, M, rewrite, program, path):
    c.start("rewrite-remarks.opt.yaml")
    outcomes = {r["Name"]: r for r in remarks(path)
                if r["Function"] == M.m["trace"]["program"]}
    r = c.found("the trace rewrite's outcome", outcomes.get("trace-rewrite"))
    if r:
        c.same("trace rewrite's cycles before", M.cycles,
               int(r["args"]["cycles_before"]))
        c.same("trace rewrite's cycles after",
               rewrite["after"]["total_cycles"],
               int(r["args"]["cycles_after"]))
        c.same("trace rewrite's DMA stall before", M.dma["stall"],
               int(r["args"]["dma_stall_before"]))
    if program is not None:
        r = c.found("the program rewrite's outcome",
                    outcomes.get("program-rewrite"))
        if r:
            c.same("program rewrite's cycles before", M.cycles,
                   int(r["args"]["cycles_before"]))
            c.same("program rewrite's cycles after",
                   program["after"]["cycles"], int(r["args"]["cycles_after"]))
        for r in remarks(path):
            if r["Name"] != "program-rewrite" or r in outcomes.values():
                continue
            pc = int(re.search(r"at pc (\d+)", r["Args"][0]["String"]).group(1))
            if r["Args"][0]["String"].startswith("dma.wait"):
                # A wait's stall is its own (the static instruction's).
                c.same("program-rewrite remark pc %d's wait stall before" % pc,
                       M.static[pc]["stall_cycles"],
                       int(r["args"]["stall_before_cycles"]))
                continue
            c.same("program-rewrite remark pc %d's DMA stall before" % pc,
                   M.static_dmas[pc]["stall"],
                   int(r["args"]["stall_before_cycles"]))


# -- the JSON files of the rewrite and the comparison ------------------------

def check_rewrite_json(c, M, rewrite, program):
    c.start("rewrite.json")
    before = rewrite["before"]
    c.same("before.total_cycles", M.cycles, before["total_cycles"])
    c.same("before.instructions", M.m["totals"]["instructions"],
           before["instructions"])
    c.same("before.stall_cycles", M.kinds, before["stall_cycles"])
    c.same("before.dma_wait_base_stall", M.dma["base_stall"],
           before["dma_wait_base_stall"])
    c.same("before.dma_wait_transfer_stall", M.dma["transfer_stall"],
           before["dma_wait_transfer_stall"])
    c.same("before.dma_wait_slack (wait slack)", M.dma["wait_slack"],
           before["dma_wait_slack"])
    c.same("before.dma_slack (DMA slack)", M.dma["slack"],
           before["dma_slack"])
    if program is not None:
        c.start("program-rewrite.json")
        c.same("before.cycles (the whole run re-recorded)", M.cycles,
               program["before"]["cycles"])
        c.same("before.instructions", M.m["totals"]["instructions"],
               program["before"]["instructions"])
        for d in program["dmas"]:
            c.same("pc %d's stall_before (its DMA stall)" % d["pc"],
                   M.static_dmas[d["pc"]]["stall"], d["stall_before"])


def check_diff(c, M, rewrite, path):
    c.start("diff.json")
    diff = load_json(path)
    sections = {s["title"]: {r["name"]: r for r in s["rows"]}
                for s in diff["sections"]}
    totals = sections["Totals"]
    for name, before, after in [
            ("totals.cycles", M.cycles, rewrite["after"]["total_cycles"]),
            ("totals.instructions", M.m["totals"]["instructions"],
             rewrite["after"]["instructions"]),
            ("stalls.total", M.m["stalls"]["total"],
             sum(rewrite["after"]["stall_cycles"].values())),
            ("dma.totals.stall", M.dma["stall"],
             rewrite["after"]["dma_wait_base_stall"] +
             rewrite["after"]["dma_wait_transfer_stall"])]:
        c.same("%s before" % name, before, totals[name]["before"])
        c.same("%s after (rewrite.json)" % name, after, totals[name]["after"])
    for kind, cycles in M.kinds.items():
        row = sections["Stall cycles by kind"][kind]
        c.same("%s before" % kind, cycles, row["before"])
        c.same("%s after (rewrite.json)" % kind,
               rewrite["after"]["stall_cycles"][kind], row["after"])
    for name, h in M.hlos.items():
        c.same("HLO %s's stall before" % name, h["stalls"]["total"],
               sections["Stall cycles by HLO"][name]["before"])
        c.same("HLO %s's span before" % name, h["cycles"],
               sections["Cycles by HLO (span)"][name]["before"])
    for row in sections["Stall cycles by static instruction"].values():
        pc = int(row["name"].split()[1])
        c.same("pc %d's stall before" % pc, M.static[pc]["stall_cycles"],
               row["before"])
    for row in sections["DMA stall by static DMA"].values():
        pc = int(row["name"].split()[1])
        c.same("static DMA pc %d's DMA stall before" % pc,
               M.static_dmas[pc]["stall"], row["before"])


# -- timeline.json -------------------------------------------------------------

def check_timeline(c, M, path):
    c.start("timeline.json")
    with open(path) as f:
        t = json.load(f, parse_float=decimal.Decimal)
    other = t["otherData"]
    c.same("clock_ghz", M.clock, float(other["clock_ghz"]))
    c.same("end_cycle", M.cycles, other["end_cycle"])
    dmas = [e for e in t["traceEvents"]
            if e["ph"] == "b" and e["name"].startswith("dma ")]
    c.same("DMA slices", M.dma["dmas"], len(dmas))
    c.same("the DMA slices' base stalls", M.dma["base_stall"],
           sum(e["args"]["base_stall"] for e in dmas))
    c.same("the DMA slices' transfer stalls", M.dma["transfer_stall"],
           sum(e["args"]["transfer_stall"] for e in dmas))
    c.same("the DMA slices' slacks", M.dma["slack"],
           sum(e["args"]["slack"] for e in dmas))
    # Every slice's time is its cycle at the clock, to the nanosecond.
    wrong = [e for e in t["traceEvents"] if e["ph"] in ("X", "b")
             and round(e["args"]["cycle"] / M.clock) != int(e["ts"] * 1000)]
    c.same("slices whose ts is not their cycle at the clock", [], wrong[:3])


# -- the exports -------------------------------------------------------------

def check_chakra(c, M, path, schema_path):
    c.start(os.path.basename(path))
    spec = importlib.util.spec_from_file_location(
        "check_chakra", os.path.join(HERE, "..", "Export", "check-chakra.py"))
    cc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cc)
    schema = cc.load_schema(os.path.abspath(schema_path))
    raw = list(cc.messages(open(path, "rb").read()))
    meta = schema.GlobalMetadata()
    meta.ParseFromString(raw[0])
    nodes = []
    for blob in raw[1:]:
        node = schema.Node()
        node.ParseFromString(blob)
        nodes.append(node)
    c.same("snr_total_cycles", M.cycles, cc.attrs(meta)["snr_total_cycles"])
    dma_nodes = [n for n in nodes if n.type != schema.COMP_NODE]
    c.same("DMA nodes", M.dma["dmas"], len(dma_nodes))
    c.same("the DMA nodes' cycles (issue to completion)",
           sum(d["complete_cycle"] - d["issue_cycle"]
               for d in M.m["dma"]["table"]),
           sum(cc.attrs(n)["snr_duration_cycles"] for n in dma_nodes))
    end = {}
    for n in sorted(nodes, key=lambda n: n.id):
        start = max((end[d] for d in set(n.data_deps) | set(n.ctrl_deps)),
                    default=0)
        end[n.id] = start + cc.attrs(n)["snr_duration_cycles"]
    path_cycles = max(end.values())
    c.same("the critical path within 2 % of the run", True,
           abs(path_cycles - M.cycles) <= 0.02 * M.cycles)


def check_xla(c, M, path):
    c.start(os.path.basename(path))
    text = open(path).read()
    costs = {name: decimal.Decimal(cost) for name, cost in re.findall(
        r'costs \{\n  name: "([^"]+)"\n  cost_us: ([0-9.]+)\n\}', text)}
    for name, h in M.hlos.items():
        if name == "(no hlo)":
            continue
        key = h.get("xla_name") or name
        micros = decimal.Decimal(h["own_cycles"]) / decimal.Decimal(
            repr(M.clock * 1000))
        c.same("cost of %s (its own cycles)" % key,
               micros.quantize(decimal.Decimal("0.000001")), costs.get(key))


def check_folded(c, M, path, cycles_mode):
    c.start(os.path.basename(path))
    rows = [line.rsplit(" ", 1) for line in open(path).read().splitlines()]
    stacks = [(frames.split(";"), int(count)) for frames, count in rows]
    stalls = [(f, n) for f, n in stacks if f[2] not in ("issue", "drain")]
    if cycles_mode:
        c.same("every cycle of the run", M.cycles, sum(n for _, n in stacks))
    c.same("the stall cycles", M.m["stalls"]["total"],
           sum(n for _, n in stalls))
    by_hlo = collections.Counter()
    by_pc = collections.Counter()
    by_kind = collections.Counter()
    for frames, n in stalls:
        by_hlo[frames[0]] += n
        by_pc[int(frames[1].split(":")[0][2:])] += n
        by_kind[frames[2]] += n
    for name, h in M.hlos.items():
        c.same("HLO %s's stall" % name, h["stalls"]["total"], by_hlo[name])
    for pc, s in M.static.items():
        c.same("pc %d's stall" % pc, s["stall_cycles"], by_pc[pc])
    for kind, cycles in M.kinds.items():
        c.same("%s stall" % kind, cycles, by_kind[kind])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run")
    parser.add_argument("--chakra")
    parser.add_argument("--chakra-schema")
    parser.add_argument("--xla")
    parser.add_argument("--folded")
    parser.add_argument("--folded-cycles")
    args = parser.parse_args()
    run = lambda name: os.path.join(args.run, name)

    c = Checker()
    M = Metrics(load_json(run("metrics.json")))
    rewrite = load_json(run("rewrite.json"))
    program = (load_json(run("program-rewrite.json"))
               if os.path.exists(run("program-rewrite.json")) else None)
    check_metrics_itself(c, M)
    check_summary(c, M, rewrite, program, run("summary.txt"))
    check_report(c, M, rewrite, program, run("report.html"))
    check_remarks(c, M, run("remarks.opt.yaml"))
    check_rewrite_remarks(c, M, rewrite, program,
                          run("rewrite-remarks.opt.yaml"))
    check_rewrite_json(c, M, rewrite, program)
    check_diff(c, M, rewrite, run("diff.json"))
    check_timeline(c, M, run("timeline.json"))
    if args.chakra:
        check_chakra(c, M, args.chakra, args.chakra_schema)
    if args.xla:
        check_xla(c, M, args.xla)
    if args.folded:
        check_folded(c, M, args.folded, False)
    if args.folded_cycles:
        check_folded(c, M, args.folded_cycles, True)

    for output, count in c.counts.items():
        print("%s: %d figures checked" % (output, count))
    if c.problems:
        for problem in c.problems:
            print("error: " + problem)
        return 1
    print("one truth: %d figures in %d outputs agree with metrics.json"
          % (sum(c.counts.values()), len(c.counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
