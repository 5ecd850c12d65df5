import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import Testing

/// The time-zone flow on its own: a zone given, the system's zone looked at
/// and the store's zone at start, with what the re-dating transaction read, in;
/// the engine's actions out. The engine was in UTC on 2026-05-09 at 07:00 UTC.
/// (Foundation on Linux names the zone "UTC" "GMT": the expectations use its identifier.)
@Suite("Engine core: the time-zone flow")
struct TimeZoneFlowTests {
    typealias Action = TimeZoneFlow.Action
    typealias T = TimeFixtures
    static let now = T.date("2026-05-09T07:00:00Z")
    static let first: AppIdentifier = "com.example.first"
    static let second: AppIdentifier = "com.example.second"

    static func pending(_ identifier: String, hour: Int, zone: TimeZone? = nil, at date: String) -> PendingRequest {
        var components = DateComponents(hour: hour, minute: 30)
        components.timeZone = zone
        return PendingRequest(
            request: NotificationRequest(
                identifier: identifier, content: NotificationContent(title: identifier),
                trigger: .calendar(CalendarTrigger(dateComponents: components, repeats: true))),
            nextFireDate: T.date(date), addedDate: T.date("2026-05-01T00:00:00Z"))
    }

    /// Daily 08:30 floating, due at 08:30 UTC; 12:30 UTC is 08:30 in New York.
    static let daily = pending("daily", hour: 8, at: "2026-05-09T08:30:00Z")
    /// Daily 18:30 floating, due at 18:30 UTC; 22:30 UTC is 18:30 in New York.
    static let evening = pending("evening", hour: 18, at: "2026-05-09T18:30:00Z")
    /// Daily 08:30 in UTC's own zone: it keeps its date.
    static let zoned = pending("zoned", hour: 8, zone: T.utc, at: "2026-05-09T08:30:00Z")

    static func moved(_ pending: PendingRequest, to date: String) -> PendingRequest {
        var moved = pending
        moved.nextFireDate = T.date(date)
        return moved
    }

