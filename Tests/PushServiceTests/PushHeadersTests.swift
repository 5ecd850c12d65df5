import Foundation
import Testing

@testable import PushService

/// The `apns-*` headers, read as APNs reads them.
struct PushHeadersTests {
    static let fixedID = UUID(uuidString: "6B2A1F4E-2C1D-4E5F-8A9B-0C1D2E3F4A5B")!
    static let topic = ("apns-topic", "com.example.shop")

    @Test("an alert push with only its topic: priority 10, a new apns-id, no expiration, no collapse")
    func defaults() throws {
        let headers = try PushHeaders([Self.topic], makeID: { Self.fixedID })
        #expect(headers.pushType == .alert)
        #expect(headers.id == Self.fixedID)
        #expect(headers.priority == .immediate)
        #expect(headers.expiration == nil)
        #expect(headers.topic == "com.example.shop")
        #expect(headers.collapseID == nil)
    }

    @Test("every header as sent")
    func everything() throws {
        let headers = try PushHeaders([
            ("APNS-Push-Type", "background"), ("apns-id", "123e4567-e89b-12d3-a456-426614174000"),
            ("apns-expiration", "1800000000"), ("apns-priority", "5"), Self.topic, ("apns-collapse-id", "order-42"),
            ("content-type", "application/json"),
        ])
        #expect(headers.pushType == .background)
        #expect(headers.id == UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000"))
        #expect(headers.expiration == .until(Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(headers.priority == .conservative)
        #expect(headers.collapseID == "order-42")
        #expect(try PushHeaders([("apns-push-type", "background"), Self.topic]).priority == .conservative)
        #expect(try PushHeaders([("apns-expiration", "0"), Self.topic]).expiration == .immediately)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var what: String
        var fields: [Field]
        var reason: APNsReason
        var testDescription: String { what }
    }

    struct Field: Sendable {
        var name: String
        var value: String
    }

    @Test(arguments: [
        Refused(what: "no topic", fields: [], reason: .missingTopic),
        Refused(what: "an empty topic", fields: [.init(name: "apns-topic", value: "")], reason: .missingTopic),
        Refused(what: "a topic with a slash", fields: [.init(name: "apns-topic", value: "com/example")], reason: .badTopic),
        Refused(what: "two topics", fields: [.init(name: "apns-topic", value: "a"), .init(name: "APNS-TOPIC", value: "b")],
                reason: .duplicateHeaders),
        Refused(what: "voip", fields: [.init(name: "apns-push-type", value: "voip")], reason: .invalidPushType),
        Refused(what: "an id without dashes",
                fields: [.init(name: "apns-id", value: "123e4567e89b12d3a456426614174000")], reason: .badMessageId),
        Refused(what: "an id that is not hex",
                fields: [.init(name: "apns-id", value: "zzze4567-e89b-12d3-a456-426614174000")], reason: .badMessageId),
        Refused(what: "a date in words", fields: [.init(name: "apns-expiration", value: "tomorrow")], reason: .badExpirationDate),
        Refused(what: "a negative date", fields: [.init(name: "apns-expiration", value: "-1")], reason: .badExpirationDate),
        Refused(what: "priority 7", fields: [.init(name: "apns-priority", value: "7")], reason: .badPriority),
        Refused(what: "a background push at priority 10",
                fields: [.init(name: "apns-push-type", value: "background"), .init(name: "apns-priority", value: "10")],
                reason: .badPriority),
        Refused(what: "a collapse id of 65 bytes",
                fields: [.init(name: "apns-collapse-id", value: String(repeating: "é", count: 33))], reason: .badCollapseId),
    ])
    func refused(_ refused: Refused) {
        var fields = refused.fields.map { (name: $0.name, value: $0.value) }
        if refused.reason != .missingTopic, !fields.contains(where: { $0.name.lowercased() == "apns-topic" }) {
            fields.append(Self.topic)
        }
        let refusal = #expect(throws: APNsRefusal.self) { _ = try PushHeaders(fields) }
        #expect(refusal?.reason == refused.reason)
        #expect(refusal?.reason.status == 400)
    }

    @Test("a collapse id of exactly 64 bytes is kept")
    func collapseLimit() throws {
        let id = String(repeating: "é", count: 32)
        #expect(try PushHeaders([Self.topic, ("apns-collapse-id", id)]).collapseID == id)
    }
}
