import Foundation
import HeraldAPI
import NIOCore
import NIOHTTP1
import Synchronization

/// The first handler of every connection: tells the ``ConnectionGuard`` that bytes
/// arrived, before the HTTP decoder has made a request part of them, so a header that
/// trickles in is timed from its first byte.
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// The event it sends down the pipeline.
    struct BytesArrived {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(BytesArrived())
        context.fireChannelRead(data)
    }
}

/// Guards one HTTP/1 connection, right after the HTTP decoder:
///
/// - closes it when a wait runs past its ``ConnectionTimeouts`` (see
///   ``ConnectionDeadlines``), answering 408 if the request has no answer under way;
/// - answers a request the decoder cannot parse (a garbage request line, a negative
///   `Content-Length`, both `Content-Length` and `Transfer-Encoding`) with 400 in the
///   API's error shape, and closes;
/// - gives a refused WebSocket upgrade the router's own answer (401, 403, 429 … with
///   its JSON body) instead of the bare 400 the upgrade code writes;
/// - leaves the pipeline once the connection becomes a WebSocket, whose liveness is
///   kept by pings.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var deadlines: ConnectionDeadlines
    private var timer: Scheduled<Void>?
    /// When ``timer`` fires.
    private var timerDeadline: NIODeadline?
    private let arrivals: ByteArrivalHandler
    private let refusal: UpgradeRefusal
    /// The connection's entry in the ``ConnectionTable``, told when it waits for its client.
    private let slot: ConnectionTable.Slot
    /// Whether the request being answered asked for a WebSocket.
    private var upgradeRequested = false
    /// Whether the router's refusal replaced the upgrade code's bare 400.
    private var replacingRefusal = false
    private var closing = false
    /// Set once the connection became a WebSocket: from then on parts pass untouched
    /// (they are no longer HTTP) until the guard has left the pipeline.
    private var upgraded = false

    init(timeouts: ConnectionTimeouts, arrivals: ByteArrivalHandler, refusal: UpgradeRefusal, slot: ConnectionTable.Slot) {
        deadlines = ConnectionDeadlines(timeouts: timeouts, now: slot.opened)
        self.arrivals = arrivals
        self.refusal = refusal
        self.slot = slot
    }

    func handlerAdded(context: ChannelHandlerContext) {
        rearm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ConnectionTable.Closing { return closeQuietly(context) }
        guard !upgraded, event is ByteArrivalHandler.BytesArrived else {
            return context.fireUserInboundEventTriggered(event)
        }
        deadlines.bytesArrived(now: .now())
        rearm(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !upgraded else { return context.fireChannelRead(data) }
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadlines.headerRead(now: .now())
            upgradeRequested = head.headers["upgrade"].contains { $0.lowercased().contains("websocket") }
        case .body:
            deadlines.bodyRead(now: .now())
        case .end:
            deadlines.requestEnded(now: .now())
        }
        rearm(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !upgraded else { return context.write(data, promise: promise) }
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .switchingProtocols:
            // The connection is a WebSocket from here on: no HTTP timeouts, no HTTP parts,
            // and never closed to make room for another connection.
            upgraded = true
            cancelTimer()
            slot.wait(since: nil)
            context.write(data, promise: promise)
            // Leaving now would drop the flush that follows this write.
            context.eventLoop.assumeIsolated().execute { self.leave(context) }
        case .head(let head):
            deadlines.answerBegan()
            if upgradeRequested, head.status == .badRequest, let answer = refusal.take() {
                replacingRefusal = true
                context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: promise)
            } else {
                context.write(data, promise: promise)
            }
        case .body where replacingRefusal:
            promise?.succeed()
        case .body:
            context.write(data, promise: promise)
        case .end:
            replacingRefusal = false
            upgradeRequested = false
            deadlines.answerEnded(now: .now())
            context.write(data, promise: promise)
            rearm(context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        end(context, deadlines.malformedRequest, status: .badRequest, message: "the request is not valid HTTP/1.1: \(error)")
    }

    /// Makes sure a check runs by the current deadline. A timer that fires no later
    /// is kept: most events move the deadline later (a request's header read, its
    /// answer ended) or take it away (a request read in full), and a check that finds
    /// the deadline not passed arms the next one. So a request costs one timer (its
    /// first byte brings the header deadline forward), not one per event.
    private func rearm(_ context: ChannelHandlerContext) {
        slot.wait(since: deadlines.waitingSince)
        guard !closing, let deadline = deadlines.deadline else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            guard let expiry = deadlines.expiry(now: .now()) else { return rearm(context) }
            end(context, expiry, status: .requestTimeout, message: "the request took too long to arrive")
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    /// Answers (if `expiry` says so) and closes the connection.
    private func end(_ context: ChannelHandlerContext, _ expiry: ConnectionDeadlines.Expiry, status: HTTPResponseStatus, message: String) {
        guard !closing else { return }
        closing = true
        cancelTimer()
        guard expiry == .answerThenClose else { return closeQuietly(context) }
        let answer = UpgradeRefusal.Answer(status: status, code: status == .badRequest ? .badRequest : .requestTimeout, message: message)
        context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Closes the connection as if its client had stopped sending: the handlers after
    /// the guard see their input end, so a connection closed before its first request
    /// is not reported as a failed WebSocket upgrade.
    private func closeQuietly(_ context: ChannelHandlerContext) {
        closing = true
        cancelTimer()
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }

    private func leave(_ context: ChannelHandlerContext) {
        context.pipeline.syncOperations.removeHandler(arrivals, promise: nil)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// The router's answer to a WebSocket upgrade it refused, handed from the route (on
/// any thread) to the connection's ``ConnectionGuard``, which writes it in place of
/// the upgrade code's bare 400.
final class UpgradeRefusal: Sendable {
    /// A complete answer: status line, headers and a JSON body in the API's error shape.
    struct Answer: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer

        init(status: HTTPResponseStatus, code: API.ErrorCode, message: String, headers: [(String, String)] = []) {
            let data = (try? API.encoder().encode(API.ErrorBody(code: code, message: message))) ?? Data()
            body = ByteBuffer(bytes: data)
            var fields = HTTPHeaders(headers)
            fields.replaceOrAdd(name: "content-type", value: "application/json; charset=utf-8")
            fields.replaceOrAdd(name: "content-length", value: String(data.count))
            fields.replaceOrAdd(name: "connection", value: "close")
            head = HTTPResponseHead(version: .http1_1, status: status, headers: fields)
        }
    }

    private let answer = Mutex<Answer?>(nil)

    /// Records the router's refusal of the upgrade request.
    func record(_ answer: Answer) {
        self.answer.withLock { $0 = answer }
    }

    /// The recorded refusal, once.
    func take() -> Answer? {
        answer.withLock { answer in
            defer { answer = nil }
            return answer
        }
    }
}
