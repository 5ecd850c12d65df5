public import Foundation
public import NotificationModel
public import Signals

/// The three apps of the seeds, as the daemon serves them.
public enum BundledApps {
    /// Shopping List, Todo and Nag Me, in that order, over `service`, each saving
    /// its data in its own file in `directory` (created if missing):
    /// `shopping-list.json`, `todo.json` and `nag-me.json`.
    ///
    /// ```swift
    /// let apps = try BundledApps.make(service: engine, directory: dataDirectory, scheduler: scheduler)
    /// for app in apps { try await app.start() }
    /// ```
    ///
    /// - Parameters:
    ///   - service: The notification service the apps schedule with: the engine
    ///     the daemon runs.
    ///   - directory: Where the apps keep their files.
    ///   - scheduler: The apps' clock, for "now" (Todo's overdue items, Shopping
    ///     List's reminder time): the engine's scheduler, so that a virtual clock
    ///     moves both.
    ///   - calendar: The calendar whose minutes Shopping List's reminder times are
    ///     rounded down to; the current one by default.
    /// - Throws: ``HeraldAppError`` `storeFailure` when the directory cannot be
    ///   created or an app's file cannot be read or is not its JSON.
    public static func make(
        service: any NotificationService, directory: URL, scheduler: any DateScheduler,
        calendar: Calendar = .current
    ) throws -> [any HeraldApp] {
        [
            try ShoppingListApp(service: service, directory: directory, scheduler: scheduler, calendar: calendar),
            try TodoApp(service: service, directory: directory, scheduler: scheduler),
            try NagMeApp(service: service, directory: directory),
        ]
    }
}
