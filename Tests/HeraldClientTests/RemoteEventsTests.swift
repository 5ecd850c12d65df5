import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

@testable import HeraldClient

/// `RemoteNotificationService`'s event-stream half against a loopback daemon
/// that serves the WebSocket and the categories route.
struct RemoteEventsTests {
    private static let app = "com.example.nag"

    private static func delivery(_ id: String, category: String) -> String {
        #"{"id":"\#(id)","app":"\#(app)","request":{"identifier":"walk","content":{"title":"Walk","categoryIdentifier":"\#(category)"}},"scheduledDate":"2026-12-01T09:00:00Z","date":"2026-12-01T09:00:00Z","isLate":false}"#
    }

    private static func responded(_ id: String, action: String, category: String, sequence: Int, reachesApp: Bool) -> String {
        #"{"type":"responded","sequence":\#(sequence),"app":"\#(app)","response":{"delivery":\#(delivery(id, category: category)),"actionIdentifier":"\#(action)","date":"2026-12-01T09:00:05Z","kind":"x","reachesApp":\#(reachesApp)}}"#
    }

    private static let events = [
        #"{"type":"delivered","sequence":1,"app":"\#(app)","delivery":\#(delivery("0192F4A0-0000-7000-8000-000000000001", category: "reminder"))}"#,
        #"{"type":"delivered","sequence":2,"app":"other.app","delivery":\#(delivery("0192F4A0-0000-7000-8000-000000000009", category: "reminder"))}"#,
        responded(
            "0192F4A0-0000-7000-8000-000000000002", action: NotificationAction.dismissIdentifier, category: "reminder",
            sequence: 3, reachesApp: false),
        responded(
            "0192F4A0-0000-7000-8000-000000000003", action: NotificationAction.dismissIdentifier, category: "dismissable",
            sequence: 4, reachesApp: true),
        responded(
            "0192F4A0-0000-7000-8000-000000000004", action: "cancel", category: "reminder", sequence: 5, reachesApp: true),
    ]

    /// A daemon that sends `events` on every event stream, then closes it, and
    /// answers every other request (the categories, an acknowledgement) with 200;
    /// `requests` records their request lines.
    private func daemon(requests: RecordingBox = RecordingBox()) throws -> LoopbackServer {
        try LoopbackServer { connection in
            guard let head = connection.readHead() else { return }
            requests.record(head.line)
            guard let key = head.headers["sec-websocket-key"] else {
                let body = #"{"categories":[{"identifier":"reminder"},{"identifier":"dismissable","options":["customDismissAction"]}]}"#
                return connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            }
            connection.acceptWebSocket(key: key)
            for event in Self.events { connection.writeText(event) }
            connection.writeClose(1000)
            _ = connection.readFrame()
        }
    }

    private func service(_ server: LoopbackServer) -> RemoteNotificationService {
        RemoteNotificationService(
            client: HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(server.port)")!, token: "t")))
    }

    @Test func deliveriesSignalSendsTheAppsDeliveries() async throws {
        let server = try daemon()
        defer { server.stop() }
        var ids: [String] = []
        for await delivery in service(server).deliveries(for: AppIdentifier(Self.app)).values {
            ids.append(delivery.id.description)
        }
        #expect(ids == ["0192F4A0-0000-7000-8000-000000000001"])
    }

    @Test func responsesSignalLeavesOutDismissalsTheAppDoesNotGet() async throws {
        let server = try daemon()
        defer { server.stop() }
        var answers: [String] = []
        for await response in service(server).responses(for: AppIdentifier(Self.app)).values {
            answers.append("\(response.delivery.id.description.suffix(1)) \(response.kind)")
        }
        #expect(answers == ["3 dismiss", "4 action"])
    }

    @Test func connectedHandlerReceivesResponses() async throws {
        let server = try daemon()
        defer { server.stop() }
        let handler = RecordingHandler()
        let connection = try await service(server).connect(handler, for: AppIdentifier(Self.app))
        try await handler.received.waitForLines(2)
        connection.dispose()
        #expect(handler.received.lines == [
            "\(NotificationAction.dismissIdentifier) 0192F4A0-0000-7000-8000-000000000003", "cancel 0192F4A0-0000-7000-8000-000000000004",
        ])
    }

    @Test func aStreamOpenedAgainHandsNoAnswerTwiceAndAcknowledgesWhatTheHandlerCompleted() async throws {
        let requests = RecordingBox()
        let server = try daemon(requests: requests)
        defer { server.stop() }
        let handler = RecordingHandler()
        let connection = try await service(server).connect(handler, for: AppIdentifier(Self.app))
        defer { connection.dispose() }
        let acknowledgements = { Set(requests.lines.filter { $0.hasPrefix("POST ") && $0.contains("/ack ") }) }
        let expected: Set<String> = [
            "POST /v1/apps/\(Self.app)/responses/0192F4A0-0000-7000-8000-000000000003/ack HTTP/1.1",
            "POST /v1/apps/\(Self.app)/responses/0192F4A0-0000-7000-8000-000000000004/ack HTTP/1.1",
        ]
        // The daemon closes each stream after its events: the client opens it again, and gets them again.
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        let streams = { requests.lines.count { $0.hasPrefix("GET /v1/events") } }
        while acknowledgements() != expected || streams() < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(acknowledgements() == expected)
        #expect(handler.received.lines.count == 2, "each answer reached the handler once: \(handler.received.lines)")
    }
}

/// A handler that records the responses it receives.
private final class RecordingHandler: NotificationAppHandler {
    let received = RecordingBox()

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        received.record("willPresent \(delivery.id)")
        completionHandler([])
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        received.record("\(response.actionIdentifier) \(response.delivery.id)")
        completionHandler()
    }
}
