import Foundation
@testable import NotificationEngine
import Testing

/// The responding flow on its own: the events of an answer in, the engine's
/// actions out, for each kind of answer and whether the app is connected.
@Suite("Engine core: the responding flow")
struct RespondingFlowTests {
    typealias Action = RespondingFlow.Action
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let app: AppIdentifier = "com.example.responding"

    static let category = NotificationCategory(
        identifier: "chat",
        actions: [
            NotificationAction(identifier: "like", title: "Like"),
            NotificationAction(identifier: "open", title: "Open", options: [.foreground]),
        ],
        options: [.customDismissAction])

    static func delivery(category: NotificationCategory? = category, attachments: Bool = false) -> Delivery {
        var content = NotificationContent(title: "T")
        if attachments {
            content.attachments = [NotificationAttachment(identifier: "a", type: .png, fileName: "a.png", size: 1, digest: "d")]
        }
        return Delivery(
            id: DeliveryID(), app: app, request: NotificationRequest(identifier: "r", content: content),
            scheduledDate: now, date: now, isLate: false, category: category)
    }

    static let record = AppRecord(
        preferences: AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert]),
        categories: [], badge: 0)

    static func flow(_ delivery: Delivery, action: String) -> RespondingFlow {
        RespondingFlow(RespondingFlow.Answer(
            id: delivery.id, app: app, actionIdentifier: action, userText: nil, authenticated: false))
    }

    @Test(
        "An answer to no delivery, another app's or one answered already is refused before anything is read",
        arguments: [0, 1, 2])
    func refused(_ kind: Int) throws {
        let delivery = Self.delivery()
        var other = delivery
        other.app = "com.example.other"
        let stored: StoredDelivery? = [
            nil, StoredDelivery(delivery: other, isListed: true, isAnswered: false),
            StoredDelivery(delivery: delivery, isListed: false, isAnswered: true),
        ][kind]
        var flow = Self.flow(delivery, action: NotificationAction.defaultIdentifier)
        let error = #expect(throws: NotificationError.self) { try flow.handle(.deliveryRead(stored)) }
        #expect(error?.code == .deliveryNotFound)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var action: String
        var category: NotificationCategory? = RespondingFlowTests.category
        var attachments = false
        var isConnected: Bool
        /// The actions after the commit, for a delivery `d` and its response `r`.
        var expected: @Sendable (Delivery, NotificationResponse) -> [Action]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a tap, app connected", action: NotificationAction.defaultIdentifier, isConnected: true) { d, r in
            [.bringToForeground(app), .trackInFlight(d.id), .withdraw(d.id, of: app),
             .emit(.withdrawn(app: app, deliveries: [d.id])), .emit(.responded(r, reachesApp: true)),
             .emit(.appOpened(app: app)), .publish(r), .handToApp(r)]
        },
        Case(name: "a tap, app away", action: NotificationAction.defaultIdentifier, isConnected: false) { d, r in
            [.bringToForeground(app), .withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: true)), .emit(.appOpened(app: app)), .publish(r)]
        },
        Case(name: "a background action", action: "like", isConnected: true) { d, r in
            [.trackInFlight(d.id), .withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: true)), .publish(r), .handToApp(r)]
        },
        Case(name: "a foreground action, app away", action: "open", isConnected: false) { d, r in
            [.bringToForeground(app), .withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: true)), .emit(.appOpened(app: app)), .publish(r)]
        },
        Case(name: "a reported dismissal", action: NotificationAction.dismissIdentifier, isConnected: true) { d, r in
            [.trackInFlight(d.id), .withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: true)), .publish(r), .handToApp(r)]
        },
        Case(
            name: "a dismissal the app does not hear of, with attachments",
            action: NotificationAction.dismissIdentifier, category: nil, attachments: true, isConnected: true
        ) { d, r in
            [.withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: false)), .sweepAttachments]
        },
        Case(
            name: "a dismissal the app does not hear of, no attachments",
            action: NotificationAction.dismissIdentifier, category: nil, isConnected: false
        ) { d, r in
            [.withdraw(d.id, of: app), .emit(.withdrawn(app: app, deliveries: [d.id])),
             .emit(.responded(r, reachesApp: false))]
        },
    ]

    @Test("An answer reads the record, writes, then does what its decision says", arguments: cases)
    func flow(_ test: Case) throws {
        let delivery = Self.delivery(category: test.category, attachments: test.attachments)
        var flow = Self.flow(delivery, action: test.action)
        let stored = StoredDelivery(delivery: delivery, isListed: true, isAnswered: false)
        #expect(try flow.handle(.deliveryRead(stored)) == [.readRecord(Self.app)])
        let written = try flow.handle(.recordRead(Self.record, now: Self.now))
        let decision = try #require(flow.decision)
        #expect(written == [.write(decision)])
        #expect(decision.response == NotificationResponse(
            delivery: delivery, actionIdentifier: test.action, userText: nil, date: Self.now))
        #expect(try flow.handle(.committed(isConnected: test.isConnected)) == test.expected(delivery, decision.response))
    }

    /// A category as it was when a delivery was made.
    static let original = NotificationCategory(
        identifier: "list",
        actions: [
            NotificationAction(identifier: "ok", title: "OK"),
            NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive, .authenticationRequired]),
        ])
    /// The same category as the app registered it since: no authentication, a
    /// foreground action, a new action, dismissals reported.
    static let redefined = NotificationCategory(
        identifier: "list",
        actions: [
            NotificationAction(identifier: "ok", title: "OK", options: [.foreground]),
            NotificationAction(identifier: "trash", title: "Delete list", options: [.destructive]),
            NotificationAction(identifier: "sneak", title: "Added later"),
        ],
        options: [.customDismissAction])

    struct MadeWith: Sendable, CustomTestStringConvertible {
        var name: String
        /// The category the delivery was made with.
        var category: NotificationCategory
        var action: String
        var expected: Outcome

        var testDescription: String { name }
    }

    /// An answer's (reaches the app, opens it), or the code refusing it.
    enum Outcome: Sendable {
        case decided([Bool])
        case refused(NotificationError.Code)
    }

    static let madeWith: [MadeWith] = [
        MadeWith(
            name: "an action that needed authentication still does", category: original, action: "trash",
            expected: .refused(.authenticationRequired)),
        MadeWith(
            name: "an action added since is unknown", category: original, action: "sneak",
            expected: .refused(.invalidResponse)),
        MadeWith(
            name: "a background action stays in the background", category: original, action: "ok",
            expected: .decided([true, false])),
        MadeWith(
            name: "a dismissal the category did not report is not reported", category: original,
            action: NotificationAction.dismissIdentifier, expected: .decided([false, false])),
        MadeWith(
            name: "a category removed before the request fired has no actions",
            category: NotificationCategory(identifier: "list", actions: []), action: "trash",
            expected: .refused(.invalidResponse)),
    ]

    @Test(
        "An answer is decided by the category the delivery was made with, not the one registered since",
        arguments: madeWith)
    func decidedByTheCategoryMadeWith(_ test: MadeWith) throws {
        let delivery = Self.delivery(category: test.category)
        var flow = Self.flow(delivery, action: test.action)
        _ = try flow.handle(.deliveryRead(StoredDelivery(delivery: delivery, isListed: true, isAnswered: false)))
        var record = Self.record
        record.categories = [Self.redefined]
        let result = Result { try flow.handle(.recordRead(record, now: Self.now)) }
        switch (result, test.expected) {
        case (.success, .decided(let expected)):
            let decision = try #require(flow.decision)
            #expect([decision.reachesApp, decision.opensApp] == expected)
        case (.failure(let error), .refused(let code)):
            #expect((error as? NotificationError)?.code == code)
        default:
            Issue.record("expected \(test.expected), got \(result)")
        }
    }

    @Test("A policy refusal comes out of the record's event, before any write")
    func policyRefusal() throws {
        let delivery = Self.delivery()
        var flow = Self.flow(delivery, action: "missing")
        _ = try flow.handle(.deliveryRead(StoredDelivery(delivery: delivery, isListed: true, isAnswered: false)))
        let error = #expect(throws: NotificationError.self) { try flow.handle(.recordRead(Self.record, now: Self.now)) }
        #expect(error?.code == .invalidResponse)
        #expect(flow.decision == nil)
    }

    @Test("Events out of order are refused")
    func outOfOrder() {
        var flow = Self.flow(Self.delivery(), action: NotificationAction.defaultIdentifier)
        #expect(throws: NotificationError.self) { try flow.handle(.recordRead(Self.record, now: Self.now)) }
        #expect(throws: NotificationError.self) { try flow.handle(.committed(isConnected: true)) }
    }
}
