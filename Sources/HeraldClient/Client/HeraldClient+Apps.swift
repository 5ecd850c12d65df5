public import Foundation
public import HeraldAPI

extension HeraldClient {
    /// The answer of `GET /v1/health`.
    public struct Health: Codable, Sendable, Hashable {
        /// `ok` when the daemon serves.
        public var status: String
        /// The daemon's version.
        public var version: String
    }

    /// Whether the daemon serves, and its version: `GET /v1/health` (no token needed).
    public func health() async throws -> Health {
        try await call(.get, ["v1", "health"])
    }

    /// The daemon's clock: `GET /v1/clock`.
    public func clock() async throws -> API.Clock {
        try await call(.get, ["v1", "clock"])
    }

    /// Moves the virtual clock of a daemon started with `--virtual-clock` forward;
    /// everything due fires before it returns: `POST /v1/debug/clock` (admin).
    public func advanceClock(by seconds: TimeInterval) async throws -> API.Clock {
        try await call(.post, ["v1", "debug", "clock"], body: API.ClockAdvance(advanceSeconds: seconds))
    }

    /// The registered apps: `GET /v1/apps` (admin).
    public func apps() async throws -> [API.App] {
        try await call(.get, ["v1", "apps"], as: AppList.self).apps
    }

    /// One app: `GET /v1/apps/{app}`.
    public func app(_ identifier: String) async throws -> API.App {
        try await call(.get, ["v1", "apps", identifier])
    }

    /// Registers an app; the answer holds its token, shown this once: `POST /v1/apps` (admin).
    /// An identifier already registered is refused with the status 409 (`conflict`).
    public func registerApp(_ registration: API.AppRegistration) async throws -> API.AppCredentials {
        try await call(.post, ["v1", "apps"], body: registration)
    }

    /// Removes an app with its pending requests, deliveries and token:
    /// `DELETE /v1/apps/{app}` (admin; bundled apps are refused with 409).
    public func removeApp(_ identifier: String) async throws {
        try await perform(.delete, ["v1", "apps", identifier])
    }

    /// Gives the app a new token; the old one stops working: `POST /v1/apps/{app}/token` (admin).
    public func renewToken(for app: String) async throws -> API.AppCredentials {
        try await call(.post, ["v1", "apps", app, "token"], body: Empty())
    }
}

/// `{"apps": [...]}`.
struct AppList: Codable, Sendable {
    var apps: [API.App]
}
