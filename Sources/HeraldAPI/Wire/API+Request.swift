public import Foundation
public import NotificationModel

extension API {
    /// A notification request: `POST /v1/apps/{app}/requests` takes one, or
    /// `{"requests": [...]}` for many in one transaction.
    public struct Request: Codable, Sendable, Hashable {
        /// The app's name for the request; adding it again replaces it.
        public var identifier: String
        /// What it shows.
        public var content: Content
        /// When it fires; `nil` delivers it at once.
        public var trigger: Trigger?

        /// A request.
        public init(identifier: String, content: Content, trigger: Trigger? = nil) {
            self.identifier = identifier
            self.content = content
            self.trigger = trigger
        }
    }

    /// Many requests added in one transaction: all of them or none.
    public struct RequestBatch: Codable, Sendable, Hashable {
        /// The requests, in order; of two with one identifier, the later wins.
        public var requests: [Request]

        /// A batch.
        public init(requests: [Request]) {
            self.requests = requests
        }
    }

    /// What an add did: the requests dropped to keep the app's pending limit.
    public struct AddResult: Codable, Sendable, Hashable {
        /// Identifiers of the app's latest-firing requests that were removed.
        public var evictedIdentifiers: [String]

        /// A result.
        public init(evictedIdentifiers: [String]) {
            self.evictedIdentifiers = evictedIdentifiers
        }
    }

    /// A request waiting to fire.
    public struct PendingRequest: Codable, Sendable, Hashable {
        public var request: Request
        /// When it fires next; `nil` for a location trigger.
        public var nextFireDate: Date?
        /// When it was added.
        public var addedDate: Date

        /// A pending request.
        public init(request: Request, nextFireDate: Date?, addedDate: Date) {
            self.request = request
            self.nextFireDate = nextFireDate
            self.addedDate = addedDate
        }
    }

    /// A notification that fired.
    public struct Delivery: Codable, Sendable, Hashable {
        /// Unique; responses name it.
        public var id: String
        public var app: String
        public var request: Request
        /// When it was due.
        public var scheduledDate: Date
        /// When it was delivered.
        public var date: Date
        /// Delivered after it was due, catching up after downtime.
        public var isLate: Bool
        /// The category the delivery was made with, which its answers are checked
        /// against whatever the app registers later; `nil` when its content names
        /// none. Older daemons send none of these four fields.
        public var category: Category?
        /// The actions a banner of it shows (`NotificationRules.bannerActions(of:)`).
        public var bannerActions: [Action]?
        /// Whether dismissing it reaches the app (`NotificationRules.dismissalReachesApp(_:)`).
        public var reportsDismissal: Bool?
        /// The answers that bring the app to the foreground
        /// (`NotificationRules.opensApp(actionIdentifier:category:)`): the default
        /// action's identifier and those of the category's foreground actions.
        public var answersOpeningApp: [String]?
        /// The scheduled summary it waits for, when it waits for one: it is listed,
        /// and the presenters get it at that time. Only the app's list of delivered
        /// notifications (`GET /v1/apps/{app}/delivered`) says; `nil` elsewhere.
        public var heldUntil: Date?

        /// A delivery.
        public init(
            id: String, app: String, request: Request, scheduledDate: Date, date: Date, isLate: Bool,
            category: Category? = nil, bannerActions: [Action]? = nil, reportsDismissal: Bool? = nil,
            answersOpeningApp: [String]? = nil, heldUntil: Date? = nil
        ) {
            self.id = id
            self.app = app
            self.request = request
            self.scheduledDate = scheduledDate
            self.date = date
            self.isLate = isLate
            self.category = category
            self.bannerActions = bannerActions
            self.reportsDismissal = reportsDismissal
            self.answersOpeningApp = answersOpeningApp
            self.heldUntil = heldUntil
        }
    }

    /// A list of identifiers: the body of bulk removals.
    public struct Identifiers: Codable, Sendable, Hashable {
        public var identifiers: [String]

        /// A list.
        public init(identifiers: [String]) {
            self.identifiers = identifiers
        }
    }
}

extension API.Request {
    /// The wire form of the engine's request.
    public init(_ request: NotificationRequest) {
        self.init(
            identifier: request.identifier, content: API.Content(request.content),
            trigger: request.trigger.map(API.Trigger.init))
    }

    /// The engine's request.
    ///
    /// - Throws: ``NotificationError`` for a trigger that cannot be converted.
    public func engineValue() throws -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: content.engineValue, trigger: try trigger?.engineValue())
    }
}

extension API.PendingRequest {
    /// The wire form of the engine's pending request.
    public init(_ pending: EnginePendingRequest) {
        self.init(request: API.Request(pending.request), nextFireDate: pending.nextFireDate, addedDate: pending.addedDate)
    }
}

extension API.Delivery {
    /// The wire form of the engine's delivery, with the category it was made
    /// with and the rules' results for it.
    public init(_ delivery: EngineDelivery) {
        self.init(delivery, registered: [])
    }

    /// The wire form of the engine's delivery, with its category
    /// (`NotificationRules.category(of:registered:)`: `registered`, the app's
    /// categories now, counts only for a delivery stored without its own) and the
    /// rules' results for it.
    public init(_ delivery: EngineDelivery, registered: [NotificationCategory]) {
        let category = NotificationRules.category(of: delivery, registered: registered)
        self.init(
            id: delivery.id.description, app: delivery.app.rawValue, request: API.Request(delivery.request),
            scheduledDate: delivery.scheduledDate, date: delivery.date, isLate: delivery.isLate,
            category: category.map(API.Category.init),
            bannerActions: NotificationRules.bannerActions(of: category).map(API.Action.init),
            reportsDismissal: NotificationRules.dismissalReachesApp(category),
            answersOpeningApp: Self.answersOpeningApp(category))
    }

    private static func answersOpeningApp(_ category: NotificationCategory?) -> [String] {
        let answers = [NotificationAction.defaultIdentifier, NotificationAction.dismissIdentifier]
            + (category?.actions ?? []).map(\.identifier)
        return answers.filter { NotificationRules.opensApp(actionIdentifier: $0, category: category) }
    }
}
