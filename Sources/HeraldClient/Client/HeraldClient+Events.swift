import Foundation
public import HeraldAPI
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization

extension HeraldClient {
    /// The largest event message the client accepts, in bytes (an event carries
    /// one delivery; its user info alone is at most 4 KiB).
    static let maximumEventSize = 1 << 20

    /// The live event stream, `GET /v1/events` over WebSocket: one ``API/Event``
    /// per message, as things happen. With the admin token it carries every app's
    /// events, or only `app`'s; with an app's token, that app's.
    ///
    /// The connection opens when the stream is created; events that happen before
    /// the daemon has accepted it are not seen (use ``openEvents(app:)`` to wait
    /// for that). Ending the iteration closes the connection. The stream throws a
    /// ``HeraldClientError`` when the daemon cannot be reached or refuses it, and
    /// ends when the daemon closes it.
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
    /// The connection is hummingbird-websocket's client (`ws://` for an `http://`
    /// daemon, `wss://` for an `https://` one).
    ///
    /// A caller cancelled while the daemon has not yet answered is released at once
    /// with `CancellationError`; the connection itself then lasts until the daemon
    /// answers or closes it (hummingbird-websocket's client does not cut an upgrade
    /// short).
    ///
    /// - Throws: ``HeraldClientError/Code/daemonUnreachable`` when no daemon
    ///   listens, ``HeraldClientError/Code/refused`` when it refuses the token or
    ///   the app.
    public func openEvents(app: String? = nil) async throws -> AsyncThrowingStream<API.Event, any Error> {
        let query = app.map { [URLQueryItem(name: "app", value: $0)] } ?? []
        return try await openMessages(["v1", "events"], query: query, named: "event stream", decode: Self.decodeEvent)
    }

    /// Opens a WebSocket stream of the API at `path` and returns once the daemon has
    /// accepted it; each text message is decoded with `decode`. `name` names the
    /// stream in errors. See ``openEvents(app:)``.
    func openMessages<Message: Sendable>(
        _ path: [String], query: [URLQueryItem], named name: String,
        decode: @escaping @Sendable (String) throws -> Message
    ) async throws -> AsyncThrowingStream<Message, any Error> {
        let address = try webSocketAddress(url(path, query: query))
        let (messages, continuation) = AsyncThrowingStream<Message, any Error>.makeStream()
        let (opened, open) = AsyncThrowingStream<Void, any Error>.makeStream()
        let closer = EventStreamCloser()
        let connection = Task {
            do {
                let close = try await WebSocketClient.connect(
                    url: address, configuration: webSocketConfiguration, logger: Self.webSocketLogger
                ) { inbound, outbound, _ in
                    guard closer.attach(outbound) else { return }
                    open.finish()
                    for try await message in inbound.messages(maxSize: Self.maximumEventSize) {
                        guard case .text(let text) = message else {
                            throw HeraldClientError(.invalidResponse, "a message of the \(name) is binary, not JSON")
                        }
                        continuation.yield(try decode(text))
                    }
                }
                open.finish()
                continuation.finish(throwing: close.flatMap { Self.closeError($0, name: name) })
            } catch {
                // Before the upgrade the opening fails; after it the stream does.
                open.finish(throwing: error)
                continuation.finish(throwing: streamError(error, name: name))
            }
        }
        continuation.onTermination = { _ in
            Task {
                await closer.close()
                connection.cancel()
            }
        }
        do {
            for try await _ in opened {}
            try Task.checkCancellation()  // the opening ends early for a caller cancelled while waiting
        } catch {
            connection.cancel()
            throw error is CancellationError ? error : await openError(error, path: path, query: query, name: name)
        }
        return messages
    }

