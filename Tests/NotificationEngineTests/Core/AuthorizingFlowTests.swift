import Foundation
@testable import NotificationEngine
import Testing

/// The authorizing flow on its own: an app's request, the user's answer and
/// the user's change in Settings, with the record read and the write's outcome
/// as events and the engine's actions out.
@Suite("Engine core: the authorizing flow")
struct AuthorizingFlowTests {
    typealias Action = AuthorizingFlow.Action
    static let app: AppIdentifier = "com.example.authorizing"

    static func record(_ status: AuthorizationStatus, _ granted: AuthorizationOptions = []) -> AppRecord {
        AppRecord(
            preferences: AppNotificationPreferences(authorizationStatus: status, grantedOptions: granted),
            categories: [], badge: 0)
    }

    static func preferences(_ status: AuthorizationStatus, _ granted: AuthorizationOptions) -> AppNotificationPreferences {
        record(status, granted).preferences
    }

    struct Request: Sendable, CustomTestStringConvertible {
        var name: String
        var options: AuthorizationOptions
        var policy: NotificationEngine.AuthorizationPolicy
        var record: AppRecord
        /// What the record read asks for.
        var read: [Action]
        /// What the save's commit asks for, if there is a save.
        var saved: [Action]?

        var testDescription: String { name }
    }

    static let requests: [Request] = [
        Request(
            name: "the grant-all policy saves the options asked for and replies yes, announcing nothing",
            options: [.alert, .sound], policy: .grantAll, record: record(.notDetermined),
            read: [.save(preferences(.authorized, [.alert, .sound]), for: app)],
            saved: [.cache(preferences(.authorized, [.alert, .sound]), for: app), .reply(true)]),
        Request(
            name: "the deny-all policy saves a denial with no options and replies no",
            options: [.alert], policy: .denyAll, record: record(.notDetermined),
            read: [.save(preferences(.denied, []), for: app)], saved: [.cache(preferences(.denied, []), for: app), .reply(false)]),
        Request(
            name: "the ask policy has the caller wait", options: [.alert, .badge], policy: .ask, record: record(.notDetermined),
            read: [.wait(options: [.alert, .badge])]),
        Request(
            name: "a provisional app asking for more has the caller wait", options: [.alert], policy: .ask,
            record: record(.provisional, [.provisional]), read: [.wait(options: [.alert])]),
        Request(
            name: "an authorized app gets yes whatever the policy", options: [.alert], policy: .denyAll,
            record: record(.authorized, [.alert]), read: [.reply(true)]),
        Request(
            name: "a denied app gets no, without asking", options: [.alert], policy: .ask, record: record(.denied),
            read: [.reply(false)]),
        Request(
            name: "a first provisional request is saved, announced and granted", options: [.provisional, .alert],
            policy: .ask, record: record(.notDetermined),
            read: [.save(preferences(.provisional, [.provisional, .alert]), for: app)],
            saved: [
                .cache(preferences(.provisional, [.provisional, .alert]), for: app),
                .emit(.authorizationChanged(app: app, status: .provisional)), .reply(true),
            ]),
        Request(
            name: "more provisional options are saved without an announcement", options: [.provisional, .badge],
            policy: .ask, record: record(.provisional, [.provisional]),
            read: [.save(preferences(.provisional, [.provisional, .badge]), for: app)],
            saved: [.cache(preferences(.provisional, [.provisional, .badge]), for: app), .reply(true)]),
        Request(
            name: "provisional options the app has already change nothing", options: [.provisional], policy: .denyAll,
            record: record(.provisional, [.provisional, .alert]), read: [.reply(true)]),
        Request(
            name: "a denied app asking provisionally gets no", options: [.provisional], policy: .grantAll,
            record: record(.denied), read: [.reply(false)]),
    ]

    @Test("A request reads the record, then replies, saves first, or has the caller wait", arguments: requests)
    func request(_ test: Request) throws {
        var flow = AuthorizingFlow(Self.app, .request(test.options, policy: test.policy))
        #expect(flow.start() == [.readRecord(Self.app)])
        #expect(try flow.handle(.recordRead(test.record)) == test.read)
        if let saved = test.saved {
            #expect(try flow.handle(.saved) == saved)
        } else {
            #expect(throws: NotificationError.self) { try flow.handle(.saved) }
        }
    }

    /// The app's cached status, whether the user is being asked, and what the waiting caller does.
    static let waits: [(AuthorizationStatus?, Bool, [Action])] = [
        (nil, false, [
            .addWaiter(app, options: [.alert]), .ask(app, options: [.alert]),
            .emit(.authorizationRequested(app: app, options: [.alert])),
        ]),
        (nil, true, [.addWaiter(app, options: [.alert])]),
        (.notDetermined, false, [
            .addWaiter(app, options: [.alert]), .ask(app, options: [.alert]),
            .emit(.authorizationRequested(app: app, options: [.alert])),
        ]),
        (.provisional, true, [.addWaiter(app, options: [.alert])]),
        (.authorized, true, [.reply(true)]),
        (.denied, false, [.reply(false)]),
    ]

