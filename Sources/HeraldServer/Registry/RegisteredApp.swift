import Foundation
import HeraldAPI
import NotificationEngine

/// An app the daemon knows, as the registry stores it: never the token itself,
/// only its fingerprint.
struct RegisteredApp: Codable, Sendable, Hashable {
    var identifier: AppIdentifier
    var name: String
    var tokenFingerprint: String
    var webhookURL: URL?
    var webhookSecret: String?
    /// The slug of a bundled app's page, `nil` for apps registered over the API.
    var bundledSlug: String?
    var registeredAt: Date

    /// The app as the API shows it.
    var wire: API.App {
        API.App(
            identifier: identifier.rawValue, name: name, webhookURL: webhookURL?.absoluteString,
            bundled: bundledSlug != nil, pageURL: bundledSlug.map { "/apps/\($0)/" }, registeredAt: registeredAt)
    }
}
