import Foundation
import NotificationModel
import Testing

@testable import PushService

/// A push's body as APNs takes it: its size, its JSON, and the whole payload
/// reaching the app as `userInfo`.
struct PushPayloadTests {
    typealias Fixture = PushPayloadFixture

    struct Refused: Sendable, CustomTestStringConvertible {
        var what: String
        var body: [UInt8]
        var reason: APNsReason
        var testDescription: String { what }

        init(_ what: String, _ body: String, _ reason: APNsReason = .payloadEmpty) {
            self.init(what, Array(body.utf8), reason)
        }

        init(_ what: String, _ body: [UInt8], _ reason: APNsReason = .payloadEmpty) {
            self.what = what
            self.body = body
            self.reason = reason
        }
    }

    @Test(arguments: [
        Refused("an empty body", ""),
        Refused("only spaces", "   "),
        Refused("cut short", #"{"aps":{"alert":"Hi"}"#),
        Refused("text after the object", #"{"aps":{}} {}"#),
        Refused("an array", #"[{"aps":{"alert":"Hi"}}]"#),
        Refused("a string", #""aps""#),
        Refused("a number", "42"),
        Refused("null", "null"),
        Refused("single quotes", "{'aps':{}}"),
        Refused("a number past a double's range", #"{"aps":{"badge":1e400}}"#),
        Refused("a lone surrogate", #"{"aps":{"alert":"\ud800"}}"#),
        Refused("bytes that are not UTF-8", [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
        Refused("33 objects and arrays nested", nested(33), .payloadTooLarge),
        Refused("arrays nested 1,000 deep", nested(1000), .payloadTooLarge),
        Refused("1,000 brackets left open", String(repeating: "[", count: 1000), .payloadTooLarge),
        Refused("4,097 bytes", Fixture.padded(to: 4097), .payloadTooLarge),
        Refused("4,097 bytes of two-byte characters", Fixture.padded(to: 4097, with: "é"), .payloadTooLarge),
        Refused("64 KiB", Fixture.padded(to: 65_536), .payloadTooLarge),
        Refused("4,096 bytes of slashes, which Herald stores as \\/", Fixture.padded(to: 4096, with: "/"), .payloadTooLarge),
    ])
    func refused(_ refused: Refused) {
        let refusal = #expect(throws: APNsRefusal.self) {
            _ = try PushPayload(json: Data(refused.body), pushType: .alert)
        }
        #expect(refusal?.reason == refused.reason)
        #expect(refusal?.reason.status == (refused.reason == .payloadTooLarge ? 413 : 400))
    }

    @Test("a payload of exactly 4,096 bytes is taken, in one- or two-byte characters", arguments: ["x", "é"] as [Character])
    func atTheLimit(_ filler: Character) throws {
        let json = Fixture.padded(to: 4096, with: filler)
        #expect(json.utf8.count == 4096)
        let payload = try Fixture.read(json)
        #expect(payload.content.userInfo == (try Fixture.userInfo(json)))
        #expect(payload.content.body == "Hi")
        Fixture.expectEngineAccepts(payload)
    }

    @Test("every custom key, nested, unicode and all, reaches userInfo unchanged, aps included")
    func customKeys() throws {
        let json = #"""
            {"aps":{"alert":{"title":"Grüße","body":"👋🏽 日本語"},"badge":3},
             "order":{"id":"A-17","lines":[{"sku":"🍕","qty":2},{"sku":"x/y","qty":0.5}],"paid":true,"note":null},
             "emoji":"👨‍👩‍👧","empty":{},"list":[],"negative":-12,"big":1e300,"escaped":"line\nbreak \"quoted\" \u00e9"}
            """#
        let payload = try Fixture.read(json)
        let expected: [String: JSONValue] = [
            "aps": ["alert": ["title": "Grüße", "body": "👋🏽 日本語"], "badge": 3],
            "order": [
                "id": "A-17", "lines": [["sku": "🍕", "qty": 2], ["sku": "x/y", "qty": 0.5]], "paid": true, "note": nil,
            ],
            "emoji": "👨‍👩‍👧", "empty": [:], "list": [], "negative": -12, "big": 1e300,
            "escaped": "line\nbreak \"quoted\" é",
        ]
        #expect(payload.content.userInfo == expected)
        #expect(payload.content.title == "Grüße")
        #expect(payload.content.body == "👋🏽 日本語")
        Fixture.expectEngineAccepts(payload)
    }

    @Test("of two equal keys the last counts, as Foundation's JSONSerialization reads them on a device")
    func duplicateKeys() throws {
        let payload = try Fixture.read(#"{"aps":{"alert":"first"},"aps":{"alert":"second"}}"#)
        #expect(payload.content.body == "second")
        #expect(payload.content.userInfo == ["aps": ["alert": "second"]])
    }

    /// A payload of `depth` objects and arrays nested in one another, the
    /// payload itself included, with brackets in strings that do not count.
    static func nested(_ depth: Int) -> String {
        #"{"aps":{"alert":"[{[{"},"a":"# + String(repeating: "[", count: depth - 1) + #""]\"]""#
            + String(repeating: "]", count: depth - 1) + "}"
    }

    @Test("32 objects and arrays nested in one another are taken, with what they hold")
    func deepestNesting() throws {
        let json = Self.nested(32)
        let payload = try Fixture.read(json)
        var expected: JSONValue = "]\"]"
        for _ in 0..<31 { expected = [expected] }
        #expect(payload.content.userInfo["a"] == expected)
        #expect(payload.content.body == "[{[{")
    }

    @Test("booleans stay booleans and numbers numbers, 1 and 0 included")
    func scalars() throws {
        let payload = try Fixture.read(#"{"t":true,"f":false,"one":1,"zero":0,"real":1.5,"e":1E2,"tiny":1e-400,"n":null}"#)
        let expected: [String: JSONValue] = [
            "t": true, "f": false, "one": 1, "zero": 0, "real": 1.5, "e": 100, "tiny": 0, "n": nil,
        ]
        #expect(payload.content.userInfo == expected)
    }

    @Test("the push keeps the headers' id and collapse id; its request is named by the collapse id")
    func identifiers() throws {
        let payload = try Fixture.read(#"{"aps":{"alert":"Hi"}}"#)
        let push = try #require(payload.remoteNotification(id: Fixture.id, collapseIdentifier: "chat-42"))
        #expect(push.id == Fixture.id)
        #expect(push.collapseIdentifier == "chat-42")
        #expect(push.requestIdentifier == "chat-42")
        #expect(payload.remoteNotification(id: Fixture.id, collapseIdentifier: nil)?.requestIdentifier == Fixture.id.uuidString)
    }

    @Test("a provider's request, read as the endpoint reads it: headers, then payload, then the push or Apple's answer")
    func providerRequest() throws {
        let fields = [
            (name: "apns-topic", value: "com.example.chat"), (name: "apns-collapse-id", value: "chat-42"),
            (name: "apns-id", value: "123e4567-e89b-12d3-a456-426614174000"),
        ]
        let good = ProviderRequest(
            method: "POST", path: "/3/device/00", fields: fields,
            body: Data(#"{"aps":{"alert":{"title":"Ann","body":"Lunch?"},"sound":"default"},"chat":42}"#.utf8))
        let headers = try PushHeaders(good.fields)
        let payload = try PushPayload(json: good.body, pushType: headers.pushType)
        let push = try #require(payload.remoteNotification(id: headers.id, collapseIdentifier: headers.collapseID))
        #expect(push.requestIdentifier == "chat-42")
        #expect(push.content.title == "Ann")
        #expect(push.content.sound == .default)
        #expect(push.content.userInfo["chat"] == 42)

        let refusal = #expect(throws: APNsRefusal.self) {
            _ = try PushPayload(json: Data("{aps}".utf8), pushType: headers.pushType)
        }
        let answer = ProviderAnswer.refused(try #require(refusal), id: headers.id)
        #expect(answer.status == 400)
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"reason":"PayloadEmpty"}"#)
    }
}
