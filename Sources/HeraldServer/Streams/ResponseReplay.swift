import Foundation
import HeraldAPI
import Logging
import NotificationEngine

/// The answers an app has not acknowledged, sent on its event stream when it opens.
///
/// An answer that reaches an app is kept by the engine until the app acknowledges it
/// (``NotificationEngine/acknowledgeResponse(to:for:)``), in the store every node
/// shares: given while the app was away, before a restart, or on another node, it is
/// sent again here, as a `responded` event numbered 0 (outside the stream's numbering,
/// independent of the hub's last 1,024 events). The stream subscribes to the live
/// events first and reads the kept answers after, so none falls between the two; an
/// answer given meanwhile may come twice, once each way, and the app dedupes on its
/// delivery id.
///
/// Only a stream opened with the app's own token gets them: the admin's streams are
/// the user's view, and the user gave the answers.
enum ResponseReplay {
    private static let logger = Logger(label: "herald.events")

    /// Sends `app`'s kept answers to `outbox`, oldest first, waiting for the client to
    /// read when they would take more than half of the outbox; returns when all are
    /// queued or the outbox closes. A store failure is logged: the stream goes on
    /// with the live events, and the answers come again on the next connection.
    static func run(app: AppIdentifier, engine: NotificationEngine, outbox: StreamOutbox) async {
        let responses: [NotificationResponse]
        do {
            // The store may be PostgreSQL: its wait stays off Swift concurrency's threads.
            responses = try await withTaskExecutorPreference(BlockingExecutor.shared) {
                try engine.waitingResponses(for: app)
            }
        } catch {
            logger.error("reading the responses \(app) has not acknowledged failed; they come on its next stream: \(error)")
            return
        }
        let encoder = API.encoder()
        for response in responses {
            let event = API.Event(.responded(API.Response(response, reachesApp: true)), sequence: 0, app: app.rawValue)
            guard let data = try? encoder.encode(event), await outbox.waitForRoom() else { return }
            outbox.push(String(decoding: data, as: UTF8.self))
        }
    }
}
