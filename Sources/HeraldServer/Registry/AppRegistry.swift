import Foundation
import HeraldAPI
import NotificationEngine
import Synchronization

/// The apps registered with the daemon, their tokens' fingerprints and webhooks,
/// kept in memory and in ``AppRecords``: `apps.json` in the data directory, or the
/// shared database when several daemons share one (``reload()`` then picks up
/// other nodes' changes).
final class AppRegistry: Sendable {
    /// A change to make lasting.
    enum Change: Sendable {
        case added(RegisteredApp)
        case renewed(RegisteredApp)
        case removed(AppIdentifier)
    }

    private struct State {
        var apps: [AppIdentifier: RegisteredApp]
        var byFingerprint: [String: AppIdentifier]

        init(_ list: [RegisteredApp]) {
            apps = Dictionary(list.map { ($0.identifier, $0) }) { _, last in last }
            byFingerprint = Dictionary(apps.values.map { ($0.tokenFingerprint, $0.identifier) }) { first, _ in first }
        }
    }

    private let records: any AppRecords
    private let state: Mutex<State>

    /// Opens the registry kept in `records`.
    ///
    /// - Throws: ``DaemonError`` when they cannot be read.
    init(records: any AppRecords) throws {
        self.records = records
        state = Mutex(State(try records.load()))
    }

    /// Opens the registry in `file`; a missing file is an empty registry.
    convenience init(file: URL) throws {
        try self.init(records: AppFile(file: file))
    }

    /// Reads the records again, for changes made elsewhere (another node).
    ///
    /// - Returns: The fingerprints of tokens that no longer open the daemon, whose
    ///   streams the caller closes.
    func reload() throws -> [String] {
        let fresh = State(try records.load())
        return state.withLock { state in
            defer { state = fresh }
            return state.byFingerprint.keys.filter { fresh.byFingerprint[$0] == nil }
        }
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
            guard state.apps[identifier] == nil else { throw AppRegistry.taken(identifier) }
            state.apps[identifier] = app
            state.byFingerprint[app.tokenFingerprint] = identifier
            return (.added(app), ())
        }
        return (app, token)
    }

    /// The refusal of an identifier already registered.
    static func taken(_ identifier: AppIdentifier) -> ServerError {
        ServerError.conflict("\(identifier) is already registered: remove it first or make a new token")
    }

    /// Gives the app a new token; the old one stops working.
    ///
    /// - Returns: The app, its new token and the old token's fingerprint, whose streams
    ///   the caller closes.
    func renewToken(of identifier: AppIdentifier) throws -> (RegisteredApp, token: String, oldFingerprint: String) {
        let token = Secrets.makeToken(prefix: "hat_")
        let (app, old) = try update { state in
            guard var app = state.apps[identifier] else { throw AppRegistry.unknown(identifier) }
            let old = app.tokenFingerprint
            state.byFingerprint[old] = nil
            app.tokenFingerprint = Secrets.fingerprint(token)
            state.apps[identifier] = app
            state.byFingerprint[app.tokenFingerprint] = identifier
            return (.renewed(app), (app, old))
        }
        return (app, token, old)
    }

    /// Unregisters an app; its token stops working.
    func remove(_ identifier: AppIdentifier) throws {
        try update { state in
            guard let app = state.apps.removeValue(forKey: identifier) else { throw AppRegistry.unknown(identifier) }
            state.byFingerprint[app.tokenFingerprint] = nil
            return (.removed(identifier), ())
        }
    }

    /// The refusal of an identifier not registered.
    static func unknown(_ identifier: AppIdentifier) -> ServerError {
        ServerError.notFound("\(identifier) is not registered")
    }

    /// Applies `apply` and saves the change it names; if saving fails, nothing changes.
    private func update<T>(_ apply: (inout State) throws -> (Change, T)) throws -> T {
        try state.withLock { state in
            var next = state
            let (change, result) = try apply(&next)
            try records.save(change, all: next.apps.values.sorted { $0.identifier < $1.identifier })
            state = next
            return result
        }
    }
}
