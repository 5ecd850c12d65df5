import Foundation
import HeraldTestSupport
import Testing

/// Apple code in Swift 6 language mode: `AppleCode/NotificationScheduler.swift`
/// passes completion handlers declared without `@Sendable` to the center and
/// captures a non-`Sendable` object in them. Against Apple's SDK that compiles
/// in Swift 6 mode, with warnings (Objective-C imports are `@preconcurrency`);
/// Herald's completion-handler forms are `@preconcurrency` too, so it compiles
/// against Herald. This target builds in Swift 5 mode, so the test type-checks
/// the file with the toolchain's `swiftc` against the modules just built.
@Suite("Apple code compiles in Swift 6 mode")
struct SwiftSixModeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built modules: `Modules/` beside the test bundle, or `$HERALD_MODULES`.
    static var modules: URL {
        if let path = ProcessInfo.processInfo.environment["HERALD_MODULES"] { return URL(fileURLWithPath: path) }
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    @Test("A scheduler with non-Sendable completion handlers type-checks in Swift 6 mode")
    func schedulerTypeChecks() async throws {
        let file = Self.root.appendingPathComponent("Tests/CompatibilityTests/AppleCode/NotificationScheduler.swift")
        let result = try await Self.swiftc([
            "-typecheck", "-swift-version", "6", "-module-name", "SwiftSixApp", "-I", Self.modules.path, file.path,
        ])
        #expect(result.status == 0, "swiftc -swift-version 6 failed:\n\(result.output)")
        #expect(!result.output.contains("error:"), "\(result.output)")
    }

    /// Runs `swiftc` with `arguments`; its status and what it printed.
    static func swiftc(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments)
        return (result.status, result.output + result.errors)
    }
}
