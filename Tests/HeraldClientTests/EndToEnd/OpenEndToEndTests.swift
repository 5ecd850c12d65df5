import Foundation
@testable import HeraldClient
import Testing

/// `herald open` against a real `herald serve`: the address it prints signs a browser
/// in once, and carries a one-time code instead of the admin token.
@Suite(.serialized)
struct OpenEndToEndTests {
    @Test func thePrintedAddressSignsInOnceWithoutTheAdminToken() async throws {
        let daemon = try await TestDaemon()
        let printed = try await daemon.herald("open", "--print")
        #expect(printed.status == 0, "\(printed.errors)")
        let text = printed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = try #require(URL(string: text))
        let credentials = try daemon.credentials()
        #expect(text.hasPrefix(credentials.url + "/login?code=hsc_"))
        #expect(!text.contains("token=") && !text.contains(credentials.token))

        let first = try RawGet(address).answer()
        #expect(first.hasPrefix("HTTP/1.1 303"), "\(first)")
        #expect(first.lowercased().contains("\r\nset-cookie: herald_session_"))
        let again = try RawGet(address).answer()
        #expect(again.hasPrefix("HTTP/1.1 401"), "a code signs in once: \(again)")
        #expect(!again.lowercased().contains("set-cookie"))
        await daemon.stop()
    }
}

/// A `GET` as a browser's first request sends it, without following a redirect.
private struct RawGet {
    let url: URL

    init(_ url: URL) {
        self.url = url
    }

    /// The whole answer, head and body, as text.
    func answer() throws -> String {
        let host = url.host ?? "127.0.0.1"
        let port = url.port ?? 80
        let socket = try POSIXSocket.connect(host: host, port: port)
        defer { socket.close() }
        socket.setReceiveTimeout(seconds: 10)
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        try socket.send(Array("GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8))
        var bytes: [UInt8] = []
        while case let chunk = try socket.receive(), !chunk.isEmpty {
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
