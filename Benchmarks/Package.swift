// swift-tools-version: 6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Benchmarks, each workload measured side by side with a peer in one process and one run.
// Run: swift run -c release --package-path Benchmarks SignalsBenchmarks [B1 B3 …]
//      swift run -c release --package-path Benchmarks EngineBenchmarks [E1 E3 …]   (see README.md)
//      swift run -c release --package-path Benchmarks DaemonBenchmarks [D1 D2 D3]   (needs wrk)
//      swift run -c release --package-path Benchmarks PushBenchmarks [P1]   (needs h2load)
//      swift run -c release --package-path Benchmarks DesktopBenchmarks   (needs dbus-daemon, python3-dbus, notify-send)
//      xvfb-run -a swift run -c release --package-path Benchmarks WebViewBenchmarks [W1 W2 W3]   (needs WebKitGTK 6.0)
let package = Package(
    name: "SignalsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(name: "WebView", path: "../WebView"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // Tables, statistics and machine facts shared by the engine's and the daemon's benchmarks.
        .target(
            name: "BenchmarkSupport",
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "SignalsBenchmarks",
            dependencies: [
                .product(name: "Signals", package: "Herald"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "NotificationEngine", package: "Herald"),
                .product(name: "Signals", package: "Herald"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "DaemonBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "HeraldServer", package: "Herald"),
                .product(name: "HeraldAPI", package: "Herald"),
                .product(name: "NotificationEngine", package: "Herald"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "PushBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "HeraldServer", package: "Herald"),
                .product(name: "HeraldAPI", package: "Herald"),
                .product(name: "NotificationEngine", package: "Herald"),
                .product(name: "PushService", package: "Herald"),
                .product(name: "Signals", package: "Herald"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "DesktopBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DesktopNotifications", package: "Herald"),
                .product(name: "NotificationEngine", package: "Herald"),
                .product(name: "Signals", package: "Herald"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "WebViewBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WebView", package: "WebView"),
                .product(name: "CWebKitGTK", package: "WebView"),
            ],
            swiftSettings: upcomingFeatures
        ),
    ],
    swiftLanguageModes: [.v6]
)
