public import ArgumentParser
import HeraldClient

/// `herald respond`: answers a delivery as the user.
public struct RespondCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: "Answer a delivered notification as the user.",
        discussion: "ACTION is an action of the notification's category, or default (a tap) or dismiss.")

    @OptionGroup package var connection: ConnectionOptions
    @OptionGroup package var output: OutputOptions
    @Argument(help: "The delivery's id (herald delivered lists them).") package var deliveryID: String
    @Argument(help: "default, dismiss, or an action identifier.") package var action: String
    @Option(help: "The text typed into a text-input action.") package var text: String?

    public init() {}

    public func run() async throws {
        let identifier = InputFiles.actionIdentifier(action)
        try await connection.client().respond(to: deliveryID, actionIdentifier: identifier, userText: text)
        if !output.json { Console.write("Responded \(action) to \(deliveryID).\n") }
    }
}
