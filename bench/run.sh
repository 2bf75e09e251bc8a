#!/usr/bin/env bash
# SnR's benchmarks in one command: builds in Release (build-bench), generates
# the traces, measures, writes bench/results/. Options: bench/run.py --help;
# what the figures mean: bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/run.py "$@"
