#!/usr/bin/env python3
"""Checks the structure of a Chrome trace-event file (timeline.json).

What Perfetto (ui.perfetto.dev) and chrome://tracing rely on, and what the
SnR timeline promises (docs/reports.md):
  - a JSON object with a "traceEvents" list;
  - every event has "ph" and "pid"; every complete event ("X") has a name,
    "ts" >= 0 and "dur" >= 0, on a (pid, tid) named by "thread_name"
    metadata, in a process named by "process_name";
  - "B"/"E" events, if any, are balanced per track;
  - nestable async events ("b"/"e") have a cat and an id, on a named
    track; per (cat, id) every "e" closes the innermost open "b" of its name,
    not earlier, and a child ends within its parent;
  - no two complete events on one track overlap unless one nests inside the
    other;
  - every flow start ("s") has exactly one finish ("f") with the same cat,
    name and id, not earlier; the start binds to a complete slice on its
    track that begins at its ts, the finish to its enclosing slice
    ("bp": "e"), both of the flow's cat (Chrome DevTools binds a flow only
    to a slice of its category; no viewer binds one to an async slice);
  - a counter ("C") is written only when its value changes.

Times are read as exact decimals (microseconds with nanosecond digits).
Prints one line of counts and exits 0, or prints every problem and exits 1.
Options: --expect-merged / --expect-unmerged check otherData's
"instruction_slices"; --require-flows and --require-counters fail if there
are none.  Standard library only.
"""

import argparse
import collections
import decimal
import json
import sys


