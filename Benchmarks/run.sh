#!/usr/bin/env bash
# Builds and runs the benchmarks: the Signals benchmarks twice (a plain release build, and
# one with cross-module optimization, -cross-module-optimization), then the engine
# benchmarks in a plain release build. Workload ids pick what runs (B3 → Signals only,
# E2 → engine only, none → everything); BENCH_SCALE and BENCH_ROUNDS pass on to the runs.
set -euo pipefail
cd "$(dirname "$0")/.."

signals=()
engine=()
for id in "$@"; do
    case "${id^^}" in
        B*) signals+=("$id") ;;
        E*) engine+=("$id") ;;
        *) echo "unknown workload $id (Signals: B1…B6, engine: E1…E4)" >&2; exit 2 ;;
    esac
done

if [ $# -eq 0 ] || [ ${#signals[@]} -gt 0 ]; then
    echo "## Signals, release build (swift run -c release)"
    swift run -c release --package-path Benchmarks SignalsBenchmarks "${signals[@]}"

    echo
    echo "## Signals, release build with -cross-module-optimization"
    swift run -c release -Xswiftc -cross-module-optimization --package-path Benchmarks \
        --scratch-path Benchmarks/.build-cmo SignalsBenchmarks "${signals[@]}"
fi

if [ $# -eq 0 ] || [ ${#engine[@]} -gt 0 ]; then
    [ $# -eq 0 ] && echo
    echo "## NotificationEngine, release build (swift run -c release)"
    swift run -c release --package-path Benchmarks EngineBenchmarks "${engine[@]}"
fi
