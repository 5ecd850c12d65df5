import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NIOCore
import NIOHPACK
import NIOHTTP2
import NotificationEngine
import Signals
import NotificationModel
import PushService
import Synchronization
import Testing

/// The link of a device on another machine, over a real listener with TLS: the pinned
/// certificate, the device's credential, order, acknowledgements and sending again.
@Suite("Device links over the provider API's listener", .timeLimit(.minutes(2)))
struct DeviceLinkTests {
    struct Service {
        let url: String
        let fingerprint: String
        let directory: PushDirectory
        let queues: MemoryDeviceQueues
        let links: DeviceLinks

        /// Enrolls a device; its identifier and credential.
        func enroll() throws -> (String, DeviceCredential) {
            let (_, code) = try directory.invite(name: "laptop", now: Date())
            let (device, credential) = try directory.enroll(code: code, now: Date())
            return (device.identifier, credential)
        }

        /// Queues a push titled `title` for `device`; the push.
        @discardableResult
        func queue(_ title: String, collapse: String? = nil, for device: String) throws -> RemoteNotification {
            var content = NotificationContent()
            content.title = title
            let notification = RemoteNotification(id: UUID(), content: content, collapseIdentifier: collapse)
            _ = try queues.enqueue(
                device: device, app: "com.example.chat", notification: notification, expiration: nil, isConnected: false,
                now: Date())
            links.wake(device)
            return notification
        }
    }

    static func with(_ body: (Service) async throws -> Void) async throws {
        let identity = try PushListenerHarness.identity()
        let directory = try PushDirectory(records: PushMemoryRecords())
        let endpoint = DeviceEndpoint(directory: directory, now: { Date() })
        let (queues, links) = (MemoryDeviceQueues(), DeviceLinks())
        let (started, continuation) = AsyncStream.makeStream(of: PushListener.Running.self)
        let listener = try PushListener(
            host: "127.0.0.1", port: 0, transport: .tls(identity), connections: ConnectionTable(limits: ConnectionLimits()),
            endpoint: { await endpoint.answer($0) },
            link: DeviceLinkStream(endpoint: endpoint, queues: queues, links: links, now: { Date() }),
            onRunning: { continuation.yield($0) })
        let serving = Task { try await listener.run() }
        defer { serving.cancel() }
        var iterator = started.makeAsyncIterator()
        let running = try #require(await iterator.next())
        try await body(
            Service(url: running.url, fingerprint: identity.fingerprint, directory: directory, queues: queues, links: links))
    }

    /// Opens a link and reads pushes until `count` have come; acknowledges through
    /// `acknowledging`, if given; then ends the link. The pushes' titles and numbers.
    static func link(
        _ service: Service, _ credential: DeviceCredential, reading count: Int, acknowledging: UInt64? = nil,
        untilReset: Bool = false
    ) async throws -> [(UInt64, String)] {
        let connection = try await ServiceConnection.connect(to: service.url, fingerprint: service.fingerprint)
        defer { connection.close() }
        let read = Mutex<[(UInt64, String)]>([])
        do {
            return try await linkExchange(connection, credential, service, reading: count, acknowledging: acknowledging, read: read)
        } catch let reset as NIOHTTP2Errors.StreamClosed where untilReset {
            #expect(reset.errorCode == .cancel, "the service ended the stream")
            return read.withLock { $0 }
        }
    }

