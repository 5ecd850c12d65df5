import Foundation
import NotificationEngine
import Testing
import UserNotifications

struct ContentTests {
    @Test func mutableContentStartsEmptyAndKeepsWhatIsSet() {
        let content = UNMutableNotificationContent()
        #expect(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        #expect(content.badge == nil && content.sound == nil && content.userInfo.isEmpty)
        #expect(content.categoryIdentifier.isEmpty && content.threadIdentifier.isEmpty)

        content.title = "T"
        content.subtitle = "S"
        content.body = "B"
        content.badge = 0
        content.sound = .default
        content.categoryIdentifier = "c"
        content.threadIdentifier = "t"
        #expect([content.title, content.subtitle, content.body] == ["T", "S", "B"])
        #expect(content.badge == 0 && content.sound == .default)
        #expect(content.categoryIdentifier == "c" && content.threadIdentifier == "t")
    }

    @Test func copiesAreIndependent() throws {
        let content = Content.titled("one")
        let frozen = try #require(content.copy() as? UNNotificationContent)
        let mutable = try #require(content.mutableCopy() as? UNMutableNotificationContent)
        content.title = "two"
        mutable.title = "three"
        #expect(frozen.title == "one")
        #expect(!(frozen is UNMutableNotificationContent))
        #expect(content.title == "two" && mutable.title == "three")
    }

    @Test func soundsCompareByFile() {
        let chime = UNNotificationSound(named: UNNotificationSoundName("chime.caf"))
        #expect(chime == UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.caf")))
        #expect(chime != .default)
        #expect(UNNotificationSound.default == .default)
    }

    @Test func userInfoTravelsAsJSON() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("payload")
        content.userInfo = [
            "UUID": "5F1D", "count": 3, "ratio": 0.25, "done": true, "none": NSNull(),
            "tags": ["home", "urgent"], "nested": ["level": 2, "flags": [false, true]] as [String: Any],
            "number": NSNumber(value: 42), "flag": NSNumber(value: false),
        ]
        try await fixture.center.add(UNNotificationRequest(identifier: "p", content: content, trigger: nil))

        let info = try #require(try await fixture.center.throwing.deliveredNotifications().first?.request.content.userInfo)
        #expect(info.count == 9)
        #expect(info["UUID"] as? String == "5F1D")
        #expect(info["count"] as? Int == 3)
        #expect(info["ratio"] as? Double == 0.25)
        #expect(info["done"] as? Bool == true)
        #expect(info["none"] is NSNull)
        #expect(info["tags"] as? [String] == ["home", "urgent"])
        let nested = try #require(info["nested"] as? [String: Any])
        #expect(nested["level"] as? Int == 2)
        #expect(nested["flags"] as? [Bool] == [false, true])
        #expect(info["number"] as? Int == 42)
        #expect(info["flag"] as? Bool == false)
    }

    @Test func booleansAndNumbersStayApart() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("kinds")
        content.userInfo = ["bool": true, "one": 1, "nsOne": NSNumber(value: 1)]
        try await fixture.center.add(UNNotificationRequest(identifier: "k", content: content, trigger: nil))

        let pendingEngine = try await fixture.engine.deliveredNotifications(for: fixture.app)
        let json = try #require(pendingEngine.first?.request.content.userInfo)
        #expect(json == ["bool": .bool(true), "one": .number(1), "nsOne": .number(1)])
    }

    /// Values Apple's property lists allow, or no format does, that JSON cannot hold.
    enum Unrepresentable: String, CaseIterable, Sendable {
        case date, data, nan, nested, object

        var value: Any {
            switch self {
            case .date: Date()
            case .data: Data([1, 2])
            case .nan: Double.nan
            case .nested: ["when": Date()] as [String: Any]
            case .object: NSObject()
            }
        }
    }

    @Test(arguments: Unrepresentable.allCases)
    func userInfoJSONCannotHoldIsRefused(_ kind: Unrepresentable) async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("bad")
        let key = kind.rawValue
        content.userInfo = [key: kind.value]
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "bad", content: content, trigger: nil))
        }
        #expect(error?.code == .invalidUserInfo)
        #expect(error?.message.contains("userInfo[\"\(key)\"]") == true)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }

    @Test func aPayloadOverFourKibibytesIsRefused() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("big")
        content.userInfo = ["blob": String(repeating: "x", count: 4_096)]
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "big", content: content, trigger: nil))
        }
        #expect(error?.code == .payloadTooLarge)
        #expect(error?.code.rawValue == 4002)
    }

    @Test func userInfoKeysMustBeStrings() async throws {
        let fixture = try await CenterFixture.authorized()
        let content = Content.titled("bad")
        content.userInfo = [1: "one"]
        let error = await #expect(throws: UNError.self) {
            try await fixture.center.add(UNNotificationRequest(identifier: "bad", content: content, trigger: nil))
        }
        #expect(error?.code == .invalidUserInfo)
        #expect(error?.code.rawValue == 4901)
    }
}
