import Synchronization

/// What the examples print. `print` in this target is the function below: inside
/// ``Printed/capture(_:)`` it records the lines, so a test can check the output the
/// documents promise; elsewhere it prints.
final class Printed: Sendable {
    @TaskLocal static var current: Printed?

    private let recorded = Mutex<[String]>([])

    /// The lines printed so far.
    var lines: [String] { recorded.withLock { $0 } }

    func append(_ line: String) {
        recorded.withLock { $0.append(line) }
    }

    /// Runs `body` and returns what it printed, a `print` call per element.
    static func capture(_ body: () async throws -> Void) async rethrows -> [String] {
        let printed = Printed()
        try await $current.withValue(printed) { try await body() }
        return printed.lines
    }
}

/// Swift's `print`, recorded while a test captures it.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    if let printed = Printed.current {
        printed.append(text)
    } else {
        Swift.print(text, terminator: terminator)
    }
}
