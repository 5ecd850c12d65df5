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
        .library(name: "NotificationEngine", targets: ["NotificationEngine"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "LegacyNotifications", targets: ["LegacyNotifications"]),
        .library(name: "HeraldApps", targets: ["HeraldApps"]),
        .executable(name: "signals-tour", targets: ["SignalsTour"]),
        .executable(name: "notifications-tour", targets: ["NotificationsTour"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "Signals",
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "NotificationEngine",
            dependencies: [
                "Signals",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "UserNotifications",
            dependencies: [
                "NotificationEngine",
                "Signals",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "LegacyNotifications",
            dependencies: ["NotificationEngine", "Signals"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldApps",
            dependencies: [
                "UserNotifications",
                "LegacyNotifications",
                "NotificationEngine",
                "Signals",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "EngineSoak",
            dependencies: ["NotificationEngine", "Signals"],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "NotificationsTour",
            dependencies: ["NotificationEngine", "UserNotifications", "LegacyNotifications", "Signals"],
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
        .target(
            name: "HeraldTestSupport",
            path: "Tests/HeraldTestSupport",
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NotificationEngineTests",
            dependencies: [
                "NotificationEngine", "Signals", "EngineSoak", "HeraldTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "UserNotificationsTests",
            dependencies: ["UserNotifications", "NotificationEngine", "Signals"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "LegacyNotificationsTests",
            dependencies: ["LegacyNotifications", "NotificationEngine", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldAppsTests",
            dependencies: ["HeraldApps", "NotificationEngine", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
    ],
    swiftLanguageModes: [.v6]
)