def check(trace, args):
    problems = []

    def problem(message):
        if len(problems) < 20:
            problems.append(message)

    if not isinstance(trace, dict) or not isinstance(
        trace.get("traceEvents"), list
    ):
        return ["not a JSON object with a 'traceEvents' list"], {}
    events = trace["traceEvents"]

    process_names = set()
    thread_names = {}
    slices = collections.defaultdict(list)  # (pid, tid) -> [(ts, dur, name)]
    begin_end = collections.defaultdict(int)
    flow_starts = collections.defaultdict(list)
    flow_finishes = collections.defaultdict(list)
    cat_slices = collections.defaultdict(list)  # (pid, tid) -> [(ts, dur, cat)]
    finish_binds = []  # (track, ts, cat, where) of each "f"
    start_binds = []  # (track, ts, cat, where) of each "s"
    async_open = collections.defaultdict(list)  # (cat, id) -> [(name, ts)]
    async_slices = 0
    counters = collections.defaultdict(list)  # (pid, name, id) -> [(ts, args)]
    used_tracks = set()
    counts = collections.Counter()

    for index, event in enumerate(events):
        where = "event %d" % index
        if not isinstance(event, dict):
            problem("%s is not an object" % where)
            continue
        ph = event.get("ph")
        pid = event.get("pid")
        if ph is None or pid is None:
            problem("%s has no ph or pid" % where)
            continue
        counts[ph] += 1
        name = event.get("name")
        if ph == "M":
            if name == "process_name":
                process_names.add(pid)
            elif name == "thread_name":
                thread_names[(pid, event.get("tid"))] = event["args"]["name"]
            continue
        ts = event.get("ts")
        if not isinstance(ts, (int, float, decimal.Decimal)) or ts < 0:
            problem("%s (%s) has a bad ts %r" % (where, name, ts))
            continue
        track = (pid, event.get("tid"))
        if ph == "X":
            dur = event.get("dur")
            if not isinstance(dur, (int, float, decimal.Decimal)) or dur < 0:
                problem("%s (%s) has a bad dur %r" % (where, name, dur))
                continue
            if not name:
                problem("%s has no name" % where)
            slices[track].append((ts, dur, name))
            cat_slices[track].append((ts, dur, event.get("cat")))
            used_tracks.add(track)
        elif ph in ("B", "E"):
            begin_end[track] += 1 if ph == "B" else -1
            if begin_end[track] < 0:
                problem("%s: 'E' without 'B' on track %r" % (where, track))
            used_tracks.add(track)
        elif ph in ("b", "e"):
            key = (event.get("cat"), event.get("id"))
            if not key[0] or key[1] is None:
                problem("%s: async event without a cat or an id" % where)
                continue
            used_tracks.add(track)
            stack = async_open[key]
            if ph == "b":
                if not name:
                    problem("%s has no name" % where)
                stack.append((name, ts))
                continue
            if not stack or stack[-1][0] != name:
                problem("%s: 'e' of %r does not close the innermost open "
                        "'b' of %r" % (where, name, key))
                continue
            begin_name, begin_ts = stack.pop()
            if ts < begin_ts:
                problem("%s: %r ends at %s before it begins at %s"
                        % (where, name, ts, begin_ts))
            async_slices += 1
        elif ph in ("s", "f"):
            key = (event.get("cat"), name, event.get("id"))
            if event.get("id") is None:
                problem("%s: flow event without an id" % where)
            if ph == "s":
                flow_starts[key].append(ts)
                start_binds.append((track, ts, event.get("cat"), where))
            else:
                if event.get("bp") != "e":
                    problem("%s: flow finish without \"bp\": \"e\"" % where)
                flow_finishes[key].append(ts)
                finish_binds.append((track, ts, event.get("cat"), where))
            used_tracks.add(track)
        elif ph == "C":
            if not isinstance(event.get("args"), dict) or not event["args"]:
                problem("%s: counter without values" % where)
                continue
            for value in event["args"].values():
                if not isinstance(value, (int, float, decimal.Decimal)):
                    problem("%s: counter value %r is not a number" % (where, value))
            counters[(pid, name, event.get("id"))].append((ts, event["args"]))
        else:
            problem("%s has an unexpected phase %r" % (where, ph))

    for pid in sorted({pid for pid, _ in used_tracks} - process_names):
        problem("process %r has no process_name" % pid)
    for track in sorted(used_tracks, key=repr):
        if track not in thread_names:
            problem("track %r has no thread_name" % (track,))
    for track, balance in sorted(begin_end.items(), key=repr):
        if balance:
            problem("B/E unbalanced on track %r" % (track,))
    for key, stack in sorted(async_open.items(), key=repr):
        if stack:
            problem("async %r: %r never ends" % (key, stack[-1][0]))

    for track, items in sorted(slices.items(), key=repr):
        # Longer first at equal start, so a parent precedes its children.
        items.sort(key=lambda s: (s[0], -s[1]))
        open_ends = []
        for ts, dur, name in items:
            while open_ends and open_ends[-1][0] <= ts:
                open_ends.pop()
            if open_ends and ts + dur > open_ends[-1][0]:
                problem(
                    "on track %s, %r [%s, %s) overlaps %r ending at %s"
                    % (thread_names.get(track, track), name, ts, ts + dur,
                       open_ends[-1][1], open_ends[-1][0])
                )
            open_ends.append((ts + dur, name))

    # A finish binds to the enclosing slice on its track ("bp": "e"); Chrome
    # DevTools binds it only to a slice of the flow's category.
    for track, ts, cat, where in finish_binds:
        if not any(begin <= ts <= begin + dur and slice_cat == cat
                   for begin, dur, slice_cat in cat_slices.get(track, [])):
            problem("%s: flow finish at %s binds to no slice of category %r "
                    "on its track" % (where, ts, cat))
    for track, ts, cat, where in start_binds:
        if not any(begin == ts and slice_cat == cat
                   for begin, dur, slice_cat in cat_slices.get(track, [])):
            problem("%s: flow start at %s binds to no slice of category %r "
                    "beginning there on its track" % (where, ts, cat))
    flows = 0
    for key in sorted(set(flow_starts) | set(flow_finishes), key=repr):
        starts, finishes = flow_starts.get(key, []), flow_finishes.get(key, [])
        if len(starts) != 1 or len(finishes) != 1:
            problem("flow %r has %d starts and %d finishes"
                    % (key, len(starts), len(finishes)))
            continue
        if finishes[0] < starts[0]:
            problem("flow %r finishes before it starts" % (key,))
        flows += 1

    for key, values in sorted(counters.items(), key=repr):
        values.sort(key=lambda v: v[0])
        for (ts0, a), (ts1, b) in zip(values, values[1:]):
            if a == b:
                problem("counter %r repeats %r at %s" % (key[1], b, ts1))
            if ts0 == ts1:
                problem("counter %r has two values at %s" % (key[1], ts1))

    other = trace.get("otherData", {})
    merged = "merged" in str(other.get("instruction_slices", ""))
    if args.expect_merged and not merged:
        problem("expected merged instruction slices, otherData says %r"
                % other.get("instruction_slices"))
    if args.expect_unmerged and merged:
        problem("expected one slice per instruction, otherData says %r"
                % other.get("instruction_slices"))
    if args.require_flows and not flows:
        problem("no flow events")
    if args.require_counters and not counters:
        problem("no counter events")

    summary = {
        "events": len(events),
        "slices": sum(len(v) for v in slices.values()),
        "async": async_slices,
        "tracks": len(thread_names),
        "flows": flows,
        "counters": counts["C"],
        "merged": merged,
    }
    return problems, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("timeline")
    parser.add_argument("--expect-merged", action="store_true")
    parser.add_argument("--expect-unmerged", action="store_true")
    parser.add_argument("--require-flows", action="store_true")
    parser.add_argument("--require-counters", action="store_true")
    args = parser.parse_args()
    try:
        with open(args.timeline, encoding="utf-8") as f:
            # Exact decimals: ts and dur are microseconds with nanosecond
            # digits, and slices that touch must not seem to overlap.
            trace = json.load(f, parse_float=decimal.Decimal)
    except (OSError, ValueError) as error:
        print("%s: not readable JSON: %s" % (args.timeline, error))
        return 1
    problems, summary = check(trace, args)
    if problems:
        for message in problems:
            print("%s: %s" % (args.timeline, message))
        return 1
    print(
        "timeline ok: %(events)d events, %(slices)d slices and %(async)d async "
        "slices on %(tracks)d tracks, %(flows)d flows, %(counters)d counter values, merged=%(merged)s"
        % summary
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
