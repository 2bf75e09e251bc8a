"""Prints each docs/ page named in the text on stdin and fails on one that
does not exist under the source root (argv[1]). For help-docs.test."""

import os
import re
import sys

root = sys.argv[1]
pages = sorted(set(re.findall(r"docs/[A-Za-z0-9_.-]+\.md", sys.stdin.read())))
missing = [p for p in pages if not os.path.isfile(os.path.join(root, p))]
for page in pages:
    print(page, "missing" if page in missing else "exists")
sys.exit(1 if missing else 0)
