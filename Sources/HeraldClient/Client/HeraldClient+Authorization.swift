public import HeraldAPI

extension HeraldClient {
    /// Asks the user once whether the app may post notifications; later calls
    /// return the stored answer: `POST /v1/apps/{app}/authorization`. With the
    /// daemon's `ask` policy it waits for the user's answer (up to an hour).
    ///
    /// - Parameter options: Any of `alert`, `sound`, `badge`.
    public func requestAuthorization(options: [String], for app: String) async throws -> Bool {
        let result: API.AuthorizationResult = try await call(
            .post, ["v1", "apps", app, "authorization"], body: API.AuthorizationRequest(options: options),
            timeout: 3_600)
        return result.granted
    }

    /// The app's settings as it reads them: `GET /v1/apps/{app}/settings`.
    public func settings(for app: String) async throws -> API.Settings {
        try await call(.get, ["v1", "apps", app, "settings"])
    }

    /// The app's settings as the user sets them: `GET /v1/apps/{app}/preferences` (admin).
    public func preferences(for app: String) async throws -> API.Preferences {
        try await call(.get, ["v1", "apps", app, "preferences"])
    }

    /// Changes the fields of `change` that are set: `PATCH /v1/apps/{app}/preferences` (admin).
    public func updatePreferences(_ change: API.Preferences, for app: String) async throws -> API.Preferences {
        try await call(.patch, ["v1", "apps", app, "preferences"], body: change)
    }

    /// Answers an app's authorization prompt as the user (Allow or Don't Allow):
    /// `POST /v1/apps/{app}/authorization/answer` (admin).
    public func answerAuthorization(for app: String, granted: Bool) async throws {
        try await perform(.post, ["v1", "apps", app, "authorization", "answer"], body: API.AuthorizationAnswer(granted: granted))
    }

    /// The user asks for the app's own notification settings, from `delivery`
    /// or not: `POST /v1/apps/{app}/settings/open` (admin).
    public func openSettings(for app: String, from delivery: String? = nil) async throws {
        try await perform(.post, ["v1", "apps", app, "settings", "open"], body: API.SettingsOpening(delivery: delivery))
    }

    /// The app asks the notification center to show the user its notification
    /// settings: `POST /v1/apps/{app}/settings/show`.
    public func showSettings(for app: String) async throws {
        try await perform(.post, ["v1", "apps", app, "settings", "show"])
    }

    /// The apps waiting for the user's answer: `GET /v1/authorization-prompts` (admin).
    public func authorizationPrompts() async throws -> [API.AuthorizationPrompt] {
        try await call(.get, ["v1", "authorization-prompts"], as: PromptList.self).prompts
    }
}

/// `{"prompts": [...]}`.
struct PromptList: Codable, Sendable {
    var prompts: [API.AuthorizationPrompt]
}
