#!/usr/bin/env python3
"""Loads a profile into speedscope the way its command line does
(speedscope.loadFileFromBase64, from index.html#localProfilePath=...), in
headless Chromium, and prints what speedscope made of it: the page title
(the file's name once imported) and its sandwich table, one symbol a line
with its total and self weight.

    speedscope.py SPEEDSCOPE_DIST_DIR CHROMIUM PROFILE
"""
import base64
import html
import json
import os
import re
import subprocess
import sys
import tempfile

dist, chromium, profile = sys.argv[1:4]
name = os.path.basename(profile)
data = base64.b64encode(open(profile, "rb").read()).decode()
with tempfile.TemporaryDirectory() as tmp:
    loader = os.path.join(tmp, "load.js")
    with open(loader, "w") as f:
        f.write(f"speedscope.loadFileFromBase64({json.dumps(name)}, "
                f"{json.dumps(data)})")
    url = ("file://" + os.path.abspath(os.path.join(dist, "index.html")) +
           f"#localProfilePath={loader}&view=sandwich")
    dom = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--allow-file-access-from-files", "--user-data-dir=" + tmp,
         "--virtual-time-budget=10000", "--dump-dom", url],
        capture_output=True, text=True, timeout=120).stdout

title = re.search(r"<title>([^<]*)</title>", dom)
print("title:", title.group(1) if title else "(none)")
text = re.sub(r"<style.*?</style>", "", dom, flags=re.S)
cells = [html.unescape(c).strip() for c in re.sub(r"<[^>]+>", "\n",
                                                   text).split("\n")]
cells = [c for c in cells if c]
if "Symbol Name" not in cells:
    print("no sandwich table")
    sys.exit(1)
rows = cells[cells.index("Symbol Name") + 1:]
for i in range(0, len(rows) - 2, 3):
    total, self_, symbol = rows[i:i + 3]
    print(symbol, total.split()[0], self_.split()[0])
