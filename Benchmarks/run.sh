#!/usr/bin/env bash
# Builds and runs the Signals benchmarks twice: a plain release build, and one with
# cross-module optimization (-cross-module-optimization). Arguments (e.g. B3) and
# BENCH_SCALE are passed on to both runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "## Release build (swift run -c release)"
swift run -c release --package-path Benchmarks SignalsBenchmarks "$@"

echo
echo "## Release build with -cross-module-optimization"
swift run -c release -Xswiftc -cross-module-optimization --package-path Benchmarks \
    --scratch-path Benchmarks/.build-cmo SignalsBenchmarks "$@"
