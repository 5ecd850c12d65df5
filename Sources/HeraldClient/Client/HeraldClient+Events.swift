import Foundation
public import HeraldAPI

extension HeraldClient {
    /// The live event stream, `GET /v1/events` over WebSocket: one ``API/Event``
    /// per message, as things happen. With the admin token it carries every app's
    /// events, or only `app`'s; with an app's token, that app's.
    ///
    /// The connection opens when the stream is created; events that happen before
    /// the daemon has accepted it are not seen (use ``openEvents(app:)`` to wait
    /// for that). Ending the iteration closes the connection. The stream throws a
    /// ``HeraldClientError`` when the daemon cannot be reached or refuses it, and
    /// ends when the daemon closes it.
    ///
    /// Only `http://` daemons are supported (the loopback daemon); see ``WebSocketConnection``.
    public func events(app: String? = nil) -> AsyncThrowingStream<API.Event, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in try await openEvents(app: app) { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Opens the live event stream and returns once the daemon has accepted it:
    /// every event after this call returns is in the stream. See ``events(app:)``.
    ///
    /// - Throws: ``HeraldClientError/Code/daemonUnreachable`` when no daemon
    ///   listens, ``HeraldClientError/Code/refused`` when it refuses the token or
    ///   the app, ``HeraldClientError/Code/unsupported`` for an `https://` daemon.
    public func openEvents(app: String? = nil) async throws -> AsyncThrowingStream<API.Event, any Error> {
        let connection = try await openWebSocket(app: app)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await text in connection.messages { continuation.yield(try Self.decodeEvent(text)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: streamError(error))
                }
            }
            continuation.onTermination = { _ in
                task.cancel()
                connection.close()
            }
        }
    }

    private func openWebSocket(app: String?) async throws -> WebSocketConnection {
        let url = url(["v1", "events"], query: app.map { [URLQueryItem(name: "app", value: $0)] } ?? [])
        guard url.scheme == "http", let host = url.host else {
            throw HeraldClientError(.unsupported, "the event stream is only available from an http:// daemon")
        }
        let port = url.port ?? 80
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let target = url.path + (url.query.map { "?\($0)" } ?? "")
        let handshake = WebSocketHandshake(
            authority: authority, target: target, headers: [("Authorization", "Bearer \(endpoint.token)")])
        do {
            return try await WebSocketConnection.open(host: host, port: port, handshake: handshake)
        } catch {
            throw openError(error)
        }
    }

    private func openError(_ error: any Error) -> HeraldClientError {
        switch error {
        case let failure as POSIXSocket.Failure where failure.isConnectionRefused:
            return HeraldClientError(
                .daemonUnreachable, "no Herald daemon at \(endpoint.url.absoluteString): start one with `herald serve`")
        case WebSocketHandshakeError.rejected(let status, let body):
            if let error = try? API.decoder().decode(API.ErrorBody.self, from: Data(body)) {
                return .refused(status: status, error)
            }
            return HeraldClientError(.refused, "the daemon refused the event stream with HTTP \(status)", status: status)
        case WebSocketHandshakeError.invalid(let message):
            return HeraldClientError(.invalidResponse, "the event stream's handshake failed: \(message)")
        default:
            return HeraldClientError(.connectionFailed, "the event stream's connection failed: \(error)")
        }
    }

    private func streamError(_ error: any Error) -> any Error {
        guard let failure = error as? WebSocketFailure else { return error }
        return HeraldClientError(.connectionFailed, "the event stream failed: \(failure.message)")
    }

    static func decodeEvent(_ text: String) throws -> API.Event {
        do {
            return try API.decoder().decode(API.Event.self, from: Data(text.utf8))
        } catch {
            throw HeraldClientError(.invalidResponse, "an event stream message is not an event: \(text.prefix(200))")
        }
    }
}
