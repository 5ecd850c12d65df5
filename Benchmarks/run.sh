#!/usr/bin/env bash
# Builds and runs the benchmarks: the Signals benchmarks twice (a plain release build, and
# one with cross-module optimization, -cross-module-optimization), then the engine
# benchmarks, the daemon's HTTP benchmarks and its provider API's (push) benchmark in a plain
# release build. Workload ids pick what runs (B3 → Signals only, E2 → engine only, D1 → daemon
# only, P1 → push only, P2 → push latency across network namespaces (root), P3 → idle device links
# (BENCH_DEVICES, default 10,000), P4 → Web Push messages sent, P5 → a message through Herald as a push service to a browser, X1 → desktop only, W1 → WebView only, none → everything);
# BENCH_SCALE, BENCH_ROUNDS and the daemon's BENCH_* variables pass on to the runs. The
# daemon's benchmarks need wrk, the push benchmark h2load (nghttp2-client): installed with
# apt-get when missing. The WebView benchmarks
# (W1…W3) need WebKitGTK 6.0 and Xvfb (scripts/webview-tests installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

signals=()
engine=()
daemon=()
push=()
webview=()
desktop=()
for id in "$@"; do
    case "${id^^}" in
        B*) signals+=("$id") ;;
        E*) engine+=("$id") ;;
        D*) daemon+=("$id") ;;
        P*) push+=("$id") ;;
        W*) webview+=("$id") ;;
        X*) desktop+=("$id") ;;
        *) echo "unknown workload $id (Signals: B1…B6, engine: E1…E9, daemon: D1…D3, push: P1, P2, P3, P4, P5, WebView: W1…W3, desktop: X1)" >&2; exit 2 ;;
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

latency=()
idle=()
service=()
provider=()
for id in "${push[@]}"; do
    case "${id^^}" in
        P2) latency+=("$id") ;;
        P3) idle+=("$id") ;;
        P4) provider+=(P4) ;;
        P5) service+=("$id") ;;
        *) provider+=(P1) ;;
    esac
done
[ $# -eq 0 ] && provider=(P1 P4)

if [ ${#latency[@]} -gt 0 ] || [ $# -eq 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "P2 makes network namespaces (ip netns): run it as root" >&2
    else
        command -v ping >/dev/null || apt-get install -y iputils-ping
        [ $# -eq 0 ] && echo
        echo "## Push latency across network namespaces (P2), release build; uptime: $(uptime)"
        swift build -c release --product herald
        python3 Benchmarks/PushLatency/p2.py .build/release/herald "${BENCH_PUSHES:-1000}"
    fi
fi

if [ ${#idle[@]} -gt 0 ] || [ $# -eq 0 ]; then
    command -v h2load >/dev/null || apt-get install -y nghttp2-client
    [ $# -eq 0 ] && echo
    echo "## Idle device links (P3), release build; uptime: $(uptime)"
    swift build -c release --product herald
    python3 Benchmarks/PushIdle/p3.py .build/release/herald "${BENCH_DEVICES:-10000}" "${BENCH_DEVICE_PROCESSES:-2}"
fi

if [ ${#service[@]} -gt 0 ] || [ $# -eq 0 ]; then
    [ $# -eq 0 ] && echo
    echo "## Herald as a push service, POST → browser (P5), release build; uptime: $(uptime)"
    swift build -c release --product herald
    python3 -m pip install --quiet -r Tests/requirements.txt
    python3 Benchmarks/PushLatency/p5.py .build/release/herald "${BENCH_PUSHES:-1000}"
fi

if [ ${#provider[@]} -gt 0 ]; then
    if ! command -v h2load >/dev/null; then
        echo "installing h2load (apt-get install nghttp2-client)"
        if [ "$(id -u)" -eq 0 ]; then apt-get install -y nghttp2-client; else sudo apt-get install -y nghttp2-client; fi
    fi
    [ $# -eq 0 ] && echo
    echo "## Provider API (push) over HTTP/2 and Web Push, release build (swift run -c release); uptime: $(uptime)"
    swift run -c release --package-path Benchmarks PushBenchmarks "${provider[@]}"
fi

if [ $# -eq 0 ] || [ ${#desktop[@]} -gt 0 ]; then
    [ $# -eq 0 ] && echo
    echo "## Desktop notifications over D-Bus, release build (swift run -c release)"
    swift run -c release --package-path Benchmarks DesktopBenchmarks
fi

if [ $# -eq 0 ] || [ ${#webview[@]} -gt 0 ]; then
    [ $# -eq 0 ] && echo
    echo "## WebView on WebKitGTK, release build (swift run -c release), under Xvfb"
    swift build -c release --package-path Benchmarks --product WebViewBenchmarks
    GTK_A11Y=none NO_AT_BRIDGE=1 xvfb-run -a Benchmarks/.build/release/WebViewBenchmarks "${webview[@]}"
fi
