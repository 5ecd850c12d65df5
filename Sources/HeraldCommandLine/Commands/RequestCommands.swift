public import ArgumentParser
import Foundation
import HeraldAPI
import HeraldClient

/// `herald pending`: lists an app's pending requests.
public struct PendingCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pending", abstract: "List an app's requests waiting to fire, soonest first.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String

    public init() {}

    public func run() async throws {
        let requests = try await connection.client().pendingRequests(for: app)
        try output.print(["requests": requests]) { Listings.pending(requests, app: app, timeZone: .current) }
    }
}

/// `herald cancel`: removes pending requests.
public struct CancelCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Remove an app's pending requests, by identifier or all of them.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String
    @Flag(help: "Remove every pending request of the app.") package var all = false
    @Argument(help: "The identifiers of the requests to remove.") package var identifiers: [String] = []

    public init() {}

    public func validate() throws {
        try validateSelection(identifiers, all: all)
    }

    public func run() async throws {
        let client = try connection.client()
        if all {
            try await client.removeAllPendingRequests(for: app)
        } else {
            for identifier in identifiers { try await client.removePendingRequest(identifier, for: app) }
        }
        if !output.json {
            Console.write(all ? "Cancelled every pending request of \(app).\n"
                : "Cancelled \(identifiers.joined(separator: ", ")) for \(app).\n")
        }
    }
}

/// `herald delivered`: lists an app's delivered notifications.
public struct DeliveredCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "delivered", abstract: "List an app's notifications in the notification center, oldest first.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String

    public init() {}

    public func run() async throws {
        let deliveries = try await connection.client().deliveredNotifications(for: app)
        try output.print(["deliveries": deliveries]) { Listings.delivered(deliveries, app: app, timeZone: .current) }
    }
}

/// `herald remove-delivered`: takes delivered notifications out of the notification center.
public struct RemoveDeliveredCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "remove-delivered",
        abstract: "Take an app's delivered notifications out of the notification center, by request identifier or all.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Option(help: "The app.") package var app: String
    @Flag(help: "Remove all of the app's delivered notifications.") package var all = false
    @Argument(help: "The request identifiers of the notifications to remove.") package var identifiers: [String] = []

    public init() {}

    public func validate() throws {
        try validateSelection(identifiers, all: all)
    }

    public func run() async throws {
        let client = try connection.client()
        if all {
            try await client.removeAllDeliveredNotifications(for: app)
        } else {
            for identifier in identifiers { try await client.removeDeliveredNotification(identifier, for: app) }
        }
        if !output.json {
            Console.write(all ? "Removed every delivered notification of \(app).\n"
                : "Removed \(identifiers.joined(separator: ", ")) from \(app)'s notification center.\n")
        }
    }
}

/// Identifiers or `--all`, exactly one of the two.
func validateSelection(_ identifiers: [String], all: Bool) throws {
    if all, !identifiers.isEmpty { throw ValidationError("give identifiers or --all, not both") }
    if !all, identifiers.isEmpty { throw ValidationError("give the identifiers to remove, or --all") }
}