    private static func linkExchange(
        _ connection: ServiceConnection, _ credential: DeviceCredential, _ service: Service, reading count: Int,
        acknowledging: UInt64?, read: borrowing Mutex<[(UInt64, String)]>
    ) async throws -> [(UInt64, String)] {
        try await connection.exchange(path: DeviceEndpoint.linkPath, credential: credential) { inbound, outbound in
            var lines = LineBuffer()
            var pushes: [(UInt64, String)] = []
            for try await frame in inbound {
                guard case .data(let data) = frame, case .byteBuffer(let bytes) = data.data else { continue }
                for line in try lines.take(bytes.readableBytesView) {
                    if case .push(let push) = try LinkMessage.down(line) {
                        pushes.append((push.sequence, push.notification.content.title))
                        read.withLock { $0 = pushes }
                    }
                }
                if pushes.count >= count { break }
            }
            if let acknowledging {
                // Acknowledged again until kept, as a device acknowledges each push it gets: a
                // link that ended beside this one may have the service send a push again.
                let line = try LinkMessage.line(LinkMessage.Acknowledgement(ack: acknowledging))
                let deadline = ContinuousClock.now + .seconds(60)
                while service.queues.queue(of: credential.device).entries.contains(where: { $0.sequence <= acknowledging }),
                    ContinuousClock.now < deadline
                {
                    try await outbound.write(.data(.init(data: .byteBuffer(ByteBuffer(bytes: line)))))
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(!service.queues.queue(of: credential.device).entries.contains { $0.sequence <= acknowledging },
                        "the acknowledgement is kept")
            }
            return pushes
        }
    }

    @Test("pushes come in order; those acknowledged never again, those not on the next link")
    func orderAndAcknowledgements() async throws {
        try await Self.with { service in
            let (device, credential) = try service.enroll()
            for title in ["one", "two", "three"] { try service.queue(title, for: device) }
            let first = try await Self.link(service, credential, reading: 3, acknowledging: 2)
            #expect(first.map(\.0) == [1, 2, 3])
            #expect(first.map(\.1) == ["one", "two", "three"])
            try await PushDeviceWaiting.until("the link is let go") { !service.links.isConnected(device) }
            try service.queue("four", for: device)
            let second = try await Self.link(service, credential, reading: 2, acknowledging: 4)
            #expect(second.map(\.1) == ["three", "four"])
            try await PushDeviceWaiting.until("the link is let go") { !service.links.isConnected(device) }
            #expect(service.queues.queue(of: device).entries.isEmpty)
        }
    }

    @Test("a push queued while the link is up goes down it at once")
    func wokenWhileLinked() async throws {
        try await Self.with { service in
            let (device, credential) = try service.enroll()
            let reading = Task { try await Self.link(service, credential, reading: 1, acknowledging: 1) }
            try await PushDeviceWaiting.until("the link is up") { service.links.isConnected(device) }
            try service.queue("now", for: device)
            #expect(try await reading.value.map(\.1) == ["now"])
        }
    }

    @Test("a device's second link replaces its first, which ends; what the first did not hear acknowledged comes on the second")
    func replacedLink() async throws {
        try await Self.with { service in
            let (device, credential) = try service.enroll()
            try service.queue("one", for: device)
            // Reads until its stream ends: it gets "one", never acknowledges it.
            let first = Task { try await Self.link(service, credential, reading: 2, untilReset: true) }
            try await PushDeviceWaiting.until("the first link has sent the push") {
                service.queues.queue(of: device).entries.first?.isSent == true
            }
            let second = try await Self.link(service, credential, reading: 1, acknowledging: 1)
            #expect(second.map(\.1) == ["one"])
            #expect(try await first.value.map(\.1) == ["one"], "the first link ended when the second began")
        }
    }

    @Test("a certificate that is not the pinned one is refused, saying whose it is")
    func pinning() async throws {
        try await Self.with { service in
            let (_, credential) = try service.enroll()
            let connection = try await ServiceConnection.connect(
                to: service.url, fingerprint: String(repeating: "AB:", count: 31) + "AB")
            defer { connection.close() }
            let error = await #expect(throws: ServiceConnection.Failure.self) {
                try await connection.request(path: DeviceEndpoint.prefix + "registrations", body: Data("{}".utf8), credential: credential)
            }
            #expect(error?.description.contains(service.fingerprint) == true)
        }
    }

    @Test("a link without a device's credential is answered 401 and holds nothing")
    func unauthenticated() async throws {
        try await Self.with { service in
            let forged = DeviceCredential(device: String(repeating: "a", count: 32), secret: String(repeating: "b", count: 64))
            let connection = try await ServiceConnection.connect(to: service.url, fingerprint: service.fingerprint)
            defer { connection.close() }
            let status = try await connection.exchange(path: DeviceEndpoint.linkPath, credential: forged) { inbound, _ in
                for try await frame in inbound {
                    if case .headers(let headers) = frame { return headers.headers.first(name: ":status") }
                }
                return nil
            }
            #expect(status == "401")
            #expect(service.links.count == 0)
        }
    }
}

enum PushDeviceWaiting {
    /// Waits, at most a minute, until `condition` holds.
    static func until(_ what: String, _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try condition(), "\(what)")
    }
}

/// The device's end of the link: ``Upstream`` against a real listener.
@Suite("A device's link to its push service", .timeLimit(.minutes(2)))
struct UpstreamTests {
    /// The device's engine, `apps` authorized.
    static func engine(authorizing apps: [String]) async throws -> NotificationEngine {
        var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
        configuration.pendingLimitPerApp = 64
        let engine = try NotificationEngine(
            store: .inMemory, scheduler: TestScheduler(startDate: Date()), configuration: configuration, presenters: [])
        for app in apps {
            _ = try await engine.requestAuthorization(options: [.alert], for: AppIdentifier(app))
        }
        return engine
    }

