/// The state of `switchToLatest`: which inner signal is current (by generation) and what has
/// completed. Pure: the storage holds it in a `Locked` and performs what it returns.
struct SwitchToLatestState {
    private var generation = 0
    private var innerRunning = false
    private var outerCompleted = false

    /// A new inner signal arrived: it becomes current; returns its generation.
    mutating func beginInner() -> Int {
        generation += 1
        innerRunning = true
        return generation
    }

    /// Whether `generation` is still the current inner signal.
    func isCurrent(_ generation: Int) -> Bool {
        self.generation == generation
    }

    /// The inner signal of `generation` completed; returns whether the result completes now.
    mutating func completeInner(_ generation: Int) -> Bool {
        guard isCurrent(generation) else { return false }
        innerRunning = false
        return outerCompleted
    }

    /// The outer signal completed; returns whether the result completes now.
    mutating func completeOuter() -> Bool {
        outerCompleted = true
        return !innerRunning
    }
}
