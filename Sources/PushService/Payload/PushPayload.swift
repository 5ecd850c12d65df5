public import Foundation
public import NotificationModel

/// The JSON body of a push to `POST /3/device/{token}`, read as APNs takes it
/// and as an Apple device reads its `aps` dictionary: what the notification
/// shows, whether it wakes the app, and the whole payload as the app's `userInfo`.
///
/// ```swift
/// let headers = try PushHeaders(request.fields)
/// let payload = try PushPayload(json: request.body, pushType: headers.pushType)
/// if let push = payload.remoteNotification(id: headers.id, collapseIdentifier: headers.collapseID) {
///     // hand `push` to the device's engine
/// }
/// ```
///
/// APNs refuses a body only for its size or when it is not a JSON object; it
/// does not check `aps`, and a device ignores what it cannot use. Herald does
/// the same: an `aps` key of the wrong type, or whose value Herald cannot hold
/// (an identifier over 255 characters, a negative badge, a relevance score over
/// 1), is ignored as if it were absent, and reaches the app unchanged in
/// `userInfo` (`docs/push.md` lists each key's rule). What remains always
/// passes the engine's checks of content, so a push APNs would accept is never
/// refused later with an error its sender cannot relate to the payload. Whether
/// the app registered the push's category is the device's to find out: as iOS,
/// Herald's engine shows a push of a category the app has not registered
/// without actions.
public struct PushPayload: Sendable, Hashable {
    /// What the notification shows, with the whole payload (`aps` included) as
    /// its `userInfo`. Only `userInfo` for a background push.
    public var content: NotificationContent
    /// `content-available: 1`: the app is woken to fetch in the background.
    public var isContentAvailable: Bool
    /// `mutable-content: 1` on a push that shows an alert: the app's service
    /// extension may change it before it is shown (Apple runs the extension only
    /// for alerts).
    public var isMutableContent: Bool

    /// Reads a push's body as APNs does, for a push of `pushType`.
    ///
    /// A `background` push shows nothing: its `alert`, `sound` and `badge` are left
    /// out of ``content`` (the app still finds them in `userInfo`). Apple says a
    /// background notification's `aps` must hold no key that asks for the user's
    /// attention (developer.apple.com/documentation/usernotifications/
    /// pushing-background-updates-to-your-app), and developers who sent one
    /// anyway saw the app woken and nothing shown
    /// (developer.apple.com/forums/thread/745345); Herald does that.
    ///
    /// - Throws: ``APNsRefusal`` with `PayloadTooLarge` for a body over
    ///   ``ProviderRequest/maximumPayloadBytes`` bytes, or one whose `userInfo`
    ///   the engine would store in more than
    ///   ``NotificationLimits/maximumUserInfoBytes`` (it writes each `/` as `\/`),
    ///   or that nests more than 32 objects and arrays in one another;
    ///   `PayloadEmpty` for an empty body or one that is not a JSON object.
    public init(json: Data, pushType: PushHeaders.PushType) throws(APNsRefusal) {
        let payload = try Self.object(in: json)
        try Self.checkStoredSize(of: payload)
        let aps = APSDictionary(payload["aps"])
        isContentAvailable = aps.flag("content-available")
        content = pushType == .background ? NotificationContent() : aps.content()
        content.userInfo = payload
        isMutableContent = aps.flag("mutable-content") && Self.showsAlert(content)
    }

    /// What the device receives: a ``RemoteNotification`` with this push's id and
    /// collapse identifier (from its headers), or `nil` when the device would do
    /// nothing with it — it shows nothing (no title, subtitle, body, sound or
    /// badge) and does not wake the app. APNs accepts such a push (a Wallet pass
    /// update is the payload `{}`: developer.apple.com/documentation/walletpasses/
    /// adding-a-web-service-to-update-passes) and the device drops it; so does Herald.
    public func remoteNotification(id: UUID, collapseIdentifier: String?) -> RemoteNotification? {
        guard Self.showsSomething(content) || isContentAvailable else { return nil }
        return RemoteNotification(
            id: id, content: content, collapseIdentifier: collapseIdentifier,
            isContentAvailable: isContentAvailable, isMutableContent: isMutableContent)
    }

    /// The body as a JSON object.
    ///
    /// Apple's table of reasons (developer.apple.com/documentation/usernotifications/
    /// handling-notification-responses-from-apns) has none for a body that is
    /// not JSON: `PayloadEmpty` ("The message payload is empty") is its only
    /// reason about what the payload holds, and a body that is not a JSON object
    /// holds no payload APNs can deliver, so Herald answers it for both. A body
    /// over the limit is `PayloadTooLarge` before it is read.
    static func object(in json: Data) throws(APNsRefusal) -> [String: JSONValue] {
        guard json.count <= ProviderRequest.maximumPayloadBytes else {
            throw APNsRefusal(
                .payloadTooLarge, "the payload is \(json.count) bytes; the limit is \(ProviderRequest.maximumPayloadBytes)")
        }
        guard !json.isEmpty else { throw APNsRefusal(.payloadEmpty, "the payload is empty") }
        return try PayloadJSON.object(json)
    }

    /// Refuses a payload the engine would store as more than its `userInfo`
    /// limit: the engine writes it with `JSONEncoder`, which escapes each `/`, so a
    /// body of 4,096 bytes can grow past 4,096 there. The engine's own check, which
    /// encodes only a payload that a bound on its size does not settle.
    static func checkStoredSize(of payload: [String: JSONValue]) throws(APNsRefusal) {
        do {
            try Validator.validateUserInfo(payload)
        } catch {
            let stored = (try? JSONEncoder().encode(payload).count).map { "\($0) bytes" } ?? "more than it can encode"
            throw APNsRefusal(
                .payloadTooLarge,
                "the payload takes \(stored) as Herald stores it (each / written \\/); the limit is \(NotificationLimits.maximumUserInfoBytes)"
            )
        }
    }

    /// Whether the content shows an alert: a title, subtitle or body.
    static func showsAlert(_ content: NotificationContent) -> Bool {
        !content.title.isEmpty || !content.subtitle.isEmpty || !content.body.isEmpty
    }

    /// Whether the content shows or plays anything: an alert, a sound or a badge
    /// (what the engine requires of a notification it shows).
    static func showsSomething(_ content: NotificationContent) -> Bool {
        showsAlert(content) || content.sound != nil || content.badge != nil
    }
}
