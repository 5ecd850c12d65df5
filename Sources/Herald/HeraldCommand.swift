import ArgumentParser
import HeraldCommandLine

/// `herald`: the Herald notification daemon (`herald serve`) and its client commands.
@main
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Herald: scheduled, interactive notifications on Linux.",
        discussion: """
            `herald serve` runs the notification daemon; the other commands talk to it. They find it through \
            --data-dir or $HERALD_DATA_DIR (daemon.json and admin-token), or take $HERALD_URL and $HERALD_TOKEN.
            Exit status: 0 done, 1 the daemon, systemd or the browser refused, 2 usage error, \
            3 the daemon cannot be reached.
            """,
        subcommands: [Serve.self] + CommandLineRunner.clientCommands)

    static func main() async {
        await CommandLineRunner.main(HeraldCommand.self)
    }
}
