@testable import DesktopNotifications
import Testing

/// The desktop's Do Not Disturb from its sources' readings, as a pure state: on when
/// any present source says so, reported once at the start and then at each change.
@Suite("Do Not Disturb's state")
struct DoNotDisturbStateTests {
    @Test("Nothing is reported before the start; the start reports what the sources read")
    func start() {
        var state = DoNotDisturbState()
        #expect(state.read(.gnome, true) == nil)
        #expect(state.read(.kde, false) == nil)
        #expect(state.start() == true)
        #expect(state.reported == true)
    }

    @Test("A desktop without any source is never in Do Not Disturb")
    func noSource() {
        var state = DoNotDisturbState()
        #expect(state.start() == false)
        #expect(state.read(.kde, nil) == nil)
        #expect(state.readings.isEmpty)
    }

    @Test("On while either source says so; each change reported once")
    func either() {
        var state = DoNotDisturbState()
        _ = state.read(.gnome, false)
        _ = state.read(.kde, false)
        #expect(state.start() == false)
        #expect(state.read(.kde, true) == true)
        #expect(state.read(.gnome, true) == nil, "on already")
        #expect(state.read(.kde, false) == nil, "GNOME still says so")
        #expect(state.read(.gnome, false) == false)
        #expect(state.read(.gnome, false) == nil, "no change")
    }

    @Test("A source that goes takes its Do Not Disturb with it, and one that comes brings its own")
    func sourcesComeAndGo() {
        var state = DoNotDisturbState()
        _ = state.read(.kde, true)
        #expect(state.start() == true)
        #expect(state.read(.kde, nil) == false)
        #expect(state.readings.isEmpty)
        #expect(state.read(.kde, true) == true)
        #expect(state.readings == [.kde: true])
    }
}
