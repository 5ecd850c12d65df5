import DesktopNotifications
import Foundation
import NotificationEngine
import Signals

/// Values the desktop tests share: a Shopping List–like category and deliveries of it.
enum Fixtures {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let app: AppIdentifier = "com.example.shopping"

    static let justInform = NotificationAction(identifier: "justInform", title: "OK, got it")
    static let editList = NotificationAction(
        identifier: "editList", title: "Edit list", options: [.foreground, .authenticationRequired])
    static let trash = NotificationAction(
        identifier: "trashAction", title: "Delete list", options: [.destructive, .authenticationRequired])
    static let reply = NotificationAction(
        identifier: "reply", title: "Reply", textInput: NotificationAction.TextInput(buttonTitle: "Send", placeholder: "Say something"))

    static func delivery(_ identifier: String = "reminder", title: String = "Shopping", body: String = "Buy milk") -> Delivery {
        Delivery(
            id: DeliveryID(), app: app,
            request: NotificationRequest(
                identifier: identifier, content: NotificationContent(title: title, body: body, categoryIdentifier: "c"),
                trigger: nil),
            scheduledDate: start, date: start, isLate: false)
    }

    static func presentation(
        _ delivery: Delivery = delivery(), style: AlertStyle = .alert, actions: [NotificationAction] = [justInform, editList, trash],
        reportsDismissal: Bool = false
    ) -> Presentation {
        Presentation(
            delivery: delivery, style: style, sound: .default, badge: 0, actions: actions,
            bannerActions: Array(actions.prefix(2)), reportsDismissal: reportsDismissal)
    }

    static let allCapabilities: Set<String> = ["actions", "body", "body-markup", "persistence"]

    static func mapping(_ capabilities: Set<String> = allCapabilities) -> NotificationMapping {
        NotificationMapping(capabilities: capabilities, centerURL: "http://127.0.0.1:7878")
    }

    static let desktopApp = DesktopApp(identifier: app, name: "Shopping List")
}
