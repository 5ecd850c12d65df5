public import Foundation
public import NotificationModel
import Synchronization

/// Apple's provider API, `POST /3/device/{token}`, as one function from a request
/// to its answer: the checks APNs makes, in the order that tells a caller
/// nothing it is not entitled to (who it is before what it sent), and the push
/// handed to ``deliver`` once every check passed.
///
/// 1. `POST` (else `MethodNotAllowed`), a path `/3/device/{token}` (else `BadPath`;
///    no token is `MissingDeviceToken`).
/// 2. The provider token (``ProviderToken``, ``ProviderTokenGate``) against the
///    directory's keys.
/// 3. The `apns-*` headers (``PushHeaders``); the topic must be the team's
///    (`TopicDisallowed`).
/// 4. The device token: 64 hex digits of a registration (`BadDeviceToken`), still
///    active (`Unregistered`, with when it ended), of the topic's app
///    (`DeviceTokenNotForTopic`).
/// 5. The payload (``PushPayload``: `PayloadTooLarge`, `PayloadEmpty`).
/// 6. The token's rate (``PushRateLimit``, `TooManyRequests`), counted for pushes
///    that passed every check, so refused ones spend nothing.
public final class ProviderEndpoint: Sendable {
    /// Hands an accepted push on, towards the registration's device. A throw is
    /// answered `InternalServerError`, or its reason when it is an ``APNsRefusal``.
    public typealias Deliver = @Sendable (RemoteNotification, DeviceRegistration, PushHeaders) async throws -> Void

    private let directory: PushDirectory
    private let gate = Mutex(ProviderTokenGate())
    /// Accepted provider tokens as parsed, by their `authorization` value: a provider
    /// sends the same one for up to an hour, and parsing it is a push's largest check.
    private let parsed = Mutex<[String: ProviderToken]>([:])
    /// The most parsed tokens kept; past it the cache starts over.
    static let parsedTokenLimit = 1_000
    private let rateLimit: Mutex<PushRateLimit>
    private let now: @Sendable () -> Date
    private let deliver: Deliver

    /// The path every push is posted under, before the token.
    public static let pathPrefix = "/3/device/"

    /// An endpoint on `directory`'s keys and registrations, with `rateLimit` per
    /// device token, handing pushes to `deliver`.
    public init(
        directory: PushDirectory, rateLimit: PushRateLimit = PushRateLimit(), now: @escaping @Sendable () -> Date,
        deliver: @escaping Deliver
    ) {
        self.directory = directory
        self.rateLimit = Mutex(rateLimit)
        self.now = now
        self.deliver = deliver
    }

    /// Who sends a push.
    public enum Sender: Sendable {
        /// A provider, by its token (`authorization: bearer <JWT>`): the provider API.
        case provider
        /// The service's own administrator (`herald push send`): no provider token, any topic.
        case administrator
    }

    /// The answer to `request` from `sender`.
    public func answer(_ request: ProviderRequest, from sender: Sender = .provider) async -> ProviderAnswer {
        let id = Self.sentID(request.fields) ?? UUID()
        do {
            let (headers, registration) = try check(request, id: id, from: sender)
            let payload = try PushPayload(json: request.body, pushType: headers.pushType)
            guard rateLimit.withLock({ $0.admit(registration.token, now: now()) }) else {
                throw APNsRefusal(.tooManyRequests, "too many pushes to this device token")
            }
            // Accepted, as APNs accepts it, but with nothing a device would act on.
            guard let notification = payload.remoteNotification(id: headers.id, collapseIdentifier: headers.collapseID)
            else { return .accepted(headers.id) }
            do {
                try await deliver(notification, registration, headers)
            } catch let refusal as APNsRefusal {
                throw refusal
            } catch {
                throw APNsRefusal(.internalServerError, "the push could not be kept: \(error)")
            }
            return .accepted(headers.id)
        } catch let refusal as APNsRefusal {
            return .refused(refusal, id: id)
        } catch let ended as Ended {
            return .refused(APNsRefusal(.unregistered, "the app unregistered"), id: id, unregisteredAt: ended.at)
        } catch {
            return .refused(APNsRefusal(.internalServerError, "\(error)"), id: id)
        }
    }

    /// A registration that ended, answered `Unregistered` with its time.
    private struct Ended: Error {
        var at: Date
    }

    private func check(_ request: ProviderRequest, id: UUID, from sender: Sender) throws -> (
        PushHeaders, DeviceRegistration
    ) {
        guard request.method == "POST" else {
            throw APNsRefusal(.methodNotAllowed, "\(request.method) is not POST")
        }
        guard request.path.hasPrefix(Self.pathPrefix) else {
            throw APNsRefusal(.badPath, "\(request.path) is not /3/device/{token}")
        }
        let tokenText = request.path.dropFirst(Self.pathPrefix.count)
        guard !tokenText.isEmpty else { throw APNsRefusal(.missingDeviceToken, "the path names no device token") }
        let now = self.now()
        let team = sender == .provider ? try authenticate(request.fields, now: now) : nil
        let headers = try PushHeaders(request.fields, makeID: { id })
        if let team, !directory.team(team, owns: headers.topic, now: now) {
            throw APNsRefusal(.topicDisallowed, "team \(team) does not own \(headers.topic)")
        }
        guard let token = DeviceToken(hex: tokenText), let registration = directory.registration(of: token, now: now)
        else {
            throw APNsRefusal(.badDeviceToken, "no device holds this token")
        }
        if let ended = registration.unregisteredAt { throw Ended(at: ended) }
        guard registration.app == headers.topic else {
            throw APNsRefusal(.deviceTokenNotForTopic, "the token is not \(headers.topic)'s")
        }
        return (headers, registration)
    }

    /// The team the request's provider token speaks for.
    private func authenticate(_ fields: [(name: String, value: String)], now: Date) throws -> String {
        let authorizations = fields.filter { $0.name.lowercased() == "authorization" }
        guard authorizations.count <= 1 else {
            throw APNsRefusal(.duplicateHeaders, "authorization appears twice")
        }
        let authorization = authorizations.first?.value
        let token = try authorization.flatMap { text in parsed.withLock { $0[text] } }
            ?? ProviderToken(authorization: authorization)
        let key = directory.key(token.keyIdentifier, now: now)
        let team = try gate.withLock { gate in
            gate.update(token.keyIdentifier, to: key.map { ProviderTokenGate.Key(team: $0.team, publicKeyBytes: $0.publicKey) })
            return try gate.accept(token, now: now)
        }
        if let authorization {
            parsed.withLock { parsed in
                if parsed.count >= Self.parsedTokenLimit { parsed.removeAll() }
                parsed[authorization] = token
            }
        }
        return team
    }

    /// The `apns-id` the request brings, when it is a UUID, to echo on any answer.
    private static func sentID(_ fields: [(name: String, value: String)]) -> UUID? {
        fields.first { $0.name.lowercased() == "apns-id" }.flatMap { UUID(uuidString: $0.value) }
    }
}
