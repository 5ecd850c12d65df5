import HeraldAPI
import NotificationEngine
import Signals
import Synchronization

/// The live event stream's source: numbers every engine event (and the daemon's
/// own, such as app registrations) and hands it to each subscriber whose filter
/// matches, in order.
///
/// Each subscriber has its own buffer of up to ``bufferLimit`` events; one that
/// falls further behind loses the oldest and sees a gap in `sequence`, its cue to
/// read the lists again.
final class EventHub: Sendable {
    static let bufferLimit = 10_000

    private struct Subscriber {
        let app: AppIdentifier?
        let continuation: AsyncStream<API.Event>.Continuation
    }

    private struct State {
        var sequence = 0
        var nextToken = 0
        var subscribers: [Int: Subscriber] = [:]
    }

    private let state = Mutex(State())
    private let names: @Sendable (AppIdentifier) -> String
    private let subscription = SerialDisposable()

    /// A hub fed by `engine`'s events; `names` gives an app's display name.
    init(engine: NotificationEngine, names: @escaping @Sendable (AppIdentifier) -> String) {
        self.names = names
        subscription.inner = engine.events.subscribeNext { [weak self] event in
            guard let self else { return }
            self.publish(API.Event(event, name: self.names))
        }
    }

    deinit {
        subscription.dispose()
        state.withLock { $0.subscribers.values.forEach { $0.continuation.finish() } }
    }

    /// Numbers `event` and hands it to the matching subscribers.
    func publish(_ event: API.Event) {
        state.withLock { state in
            state.sequence += 1
            var event = event
            event.sequence = state.sequence
            for subscriber in state.subscribers.values where subscriber.app.map({ $0.rawValue == event.app }) ?? true {
                subscriber.continuation.yield(event)
            }
        }
    }

    /// The events from now on, of one app or (`nil`) of all; ends with ``finish()``.
    func subscribe(app: AppIdentifier?) -> AsyncStream<API.Event> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: API.Event.self, bufferingPolicy: .bufferingNewest(Self.bufferLimit))
        let token = state.withLock { state in
            state.nextToken += 1
            state.subscribers[state.nextToken] = Subscriber(app: app, continuation: continuation)
            return state.nextToken
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: token) }
        }
        return stream
    }

    /// Ends every subscription: the daemon is stopping.
    func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        subscribers.forEach { $0.continuation.finish() }
    }
}
