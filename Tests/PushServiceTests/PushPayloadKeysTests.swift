import Foundation
import NotificationModel
import Testing

@testable import PushService

/// Each `aps` key but `alert`, in its good and bad shapes: what it becomes in
/// the notification's content. A key of the wrong type, or one Herald cannot
/// hold, is ignored as a device ignores it.
struct PushPayloadKeysTests {
    typealias Fixture = PushPayloadFixture

    struct Case: Sendable, CustomTestStringConvertible {
        var aps: String
        var shown: NotificationContent
        var testDescription: String { aps.count > 70 ? String(aps.prefix(67)) + "…" : aps }

        /// `aps`'s keys (written without braces) with a body, so that every
        /// case shows something; `shown` is what it shows besides the body.
        init(_ aps: String, _ shown: NotificationContent = NotificationContent()) {
            self.aps = aps
            self.shown = shown
            self.shown.body = "Hi"
        }
    }

    static let long = String(repeating: "x", count: 256)
    static let longest = String(repeating: "é", count: 255)

    static func content(_ change: (inout NotificationContent) -> Void) -> NotificationContent {
        var content = NotificationContent()
        change(&content)
        return content
    }

    @Test(arguments: [
        Case(#""badge":9"#, NotificationContent(badge: 9)),
        Case(#""badge":0"#, NotificationContent(badge: 0)),
        Case(#""badge":-1"#),
        Case(#""badge":1.5"#),
        Case(#""badge":1e300"#),
        Case(#""badge":"5""#),
        Case(#""badge":true"#),
        Case(#""badge":null"#),
        Case(#""sound":"bingbong.aiff""#, NotificationContent(sound: .named("bingbong.aiff"))),
        Case(#""sound":"default""#, NotificationContent(sound: .default)),
        Case(#""sound":"""#, NotificationContent(sound: .default)),
        Case(#""sound":"\#(long)""#, NotificationContent(sound: .default)),
        Case(#""sound":"\#(longest)""#, NotificationContent(sound: .named(longest))),
        Case(#""sound":5"#),
        Case(#""sound":["a.wav"]"#),
        Case(
            #""sound":{"critical":1,"name":"alarm.wav","volume":0.5}"#,
            NotificationContent(sound: NotificationSound.named("alarm.wav").playing(as: .critical, volume: 0.5))),
        Case(
            #""sound":{"critical":1,"name":"alarm.wav","volume":1.5}"#,
            NotificationContent(sound: NotificationSound.named("alarm.wav").playing(as: .critical))),
        Case(
            #""sound":{"critical":1,"name":"alarm.wav","volume":"loud"}"#,
            NotificationContent(sound: NotificationSound.named("alarm.wav").playing(as: .critical))),
        Case(#""sound":{"critical":1}"#, NotificationContent(sound: NotificationSound.default.playing(as: .critical))),
        Case(
            #""sound":{"critical":true,"name":"default","volume":0}"#,
            NotificationContent(sound: NotificationSound.default.playing(as: .critical, volume: 0))),
        Case(#""sound":{"critical":0,"name":"alarm.wav","volume":0.5}"#, NotificationContent(sound: .named("alarm.wav"))),
        Case(#""sound":{"critical":"1","name":"alarm.wav"}"#, NotificationContent(sound: .named("alarm.wav"))),
        Case(#""sound":{"name":7}"#, NotificationContent(sound: .default)),
        Case(#""thread-id":"chat-42""#, NotificationContent(threadIdentifier: "chat-42")),
        Case(#""thread-id":"\#(longest)""#, NotificationContent(threadIdentifier: longest)),
        Case(#""thread-id":"\#(long)""#),
        Case(#""thread-id":42"#),
        Case(#""category":"GAME_INVITATION""#, NotificationContent(categoryIdentifier: "GAME_INVITATION")),
        Case(#""category":"\#(long)""#),
        Case(#""category":{"id":"x"}"#),
        Case(#""target-content-id":"room-7""#, NotificationContent(targetContentIdentifier: "room-7")),
        Case(#""target-content-id":"\#(long)""#),
        Case(#""target-content-id":7"#),
        Case(#""filter-criteria":"work""#, NotificationContent(filterCriteria: "work")),
        Case(#""filter-criteria":"\#(long)""#),
        Case(#""filter-criteria":["work"]"#),
        Case(#""interruption-level":"passive""#, NotificationContent(interruptionLevel: .passive)),
        Case(#""interruption-level":"active""#, NotificationContent(interruptionLevel: .active)),
        Case(#""interruption-level":"time-sensitive""#, NotificationContent(interruptionLevel: .timeSensitive)),
        Case(#""interruption-level":"critical""#, NotificationContent(interruptionLevel: .critical)),
        Case(#""interruption-level":"timeSensitive""#),
        Case(#""interruption-level":"urgent""#),
        Case(#""interruption-level":2"#),
        Case(#""relevance-score":0.75"#, NotificationContent(relevanceScore: 0.75)),
        Case(#""relevance-score":1"#, NotificationContent(relevanceScore: 1)),
        Case(#""relevance-score":0"#),
        Case(#""relevance-score":1.5"#),
        Case(#""relevance-score":-0.1"#),
        Case(#""relevance-score":"0.5""#),
        Case(#""content-available":1"#),
        Case(#""mutable-content":1"#),
        Case(#""summary-arg":"Bob","action-loc-key":"PLAY","unknown":{"a":[1]}"#),
    ])
    func key(_ test: Case) throws {
        let json = #"{"aps":{"alert":"Hi",\#(test.aps)},"acme":1}"#
        let payload = try Fixture.read(json)
        #expect(Fixture.shown(payload) == test.shown)
        #expect(payload.content.userInfo == (try Fixture.userInfo(json)))
        Fixture.expectEngineAccepts(payload)
    }

    struct Flag: Sendable, CustomTestStringConvertible {
        var value: String
        var isSet: Bool
        var testDescription: String { value }
    }

    @Test(
        "content-available and mutable-content are set by 1, or true as an Apple device reads it",
        arguments: [
            Flag(value: "1", isSet: true), Flag(value: "true", isSet: true), Flag(value: "1.0", isSet: true),
            Flag(value: "0", isSet: false), Flag(value: "2", isSet: false), Flag(value: "false", isSet: false),
            Flag(value: #""1""#, isSet: false), Flag(value: "null", isSet: false), Flag(value: "[1]", isSet: false),
        ])
    func flags(_ flag: Flag) throws {
        let payload = try Fixture.read(
            #"{"aps":{"alert":"Hi","content-available":\#(flag.value),"mutable-content":\#(flag.value)}}"#)
        #expect(payload.isContentAvailable == flag.isSet)
        #expect(payload.isMutableContent == flag.isSet)
    }
}
