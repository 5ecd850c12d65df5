import Foundation
import NotificationModel
import Testing

/// The rules every tier applies, as tables: what the category says, what the rule answers.
@Suite("Notification rules")
struct NotificationRulesTests {
    static let tap = NotificationAction.defaultIdentifier
    static let dismiss = NotificationAction.dismissIdentifier
    static let open = NotificationAction(identifier: "open", title: "Open", options: [.foreground])
    static let later = NotificationAction(identifier: "later", title: "Later")
    static let trash = NotificationAction(identifier: "trash", title: "Delete", options: [.destructive])
    static let reply = NotificationAction(
        identifier: "reply", title: "Reply", options: [.foreground], textInput: .init(buttonTitle: "Send", placeholder: ""))

    static let plain = NotificationCategory(identifier: "plain", actions: [open, later, trash])
    static let reporting = NotificationCategory(identifier: "reporting", actions: [later], options: [.customDismissAction])
    static let minimal = NotificationCategory(
        identifier: "minimal", actions: [later, open, trash, reply], minimalActions: [trash, open])
    static let empty = NotificationCategory(identifier: "empty", actions: [])

    static func delivery(category name: String, madeWith category: NotificationCategory?) -> Delivery {
        Delivery(
            id: DeliveryID(), app: "com.example.app",
            request: NotificationRequest(identifier: "r", content: NotificationContent(title: "T", categoryIdentifier: name)),
            scheduledDate: Date(timeIntervalSince1970: 0), date: Date(timeIntervalSince1970: 0), isLate: false,
            category: category)
    }

    @Test(
        "A delivery is answered by the category it was made with; one stored without it, by the one registered",
        arguments: [
            // (names, made with, registered now, expected)
            ("plain", plain, [reporting], plain),
            ("plain", plain, [NotificationCategory(identifier: "plain", actions: [later])], plain),
            ("reporting", nil, [plain, reporting], reporting),
            ("reporting", nil, [plain], nil),
            ("", nil, [plain], nil),
        ] as [(String, NotificationCategory?, [NotificationCategory], NotificationCategory?)])
    func categoryOfDelivery(
        _ name: String, _ made: NotificationCategory?, _ registered: [NotificationCategory], _ expected: NotificationCategory?
    ) {
        let delivery = Self.delivery(category: name, madeWith: made)
        #expect(NotificationRules.category(of: delivery, registered: registered) == expected)
    }

    @Test(
        "A dismissal reaches the app only with customDismissAction",
        arguments: [
            (nil, false), (plain, false), (empty, false), (reporting, true),
            (NotificationCategory(identifier: "x", actions: [], options: [.hiddenPreviewsShowTitle]), false),
            (NotificationCategory(identifier: "x", actions: [], options: [.customDismissAction, .allowInCarPlay]), true),
        ] as [(NotificationCategory?, Bool)])
    func dismissalReachesApp(_ category: NotificationCategory?, _ expected: Bool) {
        #expect(NotificationRules.dismissalReachesApp(category) == expected)
        #expect(NotificationRules.reachesApp(actionIdentifier: Self.dismiss, category: category) == expected)
    }

    @Test(
        "A tap and every action reach the app; what opens it is a tap or a foreground action",
        arguments: [
            // (action, category, reaches the app, opens it)
            (tap, nil, true, true),
            (tap, plain, true, true),
            (dismiss, plain, false, false),
            (dismiss, reporting, true, false),
            ("open", plain, true, true),
            ("later", plain, true, false),
            ("trash", plain, true, false),
            ("reply", minimal, true, true),
            ("missing", plain, true, false),
            ("open", nil, true, false),
        ] as [(String, NotificationCategory?, Bool, Bool)])
    func answers(_ action: String, _ category: NotificationCategory?, _ reaches: Bool, _ opens: Bool) {
        #expect(NotificationRules.reachesApp(actionIdentifier: action, category: category) == reaches)
        #expect(NotificationRules.opensApp(actionIdentifier: action, category: category) == opens)
        if let found = category?.action(withIdentifier: action) {
            #expect(NotificationRules.opensApp(answering: found) == opens)
        }
    }

    @Test(
        "A banner shows the minimal actions, or the first two",
        arguments: [
            (nil, []),
            (empty, []),
            (reporting, [later]),
            (plain, [open, later]),
            (minimal, [trash, open]),
            (NotificationCategory(identifier: "x", actions: [later, open], minimalActions: []), []),
        ] as [(NotificationCategory?, [NotificationAction])])
    func bannerActions(_ category: NotificationCategory?, _ expected: [NotificationAction]) {
        #expect(NotificationRules.bannerActions(of: category) == expected)
        if let category { #expect(category.bannerActions == expected) }
    }

    @Test("iOS 8 shows at most two actions in the minimal context and four in the default one")
    func actionCounts() {
        #expect(NotificationRules.bannerActionCount == 2)
        #expect(NotificationRules.legacyAlertActionCount == 4)
    }
}
