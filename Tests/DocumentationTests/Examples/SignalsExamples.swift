import Signals
import Synchronization
import Testing

/// docs/signals.md, each block in order, run and checked against the output its comments give.
@Suite("docs/signals.md")
struct SignalsExamples {
    @Test("Subscribing prints every letter")
    func subscribing() async {
        let printed = await Printed.capture {
            let letters = "A B C D E F G H I".split(separator: " ").map(String.init).lazyList
            letters.signal.subscribeNext { print($0) }   // A B C D E F G H I
        }
        #expect(printed == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
    }

    @Test("A cold signal's work runs once per subscription; doCompleted runs before the subscriber")
    func coldSignals() async {
        let printed = await Printed.capture {
            let subscriptions = Atomic<Int>(0)
            let loggingSignal = Signal<String, Never> { subscriber in
                subscriptions.add(1, ordering: .relaxed)
                subscriber.sendCompleted()
                return nil                                  // nothing to cancel
            }
            loggingSignal.subscribeCompleted { print("订阅 \(subscriptions.load(ordering: .relaxed))") }   // 订阅 1
            loggingSignal.subscribeCompleted { print("订阅 \(subscriptions.load(ordering: .relaxed))") }   // 订阅 2

            let logged = loggingSignal.doCompleted { print("即将完成订阅 \(subscriptions.load(ordering: .relaxed))") }   // prints nothing yet
            logged.subscribeCompleted { print("订阅 \(subscriptions.load(ordering: .relaxed))") }   // 即将完成订阅 3, then 订阅 3
        }
        #expect(printed == ["订阅 1", "订阅 2", "即将完成订阅 3", "订阅 3"])
    }

    @Test("Transforming lazy lists")
    func transforming() {
        let letters = "A B C D E F G H I".split(separator: " ").map(String.init).lazyList
        let numbers = "1 2 3 4 5 6 7 8 9".split(separator: " ").map(String.init).lazyList
        let doubled = letters.map { $0 + $0 }                       // AA BB CC DD EE FF GG HH II
        let evens = numbers.filter { Int($0)! % 2 == 0 }            // 2 4 6 8
        let both = letters.concat(numbers)                          // A B C D E F G H I 1 2 3 4 5 6 7 8 9
        let flattened = [letters, numbers].lazyList.flatten()       // the same: lists are concatenated
        let twice = numbers.flattenMap { [$0, $0].lazyList }        // 1 1 2 2 3 3 … 9 9
        let odd = numbers.flattenMap { Int($0)! % 2 == 0 ? LazyList.empty() : .just($0 + "_") }   // 1_ 3_ 5_ 7_ 9_

        #expect(doubled.array == ["AA", "BB", "CC", "DD", "EE", "FF", "GG", "HH", "II"])
        #expect(evens.array == ["2", "4", "6", "8"])
        #expect(both.array == letters.array + numbers.array)
        #expect(flattened.array == both.array)
        #expect(twice.array == numbers.array.flatMap { [$0, $0] })
        #expect(odd.array == ["1_", "3_", "5_", "7_", "9_"])
    }

    @Test("Flattening a signal of signals merges them")
    func flattening() async {
        let printed = await Printed.capture {
            let letters = Subject<String, Never>()
            let numbers = Subject<String, Never>()
            let signalOfSignals = Signal<Signal<String, Never>, Never> { subscriber in
                subscriber.send(letters.signal)
                subscriber.send(numbers.signal)
                subscriber.sendCompleted()
                return nil
            }
            signalOfSignals.flatten().subscribeNext { print($0) }
            letters.send("A"); numbers.send("1"); letters.send("B"); letters.send("C"); numbers.send("2")
            // A 1 B C 2
        }
        #expect(printed == ["A", "1", "B", "C", "2"])
    }

    @Test("then, merge, combineLatest, switchToLatest")
    func combining() async {
        let sequencedOutput = await Printed.capture {
            let letters = "A B C D E F G H I".split(separator: " ").map(String.init).lazyList
            let numbers = "1 2 3 4 5 6 7 8 9".split(separator: " ").map(String.init).lazyList
            let sequenced = letters.signal.doNext { print($0) }.then { numbers.signal }   // prints nothing yet
            sequenced.subscribeNext { print($0) }   // A B C D E F G H I (from doNext), then 1 2 3 4 5 6 7 8 9
        }
        #expect(sequencedOutput == "ABCDEFGHI123456789".map(String.init))

        let printed = await Printed.capture {
            let letters = Subject<String, Never>()
            let numbers = Subject<String, Never>()
            Signal.merge([letters.signal, numbers.signal]).subscribeNext { print("merge", $0) }
            Signal.combineLatest(letters.signal, numbers.signal) { letter, number in letter + number }
                .subscribeNext { print("combineLatest", $0) }
            letters.send("A"); letters.send("B"); numbers.send("1"); numbers.send("2"); letters.send("C"); numbers.send("3")
            // merge: A B 1 2 C 3
            // combineLatest: B1 B2 C2 C3

            let signalOfSignals = Subject<Signal<String, Never>, Never>()
            signalOfSignals.signal.switchToLatest().subscribeNext { print("switchToLatest", $0) }
            signalOfSignals.send(letters.signal)
            letters.send("A"); letters.send("B")
            signalOfSignals.send(numbers.signal)
            letters.send("C"); numbers.send("1")
            signalOfSignals.send(letters.signal)
            numbers.send("2"); letters.send("D")
            // switchToLatest: A B 1 D
        }
        // merge and combineLatest stay subscribed while the switchToLatest lines send more.
        func sent(by name: String) -> [String] {
            printed.filter { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
        }
        #expect(sent(by: "merge").prefix(6) == ["A", "B", "1", "2", "C", "3"])
        #expect(sent(by: "combineLatest").prefix(4) == ["B1", "B2", "C2", "C3"])
        #expect(sent(by: "switchToLatest") == ["A", "B", "1", "D"])
    }

    @Test("throttle on virtual time")
    func throttle() async {
        let printed = await Printed.capture {
            let scheduler = TestScheduler()
            let typed = Subject<String, Never>()
            typed.signal.throttle(0.5, on: scheduler).subscribeNext { print($0) }
            typed.send("Hel"); scheduler.advance(by: 0.1)
            typed.send("Hello"); scheduler.advance(by: 1)   // Hello
        }
        #expect(printed == ["Hello"])
    }
}
