public import Foundation
public import NotificationModel

extension API {
    /// One message of the live event stream (`GET /v1/events`, a WebSocket): what
    /// happened, to which app, numbered.
    ///
    /// On the wire it is one flat object: `type` names the ``Kind``, and the kind's
    /// own fields sit beside `sequence` and `app`.
    ///
    /// ```swift
    /// switch event.kind {
    /// case .delivered(let delivery): print(delivery.request.content.title)
    /// case .badgeChanged(let badge): print("badge", badge)
    /// default: break
    /// }
    /// ```
    public struct Event: Codable, Sendable, Hashable {
        /// Increases by one per event of the stream's scope: a gap means missed
        /// events. 0 for a response the daemon sends again when an app's stream
        /// opens (one the app has not acknowledged), which is outside the numbering.
        public var sequence: Int
        /// The app it happened to.
        public var app: String
        /// What happened, with what it carries.
        public var kind: Kind

        /// An event of this kind for this app.
        public init(_ kind: Kind, sequence: Int = 0, app: String) {
            self.kind = kind
            self.sequence = sequence
            self.app = app
        }

        /// The kind's name, the wire's `type`.
        public var type: Kind.Name { kind.name }
    }
}

extension API.Event {
    /// What happened, with the fields each kind carries.
    public enum Kind: Sendable, Hashable {
        /// A request fired and its delivery was committed.
        case delivered(API.Delivery)
        /// A delivery was shown to the user.
        case presented(API.Presentation)
        /// Deliveries (their ids) left the app's notification center.
        case withdrawn(deliveries: [String])
        /// The user answered a delivery.
        case responded(API.Response)
        /// The app's badge changed.
        case badgeChanged(badge: Int)
        /// The app (its display name) asks for these authorization options.
        case authorizationRequested(name: String, options: [String])
        /// The app's authorization changed to this status.
        case authorizationChanged(status: String)
        /// The app's location permission is now `status` (a `CLAuthorizationStatus`
        /// name), the app asking for `requested` (`whenInUse`, `always`) or (`nil`) not asking.
        case locationAuthorizationChanged(status: String, requested: String?)
        /// A response opened the app.
        case appOpened
        /// The app added or removed pending requests.
        case pendingChanged
        /// An app was registered, renamed or removed.
        case appsChanged
        /// The app asks the notification center to show its settings.
        case settingsShown
        /// The user asked for the app's own settings, from this delivery or (`nil`) the center.
        case settingsOpened(delivery: API.Delivery?)
        /// A push asking for a background fetch (`content-available`) reached the
        /// app: its `apns-id` (lower-case, as `POST /v1/push/send` answers it) and
        /// its whole JSON payload, `aps` included, for the app's
        /// `didReceiveRemoteNotification`.
        case remoteNotificationReceived(apnsID: String, userInfo: [String: JSONValue])
        /// What keeps the person's notifications quiet changed (a Focus on or off,
        /// the desktop's Do Not Disturb, the next summary): about no app (`app` is
        /// empty), so only the admin's stream of every app carries it.
        case quietChanged(state: API.QuietState)
        /// The app's deliveries (their ids) wait for the scheduled summary at `until`.
        case heldForSummary(deliveries: [String], until: Date)
        /// The scheduled summary came: the app's groups of it (each app's stream
        /// gets its own; the stream of every app gets one such event per app).
        case summaryDelivered(summary: API.Summary)

        /// The names of the kinds, as the wire's `type` and the OpenAPI document's enum spell them.
        public enum Name: String, Codable, Sendable, CaseIterable {
            case delivered, presented, withdrawn, responded, badgeChanged, authorizationRequested
            case authorizationChanged, appOpened, pendingChanged, appsChanged, settingsOpened, settingsShown
            case remoteNotificationReceived, locationAuthorizationChanged, quietChanged, heldForSummary, summaryDelivered
        }

