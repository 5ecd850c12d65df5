import Foundation
import HeraldTestSupport
import Testing

/// Apple deprecated iOS 3–9's remote-notification calls; Herald marks them as
/// Apple does, so Swift 5 code that uses them gets Apple's warnings and still
/// compiles. The test type-checks such code with the toolchain's `swiftc`
/// against the modules just built (this target itself builds with warnings as
/// errors in CI).
@Suite("Deprecated iOS 3–9 calls warn as with Apple's SDK")
struct LegacyWarningsTests {
    static let code = """
        import Foundation
        import LegacyNotifications

        final class OldAppDelegate: NSObject, UIApplicationDelegate {
            func application(
                _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                let payload = launchOptions?[.remoteNotification] as? [String: Any]
                print(payload ?? [:])
                application.registerForRemoteNotifications(matching: [.alert, .badge, .sound])
                let types: UIRemoteNotificationType = application.enabledRemoteNotificationTypes()
                print(types.contains(.newsstandContentAvailability))
                return true
            }

            func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {}

            func application(
                _ application: UIApplication, handleActionWithIdentifier identifier: String?,
                forRemoteNotification userInfo: [AnyHashable: Any], completionHandler: @escaping () -> Void
            ) {
                completionHandler()
            }
        }
        """

    @Test("Each deprecated call warns with Apple's message; nothing is an error")
    func warns() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-legacy-\(UUID().uuidString).swift")
        try Self.code.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await SwiftSixModeTests.swiftc([
            "-typecheck", "-swift-version", "5", "-module-name", "OldApp", "-I", SwiftSixModeTests.modules.path, file.path,
        ])
        #expect(result.status == 0, "swiftc -swift-version 5 failed:\n\(result.output)")
        #expect(!result.output.contains("error:"), "\(result.output)")
        for warning in [
            "'remoteNotification' is deprecated: Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
            "'registerForRemoteNotifications(matching:)' is deprecated: Use -[UIApplication registerForRemoteNotifications]",
            "'UIRemoteNotificationType' is deprecated: Use UserNotifications Framework's UNAuthorizationOptions",
            "'enabledRemoteNotificationTypes()' is deprecated: Use -[UIApplication isRegisteredForRemoteNotifications]",
        ] {
            #expect(result.output.contains("warning: \(warning)"), "no warning \(warning):\n\(result.output)")
        }
    }
}
