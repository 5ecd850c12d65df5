// swift-tools-version: 6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// A WKWebView-style web view on WebKitGTK 6.0 (GTK 4), with the seed's Browser and Coda apps.
// Needs `libwebkitgtk-6.0-dev` (Debian/Ubuntu); the apps and the tests need a display
// (`xvfb-run -a` on a headless machine).
//   swift run --package-path WebView browser [URL]
//   swift run --package-path WebView coda --site URL
//   xvfb-run -a swift run --package-path WebView WebViewTests     (the tests; see Tests/WebViewTests/main.swift)
let package = Package(
    name: "WebView",
    products: [
        .library(name: "WebView", targets: ["WebView"]),
        // The C API itself, for code that calls GTK or WebKit directly (the benchmarks' peer).
        .library(name: "CWebKitGTK", targets: ["CWebKitGTK"]),
        .executable(name: "browser", targets: ["Browser"]),
        .executable(name: "coda", targets: ["Coda"]),
    ],
    dependencies: [
        .package(name: "Herald", path: ".."),
    ],
    targets: [
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev"])]
        ),
        .target(
            name: "WebView",
            dependencies: [
                "CWebKitGTK",
                .product(name: "Signals", package: "Herald"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "WebViewApps",
            dependencies: ["WebView", "CWebKitGTK", .product(name: "Signals", package: "Herald")],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "Browser",
            dependencies: ["WebViewApps", "WebView"],
            path: "Sources/browser",
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "Coda",
            dependencies: ["WebViewApps", "WebView"],
            path: "Sources/coda",
            swiftSettings: upcomingFeatures
        ),
        // The tests are Swift Testing tests in an executable: GTK and WebKit must run on the
        // process's main thread, under a GLib main loop, which `swift test`'s runner does not
        // give them (it parks the main thread in dispatch_main).
        .executableTarget(
            name: "WebViewTests",
            dependencies: ["WebView", "WebViewApps", "CWebKitGTK", .product(name: "Signals", package: "Herald")],
            path: "Tests/WebViewTests",
            swiftSettings: upcomingFeatures
        ),
    ]
)
