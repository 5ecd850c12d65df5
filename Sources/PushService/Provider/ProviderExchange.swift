public import Foundation

/// One request to the provider API, as the HTTP/2 listener read it: what
/// ``ProviderEndpoint`` answers. The listener knows nothing of APNs; the endpoint
/// knows nothing of HTTP/2.
public struct ProviderRequest: Sendable {
    /// `POST`, or whatever else the client sent (refused with `MethodNotAllowed`).
    public var method: String
    /// The path as sent, such as `/3/device/<64 hex digits>`.
    public var path: String
    /// Every header field in the order sent, names in lower case, repeated names kept
    /// (a repeated `apns-*` field is `DuplicateHeaders`).
    public var fields: [(name: String, value: String)]
    /// The body, at most ``ProviderRequest/maximumBodyBytes``: the listener stops
    /// reading there, one byte past the payload limit, so a larger body is seen as
    /// too large.
    public var body: Data

    /// The most payload bytes an alert or background push may carry (Apple's 4 KB).
    public static let maximumPayloadBytes = 4_096
    /// The most body bytes the listener reads: one more than the payload limit, so
    /// the endpoint can answer `PayloadTooLarge`.
    public static let maximumBodyBytes = maximumPayloadBytes + 1

    public init(method: String, path: String, fields: [(name: String, value: String)], body: Data) {
        self.method = method
        self.path = path
        self.fields = fields
        self.body = body
    }
}

/// The provider API's answer, as APNs gives it: a status, the `apns-id` header on
/// every answer, and for a refusal the JSON body `{"reason": …}` (with
/// `"timestamp"`, in milliseconds since 1970, for `Unregistered`).
public struct ProviderAnswer: Sendable, Equatable {
    public var status: Int
    /// The push's `apns-id`: the one sent, or one made for it.
    public var id: UUID
    /// Why the push was refused; `nil` for 200.
    public var reason: APNsReason?
    /// For `Unregistered`: when the device token stopped being valid.
    public var unregisteredAt: Date?
    /// A JSON body of the service's own, for the requests of devices on other
    /// machines (``DeviceEndpoint``), in place of APNs' refusal body.
    public var content: Data? = nil

    /// A push accepted: 200 with no body.
    public static func accepted(_ id: UUID) -> ProviderAnswer {
        ProviderAnswer(status: 200, id: id, reason: nil, unregisteredAt: nil)
    }

    /// A push refused for `refusal`'s reason, with its status.
    public static func refused(_ refusal: APNsRefusal, id: UUID, unregisteredAt: Date? = nil) -> ProviderAnswer {
        ProviderAnswer(status: refusal.reason.status, id: id, reason: refusal.reason, unregisteredAt: unregisteredAt)
    }

    /// An answer of the service's own with this JSON body.
    public static func json(status: Int, _ content: Data) -> ProviderAnswer {
        ProviderAnswer(status: status, id: UUID(), reason: nil, unregisteredAt: nil, content: content)
    }

    /// The JSON body: ``content`` when set; else empty for 200, else `{"reason":"…"}`
    /// and, for a token that is no longer valid, `"timestamp"` in milliseconds.
    public var body: Data {
        if let content { return content }
        guard let reason else { return Data() }
        var text = #"{"reason":"\#(reason.rawValue)""#
        if let unregisteredAt {
            text += #","timestamp":\#(Int64((unregisteredAt.timeIntervalSince1970 * 1000).rounded(.down)))"#
        }
        return Data((text + "}").utf8)
    }
}
