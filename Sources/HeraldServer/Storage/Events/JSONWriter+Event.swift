import Foundation
import HeraldAPI

/// An event's fields, and those of the deliveries, presentations and responses
/// it carries, in `API.encoder()`'s sorted order (``EventJSON``).
extension JSONWriter {
    mutating func event(_ event: API.Event) throws {
        raw("{")
        switch event.kind {
        case .remoteNotificationReceived(let apnsID, _):
            key("apnsID")
            string(apnsID)
        default: break
        }
        key("app")
        string(event.app)
        try kindFields(event.kind)
        key("sequence")
        int(event.sequence)
        switch event.kind {
        case .quietChanged(let state):
            key("state")
            try encoded(state)
        case .authorizationChanged(let status), .locationAuthorizationChanged(let status, _):
            key("status")
            string(status)
        case .summaryDelivered(let summary):
            key("summary")
            try encoded(summary)
        default: break
        }
        key("type")
        string(event.type.rawValue)
        switch event.kind {
        case .heldForSummary(_, let until):
            key("until")
            date(until)
        case .remoteNotificationReceived(_, let userInfo):
            key("userInfo")
            try object(userInfo)
        default: break
        }
        raw("}")
    }

    /// The kind's fields whose keys sort between `app` and `sequence`.
    private mutating func kindFields(_ kind: API.Event.Kind) throws {
        switch kind {
        case .delivered(let delivery):
            key("delivery")
            try self.delivery(delivery)
        case .presented(let presentation):
            key("presentation")
            try self.presentation(presentation)
        case .withdrawn(let deliveries), .heldForSummary(let deliveries, _):
            key("deliveries")
            strings(deliveries)
        case .responded(let response):
            key("response")
            try self.response(response)
        case .badgeChanged(let badge):
            key("badge")
            int(badge)
        case .authorizationRequested(let name, let options):
            key("name")
            string(name)
            key("options")
            strings(options)
        case .settingsOpened(let delivery):
            if let delivery {
                key("delivery")
                try self.delivery(delivery)
            }
        case .locationAuthorizationChanged(_, let requested?):
            key("requested")
            string(requested)
        case .locationAuthorizationChanged(_, nil), .authorizationChanged, .appOpened, .pendingChanged, .appsChanged, .settingsShown, .remoteNotificationReceived,
            .quietChanged, .summaryDelivered:
            break
        }
    }

    mutating func delivery(_ delivery: API.Delivery) throws {
        raw("{")
        if let answers = delivery.answersOpeningApp {
            key("answersOpeningApp")
            strings(answers)
        }
        key("app")
        string(delivery.app)
        if let actions = delivery.bannerActions {
            key("bannerActions")
            try self.actions(actions)
        }
        if let category = delivery.category {
            key("category")
            try encoded(category)
        }
        key("date")
        date(delivery.date)
        key("id")
        string(delivery.id)
        key("isLate")
        bool(delivery.isLate)
        if let reportsDismissal = delivery.reportsDismissal {
            key("reportsDismissal")
            bool(reportsDismissal)
        }
        key("request")
        try request(delivery.request)
        key("scheduledDate")
        date(delivery.scheduledDate)
        raw("}")
    }

    private mutating func actions(_ actions: [API.Action]) throws {
        if actions.isEmpty { raw("[]") } else { try encoded(actions) }
    }

    private mutating func request(_ request: API.Request) throws {
        raw("{")
        key("content")
        try content(request.content)
        key("identifier")
        string(request.identifier)
        switch request.trigger {
        case .none: break
        case .push?:
            key("trigger")
            raw(#"{"repeats":false,"type":"push"}"#)
        case let trigger?:
            key("trigger")
            try encoded(trigger)
        }
        raw("}")
    }

    mutating func presentation(_ presentation: API.Presentation) throws {
        raw("{")
        key("actions")
        try actions(presentation.actions)
        key("badge")
        int(presentation.badge)
        key("bannerActions")
        try actions(presentation.bannerActions)
        if let breaksThrough = presentation.breaksThrough {
            key("breaksThrough")
            bool(breaksThrough)
        }
        key("delivery")
        try delivery(presentation.delivery)
        key("reportsDismissal")
        bool(presentation.reportsDismissal)
        if let sound = presentation.sound {
            key("sound")
            string(sound)
        }
        key("style")
        string(presentation.style)
        raw("}")
    }

    mutating func response(_ response: API.Response) throws {
        raw("{")
        key("actionIdentifier")
        string(response.actionIdentifier)
        key("date")
        date(response.date)
        key("delivery")
        try delivery(response.delivery)
        key("kind")
        string(response.kind)
        key("reachesApp")
        bool(response.reachesApp)
        if let userText = response.userText {
            key("userText")
            string(userText)
        }
        raw("}")
    }
}
