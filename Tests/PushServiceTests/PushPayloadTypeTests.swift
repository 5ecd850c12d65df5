import Foundation
import NotificationModel
import Testing

@testable import PushService

/// What a push does, by its `apns-push-type` and what its `aps` holds: shown,
/// woken, both, or accepted and dropped, as APNs and a device treat it.
struct PushPayloadTypeTests {
    typealias Fixture = PushPayloadFixture

    enum Outcome: Sendable, Equatable {
        /// Accepted, and the device does nothing.
        case dropped
        /// Shown; `woken` when it also wakes the app; `mutable` when the service extension runs.
        case shown(woken: Bool, mutable: Bool)
        /// Wakes the app, shows nothing.
        case background
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var what: String
        var type: PushHeaders.PushType
        var json: String
        var outcome: Outcome
        var testDescription: String { what }
    }

    @Test(arguments: [
        Case(what: "an alert", type: .alert, json: #"{"aps":{"alert":"Hi"}}"#, outcome: .shown(woken: false, mutable: false)),
        Case(what: "a badge alone", type: .alert, json: #"{"aps":{"badge":2}}"#, outcome: .shown(woken: false, mutable: false)),
        Case(what: "a sound alone", type: .alert, json: #"{"aps":{"sound":"default"}}"#, outcome: .shown(woken: false, mutable: false)),
        Case(
            what: "an alert that also wakes the app", type: .alert,
            json: #"{"aps":{"alert":"Hi","content-available":1}}"#, outcome: .shown(woken: true, mutable: false)),
        Case(
            what: "an alert for the service extension", type: .alert,
            json: #"{"aps":{"alert":{"title":"Hi"},"mutable-content":1}}"#, outcome: .shown(woken: false, mutable: true)),
        Case(
            what: "mutable-content on a badge: the extension runs only for alerts", type: .alert,
            json: #"{"aps":{"badge":1,"mutable-content":1}}"#, outcome: .shown(woken: false, mutable: false)),
        Case(
            what: "an alert push that only wakes the app", type: .alert, json: #"{"aps":{"content-available":1}}"#,
            outcome: .background),
        Case(what: "the empty payload (a Wallet pass update)", type: .alert, json: "{}", outcome: .dropped),
        Case(what: "custom keys only", type: .alert, json: #"{"acme":"bar"}"#, outcome: .dropped),
        Case(what: "an empty aps", type: .alert, json: #"{"aps":{}}"#, outcome: .dropped),
        Case(what: "an empty alert", type: .alert, json: #"{"aps":{"alert":{}}}"#, outcome: .dropped),
        Case(what: "an empty alert string", type: .alert, json: #"{"aps":{"alert":""}}"#, outcome: .dropped),
        Case(what: "aps that is not a dictionary", type: .alert, json: #"{"aps":"Hi"}"#, outcome: .dropped),
        Case(
            what: "content-available 0", type: .alert, json: #"{"aps":{"content-available":0}}"#, outcome: .dropped),
        Case(
            what: "a background push", type: .background, json: #"{"aps":{"content-available":1},"acme1":"bar"}"#,
            outcome: .background),
        Case(
            what: "a background push with an alert, a sound and a badge: shown nothing", type: .background,
            json: #"{"aps":{"content-available":1,"alert":"Hi","sound":"default","badge":3,"mutable-content":1}}"#,
            outcome: .background),
        Case(
            what: "a background push without content-available", type: .background,
            json: #"{"aps":{"alert":"Hi","badge":3}}"#, outcome: .dropped),
    ])
    func outcome(_ test: Case) throws {
        let payload = try Fixture.read(test.json, test.type)
        let push = payload.remoteNotification(id: Fixture.id, collapseIdentifier: nil)
        #expect(Self.outcome(of: push) == test.outcome)
        #expect(payload.content.userInfo == (try Fixture.userInfo(test.json)))
        Fixture.expectEngineAccepts(payload)
    }

    @Test("a background push reaches the app as its userInfo alone")
    func backgroundContent() throws {
        let json = #"{"aps":{"content-available":1,"alert":"Hi","category":"C","thread-id":"t"},"acme2":42}"#
        let payload = try Fixture.read(json, .background)
        #expect(payload.content == NotificationContent(userInfo: try Fixture.userInfo(json)))
    }

    static func outcome(of push: RemoteNotification?) -> Outcome {
        guard let push else { return .dropped }
        guard PushPayload.showsSomething(push.content) else {
            return push.isContentAvailable && !push.isMutableContent ? .background : .dropped
        }
        return .shown(woken: push.isContentAvailable, mutable: push.isMutableContent)
    }
}