        /// This kind's name.
        public var name: Name {
            switch self {
            case .delivered: .delivered
            case .presented: .presented
            case .withdrawn: .withdrawn
            case .responded: .responded
            case .badgeChanged: .badgeChanged
            case .authorizationRequested: .authorizationRequested
            case .authorizationChanged: .authorizationChanged
            case .locationAuthorizationChanged: .locationAuthorizationChanged
            case .appOpened: .appOpened
            case .pendingChanged: .pendingChanged
            case .appsChanged: .appsChanged
            case .settingsShown: .settingsShown
            case .settingsOpened: .settingsOpened
            case .remoteNotificationReceived: .remoteNotificationReceived
            case .quietChanged: .quietChanged
            case .heldForSummary: .heldForSummary
            case .summaryDelivered: .summaryDelivered
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, sequence, app, delivery, presentation, deliveries, response, badge, name, options, status
        case apnsID, userInfo, requested, state, until, summary
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        app = try container.decode(String.self, forKey: .app)
        kind = try Self.decodeKind(try container.decode(Kind.Name.self, forKey: .type), from: container)
    }

    private static func decodeKind(_ name: Kind.Name, from container: KeyedDecodingContainer<CodingKeys>) throws -> Kind {
        switch name {
        case .delivered: .delivered(try container.decode(API.Delivery.self, forKey: .delivery))
        case .presented: .presented(try container.decode(API.Presentation.self, forKey: .presentation))
        case .withdrawn: .withdrawn(deliveries: try container.decode([String].self, forKey: .deliveries))
        case .responded: .responded(try container.decode(API.Response.self, forKey: .response))
        case .badgeChanged: .badgeChanged(badge: try container.decode(Int.self, forKey: .badge))
        case .authorizationRequested:
            .authorizationRequested(
                name: try container.decode(String.self, forKey: .name),
                options: try container.decode([String].self, forKey: .options))
        case .authorizationChanged: .authorizationChanged(status: try container.decode(String.self, forKey: .status))
        case .locationAuthorizationChanged:
            .locationAuthorizationChanged(
                status: try container.decode(String.self, forKey: .status),
                requested: try container.decodeIfPresent(String.self, forKey: .requested))
        case .appOpened: .appOpened
        case .pendingChanged: .pendingChanged
        case .appsChanged: .appsChanged
        case .settingsShown: .settingsShown
        case .settingsOpened: .settingsOpened(delivery: try container.decodeIfPresent(API.Delivery.self, forKey: .delivery))
        case .remoteNotificationReceived:
            .remoteNotificationReceived(
                apnsID: try container.decode(String.self, forKey: .apnsID),
                userInfo: try container.decode([String: JSONValue].self, forKey: .userInfo))
        case .quietChanged: .quietChanged(state: try container.decode(API.QuietState.self, forKey: .state))
        case .heldForSummary:
            .heldForSummary(
                deliveries: try container.decode([String].self, forKey: .deliveries),
                until: try container.decode(Date.self, forKey: .until))
        case .summaryDelivered: .summaryDelivered(summary: try container.decode(API.Summary.self, forKey: .summary))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(app, forKey: .app)
        switch kind {
        case .delivered(let delivery): try container.encode(delivery, forKey: .delivery)
        case .presented(let presentation): try container.encode(presentation, forKey: .presentation)
        case .withdrawn(let deliveries): try container.encode(deliveries, forKey: .deliveries)
        case .responded(let response): try container.encode(response, forKey: .response)
        case .badgeChanged(let badge): try container.encode(badge, forKey: .badge)
        case .authorizationRequested(let name, let options):
            try container.encode(name, forKey: .name)
            try container.encode(options, forKey: .options)
        case .authorizationChanged(let status): try container.encode(status, forKey: .status)
        case .locationAuthorizationChanged(let status, let requested):
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(requested, forKey: .requested)
        case .settingsOpened(let delivery): try container.encodeIfPresent(delivery, forKey: .delivery)
        case .remoteNotificationReceived(let apnsID, let userInfo):
            try container.encode(apnsID, forKey: .apnsID)
            try container.encode(userInfo, forKey: .userInfo)
        case .quietChanged(let state): try container.encode(state, forKey: .state)
        case .heldForSummary(let deliveries, let until):
            try container.encode(deliveries, forKey: .deliveries)
            try container.encode(until, forKey: .until)
        case .summaryDelivered(let summary): try container.encode(summary, forKey: .summary)
        case .appOpened, .pendingChanged, .appsChanged, .settingsShown: break
        }
    }
}

extension API.Event {
    /// The wire forms of an engine event, in order: one, but one per app for a
    /// summary, each app's stream getting only its own groups. `name` gives an app's
    /// display name.
    public static func events(_ event: NotificationEvent, name: (AppIdentifier) -> String) -> [API.Event] {
        guard case .summaryDelivered(let summary) = event else { return API.Event(event, name: name).map { [$0] } ?? [] }
        var apps: [AppIdentifier] = []
        for group in summary.groups where !apps.contains(group.app) { apps.append(group.app) }
        return apps.map { app in API.Event(.summaryDelivered(summary: API.Summary(summary, of: app)), app: app.rawValue) }
    }

    /// The wire form of an engine event; `name` gives an app's display name. `nil`
    /// for a summary, which is one event per app (``events(_:name:)``).
    public init?(_ event: NotificationEvent, name: (AppIdentifier) -> String) {
        switch event {
        case .delivered(let delivery):
            self.init(.delivered(API.Delivery(delivery)), app: delivery.app.rawValue)
        case .presented(let presentation):
            self.init(.presented(API.Presentation(presentation)), app: presentation.delivery.app.rawValue)
        case .withdrawn(let app, let deliveries):
            self.init(.withdrawn(deliveries: deliveries.map(\.description)), app: app.rawValue)
        case .responded(let response, let reachesApp):
            self.init(.responded(API.Response(response, reachesApp: reachesApp)), app: response.delivery.app.rawValue)
        case .badgeChanged(let app, let badge):
            self.init(.badgeChanged(badge: badge), app: app.rawValue)
        case .authorizationRequested(let app, let options):
            self.init(.authorizationRequested(name: name(app), options: options.nameList), app: app.rawValue)
        case .authorizationChanged(let app, let status):
            self.init(.authorizationChanged(status: status.rawValue), app: app.rawValue)
        case .locationAuthorizationChanged(let app, let authorization):
            self.init(
                .locationAuthorizationChanged(
                    status: authorization.status.rawValue, requested: authorization.requested?.rawValue),
                app: app.rawValue)
        case .appOpened(let app):
            self.init(.appOpened, app: app.rawValue)
        case .pendingChanged(let app):
            self.init(.pendingChanged, app: app.rawValue)
        case .settingsShown(let app):
            self.init(.settingsShown, app: app.rawValue)
        case .settingsOpened(let app, let delivery):
            self.init(.settingsOpened(delivery: delivery.map(API.Delivery.init)), app: app.rawValue)
        case .remoteNotificationReceived(let app, let id, let userInfo):
            self.init(
                .remoteNotificationReceived(apnsID: id.uuidString.lowercased(), userInfo: userInfo), app: app.rawValue)
        case .quietChanged(let state):
            self.init(.quietChanged(state: API.QuietState(state)), app: "")
        case .heldForSummary(let app, let deliveries, let until):
            self.init(.heldForSummary(deliveries: deliveries.map(\.description), until: until), app: app.rawValue)
        case .summaryDelivered:
            return nil
        }
    }
}
