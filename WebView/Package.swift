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
        .executableTarget(
            name: "WebViewTests",
            dependencies: ["WebView", "CWebKitGTK", .product(name: "Signals", package: "Herald")],
            path: "Tests/WebViewTests",
            swiftSettings: upcomingFeatures
        ),
    ]
)
