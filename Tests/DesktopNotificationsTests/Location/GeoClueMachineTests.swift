@testable import DesktopNotifications
import Testing

@Suite("GeoClue: the client's state machine")
struct GeoClueMachineTests {
    static let client = "/org/freedesktop/GeoClue2/Client/1"
    static let noAgent = GeoClueError(.noAgent, "GetClient did not answer")

    /// A machine whose client runs with a threshold of 10 m.
    static func running() -> GeoClueMachine {
        var machine = GeoClueMachine()
        _ = machine.handle(.watch(distanceThreshold: 10))
        _ = machine.handle(.clientObtained(client))
        _ = machine.handle(.started)
        return machine
    }

    @Test("Watching asks for a client, configures and starts it, and reports each step")
    func startsOnWatch() {
        var machine = GeoClueMachine()
        #expect(machine.handle(.watch(distanceThreshold: 10)) == [.report(.starting), .getClient])
        #expect(
            machine.handle(.clientObtained(Self.client))
                == [.report(.starting), .start(client: Self.client, distanceThreshold: 10)])
        #expect(machine.handle(.started) == [.report(.running)])
        #expect(machine.phase == .running(client: Self.client, distanceThreshold: 10))
    }

    @Test("Nothing watched asks GeoClue for nothing")
    func idleStaysIdle() {
        var machine = GeoClueMachine()
        #expect(machine.handle(.watch(distanceThreshold: nil)).isEmpty)
        #expect(machine.handle(.located("/l/1", client: Self.client)).isEmpty)
        #expect(machine.phase == .idle)
    }

    @Test("A location of the running client is read; one of another client, or before it runs, is not")
    func readsOnlyItsOwnLocations() {
        var machine = Self.running()
        #expect(machine.handle(.located("/l/1", client: Self.client)) == [.read(location: "/l/1")])
        #expect(machine.handle(.located("/l/2", client: "/org/freedesktop/GeoClue2/Client/9")).isEmpty)
        var starting = GeoClueMachine()
        _ = starting.handle(.watch(distanceThreshold: 10))
        #expect(starting.handle(.located("/l/1", client: Self.client)).isEmpty)
    }

    @Test("Nothing left to watch stops the client, which a later watch starts again without a new GetClient")
    func stopsAndRestarts() {
        var machine = Self.running()
        #expect(machine.handle(.watch(distanceThreshold: nil)) == [.stop(client: Self.client), .report(.stopped)])
        #expect(machine.phase == .stopped(client: Self.client))
        #expect(
            machine.handle(.watch(distanceThreshold: 25))
                == [.report(.starting), .start(client: Self.client, distanceThreshold: 25)])
    }

    @Test("A new threshold while running is set on the client; the same one changes nothing")
    func changesThreshold() {
        var machine = Self.running()
        #expect(machine.handle(.watch(distanceThreshold: 10)).isEmpty)
        #expect(machine.handle(.watch(distanceThreshold: 4)) == [.setDistanceThreshold(client: Self.client, 4)])
        #expect(machine.phase == .running(client: Self.client, distanceThreshold: 4))
    }

    @Test("Changes while a call is out wait for its answer; the calls never overlap")
    func changesWaitForTheCall() {
        var machine = GeoClueMachine()
        _ = machine.handle(.watch(distanceThreshold: 10))
        #expect(machine.handle(.watch(distanceThreshold: nil)).isEmpty)
        #expect(machine.handle(.clientObtained(Self.client)) == [.report(.stopped)])
        _ = machine.handle(.watch(distanceThreshold: 10))
        #expect(machine.handle(.watch(distanceThreshold: 30)).isEmpty)
        #expect(machine.handle(.watch(distanceThreshold: nil)).isEmpty)
        // Start answers with nothing watched any more: the client stops at once.
        #expect(machine.handle(.started) == [.report(.running), .stop(client: Self.client), .report(.stopped)])
    }

    @Test("A GetClient that never answers makes GeoClue unavailable, with why; the next watch tries again")
    func noAgent() {
        var machine = GeoClueMachine()
        _ = machine.handle(.watch(distanceThreshold: 10))
        #expect(machine.handle(.failed(Self.noAgent)) == [.report(.unavailable(Self.noAgent)), .retry(after: .seconds(10))])
        #expect(machine.handle(.located("/l/1", client: Self.client)).isEmpty)
        #expect(machine.handle(.watch(distanceThreshold: 12)) == [.report(.starting), .getClient])
    }

    @Test("While something is watched, a failure is asked again after 10 s, doubling to 5 minutes; running resets the wait")
    func retries() {
        var machine = GeoClueMachine()
        _ = machine.handle(.watch(distanceThreshold: 10))
        var waits: [Duration] = []
        for _ in 0..<7 {
            guard case .retry(let wait)? = machine.handle(.failed(Self.noAgent)).last else { break }
            waits.append(wait)
            #expect(machine.handle(.retryDue) == [.report(.starting), .getClient])
        }
        #expect(waits == [10, 20, 40, 80, 160, 300, 300].map { Duration.seconds($0) })
        _ = machine.handle(.clientObtained(Self.client))
        _ = machine.handle(.started)
        #expect(machine.failures == 0)
        #expect(machine.handle(.retryDue).isEmpty, "a wait that ends after success does nothing")
        let gone = GeoClueError(.serviceGone, "GeoClue left the system bus")
        _ = machine.handle(.serviceVanished)
        #expect(machine.handle(.failed(gone)).last == .retry(after: .seconds(10)))
    }

    @Test("A refusal, or a failure with nothing watched, is not asked again by itself")
    func noRetry() {
        var refused = GeoClueMachine()
        _ = refused.handle(.watch(distanceThreshold: 10))
        let refusal = GeoClueError(.refused, "Herald may not locate this machine")
        #expect(refused.handle(.failed(refusal)) == [.report(.unavailable(refusal))])
        #expect(refused.handle(.retryDue).isEmpty, "nor by a wait armed before it")
        var unwatched = GeoClueMachine()
        _ = unwatched.handle(.watch(distanceThreshold: 10))
        _ = unwatched.handle(.watch(distanceThreshold: nil))
        #expect(unwatched.handle(.failed(Self.noAgent)) == [.report(.unavailable(Self.noAgent))])
        #expect(unwatched.handle(.retryDue).isEmpty)
    }

    @Test("GeoClue leaving the bus makes a running client unavailable; coming back with something watched reconnects")
    func serviceComesAndGoes() {
        var machine = Self.running()
        let gone = GeoClueError(.serviceGone, "GeoClue left the system bus")
        #expect(machine.handle(.serviceVanished) == [.report(.unavailable(gone))])
        #expect(machine.handle(.serviceAppeared) == [.report(.starting), .getClient])
        var idle = GeoClueMachine()
        #expect(idle.handle(.serviceVanished).isEmpty)
        #expect(idle.handle(.serviceAppeared).isEmpty)
    }

    @Test("A stopped client that GeoClue drops is simply forgotten: the next watch asks for a new one")
    func stoppedClientGone() {
        var machine = Self.running()
        _ = machine.handle(.watch(distanceThreshold: nil))
        #expect(machine.handle(.serviceVanished).isEmpty)
        #expect(machine.phase == .idle)
        #expect(machine.handle(.watch(distanceThreshold: 10)) == [.report(.starting), .getClient])
    }

    @Test("The distance threshold is the border margin of the smallest region, at least 1 m")
    func threshold() {
        #expect(GeoClueProvider.distanceThreshold(forRadius: 100) == 10)
        #expect(GeoClueProvider.distanceThreshold(forRadius: 1_000) == 100)
        #expect(GeoClueProvider.distanceThreshold(forRadius: 8) == 4)
        #expect(GeoClueProvider.distanceThreshold(forRadius: 1) == 1)
        #expect(GeoClueProvider.distanceThreshold(forRadius: .infinity) == 1)
    }

    @Test("A failed D-Bus call becomes GeoClue's reason: a timeout no agent, an unknown name no service")
    func reasons() {
        #expect(GeoClueError(DBusError(.timedOut, "t"), calling: "GetClient").code == .noAgent)
        #expect(GeoClueError(DBusError(.serviceUnknown, "u"), calling: "GetClient").code == .serviceMissing)
        #expect(GeoClueError(DBusError(.callFailed, "AccessDenied"), calling: "Start").code == .refused)
        #expect(GeoClueError(DBusError(.noBus, "n"), calling: "GetClient").code == .noSystemBus)
    }
}