    @Test(
        "A waiting caller gets an answer given meanwhile at once, else joins the prompt; the first has the user asked",
        arguments: waits)
    func waiting(cached: AuthorizationStatus?, isAsking: Bool, expected: [Action]) throws {
        var flow = AuthorizingFlow(Self.app, .request([.alert], policy: .ask))
        #expect(try flow.handle(.recordRead(Self.record(.notDetermined))) == [.wait(options: [.alert])])
        #expect(try flow.handle(.waiting(cachedStatus: cached, isAsking: isAsking)) == expected)
    }

    /// The answer, the options of the open prompt, the app's status before, and what is saved.
    static let answers: [(Bool, AuthorizationOptions?, AuthorizationStatus, AppNotificationPreferences)] = [
        (true, [.alert, .sound], .notDetermined, preferences(.authorized, [.alert, .sound])),
        (false, [.alert, .sound], .notDetermined, preferences(.denied, [])),
        (true, nil, .denied, preferences(.authorized, [.alert, .sound, .badge])),
        (false, nil, .authorized, preferences(.denied, [])),
        (true, [.badge], .provisional, preferences(.authorized, [.badge])),
    ]

    @Test(
        "An answer is saved with the prompt's options (Settings' without one), closes the prompt, and resumes its waiters",
        arguments: answers)
    func answer(
        granted: Bool, asked: AuthorizationOptions?, before: AuthorizationStatus, saved: AppNotificationPreferences
    ) throws {
        var flow = AuthorizingFlow(Self.app, .answer(granted: granted, asked: asked))
        #expect(flow.start() == [.readRecord(Self.app)])
        #expect(try flow.handle(.recordRead(Self.record(before, [.provisional]))) == [.save(saved, for: Self.app)])
        #expect(try flow.handle(.saved) == [
            .cache(saved, for: Self.app), .closePrompt(Self.app),
            .emit(.authorizationChanged(app: Self.app, status: granted ? .authorized : .denied)),
            .resumeWaiters(of: Self.app, granted: granted),
        ])
    }

    @Test("An answer that cannot be saved leaves the prompt open and its waiters waiting")
    func answerFails() throws {
        var flow = AuthorizingFlow(Self.app, .answer(granted: true, asked: [.alert]))
        _ = try flow.handle(.recordRead(Self.record(.notDetermined)))
        #expect(try flow.handle(.saveFailed) == [])
    }

    @Test("A change in Settings is edited, saved and cached; only a change of status is announced", arguments: [
        (AuthorizationStatus.authorized, AuthorizationStatus.authorized),
        (.authorized, .denied), (.notDetermined, .authorized), (.provisional, .provisional),
    ])
    func change(from: AuthorizationStatus, to: AuthorizationStatus) throws {
        var flow = AuthorizingFlow(Self.app, .change)
        let before = Self.record(from, [.alert])
        #expect(try flow.handle(.recordRead(before)) == [.edit(before.preferences)])
        var after = before.preferences
        after.authorizationStatus = to
        after.alertStyle = .alert
        #expect(try flow.handle(.edited(after)) == [.save(after, for: Self.app)])
        let announced: [Action] = from == to ? [] : [.emit(.authorizationChanged(app: Self.app, status: to))]
        #expect(try flow.handle(.saved) == [.cache(after, for: Self.app)] + announced)
    }

    @Test("Events out of order are refused")
    func outOfOrder() throws {
        var request = AuthorizingFlow(Self.app, .request([.alert], policy: .ask))
        #expect(throws: NotificationError.self) { try request.handle(.saved) }
        #expect(throws: NotificationError.self) { try request.handle(.waiting(cachedStatus: nil, isAsking: false)) }
        _ = try request.handle(.recordRead(Self.record(.notDetermined)))
        #expect(throws: NotificationError.self) { try request.handle(.recordRead(Self.record(.notDetermined))) }
        #expect(throws: NotificationError.self) { try request.handle(.edited(Self.preferences(.denied, []))) }
        var answer = AuthorizingFlow(Self.app, .answer(granted: true, asked: nil))
        _ = try answer.handle(.recordRead(Self.record(.notDetermined)))
        #expect(throws: NotificationError.self) { try answer.handle(.waiting(cachedStatus: nil, isAsking: true)) }
        var granted = AuthorizingFlow(Self.app, .request([.alert], policy: .grantAll))
        _ = try granted.handle(.recordRead(Self.record(.notDetermined)))
        #expect(throws: NotificationError.self) { try granted.handle(.waiting(cachedStatus: nil, isAsking: false)) }
    }
}
