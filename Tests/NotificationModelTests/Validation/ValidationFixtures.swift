import Foundation
import HeraldTestSupport
import NotificationModel
import Testing

/// Requests and helpers for validation tests.
enum ValidationFixtures {
    static let schedule = TriggerSchedule(timeZone: TimeFixtures.utc)
    static let now = TimeFixtures.date("2026-04-01T10:00:00Z")

    static func request(
        identifier: String = "reminder",
        content: NotificationContent = NotificationContent(title: "Task Reminder", body: "Walk Dog!!"),
        trigger: NotificationTrigger? = nil
    ) -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: content, trigger: trigger)
    }

    static func validate(_ request: NotificationRequest, categories: [NotificationCategory] = []) throws(NotificationError) {
        try Validator.validate(request, categories: categories, schedule: schedule, now: now)
    }

    static func content(_ change: (inout NotificationContent) -> Void) -> NotificationRequest {
        var content = NotificationContent(title: "Task Reminder")
        change(&content)
        return request(content: content)
    }

    static func string(_ length: Int, of character: Character = "x") -> String {
        String(repeating: character, count: length)
    }
}

/// Expects `body` to throw a ``NotificationError`` with `code` whose message
/// contains `fragment`.
func expectRefusal(
    _ code: NotificationError.Code, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected a \(code) error mentioning \"\(fragment)\"", sourceLocation: sourceLocation)
    } catch let error as NotificationError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a NotificationError, got \(error)", sourceLocation: sourceLocation)
    }
}
