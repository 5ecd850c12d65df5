import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import Testing

/// `herald watch` with an app's token sees the answers kept for the app, and
/// acknowledges them only when asked to (`--acknowledge`).
struct WatchAcknowledgeEndToEndTests {
    typealias Kept = RemoteResponsesEndToEndTests

    @Test(.timeLimit(.minutes(3))) func watchShowsKeptAnswersAndAcknowledgesThemOnlyWithTheFlag() async throws {
        let daemon = try await TestDaemon()
        let (admin, client) = try await Kept.start(daemon)
        let token = client.endpoint.token
        _ = try await Kept.answer("away", admin: admin, app: client)

        let (viewer, viewerExit) = try await daemon.start("watch", "--json", "--app", Kept.app, "--token", token)
        try await viewer.waitFor { output, _ in output.contains(#""sequence":0"#) && output.contains(#""type":"responded""#) }
        viewer.interrupt()
        #expect(await viewerExit.value == 0)
        #expect(try await client.waitingResponses(for: Kept.app).count == 1, "watching alone acknowledges nothing")

        let (app, appExit) = try await daemon.start("watch", "--app", Kept.app, "--token", token, "--acknowledge")
        try await app.waitFor { output, _ in output.contains("(kept for the app)") }
        try await Kept.wait("the acknowledgement") { try await client.waitingResponses(for: Kept.app).isEmpty }
        app.interrupt()
        #expect(await appExit.value == 0)

        let usage = try await daemon.herald("watch", "--acknowledge")
        #expect(usage.status == 2 && usage.errors.contains("--acknowledge"))
        let (asAdmin, adminExit) = try await daemon.start("watch", "--app", Kept.app, "--acknowledge")
        try await asAdmin.waitFor { _, errors in errors.contains("Watching the events of \(Kept.app)") }
        _ = try await Kept.answer("live", admin: admin, app: client)
        #expect(await adminExit.value == 1, "the daemon refuses the admin's acknowledgement")
        #expect(asAdmin.errors.contains("forbidden"))
        #expect(try await client.waitingResponses(for: Kept.app).map(\.delivery.request.identifier) == ["live"])
        await daemon.stop()
    }
}
