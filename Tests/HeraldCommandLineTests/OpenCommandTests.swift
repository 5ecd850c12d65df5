import ArgumentParser
import Foundation
import HeraldClient
import HeraldCommandLine
import HeraldTestSupport
import Synchronization
import Testing

/// An opener that records the addresses it is given.
final class RecordingOpener: URLOpening {
    private let log = Mutex<[URL]>([])

    var opened: [URL] { log.withLock { $0 } }

    func open(_ url: URL) async throws {
        log.withLock { $0.append(url) }
    }
}

/// `herald open`: the sign-in address of the daemon in a data directory.
struct OpenCommandTests {
    private static let token = "had_Zm9vYmFy-_0123456789abcdefghijklmnop"

    /// A data directory with `daemon.json` pointing at `url` and an admin token.
    private func dataDirectory(url: String?) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        if let url {
            try #"{"url": "\#(url)", "pid": 42}"#.write(toFile: directory.path("daemon.json"), atomically: false, encoding: .utf8)
        }
        try (Self.token + "\n").write(toFile: directory.path("admin-token"), atomically: false, encoding: .utf8)
        return directory
    }

    private static let code = "hsc_3q2-7wJ4kRrm5Hd0bQ8vNnL1sXc9yTgUaPfEiOzKhYw"

    private static let page = "/run/user/1000/herald/sign-in-Zm9vYmFy.html"

    /// A daemon that makes the sign-in code ``code``, or writes the sign-in page
    /// ``page``, for the admin token.
    private func codeServer() throws -> HTTPTestServer {
        try HTTPTestServer { request in
            guard request.method == "POST", request.headers["authorization"] == "Bearer \(Self.token)" else {
                return CannedResponse(403, #"{"error": {"code": "forbidden", "message": "no"}}"#)
            }
            switch request.target {
            case "/v1/sessions/codes":
                return CannedResponse(201, #"{"code": "\#(Self.code)", "expiresAt": "2026-12-01T09:01:00.000Z"}"#)
            case "/v1/sessions/pages":
                return CannedResponse(201, #"{"path": "\#(Self.page)", "expiresAt": "2026-12-01T09:01:00.000Z"}"#)
            default:
                return CannedResponse(404, #"{"error": {"code": "notFound", "message": "no route"}}"#)
            }
        }
    }

    @Test func opensTheDaemonsSignInPageWithNoCodeOnTheCommandLine() async throws {
        let server = try codeServer()
        let directory = try dataDirectory(url: server.url)
        let opener = RecordingOpener()
        let output = TextRecorder()
        try await OpenCommand.parse(["--data-dir", directory.url.path])
            .open(environment: [:], opener: opener) { output.append($0) }
        #expect(opener.opened == [URL(fileURLWithPath: Self.page)])
        let address = try #require(opener.opened.first?.absoluteString)
        #expect(!address.contains("code") && !address.contains(Self.code) && !address.contains(Self.token))
        #expect(server.requests.map(\.target) == ["/v1/sessions/pages"])
        #expect(output.text == "Opened the notification center of \(server.url) in the browser.\n")
    }

    @Test func printOnlyPrintsTheAddress() async throws {
        let server = try codeServer()
        let directory = try dataDirectory(url: server.url)
        let opener = RecordingOpener()
        let output = TextRecorder()
        try await OpenCommand.parse(["--print"])
            .open(environment: ["HERALD_DATA_DIR": directory.url.path], opener: opener) { output.append($0) }
        #expect(output.text == "\(server.url)/login?code=\(Self.code)\n")
        #expect(opener.opened.isEmpty)
    }

    @Test func theEnvironmentsTokenDoesNotSignInABrowser() async throws {
        let server = try codeServer()
        let directory = try dataDirectory(url: server.url)
        let output = TextRecorder()
        let environment = ["HERALD_DATA_DIR": directory.url.path, "HERALD_URL": "http://127.0.0.1:1", "HERALD_TOKEN": "app"]
        try await OpenCommand.parse(["--print"]).open(environment: environment, opener: RecordingOpener()) { output.append($0) }
        #expect(output.text == "\(server.url)/login?code=\(Self.code)\n", "the code was made with the admin token")
    }

    @Test func aDaemonWithoutSignInCodesIsUnsupportedAndOpensNothing() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(404, #"{"error": {"code": "notFound", "message": "no route"}}"#) }
        let directory = try dataDirectory(url: server.url)
        let opener = RecordingOpener()
        let error = await #expect(throws: HeraldClientError.self) {
            try await OpenCommand.parse(["--data-dir", directory.url.path]).open(environment: [:], opener: opener) { _ in }
        }
        #expect(error?.code == .unsupported)
        #expect(error?.message.contains("restart it") == true)
        #expect(opener.opened.isEmpty)
    }

    @Test func withoutADaemonItExitsWithStatus3() async throws {
        let directory = try dataDirectory(url: nil)
        let opener = RecordingOpener()
        let error = await #expect(throws: HeraldClientError.self) {
            try await OpenCommand.parse(["--data-dir", directory.url.path]).open(environment: [:], opener: opener) { _ in }
        }
        #expect(error?.code == .daemonUnreachable)
        #expect(CommandLineRunner.exitStatus(for: try #require(error), root: OpenCommand.self) == 3)
        #expect(opener.opened.isEmpty)
    }

    @Test func aDaemonFileLeftByADeadDaemonIsNoDaemon() async throws {
        let port = try RefusingPort()
        let directory = try dataDirectory(url: "http://127.0.0.1:\(port.port)")
        let opener = RecordingOpener()
        let error = await #expect(throws: HeraldClientError.self) {
            try await OpenCommand.parse(["--data-dir", directory.url.path]).open(environment: [:], opener: opener) { _ in }
        }
        #expect(CommandLineRunner.exitStatus(for: try #require(error), root: OpenCommand.self) == 3)
        #expect(opener.opened.isEmpty)
    }
}

