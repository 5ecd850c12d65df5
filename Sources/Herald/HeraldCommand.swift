import ArgumentParser

/// `herald`: the Herald notification daemon and its command-line client.
@main
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Scheduled, interactive notifications for Linux.",
        subcommands: [Serve.self])
}
