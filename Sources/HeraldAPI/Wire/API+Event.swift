public import NotificationModel

extension API {
    /// One message of the live event stream (`GET /v1/events`, a WebSocket): what
    /// happened, to which app. The fields besides `type`, `sequence` and `app`
    /// depend on the type.
    ///
    /// | type | fields |
    /// |---|---|
    /// | `delivered` | `delivery` |
    /// | `presented` | `presentation` |
    /// | `withdrawn` | `deliveries` (ids) |
    /// | `responded` | `response` |
    /// | `badgeChanged` | `badge` |
    /// | `authorizationRequested` | `name`, `options` |
    /// | `authorizationChanged` | `status` |
    /// | `appOpened` | — |
    /// | `pendingChanged` | — |
    /// | `appsChanged` | — |
    public struct Event: Codable, Sendable, Hashable {
        /// What happened.
        public var type: String
        /// Increases by one per event of the daemon's run: a gap means missed events.
        public var sequence: Int
        public var app: String
        public var delivery: Delivery?
        public var presentation: Presentation?
        public var deliveries: [String]?
        public var response: Response?
        public var badge: Int?
        public var name: String?
        public var options: [String]?
        public var status: String?

        /// An event of this type for this app; set the fields its type carries.
        public init(type: String, sequence: Int = 0, app: String) {
            self.type = type
            self.sequence = sequence
            self.app = app
        }
    }
}

extension API.Event {
    /// The wire form of an engine event; `name` gives an app's display name.
    public init(_ event: NotificationEvent, name: (AppIdentifier) -> String) {
        switch event {
        case .delivered(let delivery):
            self.init(type: "delivered", app: delivery.app.rawValue)
            self.delivery = API.Delivery(delivery)
        case .presented(let presentation):
            self.init(type: "presented", app: presentation.delivery.app.rawValue)
            self.presentation = API.Presentation(presentation)
        case .withdrawn(let app, let deliveries):
            self.init(type: "withdrawn", app: app.rawValue)
            self.deliveries = deliveries.map(\.description)
        case .responded(let response):
            self.init(type: "responded", app: response.delivery.app.rawValue)
            self.response = API.Response(response)
        case .badgeChanged(let app, let badge):
            self.init(type: "badgeChanged", app: app.rawValue)
            self.badge = badge
        case .authorizationRequested(let app, let options):
            self.init(type: "authorizationRequested", app: app.rawValue)
            self.name = name(app)
            self.options = options.nameList
        case .authorizationChanged(let app, let status):
            self.init(type: "authorizationChanged", app: app.rawValue)
            self.status = status.rawValue
        case .appOpened(let app):
            self.init(type: "appOpened", app: app.rawValue)
        case .pendingChanged(let app):
            self.init(type: "pendingChanged", app: app.rawValue)
        case .settingsShown(let app):
            self.init(type: "settingsShown", app: app.rawValue)
        case .settingsOpened(let app, let delivery):
            self.init(type: "settingsOpened", app: app.rawValue)
            self.delivery = delivery.map(API.Delivery.init)
        }
    }
}
