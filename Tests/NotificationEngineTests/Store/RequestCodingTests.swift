import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import Testing

@Suite("SQLite store: the binary request encoding")
struct RequestCodingTests {
    static func requests() -> [NotificationRequest] {
        var components = DateComponents(hour: 8, minute: 30)
        components.timeZone = TimeZone(identifier: "Europe/Berlin")
        let triggers: [NotificationTrigger?] = [
            nil,
            .timeInterval(TimeIntervalTrigger(interval: 60.000_000_1, repeats: true)),
            .calendar(CalendarTrigger(dateComponents: components, repeats: true, notBefore: Date(timeIntervalSinceReferenceDate: 1.5))),
            .calendar(CalendarTrigger(dateComponents: DateComponents(month: 2, day: 29), repeats: false)),
            .location(LocationTrigger(
                region: CircularRegion(identifier: "shop", center: Coordinate(latitude: -33.8688, longitude: 151.2093),
                                       radius: 120.5, notifyOnEntry: false, notifyOnExit: true),
                repeats: true)),
            .push,
        ]
        let contents = [
            NotificationContent(),
            NotificationContent(
                title: "Todo Item \"X\" Is Overdue", subtitle: "ünïcödé 🛒", body: String(repeating: "b", count: 300),
                badge: -0, sound: .default,
                userInfo: ["UUID": "5F1D", "n": 3.25, "flags": [true, false, nil], "nested": ["a": ["b": [1, "2"]]]],
                categoryIdentifier: "c", threadIdentifier: "t"),
            NotificationContent(body: "x", badge: Int.max, sound: .named("bell.wav")),
            NotificationContent(
                title: "iOS 12–16 fields", interruptionLevel: .passive, relevanceScore: 0.75,
                targetContentIdentifier: "thread-7", filterCriteria: "work", summaryArgument: "Anna",
                summaryArgumentCount: 3, launchImageName: "Launch"),
            NotificationContent(title: "critical", interruptionLevel: .critical, relevanceScore: 1),
            NotificationContent(title: "storm", sound: NotificationSound.default.playing(as: .critical, volume: 0.5)),
            NotificationContent(title: "call", sound: NotificationSound.named("ring.wav").playing(as: .ringtone)),
        ]
        return triggers.flatMap { trigger in
            contents.enumerated().map { index, content in
                NotificationRequest(identifier: "r\(index)-\(String(describing: trigger).count)", content: content, trigger: trigger)
            }
        }
    }

    @Test("Every kind of request reads back equal")
    func roundTrip() throws {
        for request in Self.requests() {
            #expect(try RequestCoding.decode(RequestCoding.encode(request)) == request)
        }
    }

    @Test("A version 1 record, written before the iOS 12–16 content fields, still reads")
    func versionOne() throws {
        let request = NotificationRequest(
            identifier: "old", content: NotificationContent(title: "Before", categoryIdentifier: "c"),
            trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)))
        var bytes = [UInt8](try RequestCoding.encode(request))
        #expect(bytes.first == 2)
        #expect(bytes.last == 0, "no extra field differs from its default")
        bytes[0] = 1
        bytes.removeLast()
        #expect(try RequestCoding.decode(Data(bytes)) == request)
    }

    @Test("Truncated or altered bytes are a store failure, never a crash")
    func corrupt() throws {
        let data = try RequestCoding.encode(Self.requests()[4])
        for length in [0, 1, 2, data.count / 2, data.count - 1] {
            #expect(throws: NotificationError.self) { try RequestCoding.decode(data.prefix(length)) }
        }
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            var bytes = [UInt8](data)
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? RequestCoding.decode(Data(bytes))
        }
        #expect(throws: NotificationError.self) { try RequestCoding.decode(data + [0]) }
    }
}
