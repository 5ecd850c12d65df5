import Foundation
import Logging
import NotificationEngine
import ServiceLifecycle
import Signals

/// How a post of an outbox can end, besides the ways its sender names: the sender's
/// own outcome type has these cases too.
protocol OutboxOutcome: Sendable, Equatable {
    /// Every attempt failed.
    static func gaveUp(attempts: Int) -> Self
    /// The daemon is stopping: the post stays in the outbox for the next start.
    static var cancelled: Self { get }
    /// Another node sharing the database took the post over and sends it.
    static var handedOver: Self { get }
}

/// Sends the posts of a ``WebhookOutbox`` (webhook posts, Web Push messages): those
/// left from earlier runs, then each one queued, each retried after the configured
/// delays until an attempt ends it; what is owed survives a restart. An attempt is
/// counted in the outbox before it is made, so a crash during it is not forgotten,
/// and after a restart a post resumes from the attempt it was at.
///
/// At most ``concurrentAttempts`` attempts are under way at once (``AttemptSlots``): a
/// burst of posts waits its turn in the sender, not in the HTTP client's queue.
///
/// When the outbox is shared (PostgreSQL), it also renews this node's leases, takes over
/// the posts of nodes that stopped or died, and gives its own up when it stops.
///
/// All of its time comes from the engine's scheduler: a retry is due the configured delay
/// after the attempt before it (after a restart, after the last attempt recorded), or later
/// when the attempt said so. On a virtual clock retries wait until the clock is advanced.
final class OutboxSender<Outcome: OutboxOutcome>: Sendable {
    /// How one attempt ended.
    enum Attempt: Sendable {
        /// The post is done: sent, refused or moot. It is finished in the outbox.
        case ended(Outcome)
        /// Try again after the next delay, and not before the given time.
        case retry(notBefore: Date?)
    }

    /// Makes one attempt at a post; gets its number (1 for the first, counting those
    /// made before a restart).
    typealias Attempting = @Sendable (WebhookOutbox.Post, _ attempt: Int) async -> Attempt

    /// The most attempts made at once; more posts due wait their turn, oldest first,
    /// before their attempt is counted. A push service or webhook receiver takes a few
    /// hundred at once in well under the 10 s an attempt may take.
    static var concurrentAttempts: Int { 512 }

    let outbox: WebhookOutbox
    private let retryDelays: [Duration]
    private let scheduler: any DateScheduler
    /// What the posts are, for messages ("webhook", "Web Push").
    private let kind: String
    /// The attempts under way, at most ``concurrentAttempts``.
    private let slots = AttemptSlots(limit: OutboxSender.concurrentAttempts)
    private let queued: AsyncStream<WebhookOutbox.Post>
    private let continuation: AsyncStream<WebhookOutbox.Post>.Continuation
    private let logger: Logger

    init(outbox: WebhookOutbox, retryDelays: [Duration], scheduler: any DateScheduler, kind: String, logger: Logger) {
        self.outbox = outbox
        self.retryDelays = retryDelays
        self.scheduler = scheduler
        self.kind = kind
        self.logger = logger
        (queued, continuation) = AsyncStream.makeStream(of: WebhookOutbox.Post.self)
    }

    deinit {
        continuation.finish()
    }

    /// Has ``run(attempting:)`` send `post`, recorded in the outbox.
    func queue(_ post: WebhookOutbox.Post) {
        continuation.yield(post)
    }

