import Foundation
import HeraldAPI
import NotificationEngine
import Synchronization

/// The apps registered with the daemon, their tokens' fingerprints and webhooks,
/// kept in `apps.json` in the data directory (owner-only, replaced atomically, so
/// a crash leaves the old file or the new one).
final class AppRegistry: Sendable {
    private struct State {
        var apps: [AppIdentifier: RegisteredApp]
        var byFingerprint: [String: AppIdentifier]
    }

    private let file: URL
    private let state: Mutex<State>

    /// Opens the registry in `file`; a missing file is an empty registry.
    ///
    /// - Throws: ``DaemonError`` when the file exists but cannot be read as a registry.
    init(file: URL) throws {
        self.file = file
        var apps: [AppIdentifier: RegisteredApp] = [:]
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let list = try API.decoder().decode([RegisteredApp].self, from: Data(contentsOf: file))
                apps = Dictionary(list.map { ($0.identifier, $0) }) { _, last in last }
            } catch {
                throw DaemonError("cannot read the app registry \(file.path): \(error)")
            }
        }
        let fingerprints = Dictionary(apps.values.map { ($0.tokenFingerprint, $0.identifier) }) { first, _ in first }
        state = Mutex(State(apps: apps, byFingerprint: fingerprints))
    }

    /// Every app, sorted by identifier.
    var apps: [RegisteredApp] {
        state.withLock { $0.apps.values.sorted { $0.identifier < $1.identifier } }
    }

    /// The app with this identifier, if registered.
    func app(_ identifier: AppIdentifier) -> RegisteredApp? {
        state.withLock { $0.apps[identifier] }
    }

    /// The app whose token this is.
    func app(forToken token: String) -> AppIdentifier? {
        app(forFingerprint: Secrets.fingerprint(token))
    }

    /// The app whose token has this fingerprint.
    func app(forFingerprint fingerprint: String) -> AppIdentifier? {
        state.withLock { $0.byFingerprint[fingerprint] }
    }

    /// Registers a new app and returns it with its token (and webhook secret), which
    /// are not kept in clear anywhere.
    ///
    /// - Throws: ``ServerError`` `conflict` if the identifier is taken.
    func register(
        _ identifier: AppIdentifier, name: String, webhookURL: URL?, bundledSlug: String? = nil, now: Date
    ) throws -> (RegisteredApp, token: String) {
        let token = Secrets.makeToken(prefix: "hat_")
        let app = RegisteredApp(
            identifier: identifier, name: name, tokenFingerprint: Secrets.fingerprint(token), webhookURL: webhookURL,
            webhookSecret: webhookURL.map { _ in Secrets.makeToken(prefix: "whs_") }, bundledSlug: bundledSlug,
            registeredAt: now)
        try update { state in
            guard state.apps[identifier] == nil else {
                throw ServerError.conflict("\(identifier) is already registered: remove it first or make a new token")
            }
            state.apps[identifier] = app
            state.byFingerprint[app.tokenFingerprint] = identifier
        }
        return (app, token)
    }

    /// Gives the app a new token; the old one stops working.
    ///
    /// - Returns: The app, its new token and the old token's fingerprint, whose streams
    ///   the caller closes.
    func renewToken(of identifier: AppIdentifier) throws -> (RegisteredApp, token: String, oldFingerprint: String) {
        let token = Secrets.makeToken(prefix: "hat_")
        let (app, old) = try update { state in
            guard var app = state.apps[identifier] else { throw ServerError.notFound("\(identifier) is not registered") }
            let old = app.tokenFingerprint
            state.byFingerprint[old] = nil
            app.tokenFingerprint = Secrets.fingerprint(token)
            state.apps[identifier] = app
            state.byFingerprint[app.tokenFingerprint] = identifier
            return (app, old)
        }
        return (app, token, old)
    }

    /// Unregisters an app; its token stops working.
    func remove(_ identifier: AppIdentifier) throws {
        try update { state in
            guard let app = state.apps.removeValue(forKey: identifier) else {
                throw ServerError.notFound("\(identifier) is not registered")
            }
            state.byFingerprint[app.tokenFingerprint] = nil
        }
    }

    /// Applies `change` and saves the result; if saving fails, nothing changes.
    private func update<T>(_ change: (inout State) throws -> T) throws -> T {
        try state.withLock { state in
            var next = state
            let result = try change(&next)
            try save(Array(next.apps.values).sorted { $0.identifier < $1.identifier })
            state = next
            return result
        }
    }

    private func save(_ apps: [RegisteredApp]) throws {
        do {
            try DataDirectory.writeAtomically(try API.encoder().encode(apps), to: file)
        } catch {
            throw DaemonError("cannot save the app registry \(file.path): \(error)")
        }
    }
}
