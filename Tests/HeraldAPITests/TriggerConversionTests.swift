import Foundation
import HeraldAPI
import NotificationModel
import Testing

/// `API.Trigger` and the engine's `NotificationTrigger`: each kind goes to the wire and
/// back unchanged, and survives the wire's JSON.
@Suite("A trigger on the wire")
struct TriggerConversionTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    static let triggers: [NotificationTrigger] = [
        .timeInterval(TimeIntervalTrigger(interval: 90, repeats: false)),
        .timeInterval(TimeIntervalTrigger(interval: 3_600, repeats: true)),
        .calendar(CalendarTrigger(dateComponents: DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true)),
        .calendar(CalendarTrigger(
            dateComponents: DateComponents(timeZone: paris, year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 15),
            repeats: false)),
        .calendar(CalendarTrigger(
            dateComponents: DateComponents(hour: 7), repeats: true,
            notBefore: Date(timeIntervalSince1970: 1_796_000_000))),
        .location(LocationTrigger(
            region: CircularRegion(
                identifier: "home", center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 150,
                notifyOnEntry: true, notifyOnExit: false),
            repeats: true)),
        .push,
    ]

    @Test("to the wire and back is the same trigger", arguments: triggers)
    func roundTrip(trigger: NotificationTrigger) throws {
        #expect(try API.Trigger(trigger).engineValue() == trigger)
    }

    @Test("the wire's JSON decodes to the trigger it was encoded from", arguments: triggers)
    func throughJSON(trigger: NotificationTrigger) throws {
        let wire = API.Trigger(trigger)
        let decoded = try API.decoder().decode(API.Trigger.self, from: try API.encoder().encode(wire))
        #expect(decoded == wire)
        #expect(try decoded.engineValue() == trigger)
    }

    @Test("a push trigger is {\"type\": \"push\", \"repeats\": false} on the wire, and {\"type\": \"push\"} reads")
    func pushShape() throws {
        let object = try JSONSerialization.jsonObject(with: try API.encoder().encode(API.Trigger(.push))) as? [String: Any]
        #expect(object?["type"] as? String == "push")
        #expect(object?["repeats"] as? Bool == false)
        #expect(object?.count == 2)
        let decoded = try API.decoder().decode(API.Trigger.self, from: Data(#"{"type": "push"}"#.utf8))
        #expect(try decoded.engineValue() == .push)
    }

    @Test("a time zone name the system does not know is refused as an invalid trigger")
    func unknownTimeZone() {
        let wire = API.Trigger.calendar(API.DateFields(hour: 9), timeZone: "Mars/Olympus_Mons", repeats: true, notBefore: nil)
        let error = #expect(throws: NotificationError.self) { try wire.engineValue() }
        #expect(error?.code == .invalidTrigger)
    }
}
