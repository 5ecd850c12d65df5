// Interim: minimal trigger schedule, validation, region tracking and store opening so the engine
// builds while their full versions are finished on their branches; this file goes when they merge.
package import Foundation
package struct TriggerSchedule: Sendable {
    let timeZone: TimeZone
    package init(timeZone: TimeZone) { self.timeZone = timeZone }
    package func firstFireDate(for trigger: NotificationTrigger?, addedAt: Date) -> Date? {
        switch trigger {
        case nil: return addedAt
        case .timeInterval(let t): return addedAt + t.interval
        case .calendar(let c):
            var cal = Calendar(identifier: .gregorian); cal.timeZone = c.dateComponents.timeZone ?? timeZone
            return cal.nextDate(after: max(addedAt, c.notBefore ?? addedAt), matching: c.dateComponents, matchingPolicy: .nextTime)
        case .location: return nil
        }
    }
    package func nextFireDate(after fired: Date, now: Date, trigger: NotificationTrigger, addedAt: Date) -> Date? {
        guard trigger.repeats else { return nil }
        switch trigger {
        case .timeInterval(let t):
            let k = floor(max(fired, now).timeIntervalSince(addedAt) / t.interval) + 1
            return addedAt + k * t.interval
        case .calendar(let c):
            var cal = Calendar(identifier: .gregorian); cal.timeZone = c.dateComponents.timeZone ?? timeZone
            return cal.nextDate(after: max(fired, now), matching: c.dateComponents, matchingPolicy: .nextTime)
        case .location: return nil
        }
    }
}
package enum Validator {
    static func validateApp(_ app: AppIdentifier) throws {
        if app.rawValue.isEmpty || app.rawValue.count > 255 { throw NotificationError(.invalidAppIdentifier, "bad app") }
    }
    static func validate(_ r: NotificationRequest, categories: [NotificationCategory], schedule: TriggerSchedule, now: Date) throws {
        if r.identifier.isEmpty || r.identifier.count > 255 { throw NotificationError(.invalidIdentifier, "bad id") }
        if case .timeInterval(let t) = r.trigger, !(t.interval > 0) || (t.repeats && t.interval < 60) { throw NotificationError(.invalidTrigger, "bad interval") }
        if !r.content.categoryIdentifier.isEmpty, !categories.contains(where: { $0.identifier == r.content.categoryIdentifier }) { throw NotificationError(.unknownCategory, "unknown") }
    }
    static func validate(_ c: [NotificationCategory]) throws {}
    static func validateBadge(_ b: Int) throws { if b < 0 { throw NotificationError(.badgeInputInvalid, "neg") } }
}
package enum RegionCrossing { case entered, exited }
package struct RegionTracker: Sendable {
    let region: CircularRegion; var inside: Bool?
    package init(region: CircularRegion) { self.region = region }
    package mutating func update(_ p: Coordinate) -> RegionCrossing? {
        let d = region.center.distance(to: p); let m = max(10, region.radius * 0.1)
        let now: Bool? = d <= region.radius - m ? true : d >= region.radius + m ? false : inside
        defer { inside = now }
        guard let was = inside, let now, was != now else { return nil }
        return now ? .entered : .exited
    }
}
public protocol LocationProvider: Sendable { var positions: Signal<Coordinate, Never> { get } }
extension NotificationStoreKind {
    package func open() throws -> any NotificationStore { InMemoryStore() }
}
public import Signals