    /// Sends the posts left from earlier runs, then each one queued, until the
    /// daemon stops; a post in flight then is sent at the next start.
    func run(attempting: @escaping Attempting) async {
        guard outbox.isShared else { return await send(earlier: waiting(), attempting) }
        // The shared outbox waits on the database: keep that off Swift concurrency's threads.
        await withTaskExecutorPreference(BlockingExecutor.shared) {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.send(earlier: self.waiting(), attempting) }
                group.addTask { await self.shareLeases(attempting) }
                try? await gracefulShutdown()
                group.cancelAll()
            }
            do {
                try outbox.releaseLeases()
            } catch {
                logger.error("cannot give up the \(kind) posts' leases; other nodes take them over in \(WebhookOutbox.lease) s: \(error)")
            }
        }
    }

    /// What the outbox holds for this node to send now.
    private func waiting() -> [WebhookOutbox.Post] {
        do {
            return try outbox.waiting()
        } catch {
            logger.error("cannot read the \(kind) outbox \(outbox.path): \(error)")
            return []
        }
    }

    /// Sends `earlier`, then each post queued, until the daemon stops.
    private func send(earlier: [WebhookOutbox.Post], _ attempting: @escaping Attempting) async {
        let earlierIDs = Set(earlier.map(\.id))
        await withDiscardingTaskGroup { group in
            for post in earlier {
                group.addTask { _ = await self.send(post, attempting: attempting) }
            }
            for await post in queued.cancelOnGracefulShutdown() where !earlierIDs.contains(post.id) {
                group.addTask { _ = await self.send(post, attempting: attempting) }
            }
            // Stopping: posts waiting for a retry are sent at the next start.
            group.cancelAll()
        }
    }

    /// Every ``WebhookOutbox/renewal``: renews this node's leases, and sends the
    /// posts other nodes gave up or left behind.
    private func shareLeases(_ attempting: @escaping Attempting) async {
        await withDiscardingTaskGroup { group in
            var failing = false
            while (try? await Task.sleep(for: WebhookOutbox.renewal)) != nil {
                do {
                    try outbox.renewLeases()
                    if failing { logger.notice("renewing the \(kind) posts' leases again") }
                    failing = false
                } catch {
                    // Once per outage, not four times a second.
                    if !failing { logger.error("cannot renew the \(kind) posts' leases: \(error)") }
                    failing = true
                    continue
                }
                for post in waiting() {
                    logger.notice("taking over the \(post.type) \(kind) post of \(post.delivery) for \(post.app)")
                    group.addTask { _ = await self.send(post, attempting: attempting) }
                }
            }
        }
    }

    /// Sends one post, retrying as configured; returns once an attempt ended it, it
    /// was given up on, handed over or cancelled.
    func send(_ post: WebhookOutbox.Post, attempting: Attempting) async -> Outcome {
        let delays = [Duration.zero] + retryDelays
        var lastAttempt = post.updated
        var notBefore: Date?
        // After a restart at least one attempt is made, even if the last was cut off.
        for attempt in min(post.attempts, delays.count - 1)..<delays.count {
            // The first attempt goes at once. (Waiting "until the post's own time" could wait for
            // ever on a virtual clock: a time read back from the outbox may lie a few hundred
            // nanoseconds after the one written.)
            let due = max(lastAttempt + delays[attempt].seconds, notBefore ?? .distantPast)
            if delays[attempt] > .zero || notBefore != nil {
                guard await scheduler.sleep(until: due) else { return .cancelled }
            } else if Task.isCancelled {
                return .cancelled
            }
            guard await slots.take() else { return .cancelled }
            lastAttempt = scheduler.now
            let made = await make(attempt + 1, at: post, now: lastAttempt, attempting)
            slots.give()
            switch made {
            case .handedOver:
                return .handedOver
            case .notCounted:
                continue
            case .made(.ended(let outcome)):
                return await finish(post, outcome)
            case .made(.retry(let after)):
                if Task.isCancelled { return .cancelled }
                notBefore = after
            }
        }
        logger.error("gave up on the \(post.type) \(kind) post of \(post.delivery) for \(post.app) after \(delays.count) attempts")
        return await finish(post, .gaveUp(attempts: delays.count))
    }

    /// How an attempt went.
    private enum Made {
        case made(Attempt)
        /// It could not be counted, so it was not made.
        case notCounted
        /// Another node took the post over.
        case handedOver
    }

    /// Counts the `number`th attempt at `post`, then makes it.
    private func make(_ number: Int, at post: WebhookOutbox.Post, now: Date, _ attempting: Attempting) async -> Made {
        do {
            guard try await outbox.record(.attempt(of: post.id, now: now)) else {
                logger.notice("another node took the \(post.type) \(kind) post of \(post.delivery) over")
                return .handedOver
            }
        } catch {
            logger.notice("cannot count an attempt at the \(kind) post \(post.id) (attempt \(number)): \(error)")
            return .notCounted
        }
        return .made(await attempting(post, number))
    }

    private func finish(_ post: WebhookOutbox.Post, _ outcome: Outcome) async -> Outcome {
        do {
            _ = try await outbox.record(.finish(post.id, now: scheduler.now))
        } catch {
            logger.error("cannot mark the \(kind) post \(post.id) done; it may be sent again: \(error)")
        }
        return outcome
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
    }
}

/// A presenter that sends its posts through an ``OutboxSender``: it makes one attempt
/// at a post (``attempt(_:_:)``), and gets ``run()`` and ``send(_:)``.
protocol OutboxSending: AnyObject, Sendable {
    associatedtype Outcome: OutboxOutcome
    var sender: OutboxSender<Outcome> { get }
    /// One attempt at `post`, its `attempt`th.
    func attempt(_ post: WebhookOutbox.Post, _ attempt: Int) async -> OutboxSender<Outcome>.Attempt
}

extension OutboxSending {
    /// Sends the posts left from earlier runs, then each new one, until the daemon
    /// stops; a post in flight then is sent at the next start (leases when the outbox
    /// is shared).
    func run() async {
        await sender.run { [weak self] post, attempt in
            await self?.attempt(post, attempt) ?? .ended(.cancelled)
        }
    }

    /// Sends one post, retrying as configured; returns once an attempt ended it, it was
    /// given up on, handed over or cancelled.
    func send(_ post: WebhookOutbox.Post) async -> Outcome {
        await sender.send(post) { post, attempt in await self.attempt(post, attempt) }
    }
}
