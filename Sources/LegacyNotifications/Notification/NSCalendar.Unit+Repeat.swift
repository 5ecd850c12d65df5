import Foundation
import NotificationModel

extension NSCalendar.Unit {
    /// The units a notification can repeat by, for messages.
    static let repeatableDescription = ".minute, .hour, .day, .weekOfYear (or .weekOfMonth, .weekday), .month or .year"

    /// The calendar components that stay the same from one firing to the next of
    /// a notification that repeats every `self`: the components below the unit
    /// (a daily notification keeps its hour, minute and second).
    func componentsKeptWhenRepeating() throws -> Set<Calendar.Component> {
        switch self {
        case .minute: [.second]
        case .hour: [.minute, .second]
        case .day: [.hour, .minute, .second]
        case .weekOfYear, .weekOfMonth, .weekday: [.weekday, .hour, .minute, .second]
        case .month: [.day, .hour, .minute, .second]
        case .year: [.month, .day, .hour, .minute, .second]
        default:
            throw NotificationError(
                .invalidTrigger,
                "repeatInterval \(rawValue) is not a unit a notification can repeat by; use one of \(Self.repeatableDescription)"
            )
        }
    }
}
