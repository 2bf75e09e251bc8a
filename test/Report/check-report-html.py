#!/usr/bin/env python3
"""Renders report.html in headless Chromium and checks every plot drew.

Runs Chromium with --dump-dom on the report, which executes the report's
inline render check: for each <svg class="snr-plot"> it counts the elements
of class "data" with a non-empty bounding box and measures the plot, and
writes "id=count:WxH ..." into #render-check's data-plots attribute, and
what sticks out of the page at the window's width (data-clipped) and the
sections with no content (data-empty). This script fails if the check did
not run, if anything is clipped or empty, or if any of the four plots is
missing, drew no data element, or has no size. It also parses every plot
and the SVG files next to the report as XML.

It also fails if a table is wider than the page at that width (it would
scroll on its own, hiding columns: data-overflowing).

--expect-plot ID requires one more plot (repeatable): the rewrite
section's plot-dma-timeline-before and plot-dma-timeline-after, a page of
the DMA timeline (plot-dma-timeline-page2). A plot left out because it
would be empty, with a note of id "<plot>-none" saying so, is not missing.
--hidden-plot ID requires a
plot to be in the page but not displayed (a page not selected), in place of
requiring it drawn. --first-screen PX requires the first section's gain
cards (the proved gain of each rewrite) and its first three changes to end
within PX pixels of the top of the page (data-first-screen), and prints
them.

usage: check-report-html.py [--chromium PATH] [--width PX]
                            [--expect-plot ID]... [--hidden-plot ID]...
                            [--first-screen PX] report.html
Standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PLOTS = ["plot-dma-timeline", "plot-utilization", "plot-data-cache",
         "plot-fragmentation"]
SVG_FILES = ["dma-timeline.svg", "utilization.svg", "data-cache.svg",
             "fragmentation.svg"]


def dump_dom(chromium, html, width):
    profile = tempfile.mkdtemp(prefix="snr-chromium-")
    try:
        command = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--user-data-dir=" + profile,
            "--window-size=%d,1024" % width, "--dump-dom",
            "file://" + os.path.abspath(html),
        ]
        result = subprocess.run(command, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=180)
        if result.returncode != 0:
            raise RuntimeError("chromium exited with %d: %s" % (
                result.returncode, result.stderr.decode(errors="replace")[-2000:]))
        return result.stdout.decode("utf-8", errors="replace")
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--width", type=int, default=1280,
                        help="window width in pixels (default 1280)")
    parser.add_argument("--expect-plot", action="append", default=[],
                        help="one more plot that must be drawn")
    parser.add_argument("--hidden-plot", action="append", default=[],
                        help="a plot that must be present but not shown")
    parser.add_argument("--first-screen", type=int, default=0,
                        help="the gains and the top three changes end "
                             "within this many pixels of the top")
    args = parser.parse_args()
    problems = []

    # The plots as XML: inline in the report, and the files next to it.
    with open(args.html, encoding="utf-8") as f:
        source = f.read()
    for match in re.finditer(r"<svg\b.*?</svg>", source, re.S):
        try:
            ET.fromstring(match.group(0))
        except ET.ParseError as error:
            problems.append("an inline plot is not XML: %s" % error)
    directory = os.path.dirname(os.path.abspath(args.html))
    for name in SVG_FILES:
        path = os.path.join(directory, name)
        if os.path.exists(path):
            try:
                ET.parse(path)
            except ET.ParseError as error:
                problems.append("%s is not XML: %s" % (name, error))

    try:
        dom = dump_dom(args.chromium, args.html, args.width)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as error:
        print("%s: could not render: %s" % (args.html, error))
        return 1
    marker = re.search(r'<div id="render-check"[^>]*>', dom)
    if not marker:
        print("%s: no #render-check element in the rendered DOM" % args.html)
        return 1
    status = re.search(r'data-status="([^"]*)"', marker.group(0))
    plots_attr = re.search(r'data-plots="([^"]*)"', marker.group(0))
    if not status or status.group(1) != "rendered" or not plots_attr:
        print("%s: the render check did not run (%s)" % (args.html, marker.group(0)))
        return 1
    measured = {}
    for item in plots_attr.group(1).split():
        found = re.fullmatch(r"([\w-]+)=(\d+):(\d+)x(\d+)", item)
        if found:
            measured[found.group(1)] = tuple(int(g) for g in found.groups()[1:])
    clipped = re.search(r'data-clipped="([^"]*)"', marker.group(0))
    if clipped and clipped.group(1).strip():
        problems.append("clipped at %d px: %s" % (args.width, clipped.group(1)))
    overflowing = re.search(r'data-overflowing="([^"]*)"', marker.group(0))
    if overflowing and overflowing.group(1).strip():
        problems.append("tables wider than the page at %d px (they scroll, "
                        "hiding columns): %s" % (args.width,
                                                 overflowing.group(1)))
    first_screen = []
    if args.first_screen:
        found = re.search(r'data-first-screen="([^"]*)"', marker.group(0))
        ends = dict(item.rsplit(":", 1)
                    for item in (found.group(1).split() if found else []))
        gains = [k for k in ends if k.startswith("gain-")]
        if not gains:
            problems.append("the first screen has no gain card")
        for key in gains + ["change-1", "change-2", "change-3"]:
            if key not in ends:
                problems.append("the first screen has no %s" % key)
            elif int(ends[key]) > args.first_screen:
                problems.append("%s ends at %s px, below the first %d px"
                                % (key, ends[key], args.first_screen))
            else:
                first_screen.append(key)
    empty = re.search(r'data-empty="([^"]*)"', marker.group(0))
    if empty and empty.group(1).strip():
        problems.append("empty sections: %s" % empty.group(1))
    plots = [p for p in PLOTS + args.expect_plot if p not in args.hidden_plot]
    for plot in args.hidden_plot:
        if plot not in measured:
            problems.append("plot %s is missing" % plot)
        elif measured[plot][1:] != (0, 0):
            problems.append("plot %s is displayed (%dx%d), expected hidden"
                            % ((plot,) + measured[plot][1:]))
    for plot in plots:
        if plot not in measured:
            # Left out because empty, and said so, is not missing.
            if 'id="%s-none"' % plot in source:
                continue
            problems.append("plot %s is missing" % plot)
            continue
        drawn, width, height = measured[plot]
        if drawn == 0:
            problems.append("plot %s is empty: no data element drawn" % plot)
        if width == 0 or height == 0:
            problems.append("plot %s has no size (%dx%d)" % (plot, width, height))

    if problems:
        for message in problems:
            print("%s: %s" % (args.html, message))
        return 1
    print("report renders: " + " ".join(
        "%s=%d" % (plot, measured[plot][0]) for plot in plots))
    if first_screen:
        print("first %d px: %s" % (args.first_screen, " ".join(first_screen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
