import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// A `mutable-content` push going through the app's service extension, on
/// virtual time: the extension's content is shown, or the push's own when the
/// extension is silent for 30 s or gives content that is refused. The decisions
/// themselves are checked on the core (`ServiceExtensionFlowTests`).
@Suite("Engine: service extension")
struct ServiceExtensionTests {
    static func push(_ title: String, mutable: Bool = true, collapse: String? = "chat-1") -> RemoteNotification {
        RemoteNotification(
            id: UUID(), content: NotificationContent(title: title, body: "Lunch?", userInfo: ["image": "cat.png"]),
            collapseIdentifier: collapse, isMutableContent: mutable)
    }

    /// Starts delivering `push` and waits until the extension's `didReceive` has
    /// returned (or, for one that blocks, begun): the engine's clock may move then.
    /// An engine whose app is authorized and has an extension playing `script`.
    static func connected(
        _ script: ScriptedExtension.Script
    ) async throws -> (EngineFixture, ExtensionRecorder, any Disposable) {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let recorder = ExtensionRecorder()
        let connection = try await fixture.engine.connectServiceExtension(
            { ScriptedExtension(script, recorder) }, for: fixture.app)
        return (fixture, recorder, connection)
    }

    static func delivering(
        _ push: RemoteNotification, on fixture: EngineFixture, to recorder: ExtensionRecorder, blocks: Bool = false
    ) async throws -> Task<RemoteDeliveryResult, any Error> {
        let before = blocks ? recorder.requests.count : recorder.returns
        let task = Task { try await fixture.engine.deliverRemoteNotification(push, for: fixture.app) }
        try await waitUntil { (blocks ? recorder.requests.count : recorder.returns) > before }
        return task
    }

    @Test("The extension gets the request (identifier, content, push trigger); what it gives is shown and stored")
    func modified() async throws {
        let (fixture, recorder, connection) = try await Self.connected(.appendToTitle(" [modified]"))
        defer { connection.dispose() }
        let result = try await fixture.engine.deliverRemoteNotification(Self.push("New message"), for: fixture.app)
        #expect(result == .delivered(requestIdentifier: "chat-1"))
        let request = try #require(recorder.requests.first)
        #expect(request.identifier == "chat-1" && request.trigger == .push && request.content.title == "New message")
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["New message [modified]"])
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.content.title) == ["New message [modified]"])
        #expect(delivered.first?.request.content.userInfo["image"] == "cat.png")
    }

    @Test("Content given later, from another thread, within the 30 s is shown; the extension is not told of expiry")
    func modifiedLater() async throws {
        let (fixture, recorder, connection) = try await Self.connected(.silent)
        defer { connection.dispose() }
        let task = try await Self.delivering(Self.push("Photo"), on: fixture, to: recorder)
        fixture.scheduler.advance(by: 29)
        #expect(fixture.presenter.presentations.isEmpty)
        let handler = try #require(recorder.contentHandlers.first)
        Thread.detachNewThread { handler(NotificationContent(title: "Photo", body: "with the picture")) }
        #expect(try await task.value == .delivered(requestIdentifier: "chat-1"))
        fixture.scheduler.advance(by: 60)
        #expect(recorder.expiries == 0)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.body) == ["with the picture"])
    }

    @Test("An extension silent for 30 s is told its time will expire, and the push is shown as it came")
    func timedOut() async throws {
        let (fixture, recorder, connection) = try await Self.connected(.silent)
        defer { connection.dispose() }
        let task = try await Self.delivering(Self.push("Original"), on: fixture, to: recorder)
        fixture.scheduler.advance(by: 29.9)
        #expect(recorder.expiries == 0)
        fixture.scheduler.advance(by: 0.1)
        #expect(try await task.value == .delivered(requestIdentifier: "chat-1"))
        #expect(recorder.expiries == 1)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["Original"])
        recorder.contentHandlers.first?(NotificationContent(title: "Too late"))
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.content.title) == ["Original"])
    }

    @Test("An extension that blocks in didReceive holds up nothing: after 30 s the push is shown as it came, and the extension, still in didReceive, is not told")
    func blocking() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let recorder = ExtensionRecorder()
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let connection = try await fixture.engine.connectServiceExtension(
            { ScriptedExtension(.blocking(release), recorder) }, for: fixture.app)
        defer { connection.dispose() }
        let task = try await Self.delivering(Self.push("Stuck"), on: fixture, to: recorder, blocks: true)
        fixture.scheduler.advance(by: 30)
        #expect(try await task.value == .delivered(requestIdentifier: "chat-1"))
        #expect(recorder.expiries == 0)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["Stuck"])
    }

    @Test("Content given during serviceExtensionTimeWillExpire, its best attempt, is shown")
    func bestAttempt() async throws {
        let (fixture, recorder, connection) = try await Self.connected(.atExpiry(" [best attempt]"))
        defer { connection.dispose() }
        let task = try await Self.delivering(Self.push("Download"), on: fixture, to: recorder)
        fixture.scheduler.advance(by: 30)
        #expect(try await task.value == .delivered(requestIdentifier: "chat-1"))
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["Download [best attempt]"])
    }

    static let refusedContent: [String: NotificationContent] = [
        "nothing to show": NotificationContent(userInfo: ["x": 1]),
        "a title over the limit": NotificationContent(title: String(repeating: "x", count: 5_000)),
        "an attachment of an unknown type": NotificationContent(
            title: "T", attachments: [attachment(type: AttachmentType(rawValue: "public.nothing"))]),
        "an attachment whose file is missing": NotificationContent(title: "T", attachments: [attachment(type: .png)]),
    ]

    static func attachment(type: AttachmentType) -> NotificationAttachment {
        let missing = URL(fileURLWithPath: "/nonexistent/herald-\(UUID().uuidString).png")
        return NotificationAttachment(identifier: "a", type: type, fileName: "x.png", url: missing)
    }

    @Test("Content refused as any content is shows the push as it came", arguments: refusedContent.keys.sorted())
    func refused(name: String) async throws {
        let content = try #require(Self.refusedContent[name])
        let (fixture, _, connection) = try await Self.connected(.replace(content))
        defer { connection.dispose() }
        let result = try await fixture.engine.deliverRemoteNotification(Self.push("Original"), for: fixture.app)
        #expect(result == .delivered(requestIdentifier: "chat-1"))
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["Original"])
    }

    @Test("A push that also asks for a fetch is shown changed; the app's fetch gets the payload as it came")
    func fetchGetsThePushsPayload() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let recorder = ExtensionRecorder()
        let changed = NotificationContent(title: "Decrypted", userInfo: ["decrypted": true])
        let connection = try await fixture.engine.connectServiceExtension(
            { ScriptedExtension(.replace(changed), recorder) }, for: fixture.app)
        defer { connection.dispose() }
        let fetcher = FetchingHandler()
        let app = try await fixture.engine.connect(fetcher, for: fixture.app)
        defer { app.dispose() }
        var push = Self.push("Encrypted")
        push.isContentAvailable = true
        #expect(try await fixture.engine.deliverRemoteNotification(push, for: fixture.app) == .delivered(requestIdentifier: "chat-1"))
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.userInfo) == [["decrypted": true]])
        #expect(fetcher.payloads == [push.content.userInfo])
    }

    @Test("A push refused as it came is refused at once, without its extension")
    func refusedAsItCame() async throws {
        let (fixture, recorder, connection) = try await Self.connected(.silent)
        defer { connection.dispose() }
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.deliverRemoteNotification(Self.push("T", collapse: ""), for: fixture.app)
        }
        #expect(error?.code == .invalidIdentifier)
        #expect(recorder.requests.isEmpty)
        #expect(fixture.presenter.presentations.isEmpty)
    }

    @Test("A push without mutable-content, or after the extension is disconnected, does not go through it")
    func notThroughExtension() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let recorder = ExtensionRecorder()
        let connection = try await fixture.engine.connectServiceExtension(
            { ScriptedExtension(.appendToTitle("!"), recorder) }, for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Plain", mutable: false, collapse: "a"), for: fixture.app)
        connection.dispose()
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Gone", collapse: "b"), for: fixture.app)
        #expect(recorder.requests.isEmpty)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["Plain", "Gone"])
    }
}

