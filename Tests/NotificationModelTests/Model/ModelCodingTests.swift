import Foundation
import NotificationModel
import Testing

@Suite("Model coding")
struct ModelCodingTests {
    @Test("A request round-trips through JSON with every trigger kind")
    func requestRoundTrip() throws {
        let triggers: [NotificationTrigger?] = [
            nil,
            .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)),
            .calendar(CalendarTrigger(dateComponents: DateComponents(hour: 8, minute: 30), repeats: true)),
            .location(LocationTrigger(
                region: CircularRegion(
                    identifier: "shop", center: Coordinate(latitude: 52.5, longitude: 13.4), radius: 100),
                repeats: false)),
            .push,
        ]
        for trigger in triggers {
            let request = NotificationRequest(
                identifier: "a",
                content: NotificationContent(
                    title: "T", body: "B", badge: 2, sound: .named("bell.wav"),
                    userInfo: ["UUID": "x", "n": 3, "list": [true, nil]], categoryIdentifier: "c"),
                trigger: trigger)
            let data = try JSONEncoder().encode(request)
            #expect(try JSONDecoder().decode(NotificationRequest.self, from: data) == request)
        }
    }

    @Test("A trigger encodes with a type field")
    func triggerShape() throws {
        let data = try JSONEncoder().encode(NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 5, repeats: false)))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["type"] as? String == "timeInterval")
        #expect(object?["interval"] as? Double == 5)
    }

    @Test("A push trigger is {\"type\": \"push\"}, never repeats, and fires at once without a fire date after")
    func pushTriggerShape() throws {
        let data = try JSONEncoder().encode(NotificationTrigger.push)
        #expect(String(decoding: data, as: UTF8.self) == #"{"type":"push"}"#)
        #expect(try JSONDecoder().decode(NotificationTrigger.self, from: data) == .push)
        #expect(!NotificationTrigger.push.repeats)
    }

    @Test("Missing content fields decode to their defaults")
    func contentDefaults() throws {
        let content = try JSONDecoder().decode(NotificationContent.self, from: Data(#"{"title":"Hi"}"#.utf8))
        #expect(content == NotificationContent(title: "Hi"))
    }

    @Test("The distance from Berlin to Paris is about 878 km")
    func distance() {
        let berlin = Coordinate(latitude: 52.5200, longitude: 13.4050)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(berlin.distance(to: paris) - 877_500) < 2_000)
    }
}

@Suite("Delivery identifiers")
struct DeliveryIDTests {
    @Test("New delivery ids are time-ordered version 7 UUIDs, all different, and round-trip through their string")
    func version7() throws {
        let ids = (0..<10_000).map { _ in DeliveryID() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(100) {
            let text = id.description
            #expect(Array(text)[14] == "7", "version nibble of \(text)")
            #expect("89AB".contains(Array(text)[19]), "variant of \(text)")
            #expect(DeliveryID(text) == id)
            #expect(text == id.rawValue.uuidString)
        }
        let milliseconds = { (id: DeliveryID) in UInt64(id.description.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16) }
        let first = try #require(milliseconds(ids[0]))
        let last = try #require(milliseconds(ids[ids.count - 1]))
        #expect(first <= last)
        #expect(abs(Double(first) / 1_000 - Date().timeIntervalSince1970) < 60, "the id starts with the Unix time in ms")
    }

    @Test("Ids made on many threads at once, across many refills of the random bits, all differ")
    func concurrent() async {
        let ids = await withTaskGroup(of: [DeliveryID].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<5_000).map { _ in DeliveryID() } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(ids.count == 40_000)
        #expect(Set(ids).count == ids.count)
        // The 74 random bits differ too, not only the time: no two ids share their last 8 bytes.
        #expect(Set(ids.map { $0.description.suffix(17) }).count == ids.count)
    }
}