    /// Runs a re-dating transaction over two apps' requests, checking its
    /// actions on the way; returns the actions of its commit.
    static func redate(_ flow: inout TimeZoneFlow, to zone: TimeZone) -> [Action] {
        #expect(flow.handle(.appsRead([first, second], now: now)) == [.lockApps([first, second]), .readPending(first)])
        #expect(flow.handle(.pendingRead([daily, zoned, evening], of: first)) == [
            .savePending(moved(daily, to: "2026-05-09T12:30:00Z"), for: first),
            .savePending(moved(evening, to: "2026-05-09T22:30:00Z"), for: first), .readPending(second),
        ])
        #expect(flow.handle(.pendingRead([zoned], of: second)) == [
            .saveZone(zone.identifier), .announce(T.date("2026-05-09T12:30:00Z")),
        ])
        return flow.handle(.committed)
    }

    @Test("A zone given re-dates in one transaction, then is adopted, logged, told to the apps that moved, and fires")
    func given() {
        var flow = TimeZoneFlow(.given)
        #expect(flow.handle(.zoneGiven(T.newYork, current: T.utc)) == [.redate(to: T.newYork)])
        #expect(Self.redate(&flow, to: T.newYork) == [
            .adopt(T.newYork, moved: true), .notePendingChanged,
            .logNotice("the time zone changed from \(T.utc.identifier) to America/New_York: re-dated 2 floating calendar requests"),
            .emit(.pendingChanged(app: Self.first)), .fireDue,
        ])
    }

    @Test("The zone the engine has already changes nothing")
    func sameZone() {
        var flow = TimeZoneFlow(.given)
        #expect(flow.handle(.zoneGiven(TimeZone(identifier: "UTC")!, current: T.utc)) == [])
    }

    @Test("A change that moves nothing still saves the zone and is adopted and logged, and tells no app")
    func nothingMoves() {
        var flow = TimeZoneFlow(.given)
        _ = flow.handle(.zoneGiven(T.tokyo, current: T.utc))
        #expect(flow.handle(.appsRead([Self.first], now: Self.now)) == [.lockApps([Self.first]), .readPending(Self.first)])
        #expect(flow.handle(.pendingRead([Self.zoned], of: Self.first)) == [.saveZone("Asia/Tokyo")])
        #expect(flow.handle(.committed) == [
            .adopt(T.tokyo, moved: false),
            .logNotice("the time zone changed from \(T.utc.identifier) to Asia/Tokyo: re-dated 0 floating calendar requests"),
        ])
    }

    @Test("A zone given that cannot be saved is refused with the store's error")
    func givenFails() {
        var flow = TimeZoneFlow(.given)
        _ = flow.handle(.zoneGiven(T.tokyo, current: T.utc))
        #expect(flow.handle(.failed("the store failed")) == [.throwFailure])
    }

    /// The seconds since the system's zone was last looked at (`nil`: never), and whether it is looked at now.
    static let checks: [(TimeInterval?, Bool)] = [(nil, true), (10, true), (9.5, false), (0, false), (-5, false), (-10, true)]

    @Test("The system's zone is looked at when it was not for the clock check interval, either way the clock moved",
          arguments: checks)
    func clockCheck(since: TimeInterval?, looks: Bool) {
        var flow = TimeZoneFlow(.system(clockCheckInterval: 10))
        let actions = flow.handle(.now(Self.now, lastChecked: since.map { Self.now.addingTimeInterval(-$0) }))
        #expect(actions == (looks ? [.noteChecked(Self.now), .readSystemZone] : []))
    }

    @Test("Only the flow that follows the system looks at the clock")
    func onlyTheSystemLooks() {
        var given = TimeZoneFlow(.given)
        #expect(given.handle(.now(Self.now, lastChecked: nil)) == [])
        var start = TimeZoneFlow(.start)
        #expect(start.handle(.now(Self.now, lastChecked: nil)) == [])
    }

    @Test("A new system zone is followed as a zone given is, and noted as followed")
    func systemChanges() {
        var flow = TimeZoneFlow(.system(clockCheckInterval: 10))
        #expect(flow.handle(.systemZoneRead(T.newYork, followed: T.utc.identifier, current: T.utc)) == [.redate(to: T.newYork)])
        #expect(Self.redate(&flow, to: T.newYork) == [
            .adopt(T.newYork, moved: true), .notePendingChanged,
            .logNotice("the time zone changed from \(T.utc.identifier) to America/New_York: re-dated 2 floating calendar requests"),
            .follow("America/New_York"), .emit(.pendingChanged(app: Self.first)), .fireDue,
        ])
    }

    @Test("A zone set by hand holds while the system's stays; a system zone the engine has already is only noted")
    func systemHolds() {
        var unchanged = TimeZoneFlow(.system(clockCheckInterval: 10))
        #expect(unchanged.handle(.systemZoneRead(T.utc, followed: T.utc.identifier, current: T.newYork)) == [])
        var same = TimeZoneFlow(.system(clockCheckInterval: 10))
        #expect(same.handle(.systemZoneRead(T.newYork, followed: T.utc.identifier, current: T.newYork)) == [.follow("America/New_York")])
    }

    @Test("Following the system's zone when the store fails is logged, not noted: the next look tries again")
    func systemFails() {
        var flow = TimeZoneFlow(.system(clockCheckInterval: 10))
        _ = flow.handle(.systemZoneRead(T.tokyo, followed: T.utc.identifier, current: T.utc))
        _ = flow.handle(.appsRead([Self.first], now: Self.now))
        #expect(flow.handle(.failed("the store failed")) == [
            .logError("following the system's time zone to Asia/Tokyo failed, trying again later: the store failed")
        ])
    }

    @Test("At start a store naming no zone is taken to be in the engine's, and one naming the engine's changes nothing")
    func startSameZone() {
        var unnamed = TimeZoneFlow(.start)
        #expect(unnamed.handle(.storedZoneRead(nil, current: T.utc)) == [.recordZone(T.utc.identifier)])
        var same = TimeZoneFlow(.start)
        #expect(same.handle(.storedZoneRead(T.utc.identifier, current: T.utc)) == [])
    }

    @Test("At start a store in another zone is re-dated for the engine's, logged, and neither told nor fired yet")
    func startInAnotherZone() {
        var flow = TimeZoneFlow(.start)
        #expect(flow.handle(.storedZoneRead(T.utc.identifier, current: T.newYork)) == [.redate(to: T.newYork)])
        #expect(Self.redate(&flow, to: T.newYork) == [
            .adopt(T.newYork, moved: true), .notePendingChanged,
            .logNotice("the time zone is America/New_York, not \(T.utc.identifier) as when the engine last ran: re-dated 2 floating calendar requests"),
        ])
        var failing = TimeZoneFlow(.start)
        _ = failing.handle(.storedZoneRead(T.utc.identifier, current: T.newYork))
        #expect(failing.handle(.failed("the store failed")) == [.throwFailure])
    }
}
