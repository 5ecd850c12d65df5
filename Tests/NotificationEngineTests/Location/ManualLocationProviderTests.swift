import NotificationEngine
import Signals
import Synchronization
import Testing

/// Values a subscriber received, safe to append to from any thread.
private final class Received<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }
}

@Suite("Manual location provider")
struct ManualLocationProviderTests {
    @Test("Subscribers receive the positions sent after they subscribe, in order, until they dispose")
    func positions() {
        let provider = ManualLocationProvider()
        let received = Received<Coordinate>()
        provider.send(Geometry.north(1))
        let subscription = provider.positions.subscribeNext { received.append($0) }
        provider.send(Geometry.north(2))
        provider.send(Geometry.north(3))
        subscription.dispose()
        provider.send(Geometry.north(4))
        #expect(received.values == [Geometry.north(2), Geometry.north(3)])
    }

    @Test("A tracker fed by a provider reports a walk into and out of a region")
    func feedsTracker() {
        let manual = ManualLocationProvider()
        let provider: any LocationProvider = manual
        let tracker = Mutex(RegionTracker(region: Geometry.region()))
        let crossings = Received<RegionCrossing>()
        let subscription = provider.positions.subscribeNext { position in
            if let crossing = tracker.withLock({ $0.update(position) }) {
                crossings.append(crossing)
            }
        }
        for metres in [400.0, 200, 95, 80, 20, 95, 105, 130, 300] {
            manual.send(Geometry.north(metres))
        }
        subscription.dispose()
        #expect(crossings.values == [.entered, .exited])
    }
}