    @Test("the device shows pushes for the apps registered there with the service, and drops the others' though acknowledged")
    func onlyRegisteredApps() async throws {
        try await DeviceLinkTests.with { service in
            let (device, credential) = try service.enroll()
            let engine = try await Self.engine(authorizing: ["com.example.chat", "com.example.other"])
            let scratch = try TemporaryDirectory()
            let record = PushUpstream(
                url: service.url, fingerprint: service.fingerprint, device: device, name: "laptop",
                credential: credential.description, tokens: ["com.example.chat": String(repeating: "0", count: 64)])
            let upstream = Upstream(record, file: scratch.url.appendingPathComponent("push-upstream.json"), engine: engine)
            for (title, app) in [("mine", "com.example.chat"), ("not mine", "com.example.other"), ("mine too", "com.example.chat")] {
                var content = NotificationContent()
                content.title = title
                _ = try service.queues.enqueue(
                    device: device, app: app, notification: RemoteNotification(id: UUID(), content: content), expiration: nil,
                    isConnected: false, now: Date())
            }
            let linking = Task { await upstream.run() }
            defer { linking.cancel() }
            try await PushDeviceWaiting.until("every push is acknowledged") { service.queues.queue(of: device).entries.isEmpty }
            let chat = try await engine.deliveredNotifications(for: "com.example.chat").map(\.request.content.title)
            #expect(chat == ["mine", "mine too"])
            #expect(try await engine.deliveredNotifications(for: "com.example.other").isEmpty)
            #expect(upstream.current.deliveredThrough == 3)
            #expect(try PushUpstream.load(from: scratch.url.appendingPathComponent("push-upstream.json"))?.deliveredThrough == 3)
        }
    }

    @Test("a push shown, its acknowledgement lost with the link, then a newer one with its collapse id: the device shows the newer")
    func collapseAfterALostAcknowledgement() async throws {
        try await DeviceLinkTests.with { service in
            let (device, credential) = try service.enroll()
            let engine = try await Self.engine(authorizing: ["com.example.chat"])
            let old = try service.queue("old score", collapse: "score", for: device)
            // The device gets push 1 and shows it, and the link is cut before its acknowledgement.
            #expect(try await DeviceLinkTests.link(service, credential, reading: 1).map(\.0) == [1])
            _ = try await engine.deliverRemoteNotification(old, for: "com.example.chat")
            try await PushDeviceWaiting.until("the cut link's push waits to be sent again") {
                service.queues.queue(of: device).entries.first?.isSent == false
            }
            try service.queue("new score", collapse: "score", for: device)
            let scratch = try TemporaryDirectory()
            let record = PushUpstream(
                url: service.url, fingerprint: service.fingerprint, device: device, name: "laptop",
                credential: credential.description, deliveredThrough: 1,
                tokens: ["com.example.chat": String(repeating: "0", count: 64)])
            let upstream = Upstream(record, file: scratch.url.appendingPathComponent("push-upstream.json"), engine: engine)
            let linking = Task { await upstream.run() }
            defer { linking.cancel() }
            try await PushDeviceWaiting.until("every push is acknowledged") { service.queues.queue(of: device).entries.isEmpty }
            let shown = try await engine.deliveredNotifications(for: "com.example.chat")
            #expect(shown.map(\.request.content.title) == ["new score"])
            #expect(shown.map(\.request.identifier) == ["score"])
            #expect(upstream.current.deliveredThrough == 2)
        }
    }

    @Test(
        "a service whose queue was made anew numbers from 1 in another epoch: the device counts again and shows those pushes",
        arguments: [("another epoch", "0123456789abcdef0123456789abcdef", ["one", "two"]), ("no epoch seen yet", nil, [])])
    func epochs(_ what: String, _ seen: String?, _ expected: [String]) async throws {
        try await DeviceLinkTests.with { service in
            let (device, credential) = try service.enroll()
            let engine = try await Self.engine(authorizing: ["com.example.chat"])
            try service.queue("one", for: device)
            try service.queue("two", for: device)
            let scratch = try TemporaryDirectory()
            // The device showed 5 pushes of the service's earlier numbering.
            var record = PushUpstream(
                url: service.url, fingerprint: service.fingerprint, device: device, name: "laptop",
                credential: credential.description, deliveredThrough: 5,
                tokens: ["com.example.chat": String(repeating: "0", count: 64)])
            record.queueEpoch = seen
            let file = scratch.url.appendingPathComponent("push-upstream.json")
            let upstream = Upstream(record, file: file, engine: engine)
            let linking = Task { await upstream.run() }
            defer { linking.cancel() }
            try await PushDeviceWaiting.until("every push is acknowledged") { service.queues.queue(of: device).entries.isEmpty }
            let shown = try await engine.deliveredNotifications(for: "com.example.chat").map(\.request.content.title)
            #expect(shown == expected, "\(what)")
            let epoch = service.queues.epoch(device: device)
            #expect(upstream.current.queueEpoch == epoch)
            #expect(try PushUpstream.load(from: file)?.queueEpoch == epoch)
            #expect(upstream.current.deliveredThrough == (seen == nil ? 5 : 2))
        }
    }
}