    /// The `ws://` or `wss://` address of an API URL.
    private func webSocketAddress(_ url: URL) throws -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme.map({ ["http": "ws", "https": "wss"][$0.lowercased()] }) ?? nil
        else {
            throw HeraldClientError(.invalidEndpoint, "the daemon's address \(url.absoluteString) is not http:// or https://")
        }
        components.scheme = scheme
        return components.string ?? url.absoluteString
    }

    private var webSocketConfiguration: WebSocketClientConfiguration {
        WebSocketClientConfiguration(
            maxFrameSize: Self.maximumEventSize, additionalHeaders: [.authorization: "Bearer \(endpoint.token)"],
            validateUTF8: true)
    }

    /// The client logs nothing of its own: failures reach the caller as errors.
    private static let webSocketLogger = Logger(label: "herald.client.events") { _ in SwiftLogNoOpLogHandler() }

    /// Why the stream could not be opened. A refused upgrade does not say why, so
    /// the same address is asked again without one: the daemon then answers with
    /// its error (a bad token, a foreign app), or with 426 when only the upgrade
    /// itself was refused (the credential holds its limit of streams).
    private func openError(
        _ error: any Error, path: [String], query: [URLQueryItem], name: String
    ) async -> HeraldClientError {
        switch error {
        case let error as HeraldClientError:
            return error
        case is NIOConnectionError, is ChannelError, is IOError:
            return HeraldClientError(
                .daemonUnreachable, "no Herald daemon at \(endpoint.url.absoluteString): start one with `herald serve`")
        case let error as WebSocketClientError where error == .webSocketUpgradeFailed:
            return await upgradeRefusal(path: path, query: query, name: name)
        default:
            return HeraldClientError(.connectionFailed, "the \(name)'s connection failed: \(error)")
        }
    }

    private func upgradeRefusal(path: [String], query: [URLQueryItem], name: String) async -> HeraldClientError {
        do {
            _ = try await send(.get, path, query: query, body: Empty?.none, timeout: nil)
        } catch let error as HeraldClientError where error.code == .refused && error.status != 426 {
            return error
        } catch let error as HeraldClientError where error.code != .refused {
            return error
        } catch {}
        return HeraldClientError(
            .refused, "the daemon refused to open the \(name): this credential may hold its limit of streams")
    }

    /// The error for the daemon's closing of the stream: none for a normal close
    /// (1000, 1001); otherwise its code and reason, such as 4401 when the token
    /// was renewed or the app removed, 4429 when the client fell too far behind.
    private static func closeError(_ frame: WebSocketCloseFrame, name: String) -> HeraldClientError? {
        let code = UInt16(webSocketErrorCode: frame.closeCode)
        guard code != 1000, code != 1001 else { return nil }
        let reason = frame.reason.map { ": \($0)" } ?? ""
        return HeraldClientError(.connectionFailed, "the daemon closed the \(name) with \(code)\(reason)")
    }

    private func streamError(_ error: any Error, name: String) -> any Error {
        switch error {
        case is HeraldClientError, is CancellationError: error
        default: HeraldClientError(.connectionFailed, "the \(name) failed: \(error)")
        }
    }

    @Sendable static func decodeEvent(_ text: String) throws -> API.Event {
        do {
            return try API.decoder().decode(API.Event.self, from: Data(text.utf8))
        } catch {
            throw HeraldClientError(.invalidResponse, "an event stream message is not an event: \(text.prefix(200))")
        }
    }
}

/// Ends an event stream's connection when its reader stops: a close frame
/// (1000) first, so the daemon sees a clean goodbye, then the connection.
private final class EventStreamCloser: Sendable {
    private let state = Mutex<(writer: WebSocketOutboundWriter?, isClosed: Bool)>((nil, false))

    /// Keeps the connection's writer; `false` when the reader has already stopped.
    func attach(_ writer: WebSocketOutboundWriter) -> Bool {
        state.withLock { state in
            state.writer = writer
            return !state.isClosed
        }
    }

    /// Sends the close frame, once.
    func close() async {
        let writer = state.withLock { state in
            defer { state = (nil, true) }
            return state.isClosed ? nil : state.writer
        }
        try? await writer?.close(.normalClosure, reason: nil)
    }
}