/// `XDGOpen` running a stand-in `xdg-open` from a `PATH` of the test's own.
struct XDGOpenTests {
    /// Long enough for a loaded machine, where the test process's threads have stood
    /// still for 30 s: these stand-ins end at once, and `open` returns when they do.
    static let patience = Duration.seconds(120)

    /// A `PATH` that finds the stand-in first, then the system's tools.
    private func environment(_ directory: TemporaryDirectory) -> [String: String] {
        ["PATH": directory.url.path + ":/usr/bin:/bin"]
    }

    /// A directory with an `xdg-open` script whose body is `script`.
    private func path(withScript script: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.writeExecutable("#!/bin/sh\n\(script)\n", to: "xdg-open")
        return directory
    }

    @Test func handsTheAddressToXDGOpen() async throws {
        let directory = try path(withScript: #"printf '%s' "$1" > "$(dirname "$0")/opened""#)
        let url = URL(string: "http://127.0.0.1:7878/login?code=hsc_x")!
        try await XDGOpen(environment: environment(directory), patience: Self.patience).open(url)
        #expect(try String(contentsOfFile: directory.path("opened"), encoding: .utf8) == url.absoluteString)
    }

    @Test func aFailingXDGOpenIsAnError() async throws {
        let directory = try path(withScript: "exit 3")
        let error = await #expect(throws: SystemIntegrationError.self) {
            try await XDGOpen(environment: environment(directory), patience: Self.patience)
                .open(URL(string: "http://127.0.0.1:1/login?code=hsc_t")!)
        }
        #expect(error?.code == .openerFailed)
        #expect(error?.message.contains("a required tool could not be found") == true)
        #expect(error?.message.contains("http://127.0.0.1:1/login?code=hsc_t") == true)
    }

    @Test func anXDGOpenStillRunningCountsAsOpened() async throws {
        let directory = try path(withScript: "sleep 2")
        try await XDGOpen(environment: environment(directory), patience: .milliseconds(200))
            .open(URL(string: "http://127.0.0.1:1/")!)
    }

    @Test func withoutXDGOpenTheErrorGivesTheAddress() async throws {
        let directory = try TemporaryDirectory()
        let error = await #expect(throws: SystemIntegrationError.self) {
            try await XDGOpen(environment: ["PATH": directory.url.path]).open(URL(string: "http://127.0.0.1:1/login?code=hsc_t")!)
        }
        #expect(error?.code == .openerUnavailable)
        #expect(error?.message.contains("open http://127.0.0.1:1/login?code=hsc_t yourself") == true)
    }
}
