import Signals
import Testing

/// Every example of the seed's "basic operators" document, with the output it prints there.
@Suite struct SeedExamplesTests {
    @Test func subscribingPrintsEveryLetter() {
        let letters = letterStrings.lazyList.signal
        let printed = Recorder<String>()
        letters.subscribeNext { printed.append($0) }
        #expect(printed.values == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
    }

    @Test func coldSignalRunsOncePerSubscription() {
        let subscriptions = Counter()
        let loggingSignal = Signal<String, Never> { subscriber in
            subscriptions.increment()
            subscriber.sendCompleted()
            return nil
        }
        let printed = Recorder<String>()
        loggingSignal.subscribeCompleted { printed.append("订阅 \(subscriptions.current)") }
        loggingSignal.subscribeCompleted { printed.append("订阅 \(subscriptions.current)") }
        #expect(printed.values == ["订阅 1", "订阅 2"])
    }

    @Test func doCompletedRunsBeforeTheSubscriberAndOnlyOnSubscription() {
        let subscriptions = Counter()
        let printed = Recorder<String>()
        var loggingSignal = Signal<String, Never> { subscriber in
            subscriptions.increment()
            subscriber.sendCompleted()
            return nil
        }
        loggingSignal = loggingSignal.doCompleted { printed.append("即将完成订阅 \(subscriptions.current)") }
        #expect(printed.values.isEmpty)
        loggingSignal.subscribeCompleted { printed.append("订阅 \(subscriptions.current)") }
        #expect(printed.values == ["即将完成订阅 1", "订阅 1"])
    }

    @Test func mapDoublesEachLetter() {
        let mapped = letterStrings.lazyList.map { $0 + $0 }
        #expect(mapped.array == ["AA", "BB", "CC", "DD", "EE", "FF", "GG", "HH", "II"])
    }

    @Test func filterKeepsEvenNumbers() {
        let filtered = numberStrings.lazyList.filter { Int($0)! % 2 == 0 }
        #expect(filtered.array == ["2", "4", "6", "8"])
    }

    @Test func concatAppendsNumbersToLetters() {
        let concatenated = letterStrings.lazyList.concat(numberStrings.lazyList)
        #expect(concatenated.array == letterStrings + numberStrings)
    }

    @Test func flattenConcatenatesSequences() {
        let sequenceOfSequences = [letterStrings.lazyList, numberStrings.lazyList].lazyList
        #expect(sequenceOfSequences.flatten().array == letterStrings + numberStrings)
    }

    @Test func flattenMergesSignals() {
        let letters = Subject<String, Never>()
        let numbers = Subject<String, Never>()
        let signalOfSignals = Signal<Signal<String, Never>, Never> { subscriber in
            subscriber.send(letters.signal)
            subscriber.send(numbers.signal)
            subscriber.sendCompleted()
            return nil
        }
        let printed = Recorder<String>()
        signalOfSignals.flatten().subscribeNext { printed.append($0) }
        letters.send("A")
        numbers.send("1")
        letters.send("B")
        letters.send("C")
        numbers.send("2")
        #expect(printed.values == ["A", "1", "B", "C", "2"])
    }

    @Test func flattenMapExtendsAndEdits() {
        let numbers = numberStrings.lazyList
        let extended = numbers.flattenMap { [$0, $0].lazyList }
        #expect(extended.array == ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6", "7", "7", "8", "8", "9", "9"])
        let edited = numbers.flattenMap { num -> LazyList<String> in
            Int(num)! % 2 == 0 ? .empty() : .just(num + "_")
        }
        #expect(edited.array == ["1_", "3_", "5_", "7_", "9_"])
    }

    @Test func flattenMapChainsDependentSignals() {
        let saved = Recorder<String>()
        let printed = Recorder<String>()
        letterStrings.lazyList.signal
            .flattenMap { letter in
                Signal<Never, Never> { observer in
                    saved.append(letter)
                    observer.sendCompleted()
                    return nil
                }
            }
            .subscribeCompleted { printed.append("All database entries saved successfully.") }
        #expect(saved.values == letterStrings)
        #expect(printed.values == ["All database entries saved successfully."])
    }

    @Test func mergeInterleavesInSendOrder() {
        let letters = Subject<String, Never>()
        let numbers = Subject<String, Never>()
        let printed = Recorder<String>()
        Signal.merge([letters.signal, numbers.signal]).subscribeNext { printed.append($0) }
        letters.send("A")
        numbers.send("1")
        letters.send("B")
        letters.send("C")
        numbers.send("2")
        #expect(printed.values == ["A", "1", "B", "C", "2"])
    }
}