/// Waits, with a generous deadline, until `condition` holds.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw CancellationError() }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// What every extension made for the pushes saw and did.
final class ExtensionRecorder: Sendable {
    private struct State {
        var requests: [NotificationRequest] = []
        var contentHandlers: [@Sendable (NotificationContent) -> Void] = []
        var expiries = 0
        var returns = 0
    }

    private let state = Mutex(State())

    var requests: [NotificationRequest] { state.withLock { $0.requests } }
    var contentHandlers: [@Sendable (NotificationContent) -> Void] { state.withLock { $0.contentHandlers } }
    var expiries: Int { state.withLock { $0.expiries } }
    /// How many times `didReceive` returned.
    var returns: Int { state.withLock { $0.returns } }

    func received(_ request: NotificationRequest, _ handler: @escaping @Sendable (NotificationContent) -> Void) {
        state.withLock { $0.requests.append(request); $0.contentHandlers.append(handler) }
    }

    func expired() {
        state.withLock { $0.expiries += 1 }
    }

    func returned() {
        state.withLock { $0.returns += 1 }
    }
}

/// A service extension that behaves as its script says.
final class ScriptedExtension: ServiceExtensionHandler {
    enum Script {
        /// Calls the content handler at once with the title extended.
        case appendToTitle(String)
        /// Calls it at once with this content.
        case replace(NotificationContent)
        /// Calls it only when told its time will expire, with the title extended.
        case atExpiry(String)
        /// Never calls it by itself (the test may, through the recorder).
        case silent
        /// Blocks in `didReceive` until the semaphore is signalled, and never calls it.
        case blocking(DispatchSemaphore)
    }

    private let script: Script
    private let recorder: ExtensionRecorder
    private let pending = Mutex<(NotificationRequest, @Sendable (NotificationContent) -> Void)?>(nil)

    init(_ script: Script, _ recorder: ExtensionRecorder) {
        self.script = script
        self.recorder = recorder
    }

    func didReceive(
        _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void
    ) {
        recorder.received(request, contentHandler)
        defer { recorder.returned() }
        var content = request.content
        switch script {
        case .appendToTitle(let suffix):
            content.title += suffix
            contentHandler(content)
        case .replace(let replacement):
            contentHandler(replacement)
        case .atExpiry, .silent:
            pending.withLock { $0 = (request, contentHandler) }
        case .blocking(let release):
            release.wait()
        }
    }

    func serviceExtensionTimeWillExpire() {
        recorder.expired()
        guard case .atExpiry(let suffix) = script, let (request, handler) = pending.withLock({ $0 }) else { return }
        var content = request.content
        content.title += suffix
        handler(content)
    }
}
