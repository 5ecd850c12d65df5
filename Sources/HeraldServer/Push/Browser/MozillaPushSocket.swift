import Foundation
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import PushService
import Synchronization

/// One browser on Herald's push socket (`GET /push-socket`, Firefox's
/// `dom.push.serverURL`), from its `hello` to the close: it subscribes and
/// unsubscribes push resources, and gets the messages kept for it, in order, until it
/// acknowledges each. A message sent and not acknowledged when the socket closes is
/// sent again on the browser's next connection; a newer connection of the same
/// browser takes over from an older one, which is closed.
///
/// A browser that says nothing for ``helloLimit`` after connecting, or for
/// ``silenceLimit`` after that (Firefox pings every 30 minutes), is cut off.
struct MozillaPushSocket: Sendable {
    let resources: any PushResourceStore
    let receivers: PushReceivers
    /// The origin push resource URLs are made under: the daemon's, as the browser reached it.
    let origin: String
    let now: @Sendable () -> Date
    private static let logger = Logger(label: "herald.push.socket")

    static let helloLimit = Duration.seconds(10)
    /// The most answers and wake-ups waiting for the socket's writer: a browser that
    /// sends without reading what it is sent fills it, and is cut off.
    static let backlog = 256
    static let silenceLimit = Duration.seconds(65 * 60)

    /// Hands the writer its events; a backlog the browser does not read cuts it off.
    private struct Sink: Sendable {
        let continuation: AsyncStream<Event>.Continuation
        let channel: any Channel

        func yield(_ event: Event) {
            if case .dropped = continuation.yield(event) { channel.close(promise: nil) }
        }
    }

    /// What the socket's writer does next.
    private enum Event: Sendable {
        case reply(String)
        /// Send what is kept for the browser.
        case wake
        /// Close: another connection of the browser took over, or it broke the protocol.
        case close(String)
    }

    /// Runs the socket until it closes; returns only then.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let (events, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(Self.backlog))
        let sink = Sink(continuation: continuation, channel: channel)
        let connection = Connection()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await write(events, to: outbound, agent: { connection.agent.withLock { $0?.agent } }) }
            group.addTask { await Self.watch(channel, connection: connection) }
            do {
                for try await message in inbound.messages(maxSize: MozillaPushMessage.maximumSize) {
                    connection.heard.withLock { $0 = .now }
                    guard case .text(let text) = message else { continue }
                    try await handle(try MozillaPushMessage(text: text), sink: sink, connection: connection)
                }
            } catch {
                sink.yield(.close(String(describing: error)))
            }
            continuation.finish()
            group.cancelAll()
        }
        guard let (agent, attachment) = connection.agent.withLock({ $0 }), receivers.detach(attachment) else { return }
        do {
            try await resources.disconnected(agent: agent, now: now())
        } catch {
            Self.logger.warning("cannot put back the messages sent to \(agent): \(error)")
        }
    }

    private func handle(
        _ message: MozillaPushMessage, sink: Sink, connection: Connection
    ) async throws {
        if case .hello(let uaid) = message {
            guard connection.agent.withLock({ $0 == nil }) else { throw MozillaPushError("a second hello") }
            let browser = try await browser(uaid)
            sink.yield(.reply(MozillaPushReply.hello(uaid: browser.name)))
            try await resources.disconnected(agent: browser, now: now())
            let attachment = receivers.attach(
                browser, wake: { sink.yield(.wake) }, replaced: { sink.yield(.close("another connection took over")) })
            connection.agent.withLock { $0 = (browser, attachment) }
            sink.yield(.wake)
            return
        }
        guard let browser = connection.agent.withLock({ $0?.agent }) else { throw MozillaPushError("the first message is hello") }
        switch message {
        case .hello: break
        case .register(let channelID, let key):
            sink.yield(.reply(await register(browser, channelID: channelID, key: key)))
        case .unregister(let channelID):
            try await resources.unsubscribe(agent: browser, channel: channelID, now: now())
            sink.yield(.reply(MozillaPushReply.unregister(channelID: channelID, status: 200)))
        case .ack(let versions):
            for version in versions { try await resources.acknowledge(agent: browser, id: version, now: now()) }
        case .nack(let version):
            // The browser cannot hand it to its page: sending it again would not help.
            try await resources.acknowledge(agent: browser, id: version, now: now())
        case .ping:
            sink.yield(.reply(MozillaPushReply.pong))
        case .ignored:
            break
        }
    }

    /// The browser `uaid` names when it has subscriptions kept here, else a new one.
    private func browser(_ uaid: String?) async throws -> PushAgent {
        if let uaid, PushAgent.isBrowserIdentifier(uaid) {
            let known = PushAgent(.browser, uaid)
            if try await !resources.resources(of: known).isEmpty { return known }
        }
        return PushAgent.makeBrowser()
    }

    private func register(_ browser: PushAgent, channelID: String, key: Data?) async -> String {
        do {
            let resource = try await resources.subscribe(
                agent: browser, channel: channelID, applicationServerKey: key, now: now())
            return MozillaPushReply.register(channelID: channelID, endpoint: "\(origin)/push/\(resource.token)", status: 200)
        } catch let error as PushServiceError where error.code == .tooManySubscriptions {
            return MozillaPushReply.register(channelID: channelID, endpoint: nil, status: 429)
        } catch {
            Self.logger.error("cannot subscribe \(browser): \(error)")
            return MozillaPushReply.register(channelID: channelID, endpoint: nil, status: 500)
        }
    }

    /// Writes the socket's events in order: answers, and on each wake what is kept.
    private func write(
        _ events: AsyncStream<Event>, to outbound: WebSocketOutboundWriter, agent: @Sendable () -> PushAgent?
    ) async {
        do {
            for await event in events {
                switch event {
                case .reply(let text):
                    try await outbound.write(.text(text))
                case .wake:
                    guard let browser = agent() else { continue }
                    for message in try await resources.takeUnsent(agent: browser, now: now()) {
                        try await outbound.write(.text(MozillaPushReply.notification(message)))
                    }
                case .close(let reason):
                    try await outbound.close(.policyViolation, reason: String(reason.prefix(120)))
                    return
                }
            }
        } catch {
            Self.logger.debug("push socket ended: \(error)")
        }
    }

    /// Cuts `channel` off once the browser was silent too long.
    private static func watch(_ channel: any Channel, connection: Connection) async {
        while !Task.isCancelled {
            let limit = connection.agent.withLock { $0 != nil } ? silenceLimit : helloLimit
            let deadline = connection.heard.withLock { $0 } + limit
            if ContinuousClock.now >= deadline {
                channel.close(promise: nil)
                return
            }
            guard (try? await Task.sleep(until: deadline)) != nil else { return }
        }
    }
}

/// What one push socket knows of its browser.
private final class Connection: Sendable {
    /// When the browser last sent something.
    let heard = Mutex(ContinuousClock.now)
    /// The browser, once it said hello, and its place among the node's receivers.
    let agent = Mutex<(agent: PushAgent, attachment: PushReceivers.Attachment)?>(nil)
}
