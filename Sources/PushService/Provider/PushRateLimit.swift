public import Foundation

/// How many pushes one device token takes, as APNs limits "too many requests made
/// consecutively to the same device token" (`TooManyRequests`, 429): a bucket per
/// token of ``burst`` pushes, refilled at ``perSecond``. Pure: the clock comes in
/// with each push. Full buckets are forgotten once there are many, so tokens a
/// provider stopped pushing to cost no memory.
public struct PushRateLimit: Sendable {
    /// The most pushes a token takes at once.
    public var burst: Double
    /// How many pushes a token takes per second once its burst is spent.
    public var perSecond: Double

    private var buckets: [DeviceToken: (level: Double, at: Date)] = [:]
    /// The fewest buckets held before the full ones are forgotten.
    private let pruneThreshold: Int
    /// How many buckets are held before the next pruning: twice what the last one
    /// kept, so many tokens pushed to at once are not walked on every push.
    private var pruneAt: Int

    /// A limit of `burst` pushes at once and `perSecond` after that, per token.
    public init(burst: Double = 1_000, perSecond: Double = 100, pruneThreshold: Int = 10_000) {
        self.burst = burst
        self.perSecond = perSecond
        self.pruneThreshold = pruneThreshold
        pruneAt = pruneThreshold
    }

    /// Whether a push to `token` at `now` is taken; a push taken spends one from its bucket.
    public mutating func admit(_ token: DeviceToken, now: Date) -> Bool {
        var level = level(of: token, at: now)
        guard level >= 1 else { return false }
        level -= 1
        buckets[token] = (level, now)
        if buckets.count > pruneAt { prune(now: now) }
        return true
    }

    /// How many buckets are held, for tests of the pruning.
    var heldBuckets: Int { buckets.count }

    private func level(of token: DeviceToken, at now: Date) -> Double {
        guard let bucket = buckets[token] else { return burst }
        return min(burst, bucket.level + max(0, now.timeIntervalSince(bucket.at)) * perSecond)
    }

    private mutating func prune(now: Date) {
        buckets = buckets.filter { token, _ in level(of: token, at: now) < burst }
        pruneAt = max(pruneThreshold, 2 * buckets.count)
    }
}
