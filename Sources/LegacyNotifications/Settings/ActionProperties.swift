/// The stored properties of an action.
struct ActionProperties: Sendable {
    var identifier: String?
    var title: String?
    var activationMode: UIUserNotificationActivationMode = .background
    var isDestructive = false
    var isAuthenticationRequired = false
    var behavior: UIUserNotificationActionBehavior = .default
    var parameters = UserInfoBox([:])
}
