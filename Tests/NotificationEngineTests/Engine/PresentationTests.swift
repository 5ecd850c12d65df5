import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// Presentation end to end: the app's handler, its timeout, the presenters and
/// the sound files. How a delivery is shown per preference, foreground answer and
/// interruption level is checked on the core alone (`PresentationPolicyTests`).
@Suite("Engine: presentation")
struct PresentationTests {
    @Test("In the foreground the handler decides: shown when it says so")
    func foregroundShown() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let handler = ScriptedHandler(options: [.banner, .sound, .list])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        try await fixture.engine.setForeground(true, for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("a", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(handler.asked.map(\.request.identifier) == ["a"])
        #expect(fixture.presenter.presentations.map(\.style) == [.banner])
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
    }

    @Test("A handler that never answers willPresent times out: logged, not shown")
    func willPresentTimeout() async throws {
        let fixture = try EngineFixture { $0.handlerTimeout = 5 }
        try await fixture.authorize()
        let handler = ScriptedHandler(options: nil)
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        try await fixture.engine.setForeground(true, for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("a", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 5.9)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
        fixture.scheduler.advance(by: 0.1)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("In the background the presentation carries the category's actions, badge and sound")
    func background() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let actions = ["a", "b", "c"].map { NotificationAction(identifier: $0, title: $0.uppercased()) }
        try await fixture.engine.setCategories(
            [NotificationCategory(identifier: "cat", actions: actions, options: .customDismissAction)], for: fixture.app)
        var request = EngineFixture.request("x", after: 1)
        request.content.categoryIdentifier = "cat"
        request.content.badge = 3
        request.content.sound = .default
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 1)
        let presentation = try #require(fixture.presenter.presentations.first)
        #expect(presentation.style == .banner)
        #expect(presentation.actions.map(\.identifier) == ["a", "b", "c"])
        #expect(presentation.bannerActions.map(\.identifier) == ["a", "b"])
        #expect(presentation.reportsDismissal)
        #expect(presentation.badge == 3)
        #expect(presentation.sound == .default)
        #expect(fixture.presenter.badges[fixture.app] == 3)
        #expect(try await fixture.engine.badgeCount(for: fixture.app) == 3)
    }

    @Test("A custom sound over 30 s or unknown plays the default; one within plays itself")
    func soundLength() async throws {
        let fixture = try EngineFixture {
            $0.soundLibrary = SoundLibrary(durations: ["short.wav": 12, "long.wav": 31])
        }
        try await fixture.authorize()
        for (index, name) in ["short.wav", "long.wav", "missing.wav"].enumerated() {
            var request = EngineFixture.request(name, after: Double(index + 1))
            request.content.sound = .named(name)
            try await fixture.engine.add(request, for: fixture.app)
        }
        fixture.scheduler.advance(by: 3)
        #expect(fixture.presenter.presentations.map(\.sound) == [.named("short.wav"), .default, .default])
    }

    @Test("A sound's length is read from a WAV file's header")
    func wavHeader() throws {
        let directory = try TemporaryDirectory()
        try WAV.silence(seconds: 2.5, sampleRate: 8_000).write(to: directory.url.appendingPathComponent("chime.wav"))
        let library = SoundLibrary(directory: directory.url)
        #expect(library.duration(of: "chime.wav") == 2.5)
        #expect(library.duration(of: "../chime.wav") == nil)
        #expect(library.duration(of: "absent.wav") == nil)
    }

    @Test("A negative badge is refused")
    func negativeBadge() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.setBadgeCount(-1, for: fixture.app)
        }
        #expect(error?.code == .badgeInputInvalid)
        #expect(error?.code.rawValue == 1600)
    }
}

/// Builds WAV files for tests.
enum WAV {
    static func silence(seconds: Double, sampleRate: UInt32) -> Data {
        let dataSize = UInt32(Double(sampleRate) * seconds) * 2
        var data = Data("RIFF".utf8)
        data.append(le(36 + dataSize))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        data.append(le(16))
        data.append(contentsOf: [1, 0, 1, 0])  // PCM, mono
        data.append(le(sampleRate))
        data.append(le(sampleRate * 2))  // byte rate
        data.append(contentsOf: [2, 0, 16, 0])  // block align, bits
        data.append(contentsOf: Array("data".utf8))
        data.append(le(dataSize))
        data.append(Data(count: Int(dataSize)))
        return data
    }

    private static func le(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}
