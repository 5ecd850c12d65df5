import HeraldAPI
import HTTPTypes
import NIOCore
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
        /// Upgrades accepted whose stream has not started yet, by their connection.
        var reservations: [ObjectIdentifier: Credential] = [:]
        /// Streams and reservations.
        var total = 0

        func held(by credential: Credential) -> Int {
            (streams[credential]?.count ?? 0) + reservations.values.lazy.filter { $0 == credential }.count
        }
    }

    let perCredentialLimit: Int
    let totalLimit: Int
    private let state = Mutex(State())

    init(perCredentialLimit: Int = defaultPerCredentialLimit, totalLimit: Int = defaultTotalLimit) {
        self.perCredentialLimit = perCredentialLimit
        self.totalLimit = totalLimit
    }

    /// Before an upgrade: holds a place for one more stream of `credential` on
    /// `channel`, so upgrades accepted at once cannot together pass the limit. The
    /// stream takes the place when it starts (``register(_:for:on:)``); closing the
    /// connection first gives it back.
    ///
    /// - Throws: 429 `tooManyStreams` when the credential or the daemon holds its limit.
    func reserve(for credential: Credential, on channel: any Channel) throws {
        let key = ObjectIdentifier(channel)
        try state.withLock { state in
            try Self.checkRoom(in: state, for: credential, limits: (perCredentialLimit, totalLimit))
            state.reservations[key] = credential
            state.total += 1
        }
        channel.closeFuture.whenComplete { [self] _ in release(key) }
    }

    /// Records `outbox` as a stream of `credential` on `channel`, in the place
    /// ``reserve(for:on:)`` held for it.
    ///
    /// - Throws: 429 `tooManyStreams` when no place was held and the credential or
    ///   the daemon holds its limit of streams.
    func register(_ outbox: StreamOutbox, for credential: Credential, on channel: any Channel) throws {
        try state.withLock { state in
            if state.reservations.removeValue(forKey: ObjectIdentifier(channel)) == nil {
                try Self.checkRoom(in: state, for: credential, limits: (perCredentialLimit, totalLimit))
                state.total += 1
            }
            state.streams[credential, default: [:]][ObjectIdentifier(outbox)] = outbox
        }
    }

    /// Gives back the place held for a connection whose stream never started.
    private func release(_ key: ObjectIdentifier) {
        state.withLock { state in
            if state.reservations.removeValue(forKey: key) != nil { state.total -= 1 }
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

    /// Streams open with `credential`, not counting places held for upgrades.
    func count(for credential: Credential) -> Int {
        state.withLock { $0.streams[credential]?.count ?? 0 }
    }

    private static func checkRoom(in state: State, for credential: Credential, limits: (Int, Int)) throws {
        guard state.held(by: credential) < limits.0, state.total < limits.1 else {
            throw ServerError(
                status: .tooManyRequests, code: .tooManyStreams,
                message: "too many open streams: at most \(limits.0) per credential and \(limits.1) in all; close one first")
        }
    }
}
