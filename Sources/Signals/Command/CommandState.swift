/// The pure state of a `Command`: how many executions run, what the `enabled` input said
/// last, and what was last published on `executing` / `enabled`.
///
/// Every change marks the state dirty; one publisher at a time drains the changes, so the
/// published values are in order, without repeats, and end at the current state.
struct CommandState: Sendable {
    /// What the publisher must send after a change (`nil`: that value did not change).
    struct Changes: Equatable {
        var executing: Bool?
        var enabled: Bool?
    }

    let allowsConcurrentExecution: Bool
    private(set) var running = 0
    private(set) var enabledInput = true
    private var publishedExecuting: Bool?
    private var publishedEnabled: Bool?
    private var isPublishing = false
    private var isDirty = true

    init(allowsConcurrentExecution: Bool) {
        self.allowsConcurrentExecution = allowsConcurrentExecution
    }

    var isExecuting: Bool { running > 0 }

    var isEnabled: Bool { enabledInput && (allowsConcurrentExecution || !isExecuting) }

    /// Counts a new execution, or says why it may not start.
    mutating func beginExecution() -> String? {
        guard enabledInput else {
            return "execute(_:) was called while the command's enabled signal says false"
        }
        guard allowsConcurrentExecution || !isExecuting else {
            return "execute(_:) was called while the command is executing, and it does not allow concurrent execution"
        }
        running += 1
        isDirty = true
        return nil
    }

    /// Counts the end (completion or error) of an execution.
    mutating func endExecution() {
        precondition(running > 0, "Command: an execution ended that had not begun")
        running -= 1
        isDirty = true
    }

    /// Records the latest value of the `enabled` input.
    mutating func setEnabledInput(_ enabled: Bool) {
        enabledInput = enabled
        isDirty = true
    }

    /// Whether the caller becomes the publisher (no one else is publishing).
    mutating func claimPublishing() -> Bool {
        if isPublishing { return false }
        isPublishing = true
        return true
    }

    /// The next changes to publish; `nil` (and publishing ends) when nothing changed.
    mutating func nextChanges() -> Changes? {
        guard isDirty else {
            isPublishing = false
            return nil
        }
        isDirty = false
        var changes = Changes()
        if publishedExecuting != isExecuting { changes.executing = isExecuting }
        if publishedEnabled != isEnabled { changes.enabled = isEnabled }
        publishedExecuting = isExecuting
        publishedEnabled = isEnabled
        return changes
    }
}
