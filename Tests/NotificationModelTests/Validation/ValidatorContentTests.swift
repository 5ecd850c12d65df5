import Foundation
import NotificationModel
import Testing

@Suite("Validator: request identifiers and content")
struct ValidatorContentTests {
    typealias Fixture = ValidationFixtures

    @Test("A request with something to show is accepted", arguments: [
        NotificationContent(title: "T"), NotificationContent(subtitle: "S"), NotificationContent(body: "B"),
        NotificationContent(sound: .default), NotificationContent(badge: 0), NotificationContent(badge: 3),
    ])
    func validContent(_ content: NotificationContent) throws {
        try Fixture.validate(Fixture.request(content: content))
    }

    @Test("An identifier of 10,000 characters is refused with its length and the limit")
    func hugeIdentifier() {
        expectRefusal(.invalidIdentifier, "request identifier is 10000 characters; the limit is 255") {
            try Fixture.validate(Fixture.request(identifier: Fixture.string(10_000)))
        }
    }

    @Test("An identifier of 255 characters is accepted; an empty one is refused")
    func identifierBounds() throws {
        try Fixture.validate(Fixture.request(identifier: Fixture.string(255)))
        expectRefusal(.invalidIdentifier, "request identifier is empty") {
            try Fixture.validate(Fixture.request(identifier: ""))
        }
    }

    @Test("Lengths count Unicode scalars: 128 flags are 256 scalars")
    func scalarLength() {
        expectRefusal(.invalidIdentifier, "request identifier is 256 characters; the limit is 255") {
            try Fixture.validate(Fixture.request(identifier: Fixture.string(128, of: "🇩🇪")))
        }
    }

    @Test("Content with nothing to show or play is refused")
    func noContent() {
        expectRefusal(.invalidNoContent, "no title, subtitle, body, sound or badge") {
            try Fixture.validate(Fixture.request(content: NotificationContent(userInfo: ["UUID": "x"])))
        }
    }

    @Test("A negative badge in content is refused")
    func negativeBadge() {
        expectRefusal(.badgeInputInvalid, "badge -2 is negative") {
            try Fixture.validate(Fixture.content { $0.badge = -2 })
        }
    }

    @Test("Texts over their limits are refused as too large, naming the text and the limit")
    func longTexts() throws {
        try Fixture.validate(Fixture.content { $0.body = Fixture.string(8_192) })
        expectRefusal(.payloadTooLarge, "title is 1025 characters; the limit is 1024") {
            try Fixture.validate(Fixture.content { $0.title = Fixture.string(1_025) })
        }
        expectRefusal(.payloadTooLarge, "subtitle is 1025 characters; the limit is 1024") {
            try Fixture.validate(Fixture.content { $0.subtitle = Fixture.string(1_025) })
        }
        expectRefusal(.payloadTooLarge, "body is 8193 characters; the limit is 8192") {
            try Fixture.validate(Fixture.content { $0.body = Fixture.string(8_193) })
        }
    }

    @Test("Category, thread and sound names over 255 characters are refused")
    func longNames() {
        expectRefusal(.invalidIdentifier, "categoryIdentifier is 256 characters; the limit is 255") {
            try Fixture.validate(Fixture.content { $0.categoryIdentifier = Fixture.string(256) })
        }
        expectRefusal(.invalidIdentifier, "threadIdentifier is 256 characters; the limit is 255") {
            try Fixture.validate(Fixture.content { $0.threadIdentifier = Fixture.string(256) })
        }
        expectRefusal(.invalidIdentifier, "sound name is 256 characters; the limit is 255") {
            try Fixture.validate(Fixture.content { $0.sound = .named(Fixture.string(256)) })
        }
        expectRefusal(.invalidIdentifier, "sound name is empty") {
            try Fixture.validate(Fixture.content { $0.sound = .named("") })
        }
    }

    @Test("userInfo of 4,096 bytes of JSON is accepted, 4,097 refused")
    func userInfoSize() throws {
        // {"k":"…"} is 8 bytes around the string.
        try Fixture.validate(Fixture.content { $0.userInfo = ["k": .string(Fixture.string(4_088))] })
        expectRefusal(.payloadTooLarge, "userInfo is 4097 bytes of JSON; the limit is 4096") {
            try Fixture.validate(Fixture.content { $0.userInfo = ["k": .string(Fixture.string(4_089))] })
        }
    }

    @Test("userInfo that escapes a lot is measured as encoded: accepted at 4,096 bytes of JSON, refused at 4,097",
          arguments: ["\u{01}", "/", "\"", "é", "a", "\n"])
    func userInfoSizeEscaped(_ piece: String) throws {
        // The quick bound on userInfo's JSON counts every byte as if escaped; near the
        // limit the value is encoded, so the limit holds exactly whatever is escaped.
        func userInfo(_ count: Int, tail: Int) -> [String: JSONValue] {
            ["k": .string(String(repeating: piece, count: count) + String(repeating: "x", count: tail)), "n": [1.5, true, .null]]
        }
        let encodedPiece = try JSONEncoder().encode(["k": piece]).count - 8
        let count = (4_000 - 40) / encodedPiece
        let base = try JSONEncoder().encode(userInfo(count, tail: 0)).count
        try Fixture.validate(Fixture.content { $0.userInfo = userInfo(count, tail: 4_096 - base) })
        expectRefusal(.payloadTooLarge, "userInfo is 4097 bytes of JSON; the limit is 4096") {
            try Fixture.validate(Fixture.content { $0.userInfo = userInfo(count, tail: 4_097 - base) })
        }
        // Far below the limit, escapes and all, it is accepted without encoding.
        try Fixture.validate(Fixture.content { $0.userInfo = userInfo(100, tail: 0) })
    }

    @Test("A userInfo number JSON cannot encode is refused, with where it is", arguments: [Double.nan, .infinity])
    func nonFiniteUserInfo(_ number: Double) {
        expectRefusal(.invalidPayload, "userInfo[\"a\"][1] is \(number)") {
            try Fixture.validate(Fixture.content { $0.userInfo = ["a": [1, .number(number)], "b": true] })
        }
    }

    @Test("A category the app has not registered is refused; a registered one or none is accepted")
    func categories() throws {
        let reminder = NotificationCategory(
            identifier: "reminder", actions: [NotificationAction(identifier: "cancel", title: "Cancel", options: .foreground)])
        try Fixture.validate(Fixture.content { $0.categoryIdentifier = "reminder" }, categories: [reminder])
        try Fixture.validate(Fixture.content { $0.categoryIdentifier = "" })
        expectRefusal(.unknownCategory, "category \"alarm\" is not among the app's 1 registered categories") {
            try Fixture.validate(Fixture.content { $0.categoryIdentifier = "alarm" }, categories: [reminder])
        }
    }
}
