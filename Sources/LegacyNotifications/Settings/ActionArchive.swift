import Foundation
import NotificationModel

/// What a `UIUserNotificationAction` writes to an `NSCoder`: its properties as
/// JSON under one key; `parameters` that JSON cannot hold are left out.
struct ActionArchive: Codable {
    static let key = "herald.UIUserNotificationAction"

    var identifier: String?
    var title: String?
    var activationMode: UInt
    var isDestructive: Bool
    var isAuthenticationRequired: Bool
    var behavior: UInt
    var parameters: [String: JSONValue]?

    init(_ properties: ActionProperties) {
        identifier = properties.identifier
        title = properties.title
        activationMode = properties.activationMode.rawValue
        isDestructive = properties.isDestructive
        isAuthenticationRequired = properties.isAuthenticationRequired
        behavior = properties.behavior.rawValue
        parameters = try? UserInfoCoding.json(from: properties.parameters.value ?? [:])
    }

    var properties: ActionProperties {
        var properties = ActionProperties()
        properties.identifier = identifier
        properties.title = title
        properties.activationMode = UIUserNotificationActivationMode(rawValue: activationMode) ?? .background
        properties.isDestructive = isDestructive
        properties.isAuthenticationRequired = isAuthenticationRequired
        properties.behavior = UIUserNotificationActionBehavior(rawValue: behavior) ?? .default
        properties.parameters = UserInfoBox(UserInfoCoding.userInfo(from: parameters ?? [:]))
        return properties
    }
}
