import Foundation
import Testing

@testable import PushService

/// The device API beside the provider API: enrollment, registrations, credentials.
struct DeviceEndpointTests {
    static let now = ProviderTokenTests.now

    static func request(_ path: String, _ body: String, credential: String? = nil, method: String = "POST") -> ProviderRequest {
        ProviderRequest(
            method: method, path: DeviceEndpoint.prefix + path,
            fields: credential.map { [("authorization", "bearer \($0)")] } ?? [], body: Data(body.utf8))
    }

    static func json(_ answer: ProviderAnswer) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]) ?? [:]
    }

    @Test("a device enrolls with its code, then registers apps with its credential; tokens are bound to it")
    func enrollAndRegister() async throws {
        let directory = try PushDirectory(records: PushDirectoryTests.Kept())
        let endpoint = DeviceEndpoint(directory: directory, now: { Self.now })
        let (_, code) = try directory.invite(name: "laptop", now: Self.now)
        let enrolled = await endpoint.answer(Self.request("enroll", #"{"code":"\#(code)"}"#))
        #expect(enrolled.status == 200)
        let credential = try #require(Self.json(enrolled)["credential"] as? String)
        let device = try #require(Self.json(enrolled)["device"] as? String)

        let registered = await endpoint.answer(Self.request("registrations", #"{"app":"com.example.chat"}"#, credential: credential))
        #expect(registered.status == 200)
        let hex = try #require(Self.json(registered)["token"] as? String)
        let token = try #require(DeviceToken(hex: hex))
        #expect(directory.registration(of: token, now: Self.now)?.device == device)

        let ended = await endpoint.answer(Self.request("unregistrations", #"{"app":"com.example.chat"}"#, credential: credential))
        #expect(ended.status == 200)
        #expect(directory.registration(of: token, now: Self.now)?.isActive == false)
    }

    @Test(arguments: [
        (request("enroll", #"{"code":"hpi_00000000000000000000000000000000"}"#), 403, "forbidden"),
        (request("enroll", "not json"), 400, "badRequest"),
        (request("registrations", #"{"app":"com.example.chat"}"#), 401, "unauthorized"),
        (request("registrations", #"{"app":"com.example.chat"}"#, credential: "hdc_x"), 401, "unauthorized"),
        (request(
            "registrations", #"{"app":"com.example.chat"}"#,
            credential: "hdc_" + String(repeating: "a", count: 32) + "_" + String(repeating: "b", count: 64)), 401, "unauthorized"),
        (request("enroll", "{}", method: "GET"), 405, "methodNotAllowed"),
        (request("elsewhere", "{}"), 404, "notFound"),
    ])
    func refusals(_ request: ProviderRequest, _ status: Int, _ code: String) async throws {
        let directory = try PushDirectory(records: PushDirectoryTests.Kept())
        let answer = await DeviceEndpoint(directory: directory, now: { Self.now }).answer(request)
        #expect(answer.status == status)
        #expect((Self.json(answer)["error"] as? [String: Any])?["code"] as? String == code)
        #expect(directory.devices.isEmpty && directory.registrations.isEmpty, "a refusal changes nothing")
    }

    @Test("a bad app identifier is refused with invalidTopic, and nothing is registered")
    func badApp() async throws {
        let directory = try PushDirectory(records: PushDirectoryTests.Kept())
        let endpoint = DeviceEndpoint(directory: directory, now: { Self.now })
        let (_, code) = try directory.invite(name: "laptop", now: Self.now)
        let enrolled = await endpoint.answer(Self.request("enroll", #"{"code":"\#(code)"}"#))
        let credential = try #require(Self.json(enrolled)["credential"] as? String)
        let answer = await endpoint.answer(Self.request("registrations", #"{"app":"no spaces allowed"}"#, credential: credential))
        #expect(answer.status == 422)
        #expect(directory.registrations.isEmpty)
    }
}

/// The link's lines: pushes and keepalives down, acknowledgements up.
struct LinkMessageTests {
    @Test("lines are cut at newlines across reads, empty ones skipped")
    func lines() throws {
        var buffer = LineBuffer()
        #expect(try buffer.take(Array("{\"ack\":1}\n{\"a".utf8)) == [Data("{\"ack\":1}".utf8)])
        #expect(try buffer.take(Array("ck\":2}\n\n".utf8)) == [Data("{\"ack\":2}".utf8)])
        #expect(try buffer.take([]) == [])
    }

    @Test("a line past the limit is refused, not kept growing")
    func tooLong() {
        var buffer = LineBuffer()
        #expect(throws: LineBuffer.TooLong.self) {
            try buffer.take([UInt8](repeating: UInt8(ascii: "x"), count: LinkMessage.maximumLineBytes + 1))
        }
    }

    @Test("a push goes down and comes back the same; {} is a keepalive; anything else is refused")
    func roundTrip() throws {
        let notification = try PushPayload(json: Data(#"{"aps":{"alert":"Hi"},"k":1}"#.utf8), pushType: .alert)
            .remoteNotification(id: UUID(), collapseIdentifier: "c")
        let push = LinkMessage.Push(sequence: 7, app: "com.example.chat", notification: try #require(notification))
        var line = try LinkMessage.line(.push(push))
        #expect(line.last == UInt8(ascii: "\n"))
        line.removeLast()
        #expect(try LinkMessage.down(line) == .push(push))
        #expect(try LinkMessage.down(Data("{}".utf8)) == .keepalive)
        #expect(throws: DecodingError.self) { try LinkMessage.down(Data(#"{"sequence":"x"}"#.utf8)) }
    }
}
