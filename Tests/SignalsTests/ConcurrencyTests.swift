import Signals
import Testing

/// The async/await bridges: `Signal.values` and `Signal(_: AsyncSequence)`.
@Suite struct ConcurrencyTests {
    // MARK: Signal.values

    @Test func valuesIteratesUntilCompletion() async {
        var received: [Int] = []
        for await value in Signal<Int, Never>.from(1...5).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3, 4, 5])
    }

    @Test func valuesThrowsTheSignalsTypedError() async {
        let failing = Signal<Int, TestError> { observer in
            observer.send(1)
            observer.send(error: TestError("broken"))
            return nil
        }
        var received: [Int] = []
        do {
            for try await value in failing.values { received.append(value) }
            Issue.record("the iteration must throw")
        } catch {
            let typed: TestError = error
            #expect(typed == TestError("broken"))
        }
        #expect(received == [1])
    }

    @Test func valuesBuffersEverythingSentBeforeItIsAskedFor() async {
        let burst = Signal<Int, Never> { observer in
            for value in 1...1_000 { observer.send(value) }
            observer.sendCompleted()
            return nil
        }
        var iterator = burst.values.makeAsyncIterator()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == Array(1...1_000))
    }

    @Test func valuesReceivesValuesSentLaterFromAnotherThread() async {
        let subject = Subject<Int, Never>()
        let subscribed = AsyncStream.makeStream(of: Void.self)
        let signal = Signal<Int, Never> { observer in
            let subscription = subject.signal.subscribe(observer)
            subscribed.continuation.yield()
            return subscription
        }
        let task = Task {
            var received: [Int] = []
            for await value in signal.values { received.append(value) }
            return received
        }
        for await _ in subscribed.stream { break }
        subject.send(1)
        subject.send(2)
        subject.sendCompleted()
        #expect(await task.value == [1, 2])
    }

    @Test func cancellingTheIteratingTaskDisposesTheSubscription() async {
        let upstream = ActionDisposable()
        let first = AsyncStream.makeStream(of: Int.self)
        let signal = Signal<Int, Never> { observer in
            observer.send(1)
            return upstream
        }
        let task = Task {
            var count = 0
            for await value in signal.values {
                count += 1
                first.continuation.yield(value)
            }
            return count
        }
        for await _ in first.stream { break }
        #expect(!upstream.isDisposed)
        task.cancel()
        #expect(await task.value == 1)
        #expect(upstream.isDisposed)
    }

    @Test func droppingTheIteratorDisposesTheSubscription() async {
        let upstream = ActionDisposable()
        let signal = Signal<Int, Never> { observer in
            observer.send(1)
            return upstream
        }
        do {
            var iterator = signal.values.makeAsyncIterator()
            #expect(await iterator.next() == 1)
            #expect(!upstream.isDisposed)
            withExtendedLifetime(iterator) {}
        }
        #expect(upstream.isDisposed)
    }

    @Test func eachIterationSubscribesOnce() async {
        let subscriptions = Counter()
        let signal = Signal<Int, Never> { observer in
            observer.send(subscriptions.increment())
            observer.sendCompleted()
            return nil
        }
        let values = signal.values
        var received: [Int] = []
        for await value in values { received.append(value) }
        for await value in values { received.append(value) }
        #expect(received == [1, 2])
    }

    // MARK: Signal(AsyncSequence)

    @Test func signalFromAnAsyncStreamSendsItsElementsThenCompletes() async {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        let events = await collect(Signal(stream))
        #expect(events == ["next(1)", "next(2)", "next(3)", "completed"])
    }

    @Test func signalFromAThrowingStreamFailsWithItsError() async {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: TestError("stream"))
        }
        let signal: Signal<Int, any Error> = Signal(stream)
        let events = await collect(signal)
        #expect(events == ["next(1)", "error(stream)"])
    }

    @Test func signalFromATypedSequenceKeepsItsErrorType() async {
        let failing = Signal<Int, TestError> { observer in
            observer.send(1)
            observer.send(error: TestError("typed"))
            return nil
        }
        let roundTrip: Signal<Int, TestError> = Signal(failing.values)
        #expect(await collect(roundTrip) == ["next(1)", "error(typed)"])
    }

    @Test func disposingTheSubscriptionCancelsTheTask() async {
        let terminated = AsyncStream.makeStream(of: Void.self)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { _ in terminated.continuation.yield() }
        let first = AsyncStream.makeStream(of: Int.self)
        let received = Recorder<Int>()
        let subscription = Signal(stream).subscribeNext { value in
            received.append(value)
            first.continuation.yield(value)
        }
        continuation.yield(1)
        for await _ in first.stream { break }
        subscription.dispose()
        for await _ in terminated.stream { break }
        continuation.yield(2)
        #expect(received.values == [1])
    }

    /// Subscribes and waits for the terminating event; returns every event, described.
    private func collect<Failure: Error>(_ signal: Signal<Int, Failure>) async -> [String] {
        await withCheckedContinuation { continuation in
            let events = Recorder<String>()
            signal.subscribeEvents { event in
                events.append(event.description)
                if event.isTerminating { continuation.resume(returning: events.values) }
            }
        }
    }
}
