import HTTPTypes
import Synchronization

/// The credential a request was made with, which every stream it opens stays tied to.
enum Credential: Sendable, Hashable {
    /// The admin token, sent as a bearer token (the command line).
    case adminToken
    /// A browser session of the web notification center, by its id's fingerprint.
    case session(fingerprint: String)
    /// An app's token, by its fingerprint: renewing the token or removing the app revokes it.
    case appToken(fingerprint: String)
}

/// Every open WebSocket stream, by the credential that opened it: caps how many one
/// credential may hold, and closes them all at once when that credential is revoked.
final class StreamRegistry: Sendable {
    /// Streams one credential may hold open at once.
    static let defaultPerCredentialLimit = 16
    /// Streams the daemon holds open at once.
    static let defaultTotalLimit = 256

    private struct State {
        var streams: [Credential: [ObjectIdentifier: StreamOutbox]] = [:]
        var total = 0
    }

    let perCredentialLimit: Int
    let totalLimit: Int
    private let state = Mutex(State())

    init(perCredentialLimit: Int = defaultPerCredentialLimit, totalLimit: Int = defaultTotalLimit) {
        self.perCredentialLimit = perCredentialLimit
        self.totalLimit = totalLimit
    }

    /// Checks, before an upgrade, that `credential` may open one more stream.
    ///
    /// - Throws: 429 `tooManyStreams` when it may not.
    func checkRoom(for credential: Credential) throws {
        try state.withLock { try Self.checkRoom(in: $0, for: credential, limits: (perCredentialLimit, totalLimit)) }
    }

    /// Records `outbox` as a stream of `credential`.
    ///
    /// - Throws: 429 `tooManyStreams` when the credential or the daemon holds its limit
    ///   of streams (checked again here: streams may have opened since ``checkRoom(for:)``).
    func register(_ outbox: StreamOutbox, for credential: Credential) throws {
        try state.withLock { state in
            try Self.checkRoom(in: state, for: credential, limits: (perCredentialLimit, totalLimit))
            state.streams[credential, default: [:]][ObjectIdentifier(outbox)] = outbox
            state.total += 1
        }
    }

    /// Forgets `outbox`: its stream has ended.
    func unregister(_ outbox: StreamOutbox, for credential: Credential) {
        state.withLock { state in
            guard state.streams[credential]?.removeValue(forKey: ObjectIdentifier(outbox)) != nil else { return }
            state.total -= 1
            if state.streams[credential]?.isEmpty == true { state.streams[credential] = nil }
        }
    }

    /// Closes every stream opened with `credential`, now.
    func revoke(_ credential: Credential) {
        let closing = state.withLock { state in
            let streams = state.streams.removeValue(forKey: credential) ?? [:]
            state.total -= streams.count
            return Array(streams.values)
        }
        closing.forEach { $0.close(.credentialRevoked) }
    }

    /// Closes every stream: the daemon is stopping.
    func closeAll() {
        let closing = state.withLock { state in
            defer { state = State() }
            return state.streams.values.flatMap(\.values)
        }
        closing.forEach { $0.close(.daemonStopping) }
    }

    /// Streams open with `credential`.
    func count(for credential: Credential) -> Int {
        state.withLock { $0.streams[credential]?.count ?? 0 }
    }

    private static func checkRoom(in state: State, for credential: Credential, limits: (Int, Int)) throws {
        guard (state.streams[credential]?.count ?? 0) < limits.0, state.total < limits.1 else {
            throw ServerError(
                status: .tooManyRequests, code: "tooManyStreams",
                message: "too many open streams: at most \(limits.0) per credential and \(limits.1) in all; close one first")
        }
    }
}
