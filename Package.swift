// swift-tools-version: 6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Herald",
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .executable(name: "signals-tour", targets: ["SignalsTour"]),
    ],
    targets: [
        .target(
            name: "Signals",
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "SignalsTour",
            dependencies: ["Signals"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "SignalsTests",
            dependencies: ["Signals"],
            swiftSettings: upcomingFeatures
        ),
    ],
    swiftLanguageModes: [.v6]
)
