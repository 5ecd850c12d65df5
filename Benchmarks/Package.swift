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
let package = Package(
    name: "SignalsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
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
                .product(name: "NotificationEngine", package: "Herald"),
                .product(name: "Signals", package: "Herald"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
    ],
    swiftLanguageModes: [.v6]
)
