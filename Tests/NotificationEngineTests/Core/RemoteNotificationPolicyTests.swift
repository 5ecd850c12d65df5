import Foundation
@testable import NotificationEngine
import Testing

/// What a push becomes, decided on its own: no store, no engine.
@Suite("Engine core: remote notification policy")
struct RemoteNotificationPolicyTests {
    typealias Route = RemoteNotificationPolicy.Route

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var content: NotificationContent
        var contentAvailable = false
        var status: AuthorizationStatus = .authorized
        var expected: Route

        var testDescription: String { name }
    }

    static let alert = NotificationContent(title: "New message", body: "Lunch?")

    static let cases: [Case] = [
        Case(name: "an alert for an authorized app", content: alert, expected: .alert),
        Case(name: "an alert for a provisional app", content: alert, status: .provisional, expected: .alert),
        Case(name: "an alert for a denied app", content: alert, status: .denied, expected: .notAuthorized),
        Case(name: "an alert for an app never asked", content: alert, status: .notDetermined, expected: .notAuthorized),
        Case(name: "an alert that also asks for a fetch", content: alert, contentAvailable: true, expected: .alert),
        Case(name: "a body only", content: NotificationContent(body: "x"), expected: .alert),
        Case(name: "a sound only", content: NotificationContent(sound: .default), expected: .alert),
        Case(name: "a badge only", content: NotificationContent(badge: 3), expected: .alert),
        Case(
            name: "a background push", content: NotificationContent(userInfo: ["sync": true]), contentAvailable: true,
            expected: .background),
        Case(
            name: "a background push for a denied app", content: NotificationContent(), contentAvailable: true,
            status: .denied, expected: .background),
        Case(name: "nothing to show, no fetch", content: NotificationContent(userInfo: ["x": 1]), expected: .empty),
    ]

    @Test("A push is an alert, a background push, not shown for an app not authorized, or empty", arguments: cases)
    func route(_ test: Case) {
        let push = RemoteNotification(id: UUID(), content: test.content, isContentAvailable: test.contentAvailable)
        #expect(RemoteNotificationPolicy.route(push, authorization: test.status) == test.expected)
    }

    @Test("Every push asking for a fetch wakes the app, shown or not; others do not", arguments: [
        (true, alert, true), (true, NotificationContent(), true), (false, alert, false), (false, NotificationContent(), false),
    ])
    func wakesApp(contentAvailable: Bool, content: NotificationContent, wakes: Bool) {
        let push = RemoteNotification(id: UUID(), content: content, isContentAvailable: contentAvailable)
        #expect(RemoteNotificationPolicy.wakesApp(push) == wakes)
    }

    static func pending(_ identifier: String, trigger: NotificationTrigger?) -> PendingRequest {
        PendingRequest(
            request: NotificationRequest(identifier: identifier, content: alert, trigger: trigger),
            nextFireDate: EngineCoreTests.now, addedDate: EngineCoreTests.now)
    }

    @Test(
        "What a push delivers does not count against the pending limit, even with the count over it (pushes of a group not fired yet); an app's request without a trigger does",
        arguments: [(.push, 2, 0), (nil, 2, 1), (.push, 70, 0), (nil, 70, 69)] as [(NotificationTrigger?, Int, Int)])
    func pushIsNotLimited(trigger: NotificationTrigger?, count: Int, overflow: Int) {
        let core = EngineCoreTests.core(limit: 2)
        #expect(core.overflow(adding: [Self.pending("p", trigger: trigger)], count: count, replaced: []) == overflow)
    }

    @Test("A push's request must have the push trigger; an app's must not")
    func originsAndTriggers() throws {
        let core = EngineCoreTests.core()
        let record = EngineCoreTests.authorized
        let pushed = NotificationRequest(identifier: "p", content: Self.alert, trigger: .push)
        let items = try core.pendingItems(
            for: [pushed], of: EngineCoreTests.app, record: record, now: EngineCoreTests.now, origin: .push)
        #expect(items.map(\.nextFireDate) == [EngineCoreTests.now])
        let forged = #expect(throws: NotificationError.self) {
            try core.pendingItems(for: [pushed], of: EngineCoreTests.app, record: record, now: EngineCoreTests.now)
        }
        #expect(forged?.code == .invalidTrigger)
        let local = NotificationRequest(identifier: "l", content: Self.alert)
        let wrong = #expect(throws: NotificationError.self) {
            try core.pendingItems(
                for: [local], of: EngineCoreTests.app, record: record, now: EngineCoreTests.now, origin: .push)
        }
        #expect(wrong?.code == .invalidTrigger)
    }

    struct ExtensionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var content: NotificationContent = alert
        var mutable = true
        var contentAvailable = false
        var status: AuthorizationStatus = .authorized
        var hasExtension = true
        var passes: Bool

        var testDescription: String { name }
    }

    static let extensionCases: [ExtensionCase] = [
        ExtensionCase(name: "a mutable alert for an app with an extension", passes: true),
        ExtensionCase(name: "a mutable subtitle only", content: NotificationContent(subtitle: "s"), passes: true),
        ExtensionCase(name: "a mutable alert that also asks for a fetch", contentAvailable: true, passes: true),
        ExtensionCase(name: "a provisional app", status: .provisional, passes: true),
        ExtensionCase(name: "not mutable", mutable: false, passes: false),
        ExtensionCase(name: "no extension", hasExtension: false, passes: false),
        ExtensionCase(name: "an app not authorized", status: .denied, passes: false),
        ExtensionCase(name: "a sound only", content: NotificationContent(sound: .default), passes: false),
        ExtensionCase(name: "a badge only", content: NotificationContent(badge: 2), passes: false),
        ExtensionCase(
            name: "a background push", content: NotificationContent(userInfo: ["x": 1]), contentAvailable: true,
            passes: false),
    ]

    @Test("Only a mutable alert that will be shown, for an app with an extension, goes through it", arguments: extensionCases)
    func passesThroughExtension(_ test: ExtensionCase) {
        let push = RemoteNotification(
            id: UUID(), content: test.content, isContentAvailable: test.contentAvailable, isMutableContent: test.mutable)
        let passes = RemoteNotificationPolicy.passesThroughExtension(
            push, authorization: test.status, hasExtension: test.hasExtension)
        #expect(passes == test.passes)
    }
}
