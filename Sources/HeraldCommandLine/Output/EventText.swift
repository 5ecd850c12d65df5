package import Foundation
package import HeraldAPI
import NotificationModel

/// `herald watch`'s line for an event: the time it arrived, its type, its app
/// and what it carries.
///
/// ```
/// 09:00:05  delivered      com.example.todo  walk-dog “Task Reminder” delivery 0192…
/// ```
package enum EventText {
    package static func line(_ event: API.Event, receivedAt date: Date, timeZone: TimeZone) -> String {
        let time = String(TriggerText.date(date, in: timeZone).suffix(8))
        let type = event.type.padding(toLength: max(22, event.type.count), withPad: " ", startingAt: 0)
        // One line per event, whatever the app's text holds.
        return TerminalText.escaped("\(time)  \(type) \(event.app)  \(detail(event))")
            .trimmingCharacters(in: .whitespaces)
    }

    private static func detail(_ event: API.Event) -> String {
        if let delivery = event.delivery { return delivered(delivery) }
        if let presentation = event.presentation { return presented(presentation) }
        if let response = event.response { return responded(response) }
        if let deliveries = event.deliveries { return "deliveries \(deliveries.joined(separator: ", "))" }
        if let badge = event.badge { return "badge \(badge)" }
        if let name = event.name { return "“\(name)” asks for \((event.options ?? []).joined(separator: ", "))" }
        return event.status ?? ""
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
