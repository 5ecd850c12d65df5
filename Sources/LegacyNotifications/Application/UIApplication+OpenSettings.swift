public import Foundation

extension UIApplication {
    /// The URL that opens the app's notification settings (iOS 16):
    /// `UIApplication.shared.open(URL(string: UIApplication.openNotificationSettingsURLString)!)`.
    /// On Linux the web notification center shows them.
    nonisolated public static let openNotificationSettingsURLString = "app-settings:notifications"

    /// Opens a URL, as UIKit's `open(_:options:completionHandler:)`. Herald opens
    /// one kind: ``openNotificationSettingsURLString``, which asks the
    /// notification center to show the app's notification settings. The handler
    /// gets whether the URL was opened: `false` for any other URL (opening web
    /// pages and other apps is not a notification matter), or when the service
    /// failed (reported on ``notificationErrors``).
    @preconcurrency
    public func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@Sendable (Bool) -> Void)? = nil
    ) {
        guard url.absoluteString == Self.openNotificationSettingsURLString else {
            completion?(false)
            return
        }
        let shown: Void? = run("open(\(url.absoluteString))") { [self] in
            try await connected()
            try await service.showNotificationSettings(for: appIdentifier)
        }
        completion?(shown != nil)
    }

    /// A key of ``open(_:options:completionHandler:)``'s options; Herald uses none.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String

        /// The key with this name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }
}
