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
