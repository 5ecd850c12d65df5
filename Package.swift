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
        .library(name: "NotificationModel", targets: ["NotificationModel"]),
        .library(name: "NotificationEngine", targets: ["NotificationEngine"]),
        // What tests of code on the engine use, as HummingbirdTesting is for Hummingbird.
        .library(name: "NotificationEngineTesting", targets: ["NotificationEngineTesting"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .library(name: "LegacyNotifications", targets: ["LegacyNotifications"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "HeraldAPI", targets: ["HeraldAPI"]),
        .library(name: "HeraldServer", targets: ["HeraldServer"]),
        // The push service's building blocks: APNs' provider API, Web Push's encryption and VAPID.
        .library(name: "PushService", targets: ["PushService"]),
        .library(name: "HeraldClient", targets: ["HeraldClient"]),
        .executable(name: "herald", targets: ["Herald"]),
        .library(name: "HeraldApps", targets: ["HeraldApps"]),
        .library(name: "DesktopNotifications", targets: ["DesktopNotifications"]),
        .executable(name: "signals-tour", targets: ["SignalsTour"]),
        .executable(name: "notifications-tour", targets: ["NotificationsTour"]),
        .executable(name: "push-chat", targets: ["PushChat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "Signals",
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "NotificationModel",
            dependencies: ["Signals"],
            swiftSettings: upcomingFeatures
        ),
        // PostgreSQL's connections, migrations and listening, for the engine's store and the
        // daemon's records: the one module (with them) that imports postgres-nio.
        .target(
            name: "PostgresSupport",
            dependencies: [
                "NotificationModel",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "NotificationEngine",
            dependencies: [
                "NotificationModel", "Signals", "PostgresSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: upcomingFeatures
        ),
        // The push service's provider API: Apple's reasons, provider tokens and payloads.
        .target(
            name: "PushService",
            dependencies: ["NotificationModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: upcomingFeatures
        ),
        // A presenter that records what it is handed, for tests of code on the engine.
        .target(
            name: "NotificationEngineTesting",
            dependencies: ["NotificationEngine"],
            swiftSettings: upcomingFeatures
        ),
        // Core Location's authorization API (`CLLocationManager`) over a location service.
        .target(
            name: "CoreLocation",
            dependencies: [
                "NotificationModel", "Signals",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "UserNotifications",
            dependencies: [
                "NotificationModel",
                "Signals",
                "CoreLocation",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "LegacyNotifications",
            dependencies: [
                "NotificationModel", "Signals", "CoreLocation",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        // GLib's GIO, found with dlopen when the desktop presenter starts: building needs
        // none of GLib's headers or libraries (dlopen is in libdl before glibc 2.34).
        .target(
            name: "CGIOLoader",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "DesktopNotifications",
            dependencies: [
                "CGIOLoader", "NotificationEngine", "Signals",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldAPI",
            dependencies: ["NotificationModel"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldServer",
            dependencies: [
                "HeraldAPI", "HeraldApps", "NotificationEngine", "Signals", "DesktopNotifications", "PostgresSupport",
                "PushService",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
                // The provider API's listener (Push/): HTTP/2 over TLS, and its certificate.
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldClient",
            dependencies: [
                "HeraldAPI", "NotificationModel", "Signals",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldCommandLine",
            dependencies: [
                "HeraldClient", "HeraldAPI", "NotificationModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "Herald",
            dependencies: [
                "HeraldServer", "HeraldCommandLine", "NotificationEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldApps",
            dependencies: [
                "UserNotifications",
                "LegacyNotifications",
                "NotificationModel",
                "Signals",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")],
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
            // An iOS chat app's delegate and service extension, unchanged Swift 5 code, against the daemon.
            name: "PushChat",
            dependencies: ["UserNotifications", "LegacyNotifications", "HeraldClient"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "SignalsTour",
            dependencies: ["Signals"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "SignalsTests",
            dependencies: ["Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "HeraldTestSupport",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/HeraldTestSupport",
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PushServiceTests",
            dependencies: ["PushService", "NotificationModel", "HeraldTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NotificationModelTests",
            dependencies: ["NotificationModel", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NotificationEngineTests",
            dependencies: [
                "NotificationEngine", "NotificationEngineTesting", "Signals", "EngineSoak", "HeraldTestSupport", "PostgresSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldServerTests",
            dependencies: [
                "HeraldServer", "HeraldAPI", "HeraldApps", "NotificationEngine", "NotificationEngineTesting", "Signals",
                "HeraldTestSupport",
                "PostgresSupport", "PushService", "DesktopNotifications",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "UserNotificationsTests",
            dependencies: ["UserNotifications", "NotificationEngine", "NotificationEngineTesting", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldAPITests",
            dependencies: ["HeraldAPI", "NotificationModel"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldClientTests",
            dependencies: [
                "HeraldClient", "HeraldAPI", "NotificationEngine", "Signals", "UserNotifications", "CoreLocation",
                "HeraldTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldCommandLineTests",
            dependencies: [
                "HeraldCommandLine", "HeraldClient", "HeraldAPI", "NotificationEngine", "HeraldTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "LegacyNotificationsTests",
            dependencies: ["LegacyNotifications", "NotificationEngine", "NotificationEngineTesting", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "CompatibilityTests",
            dependencies: [
                "UserNotifications", "LegacyNotifications", "CoreLocation", "NotificationEngine",
                "NotificationEngineTesting", "Signals", "HeraldTestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "DesktopNotificationsTests",
            dependencies: ["DesktopNotifications", "NotificationEngine", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "Signals", "NotificationEngine", "NotificationEngineTesting", "UserNotifications", "LegacyNotifications",
                "HeraldClient", "HeraldTestSupport",
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "HeraldAppsTests",
            dependencies: ["HeraldApps", "NotificationEngine", "NotificationEngineTesting", "Signals", "HeraldTestSupport"],
            swiftSettings: upcomingFeatures
        ),
    ],
    swiftLanguageModes: [.v6]
)
