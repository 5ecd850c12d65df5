public import ArgumentParser
package import Foundation
package import HeraldAPI
import HeraldClient

/// `herald schedule`: schedules a notification.
public struct ScheduleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Schedule a notification for an app.",
        discussion: """
            Give at most one trigger; none delivers at once.
              --in 90s                      once, after a duration (90, 90s, 15m, 2h, 1d, 1h30m); --repeat repeats it
              --every 60s                   repeating, every 60 s or more
              --at 2026-12-01T09:00         once, at a local date and time (or with Z, +02:00, Europe/Paris)
              --calendar 'hour=8 minute=0'  at matching times (year month day hour minute second weekday tz); --repeat repeats it
            """)

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions

    @Option(help: "The app, such as com.example.todo.") package var app: String
    @Option(name: .customLong("id"), help: "The request's identifier; scheduling it again replaces it.")
    package var identifier: String
    @Option(help: "The title.") package var title: String = ""
    @Option(help: "A line under the title.") package var subtitle: String = ""
    @Option(help: "The message.") package var body: String = ""
    @Option(name: .customLong("in"), help: "Fire once after this duration.") package var after: String?
    @Option(help: "Fire at this date and time.") package var at: String?
    @Option(help: "Fire every time this duration passes (at least 60s).") package var every: String?
    @Option(help: "Fire at the times matching these fields.") package var calendar: String?
    @Flag(name: .customLong("repeat"), help: "Repeat --in or --calendar.") package var repeats = false
    @Option(help: "The category whose actions the notification offers.") package var category: String?
    @Option(help: "default, none, or a sound's name.") package var sound: String?
    @Option(help: "The app's badge after delivery; 0 clears it.") package var badge: Int?
    @Option(help: "The app's data, a JSON object (userInfo).") package var data: String?
    @Option(help: "A thread identifier that groups notifications.") package var thread: String?

    public init() {}

    public func validate() throws {
        _ = try request()
    }

    public func run() async throws {
        let request = try request()
        let result = try await connection.client().add(request, for: app)
        try output.print(result) {
            let evicted = result.evictedIdentifiers.isEmpty
                ? "" : "\nDropped to keep the pending limit: \(result.evictedIdentifiers.joined(separator: ", "))"
            return "Scheduled \(identifier) for \(app): \(TriggerText.describe(request.trigger)).\(evicted)\n"
        }
    }

    /// The request these options describe.
    package func request(localTimeZone: TimeZone = .current) throws -> API.Request {
        try validating { () throws(CommandLineError) in
            let trigger = try TriggerSpec(after: after, at: at, every: every, calendar: calendar, repeats: repeats)
                .trigger(localTimeZone: localTimeZone)
            var content = ContentSpec()
            (content.title, content.subtitle, content.body) = (title, subtitle, body)
            (content.category, content.sound, content.badge, content.data, content.thread) =
                (category, sound, badge, data, thread)
            return API.Request(identifier: identifier, content: try content.content(), trigger: trigger)
        }
    }
}
