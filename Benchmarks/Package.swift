// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Signals, measured side by side with OpenCombine in one process.
// Run: swift run -c release --package-path Benchmarks [B1 B3 …]   (see README.md)
let package = Package(
    name: "SignalsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "SignalsBenchmarks",
            dependencies: [
                .product(name: "Signals", package: "Herald"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
