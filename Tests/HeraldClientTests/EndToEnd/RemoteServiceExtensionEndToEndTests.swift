import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing

/// An app's service extension in the app's own process, connected to
/// `herald serve --virtual-clock` over its HTTP API: the daemon hands each
/// `mutable-content` push to it and shows what it answers, its best attempt once
/// 30 s have passed, or the push as it came when it answers nothing or is gone.
struct RemoteServiceExtensionEndToEndTests {
    static let app: AppIdentifier = "com.example.chat"

    /// A daemon with the chat app registered, authorized and holding a device
    /// token, and the app's service over HTTP.
    private struct Fixture {
        let daemon: TestDaemon
        let admin: HeraldClient
        let app: HeraldClient
        let service: RemoteNotificationService
        let deviceToken: String

        init() async throws {
            daemon = try await TestDaemon()
            let (url, adminToken) = try daemon.credentials()
            admin = try HeraldClient(url: url, token: adminToken, environment: [:])
            let registration = API.AppRegistration(identifier: RemoteServiceExtensionEndToEndTests.app.rawValue, name: "Chat")
            let credentials = try await admin.registerApp(registration)
            app = try HeraldClient(url: url, token: credentials.token, environment: [:])
            service = RemoteNotificationService(client: app)
            #expect(try await service.requestAuthorization(options: [.alert, .sound], for: RemoteServiceExtensionEndToEndTests.app))
            let bytes = try await service.registerForRemoteNotifications(for: RemoteServiceExtensionEndToEndTests.app)
            deviceToken = bytes.map { String(format: "%02x", $0) }.joined()
        }

        /// Sends an alert push titled `title`, with `mutable-content`, as a server does.
        func push(_ title: String, collapseID: String) async throws {
            let payload: JSONValue = [
                "aps": ["alert": ["title": .string(title), "body": "Lunch?"], "mutable-content": 1], "image": "cat.png",
            ]
            let answer = try await admin.sendPush(
                API.PushSend(deviceToken: deviceToken, payload: payload, collapseID: collapseID))
            #expect(answer.status == 200)
        }

        /// The shown notification of `identifier`, once there is one.
        func delivered(_ identifier: String) async throws -> API.Delivery {
            var found: API.Delivery?
            try await RemoteServiceExtensionEndToEndTests.wait("the delivery of \(identifier)") {
                found = try await admin.deliveredNotifications(for: RemoteServiceExtensionEndToEndTests.app.rawValue)
                    .first { $0.request.identifier == identifier }
                return found != nil
            }
            return try #require(found)
        }
    }

    @Test("The extension's content is shown, with the attachment it added from a file of the app's process")
    func changesTheContent() async throws {
        let fixture = try await Fixture()
        let directory = try TemporaryDirectory()
        let image = try AttachmentSamples.write(AttachmentSamples.png, named: "cat.png", in: directory.url)
        let attachment = try NotificationAttachment.file(identifier: "cat", url: image)
        let handler = ExtensionRecorder { request, contentHandler in
            var content = request.content
            content.title += " [modified]"
            content.attachments = [attachment]
            contentHandler(content)
        }
        let connection = try await fixture.service.connectServiceExtension({ handler }, for: Self.app)
        try await fixture.push("New message", collapseID: "chat-1")
        let shown = try await fixture.delivered("chat-1")
        #expect(shown.request.content.title == "New message [modified]")
        #expect(shown.request.content.body == "Lunch?")
        #expect(shown.request.content.attachments.map(\.identifier) == ["cat"])
        let bytes = try await fixture.admin.attachmentData("cat", ofDelivery: shown.id)
        #expect(bytes == AttachmentSamples.png)
        #expect(handler.received.map(\.identifier) == ["chat-1"])
        #expect(handler.received.first?.content.userInfo["image"] == "cat.png")
        connection.dispose()
        await fixture.daemon.stop()
    }

    @Test("After 30 s the extension's best attempt from serviceExtensionTimeWillExpire is shown")
    func bestAttempt() async throws {
        let fixture = try await Fixture()
        let handler = ExtensionRecorder(
            didReceive: { _, _ in },
            timeWillExpire: { request, contentHandler in
                var content = request.content
                content.title = "Best attempt"
                contentHandler(content)
            })
        let connection = try await fixture.service.connectServiceExtension({ handler }, for: Self.app)
        try await fixture.push("New message", collapseID: "chat-2")
        try await Self.wait("the extension's run") { handler.received.count == 1 }
        _ = try await fixture.admin.advanceClock(by: 29)
        #expect(try await fixture.admin.deliveredNotifications(for: Self.app.rawValue).isEmpty)
        _ = try await fixture.admin.advanceClock(by: 1)
        #expect(try await fixture.delivered("chat-2").request.content.title == "Best attempt")
        #expect(handler.expired == 1)
        connection.dispose()
        await fixture.daemon.stop()
    }

    @Test("An extension that answers nothing, even when its time expires, leaves the push shown as it came")
    func noAnswer() async throws {
        let fixture = try await Fixture()
        let handler = ExtensionRecorder(didReceive: { _, _ in }, timeWillExpire: { _, _ in })
        let connection = try await fixture.service.connectServiceExtension({ handler }, for: Self.app)
        try await fixture.push("New message", collapseID: "chat-3")
        try await Self.wait("the extension's run") { handler.received.count == 1 }
        _ = try await fixture.admin.advanceClock(by: 30)
        #expect(try await fixture.delivered("chat-3").request.content.title == "New message")
        #expect(handler.expired == 1)
        connection.dispose()
        await fixture.daemon.stop()
    }

