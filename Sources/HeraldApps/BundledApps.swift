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
        try make(
            service: service, storage: try FileDocumentStorage(directory: directory), scheduler: scheduler,
            calendar: calendar)
    }

    /// Shopping List, Todo and Nag Me over `service`, keeping their documents
    /// (`shopping-list.json`, `todo.json`, `nag-me.json`) in `storage`: the data
    /// directory's files, or a database that several daemons share.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` when a document cannot be read or
    ///   is not its app's JSON.
    public static func make(
        service: any NotificationService, storage: any DocumentStorage, scheduler: any DateScheduler,
        calendar: Calendar = .current
    ) throws -> [any HeraldApp] {
        [
            try ShoppingListApp(service: service, storage: storage, scheduler: scheduler, calendar: calendar),
            try TodoApp(service: service, storage: storage, scheduler: scheduler),
            try NagMeApp(service: service, storage: storage),
        ]
    }
}
