// A tour of Signals: each example of the ReactiveCocoa "basic operators" document,
// printing what the document says it prints. Run it with `swift run signals-tour`.
import Foundation
import Signals
import Synchronization

/// Collects printed words so each example prints one line.
final class Line: Sendable {
    private let words = Mutex<[String]>([])
    func add(_ word: String) { words.withLock { $0.append(word) } }
    func show(_ title: String) {
        let text = words.withLock { words in defer { words = [] }; return words.joined(separator: " ") }
        print("\(title.padding(toLength: 34, withPad: " ", startingAt: 0)) \(text)")
    }
}

let line = Line()
let letters = "A B C D E F G H I".split(separator: " ").map(String.init).lazyList
let numbers = "1 2 3 4 5 6 7 8 9".split(separator: " ").map(String.init).lazyList

// Subscription: a cold signal's work runs once per subscription.
letters.signal.subscribeNext { line.add($0) }
line.show("subscribeNext")

let subscriptions = Atomic<Int>(0)
let loggingSignal = Signal<String, Never> { subscriber in
    subscriptions.add(1, ordering: .relaxed)
    subscriber.sendCompleted()
    return nil
}
loggingSignal.subscribeCompleted { line.add("订阅 \(subscriptions.load(ordering: .relaxed))") }
loggingSignal.subscribeCompleted { line.add("订阅 \(subscriptions.load(ordering: .relaxed))") }
line.show("cold signal, two subscriptions")

// Injecting effects: doCompleted runs before the subscriber, once per subscription.
let logged = loggingSignal.doCompleted { line.add("即将完成订阅 \(subscriptions.load(ordering: .relaxed) - 2)") }
logged.subscribeCompleted { line.add("订阅 \(subscriptions.load(ordering: .relaxed) - 2)") }
line.show("doCompleted")

// Transforming and combining lazy lists.
line.add(letters.map { $0 + $0 }.array.joined(separator: " "))
line.show("map")
line.add(numbers.filter { Int($0)! % 2 == 0 }.array.joined(separator: " "))
line.show("filter")
line.add(letters.concat(numbers).array.joined(separator: " "))
line.show("concat")
line.add([letters, numbers].lazyList.flatten().array.joined(separator: " "))
line.show("flatten (lists concatenate)")
line.add(numbers.flattenMap { [$0, $0].lazyList }.array.joined(separator: " "))
line.show("flattenMap (extend)")
line.add(numbers.flattenMap { Int($0)! % 2 == 0 ? LazyList.empty() : .just($0 + "_") }.array.joined(separator: " "))
line.show("flattenMap (edit)")

// Flattening signals merges them.
do {
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()
    let signalOfSignals = Signal<Signal<String, Never>, Never> { subscriber in
        subscriber.send(letters.signal)
        subscriber.send(numbers.signal)
        subscriber.sendCompleted()
        return nil
    }
    signalOfSignals.flatten().subscribeNext { line.add($0) }
    letters.send("A"); numbers.send("1"); letters.send("B"); letters.send("C"); numbers.send("2")
    line.show("flatten (signals merge)")
}

// then: the letters run as a side effect, the result holds the numbers.
let sequenced = letters.signal
    .doNext { line.add($0) }
    .then { numbers.signal }
sequenced.subscribeNext { line.add($0) }
line.show("doNext + then")

// merge
do {
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()
    Signal.merge([letters.signal, numbers.signal]).subscribeNext { line.add($0) }
    letters.send("A"); numbers.send("1"); letters.send("B"); letters.send("C"); numbers.send("2")
    line.show("merge")
}

// combineLatest(reduce:)
do {
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()
    Signal.combineLatest(letters.signal, numbers.signal) { letter, number in letter + number }
        .subscribeNext { line.add($0) }
    letters.send("A"); letters.send("B"); numbers.send("1"); numbers.send("2"); letters.send("C"); numbers.send("3")
    line.show("combineLatest + reduce")
}

// switchToLatest
do {
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()
    let signalOfSignals = Subject<Signal<String, Never>, Never>()
    signalOfSignals.signal.switchToLatest().subscribeNext { line.add($0) }
    signalOfSignals.send(letters.signal)
    letters.send("A"); letters.send("B")
    signalOfSignals.send(numbers.signal)
    letters.send("C"); numbers.send("1")
    signalOfSignals.send(letters.signal)
    numbers.send("2"); letters.send("D")
    line.show("switchToLatest")
}

// Virtual time: throttle on a TestScheduler.
do {
    let scheduler = TestScheduler()
    let typed = Subject<String, Never>()
    typed.signal.throttle(0.5, on: scheduler).subscribeNext { line.add($0) }
    for word in ["H", "He", "Hel", "Hell", "Hello"] {
        typed.send(word)
        scheduler.advance(by: 0.1)
    }
    scheduler.advance(by: 1)
    line.show("throttle 0.5 s (virtual time)")
}
