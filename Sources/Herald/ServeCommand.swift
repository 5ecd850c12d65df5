import ArgumentParser

/// `herald serve`: a stand-in until the daemon (module HeraldServer) lands; the
/// daemon's own file replaces this one.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Herald notification daemon (not built yet).")

    func run() async throws {
        throw ValidationError("herald serve is not built yet")
    }
}
