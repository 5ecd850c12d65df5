package import Foundation
package import HeraldAPI
import NotificationModel

/// `herald watch`'s line for an event: the time it arrived, its type, its app
/// and what it carries.
///
/// ```
/// 09:00:05  delivered      com.example.todo  walk-dog “Task Reminder” delivery 0192…
/// 09:00:07  remoteNotificationReceived com.example.chat  push 5f0c… {"aps":{"content-available":1},"k":"v"}
/// ```
package enum EventText {
    package static func line(_ event: API.Event, receivedAt date: Date, timeZone: TimeZone) -> String {
        let time = String(TriggerText.date(date, in: timeZone).suffix(8))
        let name = event.type.rawValue
        let type = name.padding(toLength: max(22, name.count), withPad: " ", startingAt: 0)
        // One line per event, whatever the app's text holds.
        return TerminalText.escaped("\(time)  \(type) \(event.app)  \(detail(event))")
            .trimmingCharacters(in: .whitespaces)
    }

    private static func detail(_ event: API.Event) -> String {
        switch event.kind {
        case .delivered(let delivery): delivered(delivery)
        case .settingsOpened(let delivery?): delivered(delivery)
        case .presented(let presentation): presented(presentation)
        case .responded(let response): responded(response) + (event.sequence == 0 ? " (kept for the app)" : "")
        case .withdrawn(let deliveries): "deliveries \(deliveries.joined(separator: ", "))"
        case .badgeChanged(let badge): "badge \(badge)"
        case .authorizationRequested(let name, let options): "“\(name)” asks for \(options.joined(separator: ", "))"
        case .authorizationChanged(let status): status
        case .locationAuthorizationChanged(let status, let requested):
            "location \(status)" + (requested.map { ", asks for \($0)" } ?? "")
        case .remoteNotificationReceived(let apnsID, let userInfo): "push \(apnsID) \(json(userInfo))"
        case .quietChanged(let state): quiet(state)
        case .heldForSummary(let deliveries, let until):
            "deliveries \(deliveries.joined(separator: ", ")) wait for the summary at \(TriggerText.date(until, in: .current))"
        case .summaryDelivered(let summary):
            summary.groups.map { "\($0.text) (\($0.presentations.count))" }.joined(separator: "; ")
        case .appOpened, .pendingChanged, .appsChanged, .settingsShown, .settingsOpened(nil): ""
        }
    }

    private static func quiet(_ state: API.QuietState) -> String {
        let focus = state.focus.map { "focus \($0.name)" } ?? "no focus"
        return focus + (state.desktopDoNotDisturb ? ", desktop do not disturb" : "")
    }

    /// A push's payload as the API's JSON, its keys sorted.
    private static func json(_ userInfo: [String: JSONValue]) -> String {
        guard let data = try? API.encoder().encode(userInfo) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func delivered(_ delivery: API.Delivery) -> String {
        "\(delivery.request.identifier) “\(Listings.title(delivery.request.content))” delivery \(delivery.id)"
            + (delivery.isLate ? " (late)" : "")
    }

    private static func presented(_ presentation: API.Presentation) -> String {
        let sound = presentation.sound.map { ", sound \($0)" } ?? ""
        return "\(presentation.delivery.request.identifier) as \(presentation.style)\(sound), badge \(presentation.badge)"
    }

    private static func responded(_ response: API.Response) -> String {
        let action: String
        switch response.actionIdentifier {
        case NotificationAction.defaultIdentifier: action = "default"
        case NotificationAction.dismissIdentifier: action = "dismiss"
        default: action = response.actionIdentifier
        }
        let text = response.userText.map { " “\($0)”" } ?? ""
        return "\(response.delivery.request.identifier) \(action)\(text) delivery \(response.delivery.id)"
    }
}
