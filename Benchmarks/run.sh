#!/usr/bin/env bash
# Builds and runs the benchmarks: the Signals benchmarks twice (a plain release build, and
# one with cross-module optimization, -cross-module-optimization), then the engine
# benchmarks and the daemon's HTTP benchmarks in a plain release build. Workload ids pick
# what runs (B3 → Signals only, E2 → engine only, D1 → daemon only, none → everything);
# BENCH_SCALE, BENCH_ROUNDS and the daemon's BENCH_* variables pass on to the runs. The
# daemon's benchmarks need wrk: installed with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

signals=()
engine=()
daemon=()
for id in "$@"; do
    case "${id^^}" in
        B*) signals+=("$id") ;;
        E*) engine+=("$id") ;;
        D*) daemon+=("$id") ;;
        *) echo "unknown workload $id (Signals: B1…B6, engine: E1…E4, daemon: D1…D3)" >&2; exit 2 ;;
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

if [ $# -eq 0 ] || [ ${#daemon[@]} -gt 0 ]; then
    if ! command -v wrk >/dev/null; then
        echo "installing wrk (apt-get install wrk)"
        if [ "$(id -u)" -eq 0 ]; then apt-get install -y wrk; else sudo apt-get install -y wrk; fi
    fi
    [ $# -eq 0 ] && echo
    echo "## Daemon over HTTP, release build (swift run -c release); uptime: $(uptime)"
    swift run -c release --package-path Benchmarks DaemonBenchmarks "${daemon[@]}"
fi
