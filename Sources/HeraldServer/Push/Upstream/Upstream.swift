import Foundation
import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
import NotificationEngine
import PushService
import Synchronization

/// This daemon as a device of a push service on another machine: its enrollment, its
/// apps' registrations there, and its link, which it keeps open (reconnecting with
/// backoff) to take its pushes, show them through the engine, and acknowledge them.
final class Upstream: Sendable {
    private let file: URL
    private let record: Mutex<PushUpstream>
    private let engine: NotificationEngine
    private let connected = Mutex(false)
    private let logger = Logger(label: "herald.push.upstream")

    /// The longest wait between two attempts to reach the service.
    static let maximumBackoff: Duration = .seconds(60)

    init(_ record: PushUpstream, file: URL, engine: NotificationEngine) {
        (self.file, self.engine) = (file, engine)
        self.record = Mutex(record)
    }

    /// What the daemon's status shows of it.
    var current: PushUpstream { record.withLock { $0 } }
    /// Whether its link is up.
    var isConnected: Bool { connected.withLock { $0 } }

    /// Enrolls with the service at `url` with an invite's `code`, pinning `fingerprint`.
    ///
    /// - Throws: ``DaemonError`` saying what the service answered, or why it could not be reached.
    static func enroll(url: String, fingerprint: String?, code: String) async throws -> PushUpstream {
        let body = try JSONEncoder().encode(["code": code])
        let (status, answer) = try await withConnection(url, fingerprint) {
            try await $0.request(path: DeviceEndpoint.prefix + "enroll", body: body, credential: nil)
        }
        guard status == 200, let enrolled = try? JSONDecoder().decode(DeviceEndpoint.Enrolled.self, from: answer) else {
            throw DaemonError("the push service refused the enrollment (\(status)): \(message(answer))")
        }
        return PushUpstream(
            url: url, fingerprint: fingerprint, device: enrolled.device, name: enrolled.name, credential: enrolled.credential)
    }

    /// The token of `app` on this device, from the service.
    func register(_ app: String) async throws -> DeviceToken {
        let (status, answer) = try await request("registrations", app: app)
        guard status == 200, let registered = try? JSONDecoder().decode(DeviceEndpoint.Registered.self, from: answer),
            let token = DeviceToken(hex: registered.token)
        else { throw DaemonError("the push service refused to register \(app) (\(status)): \(Self.message(answer))") }
        try change { $0.tokens[app] = token.description }
        return token
    }

    /// Whether `app` holds a token from the service.
    func isRegistered(_ app: String) -> Bool {
        current.tokens[app] != nil
    }

    /// Ends the token of `app` on this device.
    func unregister(_ app: String) async throws {
        let (status, answer) = try await request("unregistrations", app: app)
        guard status == 200 else {
            throw DaemonError("the push service refused to unregister \(app) (\(status)): \(Self.message(answer))")
        }
        try change { $0.tokens[app] = nil }
    }

    /// Changes the record and saves it.
    private func change(_ body: (inout PushUpstream) -> Void) throws {
        let record = self.record.withLock { record in
            body(&record)
            return record
        }
        try record.save(to: file)
    }

    private func request(_ path: String, app: String) async throws -> (Int, Data) {
        let record = current
        let body = try JSONEncoder().encode(["app": app])
        return try await Self.withConnection(record.url, record.fingerprint) {
            try await $0.request(path: DeviceEndpoint.prefix + path, body: body, credential: record.deviceCredential)
        }
    }

    // MARK: The link

    /// Keeps the link up until cancelled: after each end, waits (1 s, doubling to
    /// ``maximumBackoff``, with jitter; back to 1 s after a link that worked) and
    /// connects again. The service sends again what was not acknowledged.
    func run() async {
        var backoff: Duration = .seconds(1)
        while !Task.isCancelled {
            guard let worked = await linkOnce() else {
                logger.error("the push service \(current.url) refuses this device's credential (it was removed there): herald push connect again")
                return
            }
            backoff = worked ? .seconds(1) : min(backoff * 2, Self.maximumBackoff)
            let jitter = Double.random(in: 0.8...1.2)
            try? await Task.sleep(for: backoff * jitter)
        }
    }

    /// One link, to its end; whether it was established, `nil` when the service refuses
    /// the credential (the device was removed there), which trying again cannot change.
    private func linkOnce() async -> Bool? {
        let record = current
        do {
            try await Self.withConnection(record.url, record.fingerprint) { connection in
                let heard = Mutex(ContinuousClock.now)
                // A service gone silent (a cut the connection never saw) is left: it sends a
                // keepalive line whenever the link is quiet.
                let watchdog = Task {
                    while !Task.isCancelled {
                        try await Task.sleep(for: .seconds(5))
                        if heard.withLock({ ContinuousClock.now - $0 }) > .seconds(LinkMessage.silenceLimit) {
                            connection.close()
                            return
                        }
                    }
                }
                defer { watchdog.cancel() }
                do {
                    // Cancelled (the daemon stops, or another service takes this one's place):
                    // the connection closes, which ends the link's reading.
                    try await withTaskCancellationHandler {
                        try await connection.exchange(path: DeviceEndpoint.linkPath, credential: record.deviceCredential) {
                            inbound, outbound in
                            try await follow(inbound, acknowledgingOn: outbound) { heard.withLock { $0 = ContinuousClock.now } }
                        }
                    } onCancel: {
                        connection.close()
                    }
                } catch {
                    throw connection.pinningFailure ?? error
                }
            }
        } catch is CredentialRefused {
            return nil
        } catch {
            logger.info("link to the push service \(record.url) ended: \(error)")
        }
        return isConnectedOnce.withLock { value in
            defer { value = false }
            return value
        }
    }

