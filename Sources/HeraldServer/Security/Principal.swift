import NotificationEngine

/// Who sent a request.
enum Principal: Sendable, Hashable {
    /// The person at this machine: the web notification center (by cookie) or the
    /// command line (by bearer token), holding the admin credential.
    case admin(viaCookie: Bool)
    /// A registered app, by its token: it reaches only its own notifications.
    case app(AppIdentifier)

    /// Whether this caller may act for `app`.
    func mayAct(for app: AppIdentifier) -> Bool {
        switch self {
        case .admin: true
        case .app(let own): own == app
        }
    }

    /// Whether the caller is the user, who may answer authentication-required actions.
    var isAuthenticatedUser: Bool {
        if case .admin = self { return true }
        return false
    }
}
