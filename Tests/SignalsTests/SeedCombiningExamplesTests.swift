import Signals
import Testing

/// The seed's "combining signals" examples (then, combineLatest:reduce:, switchToLatest), with
/// the output each prints there.
@Suite struct SeedCombiningExamplesTests {
    @Test func thenPrintsTheLettersAndContainsTheNumbers() {
        let printed = Recorder<String>()
        let letters = letterStrings.lazyList.signal
        let sequenced = letters
            .doNext { letter in printed.append(letter) }
            .then { numberStrings.lazyList.signal }
        #expect(printed.values.isEmpty)
        let contained = Recorder<String>()
        sequenced.subscribeNext { contained.append($0) }
        #expect(printed.values == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
        #expect(contained.values == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
    }

    @Test func combineLatestReducePrintsB1B2C2C3() {
        let letters = Subject<String, Never>()
        let numbers = Subject<String, Never>()
        let combined = Signal.combineLatest(letters.signal, numbers.signal) { letter, number in
            letter + number
        }
        let printed = Recorder<String>()
        combined.subscribeNext { printed.append($0) }
        letters.send("A")
        letters.send("B")
        numbers.send("1")
        numbers.send("2")
        letters.send("C")
        numbers.send("3")
        #expect(printed.values == ["B1", "B2", "C2", "C3"])
    }

    @Test func combineLatestArrayReducePrintsB1B2C2C3() {
        let letters = Subject<String, Never>()
        let numbers = Subject<String, Never>()
        let combined = Signal.combineLatest([letters.signal, numbers.signal]) { $0.joined() }
        let printed = Recorder<String>()
        combined.subscribeNext { printed.append($0) }
        letters.send("A")
        letters.send("B")
        numbers.send("1")
        numbers.send("2")
        letters.send("C")
        numbers.send("3")
        #expect(printed.values == ["B1", "B2", "C2", "C3"])
    }

    @Test func switchToLatestPrintsAB1D() {
        let letters = Subject<String, Never>()
        let numbers = Subject<String, Never>()
        let signalOfSignals = Subject<Signal<String, Never>, Never>()
        let switched = signalOfSignals.signal.switchToLatest()
        let printed = Recorder<String>()
        switched.subscribeNext { printed.append($0) }
        signalOfSignals.send(letters.signal)
        letters.send("A")
        letters.send("B")
        signalOfSignals.send(numbers.signal)
        letters.send("C")
        numbers.send("1")
        signalOfSignals.send(letters.signal)
        numbers.send("2")
        letters.send("D")
        #expect(printed.values == ["A", "B", "1", "D"])
    }
}