    /// Whether the last link got as far as the service's answer.
    private let isConnectedOnce = Mutex(false)

    /// Reads the link: the answer's head, then lines; each push is shown and then
    /// acknowledged. Throws when the service refuses, goes silent, or the link breaks.
    private func follow(
        _ inbound: ServiceConnection.Inbound, acknowledgingOn outbound: ServiceConnection.Outbound,
        heard: () -> Void
    ) async throws {
        var lines = LineBuffer()
        defer { connected.withLock { $0 = false } }
        for try await frame in inbound {
            heard()
            switch frame {
            case .headers(let headers):
                let status = headers.headers.first(name: ":status").flatMap { Int($0) } ?? 0
                if status == 401 { throw CredentialRefused() }
                guard status == 200 else { throw DaemonError("the push service refused the link (\(status))") }
                try count(in: headers.headers.first(name: LinkMessage.epochField))
                connected.withLock { $0 = true }
                isConnectedOnce.withLock { $0 = true }
                logger.info("linked to the push service \(current.url) as device \(current.device)")
            case .data(let data):
                guard case .byteBuffer(let bytes) = data.data else { continue }
                let pushes = try lines.take(bytes.readableBytesView).compactMap { line -> LinkMessage.Push? in
                    guard case .push(let push) = try LinkMessage.down(line) else { return nil }
                    return push
                }
                if let last = try await deliver(pushes) {
                    let line = try LinkMessage.line(LinkMessage.Acknowledgement(ack: last))
                    try await outbound.write(.data(.init(data: .byteBuffer(ByteBuffer(bytes: line)))))
                }
                if data.endStream { return }
            default: continue
            }
        }
    }

    /// Counts the pushes shown in the numbering of `epoch`, the link's: one the
    /// service's store made anew starts at 1 again, so the count of another epoch
    /// is forgotten. The first epoch a device sees is the one it has counted in.
    private func count(in epoch: String?) throws {
        guard let epoch, epoch != current.queueEpoch else { return }
        let restarts = current.queueEpoch != nil
        if restarts {
            logger.notice(
                "the push service \(current.url) numbers this device's pushes anew (its queue was made again): counting from 0, not \(current.deliveredThrough)"
            )
        }
        try change { record in
            record.queueEpoch = epoch
            if restarts { record.deliveredThrough = 0 }
        }
    }

    /// Shows `pushes` in order, each once: one already delivered (its acknowledgement
    /// lost) is skipped. Returns the last number to acknowledge.
    private func deliver(_ pushes: [LinkMessage.Push]) async throws -> UInt64? {
        guard !pushes.isEmpty else { return nil }
        var through = current.deliveredThrough
        for push in pushes where push.sequence > through {
            // Only an app that registered here with this service: the service cannot
            // speak for an app of this machine that never asked it to.
            if !push.isLive(at: Date()) {
                logger.info("push \(push.notification.id) for \(push.app) expired on its way, and is dropped")
            } else if current.tokens[push.app] != nil {
                _ = try await engine.deliverRemoteNotification(push.notification, for: AppIdentifier(push.app))
            } else {
                logger.warning("push \(push.notification.id) from \(current.url) for \(push.app), not registered with it here, is dropped")
            }
            through = push.sequence
            try change { $0.deliveredThrough = through }
        }
        return pushes.map(\.sequence).max()
    }

    /// The service answered the link 401: this device's credential is no longer good there.
    struct CredentialRefused: Error {}

    private static func withConnection<T: Sendable>(
        _ url: String, _ fingerprint: String?, _ body: (ServiceConnection) async throws -> T
    ) async throws -> T {
        let connection: ServiceConnection
        do {
            connection = try await ServiceConnection.connect(to: url, fingerprint: fingerprint)
        } catch {
            throw DaemonError("cannot reach the push service at \(url): \(error)")
        }
        defer { connection.close() }
        do {
            return try await body(connection)
        } catch let error as DaemonError {
            throw error
        } catch let error as ServiceConnection.Failure {
            throw DaemonError("the push service at \(url): \(error)")
        }
    }

    private static func message(_ answer: Data) -> String {
        let error = (try? JSONSerialization.jsonObject(with: answer) as? [String: Any])?["error"] as? [String: Any]
        return error?["message"] as? String ?? String(decoding: answer.prefix(200), as: UTF8.self)
    }
}