    @Test("A push whose extension's process goes away before answering is shown as it came, at once")
    func processGone() async throws {
        let fixture = try await Fixture()
        let handler = ExtensionRecorder(didReceive: { _, _ in }, timeWillExpire: { _, _ in })
        let connection = try await fixture.service.connectServiceExtension({ handler }, for: Self.app)
        try await fixture.push("New message", collapseID: "chat-4")
        try await Self.wait("the extension's run") { handler.received.count == 1 }
        connection.dispose()
        #expect(try await fixture.delivered("chat-4").request.content.title == "New message")
        #expect(handler.expired == 0, "the daemon's clock did not move: the stream's end showed it")
        await fixture.daemon.stop()
    }

    @Test("Another app cannot answer a run, a run answers once, and content the engine refuses shows the push as it came")
    func hostileAnswers() async throws {
        let fixture = try await Fixture()
        let other = try await fixture.admin.registerApp(API.AppRegistration(identifier: "com.example.other", name: "Other"))
        let (url, _) = try fixture.daemon.credentials()
        let otherClient = try HeraldClient(url: url, token: other.token, environment: [:])
        let stream = try await fixture.app.openServiceExtension()
        var messages = stream.makeAsyncIterator()

        try await fixture.push("First", collapseID: "chat-5")
        guard case .receive(let run, let request) = try await messages.next() else {
            Issue.record("the stream's first message is not a receive")
            return
        }
        #expect(request.identifier == "chat-5")
        #expect(request.content.title == "First")
        let changed = API.Content(title: "Changed by another app")
        let foreign = await #expect(throws: HeraldClientError.self) {
            try await otherClient.answerServiceExtension(run, with: changed)
        }
        #expect(foreign?.status == 404)
        let named = await #expect(throws: HeraldClientError.self) {
            try await otherClient.answerServiceExtension(run, with: changed, app: Self.app.rawValue)
        }
        #expect(named?.status == 403)
        let badRun = await #expect(throws: HeraldClientError.self) {
            try await fixture.app.answerServiceExtension("not-a-run", with: changed)
        }
        #expect(badRun?.status == 400)
        try await fixture.app.answerServiceExtension(run, with: API.Content(title: "First, changed"))
        let again = await #expect(throws: HeraldClientError.self) {
            try await fixture.app.answerServiceExtension(run, with: API.Content(title: "First, changed twice"))
        }
        #expect(again?.status == 404)
        #expect(try await fixture.delivered("chat-5").request.content.title == "First, changed")

        try await fixture.push("Second", collapseID: "chat-6")
        guard case .receive(let second, _) = try await messages.next() else {
            Issue.record("the stream's second message is not a receive")
            return
        }
        try await fixture.app.answerServiceExtension(second, with: API.Content(title: String(repeating: "x", count: 10_000)))
        #expect(try await fixture.delivered("chat-6").request.content.title == "Second")
        await fixture.daemon.stop()
    }

    @Test("An app silent even when its time expires has the push shown as it came after 5 s more, and holds nothing")
    func silentApp() async throws {
        let fixture = try await Fixture()
        let stream = try await fixture.app.openServiceExtension()
        var messages = stream.makeAsyncIterator()
        try await fixture.push("Silent", collapseID: "chat-7")
        guard case .receive(let run, _) = try await messages.next() else {
            Issue.record("the stream's first message is not a receive")
            return
        }
        _ = try await fixture.admin.advanceClock(by: 30)
        #expect(try await messages.next() == .expire(run: run))
        #expect(try await fixture.delivered("chat-7").request.content.title == "Silent")
        let late = await #expect(throws: HeraldClientError.self) {
            try await fixture.app.answerServiceExtension(run, with: API.Content(title: "Too late"))
        }
        #expect(late?.status == 404)
        await fixture.daemon.stop()
    }

    /// Waits, at most 60 s, until `condition` holds.
    static func wait(_ what: String, until condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while try await !condition() {
            try #require(ContinuousClock.now < deadline, "waited 60 s for \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// A service extension that records the requests it gets and answers as told.
private final class ExtensionRecorder: ServiceExtensionHandler {
    typealias Answer = @Sendable (NotificationRequest, @escaping @Sendable (NotificationContent) -> Void) -> Void

    private struct State {
        var received: [NotificationRequest] = []
        var contentHandler: (@Sendable (NotificationContent) -> Void)?
        var expired = 0
    }

    private let answer: Answer
    private let timeWillExpire: Answer
    private let state = Mutex(State())

    init(didReceive answer: @escaping Answer, timeWillExpire: @escaping Answer = { _, _ in }) {
        self.answer = answer
        self.timeWillExpire = timeWillExpire
    }

    var received: [NotificationRequest] { state.withLock { $0.received } }
    var expired: Int { state.withLock { $0.expired } }

    func didReceive(
        _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void
    ) {
        state.withLock { state in
            state.received.append(request)
            state.contentHandler = contentHandler
        }
        answer(request, contentHandler)
    }

    func serviceExtensionTimeWillExpire() {
        let (request, contentHandler) = state.withLock { state in
            state.expired += 1
            return (state.received.last, state.contentHandler)
        }
        guard let request, let contentHandler else { return }
        timeWillExpire(request, contentHandler)
    }
}
