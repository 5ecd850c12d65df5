public import Testing

/// A trait for tests that block their thread or compute for long: each runs on
/// ``TestThreads``, so Swift concurrency's few threads stay free for every other
/// test running beside it.
///
/// ```swift
/// @Suite(.offThePool) struct StressTests { … }
/// ```
///
/// The body's tasks, its child tasks and the default actors it calls run there
/// (a task executor preference, inherited as Swift concurrency passes it on);
/// `Task.detached` and the main actor do not.
public struct OffThePool: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(TestThreads.shared) {
            try await function()
        }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the test, or every test of the suite, on threads of its own
    /// (``TestThreads``) rather than Swift concurrency's shared few.
    public static var offThePool: Self { OffThePool() }
}
